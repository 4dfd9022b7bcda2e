//! `mcpwire check` on the shipped samples, as a user runs it.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn sample(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/samples")
        .join(name)
}

fn check(args: &[&str], stdin: Option<&[u8]>) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .arg("check")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(input) = stdin {
        child.stdin.take().unwrap().write_all(input).unwrap();
    } else {
        drop(child.stdin.take());
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

fn json_lines(out: &str) -> Vec<serde_json::Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn the_sample_exchange_is_valid_and_every_line_is_typed() {
    let path = sample("exchange.jsonl");
    let (code, out) = check(&["--json", path.to_str().unwrap()], None);
    assert_eq!(code, 0, "{out}");
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 30);
    let types: Vec<&str> = lines.iter().map(|l| l["type"].as_str().unwrap()).collect();
    for want in [
        "InitializeRequest",
        "InitializeResult",
        "ListToolsRequest",
        "ListToolsResult",
        "CallToolRequest",
        "CallToolResult",
        "ProgressNotification",
        "CancelledNotification",
        "ToolListChangedNotification",
        "JSONRPCErrorResponse",
        "DiscoverResult",
        "InputRequiredResult",
        "JSONRPCRequest",
        "JSONRPCResultResponse",
    ] {
        assert!(types.contains(&want), "no {want} in {types:?}");
    }
    let classes: Vec<&str> = lines.iter().filter_map(|l| l["class"].as_str()).collect();
    for want in ["success", "tool_error", "protocol_error", "input_required"] {
        assert!(classes.contains(&want), "no {want}");
    }
    // Correlation: the result of ping (line 30) is untyped, not guessed.
    assert_eq!(lines[29]["type"], "JSONRPCResultResponse");
    assert_eq!(lines[16]["code"], -32602);
    for (i, l) in lines.iter().enumerate() {
        assert_eq!(l["line"], i as u64 + 1);
        assert_eq!(l["ok"], true);
    }
}

#[test]
fn broken_lines_are_reported_with_kind_code_and_offset_and_exit_1() {
    let path = sample("broken.jsonl");
    let (code, out) = check(&["--json", path.to_str().unwrap()], None);
    assert_eq!(code, 1);
    let lines = json_lines(&out);
    assert_eq!(lines[0]["ok"], true);
    let kinds: Vec<&str> = lines[1..]
        .iter()
        .map(|l| l["error"]["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "trailing_bytes",
            "invalid_jsonrpc_version",
            "duplicate_key",
            "missing_field",
            "invalid_id",
            "lone_surrogate",
            "wrong_type"
        ]
    );
    assert_eq!(lines[1]["error"]["code"], -32700);
    assert_eq!(lines[1]["error"]["offset"], 94);
    assert!(lines[1]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("trailing"));
}

#[test]
fn human_output_reads_stdin_and_summarises() {
    let input = b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"x\"}}\n\n{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[],\"isError\":true}}\nnot json\n";
    let (code, out) = check(&["-"], Some(input));
    assert_eq!(code, 1);
    assert!(
        out.contains("line 1: ok    request      CallToolRequest method=tools/call id=1"),
        "{out}"
    );
    assert!(
        out.contains("line 3: ok    response     CallToolResult id=1 class=tool_error"),
        "{out}"
    );
    assert!(
        out.contains("line 4: ERROR unexpected_byte (server answers -32700)"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("2 valid, 1 invalid"), "{out}");
}

#[test]
fn over_long_lines_are_refused_not_buffered() {
    let mut input = b"{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":{\"p\":\"".to_vec();
    input.extend(std::iter::repeat_n(b'a', 5000));
    input.extend(b"\"}}\n{\"jsonrpc\":\"2.0\",\"method\":\"ok\"}\n");
    let (code, out) = check(&["--json", "--max-bytes", "1024", "-"], Some(&input));
    assert_eq!(code, 1);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["error"]["kind"], "input_too_large");
    assert_eq!(lines[1]["ok"], true);
    assert_eq!(lines[1]["line"], 2);
}

#[test]
fn usage_errors_exit_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .arg("frobnicate")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .args(["check", "/nonexistent/file"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
