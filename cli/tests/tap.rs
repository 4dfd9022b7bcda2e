//! `mcpwire tap` between a host and a server, as a user runs it: against a deliberately
//! broken server (every kind of break yields its finding, and both sides still get every
//! byte), against the official Python and TypeScript SDKs' servers driven by their own
//! clients (no finding, and the host sees what it sees without the tap), and its `--log`
//! read back by `mcpwire check`.

#![cfg(unix)]

use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

const MCPWIRE: &str = env!("CARGO_BIN_EXE_mcpwire");

fn here(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("mcpwire-tap-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// A host: writes to the tap's stdin, collects every byte of its stdout.
struct Host {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Vec<u8>>,
    reader: std::thread::JoinHandle<Vec<u8>>,
    sent: Vec<u8>,
}

impl Host {
    fn start(args: &[&str]) -> Host {
        let mut child = Command::new(MCPWIRE)
            .arg("tap")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let (tx, lines) = channel();
        let reader = std::thread::spawn(move || {
            let mut all = Vec::new();
            let mut line = Vec::new();
            loop {
                line.clear();
                if out.read_until(b'\n', &mut line).unwrap() == 0 {
                    return all;
                }
                all.extend_from_slice(&line);
                let _ = tx.send(line.clone());
            }
        });
        Host {
            child,
            stdin,
            lines,
            reader,
            sent: Vec::new(),
        }
    }

    fn send(&mut self, msg: &Value) {
        self.send_all(&[msg]);
    }

    /// Writes the messages in one write.
    fn send_all(&mut self, msgs: &[&Value]) {
        let mut bytes = Vec::new();
        for m in msgs {
            bytes.extend(serde_json::to_vec(m).unwrap());
            bytes.push(b'\n');
        }
        self.stdin.as_mut().unwrap().write_all(&bytes).unwrap();
        self.stdin.as_mut().unwrap().flush().unwrap();
        self.sent.extend_from_slice(&bytes);
    }

    fn request(&mut self, id: i64, method: &str, params: Value) -> Value {
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.response(id)
    }

    /// Waits for the next response with this id (lines that are not JSON are skipped).
    fn response(&mut self, id: i64) -> Value {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no response {id}"));
            if let Ok(v) = serde_json::from_slice::<Value>(&line) {
                if v["id"] == json!(id) && (v.get("result").is_some() || v.get("error").is_some()) {
                    return v;
                }
            }
        }
    }

    /// Waits for the tap to exit; returns its status and every byte it wrote to stdout.
    fn finish(mut self) -> (i32, Vec<u8>) {
        let status = self.child.wait().unwrap();
        drop(self.stdin.take());
        (status.code().unwrap(), self.reader.join().unwrap())
    }
}

fn call(name: &str, args: Value) -> Value {
    json!({"name": name, "arguments": args})
}

#[test]
fn every_break_of_the_broken_server_is_reported_and_every_byte_relayed() {
    let dir = temp_dir("broken");
    let (received, sent) = (dir.join("received"), dir.join("sent"));
    let (report, log) = (dir.join("findings.jsonl"), dir.join("log.jsonl"));
    let mut host = Host::start(&[
        "--json",
        "--report",
        report.to_str().unwrap(),
        "--log",
        log.to_str().unwrap(),
        "--",
        "python3",
        here("tests/fixtures/broken_server.py").to_str().unwrap(),
        received.to_str().unwrap(),
        sent.to_str().unwrap(),
    ]);
    let init = json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}});
    host.request(1, "initialize", init);
    host.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    host.request(2, "tools/list", json!({}));
    host.request(3, "tools/call", call("bad_json", json!({})));
    host.request(4, "tools/call", call("wrong_id", json!({})));
    host.request(5, "tools/call", call("twice", json!({})));
    host.response(5);
    // The call and its cancellation in one write: cancelled before the server can answer.
    let slow = json!({"jsonrpc": "2.0", "id": 6, "method": "tools/call", "params": call("slow_cancel", json!({}))});
    let cancel = json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 6, "reason": "test"}});
    host.send_all(&[&slow, &cancel]);
    host.response(6);
    let progress =
        json!({"name": "progress_back", "arguments": {}, "_meta": {"progressToken": "p7"}});
    host.request(7, "tools/call", progress);
    let refused = host.request(8, "tools/call", call("add", json!({"a": "one"})));
    assert_eq!(refused["error"]["code"], -32602);
    host.request(9, "tools/call", call("add", json!({"a": 1})));
    // Two pings with one id in one write: the tap reads them together, so the second is
    // checked while the first is in flight whenever the server answers.
    let ping = json!({"jsonrpc": "2.0", "id": 10, "method": "ping"});
    host.send_all(&[&ping, &ping]);
    host.response(10);
    host.response(10);
    let big = host.request(11, "tools/call", call("big", json!({})));
    assert_eq!(
        big["result"]["content"][0]["text"].as_str().unwrap().len(),
        20 << 20
    );
    host.send(&json!({"jsonrpc": "2.0", "id": 12, "method": "tools/call", "params": call("crash", json!({}))}));
    let host_sent = host.sent.clone();
    let (code, stdout) = host.finish();

    // The tap exits with the server's status; both sides got every byte, unchanged.
    assert_eq!(code, 3);
    let server_sent = std::fs::read(&sent).unwrap();
    assert!(
        server_sent.ends_with(b"\"result\":{\"cont"),
        "the crash's half message"
    );
    assert!(
        stdout == server_sent,
        "the host did not get the server's bytes as they were"
    );

    let findings = json_lines(&std::fs::read_to_string(&report).unwrap());
    let mut got: BTreeMap<(String, String), usize> = BTreeMap::new();
    for f in &findings {
        for key in ["time", "direction", "line", "rule", "message"] {
            assert!(f.get(key).is_some(), "{key} missing in {f}");
        }
        let key = (
            f["rule"].as_str().unwrap().to_string(),
            f["direction"].as_str().unwrap().to_string(),
        );
        *got.entry(key).or_default() += 1;
    }
    let want: BTreeMap<(String, String), usize> = [
        ("not_json", "to_host", 3), // the log line, bad_json, the crash's half message
        ("unknown_response_id", "to_host", 1),
        ("duplicate_response", "to_host", 2), // twice, and the second answer to ping 10
        ("response_after_cancel", "to_host", 1),
        ("progress_not_increasing", "to_host", 1),
        ("invalid_arguments", "to_server", 1),
        ("arguments_error_as_protocol_error", "to_host", 1),
        ("structured_content_missing", "to_host", 1),
        ("duplicate_request_id", "to_server", 1),
        ("line_too_long", "to_host", 1),
        ("partial_message", "to_host", 1),
        // The crash's call, and the big one: its 20 MB answer was relayed unchecked, so the
        // tap cannot tell it answered call 11.
        ("unanswered_at_exit", "to_server", 2),
    ]
    .into_iter()
    .map(|(r, d, n)| ((r.to_string(), d.to_string()), n))
    .collect();
    assert_eq!(got, want, "{findings:#?}");
    let by_rule = |r: &str| findings.iter().find(|f| f["rule"] == r).unwrap().clone();
    // Lines are numbered per direction: the log line is the server's first.
    assert_eq!(by_rule("not_json")["line"], 1);
    assert_eq!(by_rule("invalid_arguments")["id"], 8);
    assert_eq!(by_rule("invalid_arguments")["method"], "tools/call");
    let unanswered: Vec<&Value> = findings
        .iter()
        .filter(|f| f["rule"] == "unanswered_at_exit")
        .collect();
    assert_eq!(
        (&unanswered[0]["id"], &unanswered[1]["id"]),
        (&json!(11), &json!(12))
    );
    assert_eq!(by_rule("progress_not_increasing")["id"], 7);

    // What the server received is what the host sent.
    let server_received = std::fs::read(&received).unwrap();
    assert!(
        server_received == host_sent,
        "the server did not get the host's bytes as they were"
    );
    let log_text = std::fs::read_to_string(&log).unwrap();
    let records = json_lines(&log_text);
    let mut to_server = Vec::new();
    for r in records.iter().filter(|r| r["direction"] == "to_server") {
        to_server.extend_from_slice(r["text"].as_str().unwrap().as_bytes());
        to_server.push(b'\n');
    }
    assert!(
        to_server == server_received,
        "the log or the server's input differ from what the host sent"
    );

    log_read_back_by_check_gives_the_same_facts(&log, &records, &findings, &stdout);
}

/// `mcpwire check` on the log: the same findings, and per message the same facts as `check`
/// gives for the bytes alone.
fn log_read_back_by_check_gives_the_same_facts(
    log: &Path,
    records: &[Value],
    findings: &[Value],
    stdout: &[u8],
) {
    let out = Command::new(MCPWIRE)
        .args(["check", "--json"])
        .arg(log)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&String::from_utf8(out.stdout).unwrap());
    let key = |f: &Value| {
        (
            f["rule"].clone(),
            f["direction"].clone(),
            f["line"].clone(),
            f["id"].clone(),
        )
    };
    let mut from_check: Vec<_> = lines
        .iter()
        .flat_map(|l| match l.get("findings") {
            Some(fs) => fs.as_array().unwrap().clone(),
            None => vec![l.clone()],
        })
        .map(|f| key(&f))
        .collect();
    let mut from_tap: Vec<_> = findings.iter().map(key).collect();
    from_check.sort_by_key(|k| format!("{k:?}"));
    from_tap.sort_by_key(|k| format!("{k:?}"));
    assert_eq!(from_check, from_tap);

    // Per message: the same facts as check gives for the message alone.
    let messages: Vec<&Value> = lines
        .iter()
        .filter(|l| l.get("findings").is_some())
        .collect();
    assert_eq!(messages.len(), records.len());
    for (m, r) in messages.iter().zip(records) {
        assert_eq!(
            (&m["direction"], &m["number"], &m["time"]),
            (&r["direction"], &r["line"], &r["time"])
        );
        let Some(text) = r["text"].as_str() else {
            assert_eq!(m["error"]["kind"], "input_too_large");
            continue;
        };
        let alone = Command::new(MCPWIRE)
            .args(["check", "--json", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .and_then(|mut c| {
                c.stdin.take().unwrap().write_all(text.as_bytes())?;
                c.wait_with_output()
            })
            .unwrap();
        let alone = json_lines(&String::from_utf8(alone.stdout).unwrap());
        for f in ["ok", "kind", "method", "id", "class", "code", "error"] {
            // A response alone is not correlated: its type is guessed, so `type` is left out.
            assert_eq!(m.get(f), alone[0].get(f), "{f} of {text:.200}");
        }
    }
    // The server's messages in the log are the lines the host received (the long one aside).
    let host_lines: Vec<&[u8]> = stdout.split(|&b| b == b'\n').collect();
    let to_host: Vec<&Value> = records
        .iter()
        .filter(|r| r["direction"] == "to_host")
        .collect();
    assert_eq!(to_host.len(), host_lines.len());
    for (r, line) in to_host.iter().zip(host_lines) {
        match r["text"].as_str() {
            Some(t) => assert_eq!(t.as_bytes(), line),
            None => assert_eq!(r["too_long"], line.len()),
        }
    }
    assert_eq!(to_host.last().unwrap()["partial"], true);
}

fn sdk(rel: &str) -> PathBuf {
    here("tests/sdk").join(rel)
}

/// The SDKs are set up by `cli/tests/sdk/setup.sh` (scripts/test-all.sh runs it).
fn need_sdks() {
    for p in [
        ".venv/bin/python",
        "node_modules/@modelcontextprotocol/sdk/package.json",
    ] {
        assert!(
            sdk(p).exists(),
            "{p} is missing: run `bash cli/tests/sdk/setup.sh` first"
        );
    }
}

fn run_ok(program: &Path, args: &[&str]) -> String {
    let out = Command::new(program)
        .args(args)
        .current_dir(sdk(""))
        .stderr(Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{program:?} {args:?}: {:?}",
        out.status
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The tap's arguments to run `server` with its report and log in `dir`.
fn tapped<'a>(dir: &'a Path, json: bool, server: &[&'a str]) -> Vec<String> {
    let mut args: Vec<String> = vec![MCPWIRE.into(), "tap".into()];
    if json {
        args.push("--json".into());
    }
    for (opt, file) in [("--report", "report"), ("--log", "log.jsonl")] {
        args.push(opt.into());
        args.push(dir.join(file).to_string_lossy().into_owned());
    }
    args.push("--".into());
    args.extend(server.iter().map(|s| s.to_string()));
    args
}

/// The log of a clean run: every message valid and no finding, as `check` reads it back.
fn check_log_is_clean(dir: &Path) -> Vec<Value> {
    let log = dir.join("log.jsonl");
    let out = Command::new(MCPWIRE)
        .args(["check", "--json"])
        .arg(&log)
        .output()
        .unwrap();
    let lines = json_lines(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(out.status.code(), Some(0), "{lines:#?}");
    assert!(lines
        .iter()
        .all(|l| l["ok"] == true && l["findings"] == json!([])));
    lines
}

fn python_sdk(mode: &str) {
    need_sdks();
    let dir = temp_dir(&format!("python-{mode}"));
    let py = sdk(".venv/bin/python");
    let (py_s, server) = (py.to_str().unwrap(), "py_server.py");
    let direct = run_ok(&py, &["py_client.py", mode, py_s, server]);
    let args = tapped(&dir, true, &[py_s, server]);
    let mut client: Vec<&str> = vec!["py_client.py", mode];
    client.extend(args.iter().map(String::as_str));
    let through = run_ok(&py, &client);
    assert_eq!(direct, through);
    assert!(
        direct.contains("\"structured_content\": {\"sum\": 5}"),
        "{direct}"
    );
    assert!(direct.contains("[3.0, 3.0, \"step 3\"]"), "{direct}");
    let findings = std::fs::read_to_string(dir.join("report")).unwrap();
    assert_eq!(findings, "", "findings against the Python SDK");
    let lines = check_log_is_clean(&dir);
    let types: Vec<&str> = lines.iter().map(|l| l["type"].as_str().unwrap()).collect();
    let handshake = if mode == "legacy" {
        "InitializeResult"
    } else {
        "DiscoverResult"
    };
    for t in [
        handshake,
        "ListToolsResult",
        "CallToolResult",
        "ProgressNotification",
    ] {
        assert!(types.contains(&t), "{t} not in {types:?}");
    }
}

#[test]
fn python_sdk_2026_through_the_tap_no_finding_same_output() {
    python_sdk("auto");
}

#[test]
fn python_sdk_initialize_handshake_through_the_tap_no_finding_same_output() {
    python_sdk("legacy");
}

#[test]
fn typescript_sdk_through_the_tap_no_finding_same_output_and_a_timeline() {
    need_sdks();
    let dir = temp_dir("typescript");
    let node = Path::new("node");
    let direct = run_ok(node, &["ts_client.mjs", "node", "ts_server.mjs"]);
    let args = tapped(&dir, false, &["node", "ts_server.mjs"]);
    let mut client: Vec<&str> = vec!["ts_client.mjs"];
    client.extend(args.iter().map(String::as_str));
    let through = run_ok(node, &client);
    // The SDK's client hands progress to its callback racing the response (the same run
    // without the tap gets 0 to 3 of them), so that step is compared on the wire below.
    let steps = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| !l.starts_with("{\"step\":\"progress\""))
            .map(String::from)
            .collect()
    };
    assert_eq!(steps(&direct), steps(&through));
    assert!(
        direct.contains("\"structuredContent\":{\"sum\":5}"),
        "{direct}"
    );
    let lines = check_log_is_clean(&dir);
    let progress = lines
        .iter()
        .filter(|l| l["type"] == "ProgressNotification")
        .count();
    assert_eq!(progress, 3);
    let timeline = std::fs::read_to_string(dir.join("report")).unwrap();
    for want in [
        "→ server #1    request      initialize",
        "← host   #1    response     InitializeResult (initialize)",
        "CallToolResult (tools/call)",
        "tool_error",
        "[####################] 100% 3/3 step 3",
        "; 0 finding(s)",
        "server exited with status 0",
    ] {
        assert!(timeline.contains(want), "{want:?} not in\n{timeline}");
    }
    assert!(!timeline.contains('\x1b'), "no colour in a file");
}

#[test]
fn a_silent_server_is_reported_and_the_tap_ends_with_it() {
    let dir = temp_dir("silent");
    let report = dir.join("report");
    let mut host = Host::start(&[
        "--json",
        "--timeout-ms",
        "100",
        "--report",
        report.to_str().unwrap(),
        "--",
        "python3",
        "-c",
        "import sys; sys.stdin.read(); sys.exit(7)",
    ]);
    host.send(
        &json!({"jsonrpc": "2.0", "id": "a", "method": "tools/call", "params": {"name": "x"}}),
    );
    let deadline = Instant::now() + Duration::from_secs(30);
    while !std::fs::read_to_string(&report)
        .unwrap_or_default()
        .contains("no_response")
    {
        assert!(Instant::now() < deadline, "no no_response finding");
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(host.stdin.take()); // the host goes away: the server reads EOF and exits
    let (code, stdout) = host.finish();
    assert_eq!(code, 7);
    assert!(stdout.is_empty());
    let findings = json_lines(&std::fs::read_to_string(&report).unwrap());
    let rules: Vec<&str> = findings
        .iter()
        .map(|f| f["rule"].as_str().unwrap())
        .collect();
    assert_eq!(
        rules,
        [
            "request_before_initialize",
            "no_response",
            "unanswered_at_exit"
        ]
    );
    assert_eq!(findings[1]["id"], "a");
}

#[test]
fn sigterm_reaches_the_server_and_the_tap_exits_with_its_status() {
    let server = "import signal, sys\n\
                  signal.signal(signal.SIGTERM, lambda *a: sys.exit(42))\n\
                  print('{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"up\"}}', flush=True)\n\
                  sys.stdin.read()\n";
    let host = Host::start(&["--", "python3", "-c", server]);
    let ready = host.lines.recv_timeout(Duration::from_secs(30)).unwrap();
    assert!(ready.starts_with(b"{\"jsonrpc\""));
    let pid = host.child.id().to_string();
    let kill = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(kill.success());
    let (code, _) = host.finish();
    assert_eq!(code, 42);
}

#[test]
fn a_command_that_does_not_exist_exits_127() {
    let out = Command::new(MCPWIRE)
        .args(["tap", "--", "/nonexistent/server"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(127));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot start '/nonexistent/server'"));
    let out = Command::new(MCPWIRE)
        .args(["tap", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_servers_stderr_passes_through_unchanged() {
    let dir = temp_dir("stderr");
    let report = dir.join("report");
    let server = "import sys\nsys.stderr.buffer.write(b'log \\xff line 1\\npartial'); sys.stderr.flush()\nsys.stdin.read()";
    let out = Command::new(MCPWIRE)
        .args([
            "tap",
            "--report",
            report.to_str().unwrap(),
            "--",
            "python3",
            "-c",
            server,
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stderr, b"log \xff line 1\npartial");
    assert!(out.stdout.is_empty());
    let timeline = std::fs::read_to_string(&report).unwrap();
    assert!(
        timeline.contains("0 messages to the server, 0 to the host; 0 finding(s)"),
        "{timeline}"
    );
}

#[test]
fn quiet_coloured_timeline_shows_only_what_broke_a_rule() {
    let dir = temp_dir("quiet");
    let report = dir.join("report");
    let server = "print('{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}')\nprint('Listening on stdio')";
    let out = Command::new(MCPWIRE)
        .args(["tap", "--quiet", "--color", "always", "--report"])
        .arg(&report)
        .args(["--", "python3", "-c", server])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let want = b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}\nListening on stdio\n";
    assert_eq!(out.stdout, want);
    let timeline = std::fs::read_to_string(&report).unwrap();
    assert!(!timeline.contains("list_changed"), "{timeline}");
    assert!(timeline.contains("#2 "), "{timeline}");
    assert!(timeline.contains("\x1b[31mnot_json\x1b[0m"), "{timeline}");
    let summary = "0 messages to the server, 2 to the host; 1 finding(s) (not_json 1)";
    assert!(timeline.contains(summary), "{timeline}");
}
