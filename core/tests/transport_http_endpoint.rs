//! HttpEndpoint: both wires on one endpoint, JSON or SSE answers, cancellation by a closed
//! stream, 2025-11-25 sessions (mint, 400, 404, DELETE, GET, Last-Event-ID, idle expiry).

use mcpwire::json::Value;
use mcpwire::transport::http::{EndpointConfig, Handled, HttpEndpoint, HttpReply};
use mcpwire::transport::sse::{EventDecoder, SseItem};
use mcpwire::Limits;

fn v(text: &str) -> Value {
    Value::parse(text.as_bytes(), Limits::DEFAULT).unwrap()
}

fn endpoint() -> HttpEndpoint {
    let mut config = EndpointConfig::new(v(r#"{"name":"s","version":"1"}"#), v(r#"{"tools":{}}"#));
    config.tools = vec![v(
        r#"{"name":"echo","inputSchema":{"type":"object","properties":{"text":{"type":"string","x-mcp-header":"Text"}}}}"#,
    )];
    config.session_idle_ms = 1000;
    config.allowed_origins = vec!["http://localhost:3000".into()];
    HttpEndpoint::new(config).unwrap()
}

const RANDOM: [u8; 16] = [7; 16];

fn send(
    ep: &mut HttpEndpoint,
    method: &str,
    headers: &[(&str, &str)],
    body: &str,
    now: u64,
) -> Handled {
    let mut all: Vec<(&[u8], &[u8])> = vec![
        (b"Content-Type", b"application/json"),
        (b"Accept", b"application/json, text/event-stream"),
    ];
    all.extend(headers.iter().map(|(a, b)| (a.as_bytes(), b.as_bytes())));
    ep.handle(method, &all, body.as_bytes(), now, &RANDOM)
        .unwrap()
}

fn reply(h: Handled) -> HttpReply {
    match h {
        Handled::Reply(r) => r,
        other => panic!("not a reply: {other:?}"),
    }
}

fn call(h: Handled) -> (u64, Value) {
    match h {
        Handled::Call { exchange, request } => (exchange, request),
        other => panic!("not a call: {other:?}"),
    }
}

fn header<'a>(r: &'a HttpReply, name: &str) -> Option<&'a str> {
    r.headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

fn events(body: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut d = EventDecoder::with_limit(1 << 16);
    let mut out = Vec::new();
    let mut rest = body;
    while !rest.is_empty() {
        let (n, item) = d.feed(rest);
        if let Some(SseItem::Event(e)) = item {
            out.push((String::from_utf8_lossy(e.id).into_owned(), e.data.to_vec()));
        }
        rest = &rest[n..];
    }
    out
}

const META: &str = r#""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}"#;

fn modern_call(id: u32, token: bool) -> String {
    let token = if token { r#","progressToken":"p""# } else { "" };
    format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"echo","arguments":{{"text":"hi"}},{META}{token}}}}}}}"#
    )
}

const MODERN: &[(&str, &str)] = &[
    ("MCP-Protocol-Version", "2026-07-28"),
    ("Mcp-Method", "tools/call"),
    ("Mcp-Name", "echo"),
    ("Mcp-Param-Text", "hi"),
];

const RESULT: &str = r#"{"content":[{"type":"text","text":"hi"}]}"#;

#[test]
fn a_2026_call_is_answered_as_json() {
    let mut ep = endpoint();
    let (x, request) = call(send(&mut ep, "POST", MODERN, &modern_call(1, false), 0));
    assert_eq!(request.get("name"), Some(&v(r#""echo""#)));
    let r = ep.respond_tool(x, &v(RESULT)).unwrap();
    assert_eq!(
        (r.status, r.done, header(&r, "content-type")),
        (Some(200), true, Some("application/json"))
    );
    let body = Value::parse(&r.body, Limits::DEFAULT).unwrap();
    assert_eq!(body.get("id"), Some(&v("1")));
    assert_eq!(ep.exchange_count(), 0);
    assert_eq!(ep.session_count(), 0);
}

#[test]
fn progress_before_the_result_makes_an_sse_stream() {
    let mut ep = endpoint();
    let (x, _) = call(send(&mut ep, "POST", MODERN, &modern_call(2, true), 0));
    let first = ep.notify_progress(x, 1.0, Some(2.0), None).unwrap();
    assert_eq!((first.status, first.done), (Some(200), false));
    assert_eq!(header(&first, "content-type"), Some("text/event-stream"));
    assert_eq!(header(&first, "x-accel-buffering"), Some("no"));
    let last = ep.respond_tool(x, &v(RESULT)).unwrap();
    assert_eq!((last.status, last.done), (None, true));
    let mut all = first.body.clone();
    all.extend_from_slice(&last.body);
    let got = events(&all);
    assert_eq!(got.len(), 2);
    let progress = Value::parse(&got[0].1, Limits::DEFAULT).unwrap();
    assert_eq!(
        progress.get("method"),
        Some(&v(r#""notifications/progress""#))
    );
    let result = Value::parse(&got[1].1, Limits::DEFAULT).unwrap();
    assert_eq!(result.get("id"), Some(&v("2")));
}

#[test]
fn a_closed_stream_cancels_the_2026_call() {
    let mut ep = endpoint();
    let (x, _) = call(send(&mut ep, "POST", MODERN, &modern_call(3, true), 0));
    ep.notify_progress(x, 1.0, None, None).unwrap();
    assert!(ep.stream_closed(x));
    // Nothing more is sent for it.
    assert!(ep.notify_progress(x, 2.0, None, None).is_err());
    let r = ep.respond_tool(x, &v(RESULT)).unwrap();
    assert!(r.done && r.body.is_empty());
    assert_eq!(ep.exchange_count(), 0);
}

#[test]
fn the_2026_wire_refuses_what_the_page_says() {
    let mut ep = endpoint();
    assert_eq!(
        reply(send(
            &mut ep,
            "GET",
            &[("MCP-Protocol-Version", "2026-07-28")],
            "",
            0
        ))
        .status,
        Some(405)
    );
    assert_eq!(reply(send(&mut ep, "DELETE", &[], "", 0)).status, Some(405));
    let r = reply(send(
        &mut ep,
        "POST",
        &MODERN[..3],
        &modern_call(1, false),
        0,
    ));
    assert_eq!(r.status, Some(400));
    assert!(String::from_utf8_lossy(&r.body).contains("-32020"));
    // Unknown method: 404 and -32601.
    let body =
        format!(r#"{{"jsonrpc":"2.0","id":9,"method":"prompts/list","params":{{{META}}}}}}}"#);
    let r = reply(send(
        &mut ep,
        "POST",
        &[
            ("MCP-Protocol-Version", "2026-07-28"),
            ("Mcp-Method", "prompts/list"),
        ],
        &body,
        0,
    ));
    assert_eq!(r.status, Some(404));
    assert!(String::from_utf8_lossy(&r.body).contains("-32601"));
    // No version header and no session: the stateless check's -32020.
    let r = reply(send(&mut ep, "POST", &[], &modern_call(1, false), 0));
    assert_eq!(r.status, Some(400));
    // An origin not allowed: 403.
    let r = reply(send(
        &mut ep,
        "POST",
        &[("Origin", "http://evil.example")],
        &modern_call(1, false),
        0,
    ));
    assert_eq!(r.status, Some(403));
    call(send(
        &mut ep,
        "POST",
        &[MODERN, &[("Origin", "http://localhost:3000")]].concat(),
        &modern_call(1, false),
        0,
    ));
    // A version header nobody serves: 400 with -32022.
    let r = reply(send(
        &mut ep,
        "POST",
        &[("MCP-Protocol-Version", "1900-01-01")],
        &modern_call(1, false),
        0,
    ));
    assert_eq!(r.status, Some(400));
    assert!(String::from_utf8_lossy(&r.body).contains("-32022"));
}

const INIT: &str = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#;
const LEGACY_CALL: &str = r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"},"_meta":{"progressToken":7}}}"#;

fn open_session(ep: &mut HttpEndpoint, now: u64) -> String {
    let r = reply(send(ep, "POST", &[], INIT, now));
    assert_eq!(r.status, Some(200));
    let id = header(&r, "mcp-session-id").unwrap().to_string();
    assert_eq!(id, "07".repeat(16));
    assert!(id.bytes().all(|b| (0x21..=0x7e).contains(&b)));
    let initialized = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
    let r = reply(send(
        ep,
        "POST",
        &[
            ("Mcp-Session-Id", &id),
            ("MCP-Protocol-Version", "2025-11-25"),
        ],
        initialized,
        now,
    ));
    assert_eq!(r.status, Some(202));
    id
}

#[test]
fn sessions_are_minted_required_and_ended() {
    let mut ep = endpoint();
    let id = open_session(&mut ep, 0);
    let with = [
        ("Mcp-Session-Id", id.as_str()),
        ("MCP-Protocol-Version", "2025-11-25"),
    ];
    let (x, _) = call(send(&mut ep, "POST", &with, LEGACY_CALL, 10));
    let r = ep.respond_tool(x, &v(RESULT)).unwrap();
    assert_eq!(r.status, Some(200));
    // Without the id: 400; with an unknown one: 404.
    assert_eq!(
        reply(send(
            &mut ep,
            "POST",
            &[("MCP-Protocol-Version", "2025-11-25")],
            LEGACY_CALL,
            10
        ))
        .status,
        Some(400)
    );
    assert_eq!(
        reply(send(
            &mut ep,
            "POST",
            &[("Mcp-Session-Id", "nope")],
            LEGACY_CALL,
            10
        ))
        .status,
        Some(404)
    );
    // A version header the endpoint does not serve: 400.
    let bad = [
        ("Mcp-Session-Id", id.as_str()),
        ("MCP-Protocol-Version", "2024-01-01"),
    ];
    assert_eq!(
        reply(send(&mut ep, "POST", &bad, LEGACY_CALL, 10)).status,
        Some(400)
    );
    // DELETE ends it; then 404.
    assert_eq!(
        reply(send(&mut ep, "DELETE", &with, "", 20)).status,
        Some(200)
    );
    assert_eq!(
        reply(send(&mut ep, "POST", &with, LEGACY_CALL, 20)).status,
        Some(404)
    );
    assert_eq!(
        reply(send(&mut ep, "DELETE", &with, "", 20)).status,
        Some(404)
    );
    assert_eq!(ep.session_count(), 0);
}

#[test]
fn an_idle_session_expires() {
    let mut ep = endpoint();
    let id = open_session(&mut ep, 0);
    assert_eq!(ep.poll_timeout(), Some(1000));
    let with = [("Mcp-Session-Id", id.as_str())];
    let (x, _) = call(send(&mut ep, "POST", &with, LEGACY_CALL, 999));
    ep.respond_tool(x, &v(RESULT)).unwrap();
    assert_eq!(ep.poll_timeout(), Some(1999));
    ep.handle_timeout(1999);
    assert_eq!(ep.session_count(), 0);
    assert_eq!(
        reply(send(&mut ep, "POST", &with, LEGACY_CALL, 2000)).status,
        Some(404)
    );
}

#[test]
fn a_2025_stream_resumes_after_the_last_event_id() {
    let mut ep = endpoint();
    let id = open_session(&mut ep, 0);
    let with = [
        ("Mcp-Session-Id", id.as_str()),
        ("MCP-Protocol-Version", "2025-11-25"),
    ];
    let (x, _) = call(send(&mut ep, "POST", &with, LEGACY_CALL, 1));
    let first = ep.notify_progress(x, 1.0, None, None).unwrap();
    let got = events(&first.body);
    // The priming event (an id and empty data), then the progress.
    assert_eq!(
        got.iter().map(|e| e.0.as_str()).collect::<Vec<_>>(),
        ["1-0", "1-1"]
    );
    assert!(got[0].1.is_empty());
    // The client drops: on this wire that is not a cancellation.
    assert!(!ep.stream_closed(x));
    let second = ep.notify_progress(x, 2.0, None, None).unwrap();
    assert_eq!(events(&second.body)[0].0, "1-2");
    // It resumes after 1-1: the second progress is replayed, and the call goes on there.
    let resumed = send(&mut ep, "GET", &[with[0], ("Last-Event-ID", "1-1")], "", 2);
    let Handled::Stream { exchange, reply } = resumed else {
        panic!("{resumed:?}")
    };
    assert_eq!(exchange, x);
    assert_eq!(
        events(&reply.body)
            .iter()
            .map(|e| e.0.as_str())
            .collect::<Vec<_>>(),
        ["1-2"]
    );
    let last = ep.respond_tool(x, &v(RESULT)).unwrap();
    assert!(last.done);
    assert_eq!(events(&last.body)[0].0, "1-3");
    // Resuming a finished stream replays and ends.
    let r = reply_of(send(
        &mut ep,
        "GET",
        &[with[0], ("Last-Event-ID", "1-2")],
        "",
        3,
    ));
    assert!(r.done);
    assert_eq!(events(&r.body).len(), 1);
}

fn reply_of(h: Handled) -> HttpReply {
    reply(h)
}

#[test]
fn get_opens_one_standalone_stream_per_session() {
    let mut ep = endpoint();
    let id = open_session(&mut ep, 0);
    let with = [("Mcp-Session-Id", id.as_str())];
    let Handled::Stream {
        exchange,
        reply: opened,
    } = send(&mut ep, "GET", &with, "", 1)
    else {
        panic!()
    };
    assert_eq!((opened.status, opened.done), (Some(200), false));
    assert_eq!(reply(send(&mut ep, "GET", &with, "", 1)).status, Some(409));
    assert!(!ep.stream_closed(exchange));
    assert!(matches!(
        send(&mut ep, "GET", &with, "", 2),
        Handled::Stream { .. }
    ));
    assert_eq!(
        reply(send(
            &mut ep,
            "GET",
            &[("Mcp-Session-Id", "unknown")],
            "",
            2
        ))
        .status,
        Some(404)
    );
}

mod arbitrary_input {
    use super::*;
    use proptest::prelude::*;

    fn header_name() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("Content-Type".to_string()),
            Just("Accept".to_string()),
            Just("MCP-Protocol-Version".to_string()),
            Just("Mcp-Method".to_string()),
            Just("Mcp-Name".to_string()),
            Just("Mcp-Param-Text".to_string()),
            Just("Mcp-Session-Id".to_string()),
            Just("Last-Event-ID".to_string()),
            Just("Origin".to_string()),
            "[A-Za-z-]{1,12}",
        ]
    }

    fn header_value() -> impl Strategy<Value = Vec<u8>> {
        prop_oneof![
            Just(b"application/json".to_vec()),
            Just(b"application/json, text/event-stream".to_vec()),
            Just(b"2026-07-28".to_vec()),
            Just(b"2025-11-25".to_vec()),
            Just(b"tools/call".to_vec()),
            Just(b"echo".to_vec()),
            Just(b"=?base64?aGk=?=".to_vec()),
            Just(b"1-1".to_vec()),
            prop::collection::vec(any::<u8>(), 0..12),
        ]
    }

    fn body() -> impl Strategy<Value = Vec<u8>> {
        prop_oneof![
            Just(modern_call(1, true).into_bytes()),
            Just(INIT.as_bytes().to_vec()),
            Just(LEGACY_CALL.as_bytes().to_vec()),
            prop::collection::vec(any::<u8>(), 0..64),
        ]
    }

    proptest! {
        #[test]
        fn no_request_makes_the_endpoint_panic(
            requests in prop::collection::vec((
                prop_oneof![Just("POST"), Just("GET"), Just("DELETE"), Just("PUT")],
                prop::collection::vec((header_name(), header_value()), 0..8),
                body(),
                0u64..3000,
            ), 1..6),
            answers in prop::collection::vec(0u8..5, 6),
        ) {
            let mut ep = endpoint();
            for (i, (method, headers, body, now)) in requests.iter().enumerate() {
                let list: Vec<(&[u8], &[u8])> = headers.iter().map(|(n, v)| (n.as_bytes(), &v[..])).collect();
                let handled = ep.handle(method, &list, body, *now, &RANDOM).unwrap();
                let exchange = match handled {
                    Handled::Call { exchange, .. } | Handled::Stream { exchange, .. } => exchange,
                    Handled::Reply(r) => {
                        prop_assert!(r.status.is_some() && r.done);
                        continue;
                    }
                };
                match answers[i] {
                    0 => { let _ = ep.notify_progress(exchange, 1.0, None, None); }
                    1 => { ep.stream_closed(exchange); }
                    2 => { let _ = ep.respond_failure(exchange, "internal_error", "x"); }
                    _ => { let _ = ep.respond_tool(exchange, &v(RESULT)); }
                }
                ep.handle_timeout(*now);
            }
        }
    }
}

fn error_code(r: &HttpReply) -> Value {
    let body = v(std::str::from_utf8(&r.body).unwrap());
    body.get("error")
        .and_then(|e| e.get("code"))
        .cloned()
        .unwrap_or(Value::Null)
}

/// 2026-07-28's per-request fields: "A request missing any required field is malformed; the
/// server **MUST** reject it with JSON-RPC error code `-32602` (Invalid params). On HTTP, the
/// response status **MUST** be `400 Bad Request`." And methods it does not have (`ping`,
/// `initialize`: "Remove `ping`", "remove the `initialize` ... handshake") get 404 + -32601.
#[test]
fn a_2026_request_without_required_meta_or_with_a_removed_method_is_refused() {
    let mut ep = endpoint();
    let headers = |method: &'static str| {
        vec![
            ("MCP-Protocol-Version", "2026-07-28"),
            ("Mcp-Method", method),
        ]
    };
    let list = |params: &str| {
        format!(r#"{{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{params}}}"#)
    };
    for params in [
        "{}",
        r#"{"_meta":{}}"#,
        r#"{"_meta":{"io.modelcontextprotocol/clientCapabilities":{}}}"#,
        r#"{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}"#,
    ] {
        let r = reply(send(
            &mut ep,
            "POST",
            &headers("tools/list"),
            &list(params),
            0,
        ));
        assert_eq!(r.status, Some(400), "{params}");
        assert_eq!(error_code(&r), v("-32602"), "{params}");
        // `server/discover` is a request like any other: the same fields are required.
        let discover = list(params).replace("tools/list", "server/discover");
        let r = reply(send(
            &mut ep,
            "POST",
            &headers("server/discover"),
            &discover,
            0,
        ));
        assert_eq!(r.status, Some(400), "discover {params}");
        assert_eq!(error_code(&r), v("-32602"), "discover {params}");
    }
    let meta = r#"{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}"#;
    let discover = list(meta).replace("tools/list", "server/discover");
    let r = reply(send(
        &mut ep,
        "POST",
        &headers("server/discover"),
        &discover,
        0,
    ));
    assert_eq!(r.status, Some(200));
    let (_, request) = call(send(
        &mut ep,
        "POST",
        &headers("tools/list"),
        &list(meta),
        0,
    ));
    assert_eq!(request.get("event"), Some(&v(r#""list_tools""#)));
    let initialize = r#"{"protocolVersion":"2026-07-28","capabilities":{},"clientInfo":{"name":"c","version":"1"}}"#;
    // What the suite sends: `initialize` whose params hold only `_meta`.
    let body = format!(r#"{{"jsonrpc":"2.0","id":3,"method":"initialize","params":{meta}}}"#);
    let r = reply(send(&mut ep, "POST", &headers("initialize"), &body, 0));
    assert_eq!((r.status, error_code(&r)), (Some(404), v("-32601")));
    for (method, params) in [
        ("ping", meta),
        ("initialize", initialize),
        ("resources/list", meta),
    ] {
        let body = format!(r#"{{"jsonrpc":"2.0","id":2,"method":"{method}","params":{params}}}"#);
        let r = reply(send(&mut ep, "POST", &headers(method), &body, 0));
        assert_eq!(r.status, Some(404), "{method}");
        assert_eq!(error_code(&r), v("-32601"), "{method}");
    }
}

/// On a 2025-11-25 session the session itself answers `ping` (an empty result).
#[test]
fn a_2025_session_answers_ping() {
    let mut ep = endpoint();
    let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#;
    let r = reply(send(&mut ep, "POST", &[], init, 0));
    let sid = header(&r, "mcp-session-id").unwrap().to_string();
    let ping = r#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#;
    let h = [
        ("Mcp-Session-Id", sid.as_str()),
        ("MCP-Protocol-Version", "2025-11-25"),
    ];
    let r = reply(send(&mut ep, "POST", &h, ping, 0));
    assert_eq!(r.status, Some(200));
    assert_eq!(
        v(std::str::from_utf8(&r.body).unwrap()),
        v(r#"{"jsonrpc":"2.0","id":2,"result":{}}"#)
    );
}

/// A 2025 `notifications/cancelled` gets 202 and names the exchange to stop; its answer is
/// then suppressed. An unknown request id names nothing.
#[test]
fn a_2025_cancel_names_the_exchange_to_stop() {
    let mut ep = endpoint();
    let sid = open_session(&mut ep, 0);
    let h = [
        ("Mcp-Session-Id", sid.as_str()),
        ("MCP-Protocol-Version", "2025-11-25"),
    ];
    let (exchange, _) = call(send(&mut ep, "POST", &h, LEGACY_CALL, 0));
    assert_eq!(ep.poll_cancelled(), None);
    let cancel_other =
        r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99}}"#;
    assert_eq!(
        reply(send(&mut ep, "POST", &h, cancel_other, 0)).status,
        Some(202)
    );
    assert_eq!(ep.poll_cancelled(), None);
    let cancel = r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5}}"#;
    assert_eq!(
        reply(send(&mut ep, "POST", &h, cancel, 0)).status,
        Some(202)
    );
    assert_eq!(ep.poll_cancelled(), Some(exchange));
    assert_eq!(ep.poll_cancelled(), None);
    let r = ep.respond_tool(exchange, &v(r#"{"content":[]}"#)).unwrap();
    assert!(r.body.is_empty());
}

/// A tool that needs a capability the client did not declare answers -32021 with
/// `data.requiredCapabilities` ("On HTTP, the response status **MUST** be `400 Bad
/// Request`"); the call event carries what the client declared.
#[test]
fn a_missing_client_capability_is_answered_with_its_data_and_400() {
    let mut ep = endpoint();
    let (exchange, request) = call(send(&mut ep, "POST", MODERN, &modern_call(1, false), 0));
    assert_eq!(request.get("clientCapabilities"), Some(&v("{}")));
    let data = v(r#"{"requiredCapabilities":{"elicitation":{}}}"#);
    assert!(ep
        .respond_failure_with_data(
            exchange,
            "missing_required_client_capability",
            "x",
            Some(&v("[]"))
        )
        .is_err());
    let r = ep
        .respond_failure_with_data(
            exchange,
            "missing_required_client_capability",
            "needs elicitation",
            Some(&data),
        )
        .unwrap();
    assert_eq!(r.status, Some(400));
    let body = v(std::str::from_utf8(&r.body).unwrap());
    let error = body.get("error").unwrap();
    assert_eq!(error.get("code"), Some(&v("-32021")));
    assert_eq!(
        error.get("data"),
        Some(&v(
            r#"{"kind":"missing_required_client_capability","requiredCapabilities":{"elicitation":{}}}"#
        ))
    );
}
