//! Any sequence of incoming lines, fed to a host's and a server's session at once: neither
//! panics, whatever they queue is taken, and every event the server reports is answered
//! (tools are called, listed, failed or given progress, and a listing's cursor is read) without
//! a panic.
//!
//! Input: the lines, separated by `\n`; each line's length moves the clock on.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcpwire::api::{page, ClientOptions, ClientSession, ServerSession};
use mcpwire::json::Value;
use mcpwire::Limits;

fn value(text: &str) -> Value {
    Value::parse(text.as_bytes(), Limits::DEFAULT).expect("a fixed value")
}

/// Answers what the server reported, in a way picked by the line's length; a listing's cursor
/// goes through `page` first, as a server's handler would take it.
fn answer(server: &mut ServerSession, event: &Value, pick: usize) {
    if let Some(Value::String(cursor)) = event.get("cursor") {
        let _ = page(&[7; 16], pick, 1 + pick % 7, Some(cursor), pick as u64 % 3);
    }
    let Some(id) = event.get("id") else {
        return;
    };
    let _ = match pick % 5 {
        0 => server
            .respond_tool(id, &value(r#"{"content":[{"type":"text","text":"ok"}]}"#))
            .map(drop),
        1 => server
            .respond_list(
                id,
                &value(r#"{"tools":[{"name":"t","inputSchema":{"type":"object"}}]}"#),
            )
            .map(drop),
        2 => server.respond_failure(id, "invalid_value", "no").map(drop),
        3 => server
            .respond_failure(id, "tool_execution_failed", "failed")
            .map(drop),
        _ => server
            .notify_progress(id, pick as f64, None, Some("half"))
            .map(drop),
    };
}

fuzz_target!(|data: &[u8]| {
    let info = value(r#"{"name":"fuzz","version":"1"}"#);
    let caps = value(r#"{"tools":{"listChanged":true}}"#);
    let versions = ["2025-06-18", "2025-11-25", "2026-07-28"];
    let mut server = ServerSession::new(&versions, &info, &caps).expect("server");
    let opts = ClientOptions {
        default_timeout: Some(1_000),
        max_pages: Some(3),
        ..ClientOptions::default()
    };
    let mut client = ClientSession::new("2025-11-25", &info, None, &opts).expect("client");
    client.assume_ready(true, true);
    let _ = client.list_tools(0);
    let _ = client.call_tool(0, "t", None, Some(500), &Value::Bool(true));
    let mut now = 0;
    for line in data.split(|&b| b == b'\n') {
        now += line.len() as u64;
        let event = server.handle_input(line, now);
        answer(&mut server, &event, line.len());
        let _ = client.handle_input(line, now);
        if client.poll_timeout().is_some_and(|t| t <= now) {
            client.handle_timeout(now);
        }
        while client.poll_transmit().is_some() {}
        while client.poll_event().is_some() {}
        while server.poll_transmit().is_some() {}
    }
});
