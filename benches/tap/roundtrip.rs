//! The tap's overhead: `tools/call` round trips through `mcpwire tap` against a direct pipe.
//!
//! `roundtrip serve`: a minimal stdio MCP server (initialize, tools/list, tools/call echo).
//! `roundtrip drive N CMD [ARGS...]`: runs CMD as the server, does the handshake, then N
//! `tools/call` round trips one after the other, and prints the round-trip times' p50, p90,
//! p99 and max in microseconds as one JSON line. std only, so `rustc -O` builds it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

fn id_of(line: &str) -> Option<&str> {
    let start = line.find("\"id\":")? + 5;
    let rest = &line[start..];
    let end = rest.find([',', '}'])?;
    Some(&rest[..end])
}

fn serve() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line.unwrap();
        let Some(id) = id_of(&line) else { continue };
        let result = if line.contains("\"initialize\"") {
            r#"{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"bench","version":"1"}}"#.to_string()
        } else if line.contains("\"tools/list\"") {
            r#"{"tools":[{"name":"echo","inputSchema":{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}}]}"#.to_string()
        } else {
            r#"{"content":[{"type":"text","text":"hello, tap"}]}"#.to_string()
        };
        writeln!(out, "{{\"jsonrpc\":\"2.0\",\"id\":{id},\"result\":{result}}}").unwrap();
        out.flush().unwrap();
    }
}

fn drive(n: usize, cmd: &[String]) {
    let mut child = Command::new(&cmd[0])
        .args(&cmd[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut to = child.stdin.take().unwrap();
    let mut from = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    let mut round_trip = |msg: &str| {
        to.write_all(msg.as_bytes()).unwrap();
        to.write_all(b"\n").unwrap();
        to.flush().unwrap();
        if msg.contains("\"id\"") {
            line.clear();
            from.read_line(&mut line).unwrap();
        }
    };
    round_trip(r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}"#);
    round_trip(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
    round_trip(r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#);
    let mut times = Vec::with_capacity(n);
    for i in 0..n {
        let msg = format!(
            r#"{{"jsonrpc":"2.0","id":{},"method":"tools/call","params":{{"name":"echo","arguments":{{"text":"hello, tap"}}}}}}"#,
            i + 2
        );
        let t = Instant::now();
        round_trip(&msg);
        times.push(t.elapsed().as_nanos() as f64 / 1000.0);
    }
    drop(to);
    child.wait().unwrap();
    times.sort_by(|a, b| a.total_cmp(b));
    let q = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
    println!(
        "{{\"n\":{n},\"p50_us\":{:.1},\"p90_us\":{:.1},\"p99_us\":{:.1},\"max_us\":{:.1}}}",
        q(0.5),
        q(0.9),
        q(0.99),
        q(1.0)
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("serve") => serve(),
        Some("drive") => drive(args[1].parse().unwrap(), &args[2..]),
        _ => eprintln!("usage: roundtrip serve | roundtrip drive N CMD [ARGS...]"),
    }
}
