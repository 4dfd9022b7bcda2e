//! The server loop driven over an in-memory byte channel: every tool, argument errors,
//! progress and cancellation, malformed and over-long lines, both protocol eras, and input
//! split into chunks of every size.

use device_server::{Buffers, ByteChannel, DeviceServer, Read, Step, MAX_LINE};
use serde_json::{json, Value};

/// Input given out `chunk` bytes per read; output collected.
struct Pipe {
    input: Vec<u8>,
    at: usize,
    chunk: usize,
    out: Vec<u8>,
}

impl ByteChannel for Pipe {
    fn read(&mut self, buf: &mut [u8]) -> Read {
        let rest = &self.input[self.at..];
        if rest.is_empty() {
            return Read::Closed;
        }
        let n = rest.len().min(self.chunk).min(buf.len());
        buf[..n].copy_from_slice(&rest[..n]);
        self.at += n;
        Read::Bytes(n)
    }

    fn write(&mut self, bytes: &[u8]) {
        self.out.extend_from_slice(bytes);
    }
}

/// A server and its channel, stepped at a clock the test sets.
struct Device<'b> {
    server: DeviceServer<'b>,
    pipe: Pipe,
    now: u64,
}

impl<'b> Device<'b> {
    fn new(buffers: &'b mut Buffers) -> Self {
        Device {
            server: DeviceServer::new(buffers).unwrap(),
            pipe: Pipe {
                input: Vec::new(),
                at: 0,
                chunk: 4096,
                out: Vec::new(),
            },
            now: 0,
        }
    }

    /// Sends raw bytes and steps until they are all read; returns the messages written.
    fn send_raw(&mut self, bytes: &[u8]) -> Vec<Value> {
        self.pipe.input.extend_from_slice(bytes);
        while self.pipe.at < self.pipe.input.len() {
            assert_eq!(self.server.step(&mut self.pipe, self.now), Step::Open);
        }
        self.take()
    }

    fn send(&mut self, message: Value) -> Vec<Value> {
        let mut line = serde_json::to_vec(&message).unwrap();
        line.push(b'\n');
        self.send_raw(&line)
    }

    /// Moves the clock to `now` and takes the samples due.
    fn advance_to(&mut self, now: u64) -> Vec<Value> {
        self.now = now;
        self.server.handle_timeout(&mut self.pipe, now);
        self.take()
    }

    fn take(&mut self) -> Vec<Value> {
        let out = std::mem::take(&mut self.pipe.out);
        let text = String::from_utf8(out).unwrap();
        assert!(text.is_empty() || text.ends_with('\n'), "{text}");
        text.lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
            .collect()
    }

    fn initialize(&mut self, version: &str) {
        let out = self.send(
            json!({"jsonrpc":"2.0","id":0,"method":"initialize","params":{
            "protocolVersion":version,"capabilities":{},"clientInfo":{"name":"t","version":"1"}}}),
        );
        assert_eq!(out[0]["result"]["protocolVersion"], version);
        let out = self.send(json!({"jsonrpc":"2.0","method":"notifications/initialized"}));
        assert!(out.is_empty());
    }

    fn call(&mut self, id: i64, name: &str, args: Value) -> Value {
        let out = self.send(json!({"jsonrpc":"2.0","id":id,"method":"tools/call",
            "params":{"name":name,"arguments":args}}));
        assert_eq!(out.len(), 1, "{out:?}");
        assert_eq!(out[0]["id"], id);
        out[0].clone()
    }
}

fn tool_error_text(response: &Value) -> &str {
    assert_eq!(response["result"]["isError"], true, "{response}");
    response["result"]["content"][0]["text"].as_str().unwrap()
}

#[test]
fn lists_three_tools_with_their_hints() {
    let mut b = Buffers::new();
    let mut d = Device::new(&mut b);
    d.initialize("2025-11-25");
    let out = d.send(json!({"jsonrpc":"2.0","id":1,"method":"tools/list"}));
    let tools = out[0]["result"]["tools"].as_array().unwrap();
    let names: Vec<_> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["read_sensor", "set_mode", "calibrate"]);
    assert_eq!(tools[0]["annotations"]["readOnlyHint"], true);
    assert_eq!(tools[1]["annotations"]["destructiveHint"], true);
    assert_eq!(tools[2]["annotations"]["destructiveHint"], false);
    for t in tools {
        assert_eq!(t["inputSchema"]["type"], "object");
        assert_eq!(t["outputSchema"]["type"], "object");
    }
    assert!(out[0]["result"].get("ttlMs").is_none());
    // A cursor this server never gave.
    let out = d.send(json!({"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":"x"}}));
    assert_eq!(out[0]["error"]["code"], -32602);
}

#[test]
fn reads_sets_the_mode_and_sleep_is_a_tool_error() {
    let mut b = Buffers::new();
    let mut d = Device::new(&mut b);
    d.initialize("2025-06-18");
    for (i, (channel, unit)) in [
        ("temperature", "°C"),
        ("humidity", "%RH"),
        ("pressure", "hPa"),
    ]
    .into_iter()
    .enumerate()
    {
        let r = d.call(i as i64 + 1, "read_sensor", json!({ "channel": channel }));
        let s = &r["result"]["structuredContent"];
        assert_eq!(
            (s["channel"].as_str(), s["unit"].as_str()),
            (Some(channel), Some(unit))
        );
        assert!(s["value"].is_number());
        assert!(r["result"].get("isError").is_none());
        let text = r["result"]["content"][0]["text"].as_str().unwrap();
        assert!(text.starts_with(&format!("{channel}: ")), "{text}");
    }
    let r = d.call(5, "set_mode", json!({"mode":"low_power"}));
    assert_eq!(
        r["result"]["structuredContent"],
        json!({"mode":"low_power","previous":"continuous"})
    );
    let r = d.call(6, "read_sensor", json!({"channel":"humidity"}));
    let v = r["result"]["structuredContent"]["value"].as_f64().unwrap();
    assert_eq!(v, v.round(), "low power reads whole units");
    d.call(7, "set_mode", json!({"mode":"sleep"}));
    let r = d.call(8, "read_sensor", json!({"channel":"humidity"}));
    assert!(tool_error_text(&r).contains("sleep mode"));
    let r = d.call(9, "calibrate", json!({"reference":20}));
    assert!(tool_error_text(&r).contains("sleep mode"));
}

#[test]
fn bad_arguments_are_tool_errors_that_name_the_argument() {
    let mut b = Buffers::new();
    let mut d = Device::new(&mut b);
    d.initialize("2025-11-25");
    let cases = [
        (
            "read_sensor",
            json!({}),
            "missing required argument `channel`",
        ),
        (
            "read_sensor",
            json!({"channel":"light"}),
            "argument `channel` must be one of \"temperature\", \"humidity\", \"pressure\"",
        ),
        (
            "read_sensor",
            json!({"channel":1}),
            "argument `channel` must be one of",
        ),
        (
            "read_sensor",
            json!({"channel":"humidity","unit":"K"}),
            "unknown argument `unit`",
        ),
        (
            "set_mode",
            json!({"mode":null}),
            "argument `mode` must be one of",
        ),
        (
            "calibrate",
            json!({"samples":5}),
            "missing required argument `reference`",
        ),
        (
            "calibrate",
            json!({"reference":"20"}),
            "argument `reference` must be a number from -40.00 to 85.00",
        ),
        (
            "calibrate",
            json!({"reference":100}),
            "argument `reference` must be a number from -40.00 to 85.00",
        ),
        (
            "calibrate",
            json!({"reference":20,"samples":2.5}),
            "argument `samples` must be an integer from 1 to 50",
        ),
        (
            "calibrate",
            json!({"reference":20,"samples":51}),
            "argument `samples` must be an integer from 1 to 50",
        ),
    ];
    for (i, (tool, args, want)) in cases.into_iter().enumerate() {
        let r = d.call(i as i64, tool, args);
        let text = tool_error_text(&r);
        assert!(text.starts_with(want), "{tool}: {text}");
    }
    // Absent arguments read as {}.
    let out =
        d.send(json!({"jsonrpc":"2.0","id":20,"method":"tools/call","params":{"name":"set_mode"}}));
    assert_eq!(tool_error_text(&out[0]), "missing required argument `mode`");
    // An unknown tool is a protocol error (-32602), not a tool error.
    let r = d.call(21, "self_destruct", json!({}));
    assert_eq!(r["error"]["code"], -32602);
    assert_eq!(r["error"]["message"], "Unknown tool: self_destruct");
}

#[test]
fn calibration_reports_progress_then_sets_the_offset() {
    let mut b = Buffers::new();
    let mut d = Device::new(&mut b);
    d.initialize("2025-11-25");
    let out = d.send(json!({"jsonrpc":"2.0","id":"cal","method":"tools/call","params":{
        "name":"calibrate","arguments":{"reference":20.0,"samples":4},"_meta":{"progressToken":7}}}));
    assert!(out.is_empty(), "answered later: {out:?}");
    assert_eq!(d.server.poll_timeout(), Some(100));
    // Other tools are served while it runs; the mode and a second calibration wait.
    let r = d.call(1, "read_sensor", json!({"channel":"pressure"}));
    assert!(r["result"].get("isError").is_none());
    assert!(
        tool_error_text(&d.call(2, "set_mode", json!({"mode":"sleep"})))
            .contains("calibration is running")
    );
    assert!(
        tool_error_text(&d.call(3, "calibrate", json!({"reference":1})))
            .contains("calibration is running")
    );
    assert!(d.advance_to(99).is_empty());
    let mut progress = Vec::new();
    for out in [d.advance_to(100), d.advance_to(250)] {
        progress.extend(out);
    }
    assert_eq!(progress.len(), 2);
    // A stalled loop catches up: the third sample's progress, then (the fourth being the
    // last) the result.
    let mut out = d.advance_to(1_000);
    let result = out.pop().unwrap();
    progress.extend(out);
    let steps: Vec<_> = progress
        .iter()
        .map(|p| {
            assert_eq!(p["method"], "notifications/progress");
            assert_eq!(p["params"]["progressToken"], 7);
            assert_eq!(p["params"]["total"], 4);
            p["params"]["progress"].as_i64().unwrap()
        })
        .collect();
    assert_eq!(steps, [1, 2, 3]);
    assert_eq!(progress[2]["params"]["message"], "sample 3 of 4");
    assert_eq!(result["id"], "cal");
    assert_eq!(result["result"]["structuredContent"]["samples"], 4);
    let offset = result["result"]["structuredContent"]["offset"]
        .as_f64()
        .unwrap();
    assert_eq!(d.server.poll_timeout(), None);
    // Now temperature reads the reference, give or take the simulated wave.
    let r = d.call(4, "read_sensor", json!({"channel":"temperature"}));
    let t = r["result"]["structuredContent"]["value"].as_f64().unwrap();
    assert!((t - 20.0).abs() <= 0.25, "{t} after offset {offset}");
    assert!((offset - (20.0 - 21.5)).abs() <= 0.15, "{offset}");
}

#[test]
fn a_cancelled_calibration_sends_nothing_more_and_keeps_the_old_offset() {
    let mut b = Buffers::new();
    let mut d = Device::new(&mut b);
    d.initialize("2025-11-25");
    let before = d.server.sensor().temperature_offset();
    d.send(
        json!({"jsonrpc":"2.0","id":5,"method":"tools/call","params":{
        "name":"calibrate","arguments":{"reference":30},"_meta":{"progressToken":"p"}}}),
    );
    assert_eq!(d.advance_to(200).len(), 2);
    let out = d.send(json!({"jsonrpc":"2.0","method":"notifications/cancelled",
        "params":{"requestId":5,"reason":"user stop"}}));
    assert!(out.is_empty());
    assert_eq!(d.server.poll_timeout(), None);
    assert!(
        d.advance_to(5_000).is_empty(),
        "no progress and no result after the cancel"
    );
    assert_eq!(d.server.sensor().temperature_offset(), before);
    // A cancel for an unknown or finished request is ignored; the sensor is free again.
    assert!(d
        .send(json!({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5}}))
        .is_empty());
    let r = d.call(6, "set_mode", json!({"mode":"continuous"}));
    assert!(r["result"].get("isError").is_none());
    // Without a progress token a calibration runs silently to its result.
    d.send(
        json!({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{
        "name":"calibrate","arguments":{"reference":30,"samples":1}}}),
    );
    let out = d.advance_to(5_100);
    assert_eq!(out.len(), 1);
    assert_eq!(out[0]["id"], 7);
}

#[test]
fn malformed_and_over_long_lines_get_errors_and_serving_goes_on() {
    let mut b = Buffers::new();
    let mut d = Device::new(&mut b);
    d.initialize("2025-11-25");
    let out = d.send_raw(b"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\"}\n");
    assert_eq!(out[0]["id"], 3);
    assert_eq!(out[0]["error"]["code"], -32602, "{out:?}");
    let out = d.send_raw(b"not json\n");
    assert_eq!(out[0]["error"]["code"], -32700);
    assert!(out[0].get("id").is_none());
    let out = d.send_raw(b"{\"jsonrpc\":\"2.0\",\"id\":4,\"id\":5,\"method\":\"ping\"}\r\n");
    assert_eq!(out[0]["error"]["data"]["kind"], "duplicate_key");
    let mut long = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\",\"params\":{{\"pad\":\"{}\"}}}}\n",
        "x".repeat(MAX_LINE)
    );
    let out = d.send_raw(long.as_bytes());
    assert_eq!(out.len(), 1);
    assert_eq!(out[0]["error"]["code"], -32700);
    assert_eq!(out[0]["error"]["data"]["kind"], "input_too_large");
    // The longest line accepted is served.
    long = r#"{"jsonrpc":"2.0","id":10,"method":"ping","params":{"pad":""}}"#.to_string();
    let pad = MAX_LINE - long.len();
    long.insert_str(long.len() - 3, &"y".repeat(pad));
    assert_eq!(long.len(), MAX_LINE);
    let out = d.send_raw(format!("{long}\n").as_bytes());
    assert_eq!(out, [json!({"jsonrpc":"2.0","id":10,"result":{}})]);
    // Nesting is limited (16 levels: the firmware's stack).
    let deep = format!("{}1{}", "[".repeat(20), "]".repeat(20));
    let out = d.send_raw(
        format!(
            "{{\"jsonrpc\":\"2.0\",\"id\":13,\"method\":\"ping\",\"params\":{{\"a\":{deep}}}}}\n"
        )
        .as_bytes(),
    );
    assert_eq!(out[0]["error"]["data"]["kind"], "too_deep", "{out:?}");
    assert_eq!(out[0]["id"], 13);
    // Notifications are never answered, even malformed ones; unknown methods are.
    assert!(d
        .send_raw(b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\"}\n")
        .is_empty());
    let out = d.send(json!({"jsonrpc":"2.0","id":11,"method":"resources/list"}));
    assert_eq!(out[0]["error"]["code"], -32601);
    let r = d.call(12, "read_sensor", json!({"channel":"temperature"}));
    assert!(r["result"]["structuredContent"]["value"].is_number());
}

#[test]
fn the_2026_wire_discovers_and_stamps_result_type() {
    let mut b = Buffers::new();
    let mut d = Device::new(&mut b);
    let meta = json!({"io.modelcontextprotocol/protocolVersion":"2026-07-28",
        "io.modelcontextprotocol/clientCapabilities":{},
        "io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"}});
    let out =
        d.send(json!({"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":meta}}));
    let versions = &out[0]["result"]["supportedVersions"];
    assert!(versions.as_array().unwrap().contains(&json!("2026-07-28")));
    let out = d.send(json!({"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":meta}}));
    let r = &out[0]["result"];
    assert_eq!(
        (r["resultType"].as_str(), r["cacheScope"].as_str()),
        (Some("complete"), Some("public"))
    );
    assert!(r["ttlMs"].as_i64().unwrap() > 0);
    let out = d.send(
        json!({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{
        "name":"read_sensor","arguments":{"channel":"temperature"},"_meta":meta}}),
    );
    assert_eq!(out[0]["result"]["resultType"], "complete");
    let out = d.send(
        json!({"jsonrpc":"2.0","id":4,"method":"tools/call","params":{
        "name":"read_sensor","arguments":{},"_meta":meta}}),
    );
    assert_eq!(out[0]["result"]["resultType"], "complete");
    assert_eq!(out[0]["result"]["isError"], true);
}

#[test]
fn any_chunking_of_the_stream_gives_the_same_answers() {
    let script: Vec<u8> = [
        json!({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}),
        json!({"jsonrpc":"2.0","method":"notifications/initialized"}),
        json!({"jsonrpc":"2.0","id":1,"method":"tools/list"}),
        json!({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"set_mode","arguments":{"mode":"sleep"}}}),
        json!({"jsonrpc":"2.0","id":3,"method":"ping"}),
    ]
    .iter()
    .flat_map(|m| {
        let mut l = serde_json::to_vec(m).unwrap();
        l.extend_from_slice(b"\r\n");
        l
    })
    .chain(b"{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\"}".iter().copied())
    .collect();
    let mut answers = Vec::new();
    for chunk in [1, 2, 3, 7, 64, 4096] {
        let mut b = Buffers::new();
        let mut d = Device::new(&mut b);
        d.pipe.chunk = chunk;
        d.pipe.input = script.clone();
        // Steps until the end of input, which also answers the last line without a line end.
        while d.server.step(&mut d.pipe, 0) == Step::Open {}
        answers.push(d.take());
    }
    assert_eq!(answers[0].len(), 5);
    assert_eq!(answers[0][4]["id"], 4);
    assert!(answers.iter().all(|a| a == &answers[0]));
}
