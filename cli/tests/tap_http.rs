//! `mcpwire tap --http` between an HTTP client and a Streamable HTTP server: against a
//! deliberately broken server (each break yields its finding while the client still gets
//! every byte it gets without the tap, SSE event by event).

#![cfg(unix)]

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::Duration;

const MCPWIRE: &str = env!("CARGO_BIN_EXE_mcpwire");

fn here(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Waits until something listens on `port` (the child must still be running).
fn wait_listening(child: &mut Child, port: u16) {
    for _ in 0..1000 {
        if TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "exited before listening"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("nothing listens on {port}");
}

/// A process killed when dropped (a failed test leaves nothing running).
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn broken_server() -> (Running, u16) {
    let port = free_port();
    let mut child = Command::new("python3")
        .arg(here("tests/fixtures/broken_http_server.py"))
        .arg(port.to_string())
        .spawn()
        .unwrap();
    wait_listening(&mut child, port);
    (Running(child), port)
}

fn tap(upstream: u16, report: &Path) -> (Running, u16) {
    tap_with(upstream, report, &[])
}

fn tap_with(upstream: u16, report: &Path, options: &[&str]) -> (Running, u16) {
    let port = free_port();
    let mut child = Command::new(MCPWIRE)
        .arg("tap")
        .args(options)
        .args(["--json", "--report"])
        .arg(report)
        .args(["--http", &format!("127.0.0.1:{port}")])
        .args(["--upstream", &format!("http://127.0.0.1:{upstream}/mcp")])
        .spawn()
        .unwrap();
    wait_listening(&mut child, port);
    (Running(child), port)
}

/// Stops the tap as a user does (SIGTERM) and returns its status.
fn stop(mut tap: Running) -> std::process::ExitStatus {
    let pid = tap.0.id().to_string();
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    tap.0.wait().unwrap()
}

/// A response as the client sees it: status, the headers that matter to MCP, the payload.
#[derive(Debug, PartialEq)]
struct Seen {
    status: u16,
    content_type: Option<String>,
    session: Option<String>,
    payload: Vec<u8>,
}

fn dechunk(mut body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let line_end = body.windows(2).position(|w| w == b"\r\n").unwrap();
        let size = std::str::from_utf8(&body[..line_end]).unwrap();
        let size = usize::from_str_radix(size.split(';').next().unwrap().trim(), 16).unwrap();
        body = &body[line_end + 2..];
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&body[..size]);
        assert_eq!(&body[size..size + 2], b"\r\n");
        body = &body[size + 2..];
    }
}

fn parse(raw: &[u8]) -> Seen {
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = std::str::from_utf8(&raw[..end]).unwrap();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .map(|l| {
            let (n, v) = l.split_once(':').unwrap();
            (n.to_ascii_lowercase(), v.trim().to_string())
        })
        .collect();
    let get = |n: &str| headers.iter().find(|(h, _)| h == n).map(|(_, v)| v.clone());
    let body = &raw[end + 4..];
    let payload = if get("transfer-encoding").as_deref() == Some("chunked") {
        dechunk(body)
    } else {
        body.to_vec()
    };
    Seen {
        status,
        content_type: get("content-type"),
        session: get("mcp-session-id"),
        payload,
    }
}

fn request(port: u16, extra: &[(&str, &str)], body: &Value) -> (TcpStream, Vec<u8>) {
    let body = serde_json::to_vec(body).unwrap();
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut head = format!(
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (n, v) in extra {
        head.push_str(&format!("{n}: {v}\r\n"));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(&body).unwrap();
    (s, Vec::new())
}

fn read_to_end((mut s, mut got): (TcpStream, Vec<u8>)) -> Seen {
    s.read_to_end(&mut got).unwrap();
    parse(&got)
}

/// Reads until `needle` has arrived (the stream is still open).
fn read_until(s: &mut (TcpStream, Vec<u8>), needle: &[u8]) {
    let mut buf = [0u8; 4096];
    while !s.1.windows(needle.len()).any(|w| w == needle) {
        let n = s.0.read(&mut buf).unwrap();
        assert!(
            n > 0,
            "the stream ended before {:?}",
            String::from_utf8_lossy(needle)
        );
        s.1.extend_from_slice(&buf[..n]);
    }
}

fn call(id: i64, name: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
           "params": {"name": name, "arguments": {}, "_meta": {"progressToken": format!("t{id}")}}})
}

/// The client's session against the broken server at `port`: what it saw, step by step.
fn broken_session(port: u16) -> Vec<Seen> {
    let s1 = [("Mcp-Session-Id", "s-1")];
    let mut seen = Vec::new();
    let init = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "test", "version": "1"}}});
    seen.push(read_to_end(request(port, &[], &init)));
    let note = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    seen.push(read_to_end(request(port, &s1, &note)));
    let list = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"});
    seen.push(read_to_end(request(port, &s1, &list)));
    // A call whose stream the client closes mid-way: a cancellation, not an unanswered
    // call. The session goes on once the server saw its stream closed.
    let mut hang = request(port, &s1, &call(9, "hang"));
    read_until(&mut hang, b"notifications/progress");
    drop(hang);
    let poll = call(10, "hung_closed");
    let mut polls = 0;
    while !read_to_end(request(port, &s1, &poll))
        .payload
        .ends_with(b"{\"closed\":true}}")
    {
        polls += 1;
        assert!(polls < 1500, "the server never saw the closed stream");
        std::thread::sleep(Duration::from_millis(20));
    }
    seen.push(read_to_end(request(port, &s1, &call(2, "progress_back"))));
    // The progress event must arrive while the server still holds the stream (it waits for
    // the cancellation): an SSE response that the tap buffered would never get here.
    let mut slow = request(port, &s1, &call(3, "slow_cancel"));
    read_until(&mut slow, b"notifications/progress");
    let cancel = json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
                        "params": {"requestId": 3, "reason": "test"}});
    seen.push(read_to_end(request(port, &s1, &cancel)));
    seen.push(read_to_end(slow));
    seen.push(read_to_end(request(port, &s1, &call(4, "bad_sse"))));
    // A 2026-07-28 request whose Mcp-Name does not match its body (this server checks
    // nothing and answers it).
    let mut modern = call(5, "bad_sse");
    modern["params"]["name"] = json!("progress_back");
    modern["params"]["_meta"]["io.modelcontextprotocol/protocolVersion"] = json!("2026-07-28");
    let headers = [
        ("MCP-Protocol-Version", "2026-07-28"),
        ("Mcp-Method", "tools/call"),
        ("Mcp-Name", "bad_sse"),
    ];
    seen.push(read_to_end(request(port, &headers, &modern)));
    seen
}

fn findings(report: &Path) -> Vec<Value> {
    std::fs::read_to_string(report)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn every_break_of_a_broken_http_server_is_found_and_the_client_gets_every_byte() {
    let direct = {
        let (_server, port) = broken_server();
        broken_session(port)
    };
    let dir = std::env::temp_dir().join(format!("mcpwire-taphttp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let report = dir.join("findings.jsonl");
    let (_server, upstream) = broken_server();
    let (tap, port) = tap(upstream, &report);
    let through = broken_session(port);
    assert_eq!(
        through, direct,
        "the client sees what it sees without the tap"
    );
    assert!(String::from_utf8_lossy(&through[5].payload).contains("\"id\": 3"));
    assert!(stop(tap).success());
    let found = findings(&report);
    let has = |rule: &str, dir: &str, id: Option<i64>| {
        found.iter().any(|f| {
            f["rule"] == rule && f["direction"] == dir && id.is_none_or(|i| f["id"] == json!(i))
        })
    };
    for (rule, dir, id) in [
        ("session_id_changed", "to_host", Some(1)),
        ("progress_not_increasing", "to_host", None),
        ("response_after_cancel", "to_host", Some(3)),
        ("not_json", "to_host", None),
        ("partial_message", "to_host", Some(4)),
        ("header_mismatch", "to_server", Some(5)),
    ] {
        assert!(
            has(rule, dir, id),
            "no {rule} ({dir}, {id:?}) in {found:#?}"
        );
    }
    let changed = found
        .iter()
        .find(|f| f["rule"] == "session_id_changed")
        .unwrap();
    assert_eq!(
        changed["line"], 2,
        "shown under the tools/list result, the second to_host message"
    );
    assert!(
        !found.iter().any(|f| f["id"] == 9),
        "the closed stream of call 9 is a cancellation: {found:#?}"
    );
    let mismatch = found
        .iter()
        .find(|f| f["rule"] == "header_mismatch")
        .unwrap();
    assert!(
        mismatch["message"]
            .as_str()
            .unwrap()
            .contains("Mcp-Name header value 'bad_sse' does not match body value 'progress_back'"),
        "{mismatch}"
    );
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

/// Starts an SDK server (`program script --http PORT`) and waits until it listens.
fn sdk_server(program: &Path, script: &str) -> (Running, u16) {
    let port = free_port();
    let mut child = Command::new(program)
        .arg(sdk(script))
        .args(["--http", &port.to_string()])
        .current_dir(sdk(""))
        .spawn()
        .unwrap();
    wait_listening(&mut child, port);
    (Running(child), port)
}

/// What the SDK client prints (one JSON line per step) against `url`.
fn sdk_client(program: &Path, args: &[&str], url: &str) -> String {
    let out = Command::new(program)
        .args(args)
        .arg(url)
        .current_dir(sdk(""))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "client failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// An SDK's server driven by its own client, once directly and once through the tap (each
/// against a fresh server): the same output, no finding, and every message checked.
fn sdk_through_the_tap(server: (&Path, &str), client: (&Path, &[&str])) {
    need_sdks();
    let direct = {
        let (_server, port) = sdk_server(server.0, server.1);
        sdk_client(client.0, client.1, &format!("http://127.0.0.1:{port}/mcp"))
    };
    // One directory per server and client mode: the tests run in parallel.
    let dir = std::env::temp_dir().join(format!(
        "mcpwire-taphttp-sdk-{}-{}-{}",
        server.1,
        client.1.join("-"),
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let (report, log) = (dir.join("findings.jsonl"), dir.join("exchange.log"));
    let (_server, upstream) = sdk_server(server.0, server.1);
    let port = free_port();
    let mut child = Command::new(MCPWIRE)
        .args(["tap", "--json", "--report"])
        .arg(&report)
        .arg("--log")
        .arg(&log)
        .args(["--http", &format!("127.0.0.1:{port}")])
        .args(["--upstream", &format!("http://127.0.0.1:{upstream}/mcp")])
        .spawn()
        .unwrap();
    wait_listening(&mut child, port);
    let tap = Running(child);
    let through = sdk_client(client.0, client.1, &format!("http://127.0.0.1:{port}/tap"));
    assert!(stop(tap).success());
    assert_eq!(
        through, direct,
        "the client sees what it sees without the tap"
    );
    assert!(through.contains("counted to 3"), "{through}");
    assert_eq!(std::fs::read_to_string(&report).unwrap(), "", "no finding");
    let check = Command::new(MCPWIRE)
        .arg("check")
        .arg(&log)
        .output()
        .unwrap();
    assert!(
        check.status.success(),
        "mcpwire check reads the --log back, every message valid:\n{}",
        String::from_utf8_lossy(&check.stdout)
    );
    let log = std::fs::read_to_string(&log).unwrap();
    for needle in [
        "\"to_server\"",
        "\"to_host\"",
        "tools/call",
        "notifications/progress",
    ] {
        assert!(log.contains(needle), "{needle} not in the log:\n{log}");
    }
}

#[test]
fn python_sdk_http_server_and_client_through_the_tap_initialize_handshake() {
    let py = sdk(".venv/bin/python");
    sdk_through_the_tap((&py, "py_server.py"), (&py, &["py_client.py", "legacy"]));
}

#[test]
fn python_sdk_http_server_and_client_through_the_tap_2026_07_28() {
    let py = sdk(".venv/bin/python");
    sdk_through_the_tap((&py, "py_server.py"), (&py, &["py_client.py", "auto"]));
}

#[test]
fn typescript_sdk_http_server_and_client_through_the_tap() {
    let node = PathBuf::from("node");
    sdk_through_the_tap((&node, "ts_server.mjs"), (&node, &["ts_client.mjs"]));
}

#[test]
fn a_request_body_over_the_limit_is_answered_413_by_the_tap() {
    let dir = std::env::temp_dir().join(format!("mcpwire-taphttp-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (_server, upstream) = broken_server();
    let (tap, port) = tap_with(
        upstream,
        &dir.join("findings.jsonl"),
        &["--max-bytes", "1000"],
    );
    let big =
        json!({"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"pad": "x".repeat(2000)}});
    assert_eq!(read_to_end(request(port, &[], &big)).status, 413);
    let small = json!({"jsonrpc": "2.0", "id": 2, "method": "ping"});
    assert_eq!(read_to_end(request(port, &[], &small)).status, 200);
    assert!(stop(tap).success());
}
