//! HttpEndpoint::close_connection: a 2025-11-25 response ended mid-call after a `retry`
//! event, the call answered on the stream the client resumes with `Last-Event-ID`.

use mcpwire::json::Value;
use mcpwire::transport::http::{EndpointConfig, Handled, HttpEndpoint, HttpReply};
use mcpwire::transport::sse::{EventDecoder, SseItem};
use mcpwire::Limits;

fn v(text: &str) -> Value {
    Value::parse(text.as_bytes(), Limits::DEFAULT).unwrap()
}

fn endpoint() -> HttpEndpoint {
    let config = EndpointConfig::new(v(r#"{"name":"s","version":"1"}"#), v(r#"{"tools":{}}"#));
    HttpEndpoint::new(config).unwrap()
}

fn send(ep: &mut HttpEndpoint, method: &str, headers: &[(&str, &str)], body: &str) -> Handled {
    let mut all: Vec<(&[u8], &[u8])> = vec![
        (b"Content-Type", b"application/json"),
        (b"Accept", b"application/json, text/event-stream"),
    ];
    all.extend(headers.iter().map(|(a, b)| (a.as_bytes(), b.as_bytes())));
    ep.handle(method, &all, body.as_bytes(), 0, &[9; 16])
        .unwrap()
}

fn reply(h: Handled) -> HttpReply {
    match h {
        Handled::Reply(r) => r,
        other => panic!("not a reply: {other:?}"),
    }
}

/// (id, retry, data) of each event.
fn events(body: &[u8]) -> Vec<(String, Option<u64>, Vec<u8>)> {
    let mut d = EventDecoder::with_limit(1 << 16);
    let mut out = Vec::new();
    let mut rest = body;
    while !rest.is_empty() {
        let (n, item) = d.feed(rest);
        if let Some(SseItem::Event(e)) = item {
            let id = String::from_utf8_lossy(e.id).into_owned();
            out.push((id, e.retry, e.data.to_vec()));
        }
        rest = &rest[n..];
    }
    out
}

const INIT: &str = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#;
const CALL: &str = r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"echo","arguments":{},"_meta":{"progressToken":7}}}"#;
const RESULT: &str = r#"{"content":[{"type":"text","text":"hi"}]}"#;

/// A session's headers, after initialize and initialized.
fn session(ep: &mut HttpEndpoint) -> [(&'static str, String); 2] {
    let r = reply(send(ep, "POST", &[], INIT));
    let (_, id) = r
        .headers
        .iter()
        .find(|(n, _)| n == "Mcp-Session-Id")
        .unwrap();
    let with = [
        ("Mcp-Session-Id", id.clone()),
        ("MCP-Protocol-Version", "2025-11-25".to_string()),
    ];
    let note = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
    assert_eq!(
        reply(send(ep, "POST", &refs(&with), note)).status,
        Some(202)
    );
    with
}

fn refs<'a>(h: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    h.iter().map(|(n, v)| (*n, v.as_str())).collect()
}

fn call(ep: &mut HttpEndpoint, with: &[(&'static str, String)]) -> u64 {
    match send(ep, "POST", &refs(with), CALL) {
        Handled::Call { exchange, .. } => exchange,
        other => panic!("not a call: {other:?}"),
    }
}

fn resume(ep: &mut HttpEndpoint, with: &[(&'static str, String)], last: &str) -> Handled {
    let mut h = refs(&with[..1]);
    h.push(("Last-Event-ID", last));
    send(ep, "GET", &h, "")
}

#[test]
fn closing_before_any_event_sends_the_priming_event_with_retry_and_ends_the_response() {
    let mut ep = endpoint();
    let with = session(&mut ep);
    let x = call(&mut ep, &with);
    let closed = ep.close_connection(x, 500).unwrap();
    assert_eq!((closed.status, closed.done), (Some(200), true));
    let content_type = closed.headers.iter().find(|(n, _)| n == "Content-Type");
    assert_eq!(
        content_type.map(|(_, v)| v.as_str()),
        Some("text/event-stream")
    );
    // One event: an id, the retry, empty data (the priming event).
    assert_eq!(
        events(&closed.body),
        [("1-0".to_string(), Some(500), vec![])]
    );
    // The call goes on: the client resumes, then the result comes on the new stream.
    assert_eq!(ep.exchange_count(), 1);
    let Handled::Stream { exchange, reply } = resume(&mut ep, &with, "1-0") else {
        panic!("not resumed")
    };
    assert_eq!((exchange, reply.status, reply.done), (x, Some(200), false));
    assert!(events(&reply.body).is_empty());
    let last = ep.respond_tool(x, &v(RESULT)).unwrap();
    assert_eq!((last.status, last.done), (None, true));
    let got = events(&last.body);
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].0, "1-1");
    let answer = Value::parse(&got[0].2, Limits::DEFAULT).unwrap();
    assert_eq!(answer.get("id"), Some(&v("5")));
    assert_eq!(ep.exchange_count(), 0);
}

#[test]
fn a_result_sent_while_the_client_is_away_is_replayed_when_it_resumes() {
    let mut ep = endpoint();
    let with = session(&mut ep);
    let x = call(&mut ep, &with);
    let first = ep.notify_progress(x, 1.0, None, None).unwrap();
    assert_eq!(events(&first.body).len(), 2);
    let closed = ep.close_connection(x, 20).unwrap();
    // Started already: no head, one event of its own after the progress.
    assert_eq!((closed.status, closed.done), (None, true));
    assert_eq!(
        events(&closed.body),
        [("1-2".to_string(), Some(20), vec![])]
    );
    ep.respond_tool(x, &v(RESULT)).unwrap();
    // Resumed from the retry event: only the result, and the stream ends.
    let r = reply(resume(&mut ep, &with, "1-2"));
    assert_eq!((r.status, r.done), (Some(200), true));
    let got = events(&r.body);
    assert_eq!(
        got.iter().map(|e| e.0.as_str()).collect::<Vec<_>>(),
        ["1-3"]
    );
    // From the progress: the retry event again, then the result.
    let r = reply(resume(&mut ep, &with, "1-1"));
    let ids: Vec<_> = events(&r.body).into_iter().map(|e| (e.0, e.1)).collect();
    assert_eq!(ids, [("1-2".into(), Some(20)), ("1-3".into(), None)]);
}

#[test]
fn closing_a_2026_response_or_an_ended_one_is_refused() {
    let mut ep = endpoint();
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#;
    let headers = [
        ("MCP-Protocol-Version", "2026-07-28"),
        ("Mcp-Method", "tools/call"),
        ("Mcp-Name", "echo"),
    ];
    let Handled::Call { exchange, .. } = send(&mut ep, "POST", &headers, body) else {
        panic!("not a call")
    };
    assert!(ep.close_connection(exchange, 10).is_err());
    // Still answerable, as JSON: nothing was sent.
    let r = ep.respond_tool(exchange, &v(RESULT)).unwrap();
    assert_eq!((r.status, r.done), (Some(200), true));
    assert!(ep.close_connection(exchange, 10).is_err());
    assert!(ep.close_connection(999, 10).is_err());
}

#[test]
fn the_connection_can_close_again_on_the_resumed_stream() {
    let mut ep = endpoint();
    let with = session(&mut ep);
    let x = call(&mut ep, &with);
    ep.close_connection(x, 5).unwrap();
    assert!(matches!(
        resume(&mut ep, &with, "1-0"),
        Handled::Stream { .. }
    ));
    let again = ep.close_connection(x, 5).unwrap();
    assert_eq!((again.status, again.done), (None, true));
    assert_eq!(events(&again.body), [("1-1".to_string(), Some(5), vec![])]);
    let Handled::Stream { exchange, reply } = resume(&mut ep, &with, "1-1") else {
        panic!("not resumed")
    };
    assert_eq!(exchange, x);
    assert!(events(&reply.body).is_empty());
}

#[test]
fn the_standalone_stream_keeps_its_place_when_its_connection_closes() {
    let mut ep = endpoint();
    let with = session(&mut ep);
    let get = refs(&with[..1]);
    let Handled::Stream { exchange, .. } = send(&mut ep, "GET", &get, "") else {
        panic!("no stream")
    };
    let closed = ep.close_connection(exchange, 1000).unwrap();
    assert_eq!((closed.status, closed.done), (None, true));
    assert_eq!(
        events(&closed.body),
        [("1-1".to_string(), Some(1000), vec![])]
    );
    // Not terminated: a second plain GET still conflicts; the resumption gets it back.
    assert_eq!(reply(send(&mut ep, "GET", &get, "")).status, Some(409));
    let Handled::Stream { exchange: back, .. } = resume(&mut ep, &with, "1-1") else {
        panic!("not resumed")
    };
    assert_eq!(back, exchange);
}
