//! HttpClient: a ClientSession and an HttpClient against an HttpEndpoint on both wires (the
//! endpoint's replies fed back as responses); every split of a response body gives the same
//! messages; session id, expiry, DELETE, GET, resumption; limits and misuse.

use mcpwire::api::{ClientOptions, ClientSession};
use mcpwire::json::Value;
use mcpwire::mcp::ProtocolVersion;
use mcpwire::transport::http::{
    Ended, EndpointConfig, Handled, HttpClient, HttpEndpoint, HttpReply, HttpRequest, Response,
};
use mcpwire::{ErrorKind, Limits};
use proptest::prelude::*;

fn v(text: &str) -> Value {
    Value::parse(text.as_bytes(), Limits::DEFAULT).unwrap()
}

const RANDOM: [u8; 16] = [5; 16];

fn endpoint() -> HttpEndpoint {
    let config = EndpointConfig::new(v(r#"{"name":"s","version":"1"}"#), v(r#"{"tools":{}}"#));
    HttpEndpoint::new(config).unwrap()
}

fn pairs(list: &[(String, String)]) -> Vec<(&[u8], &[u8])> {
    list.iter()
        .map(|(a, b)| (a.as_bytes(), b.as_bytes()))
        .collect()
}

fn header<'r>(req: &'r HttpRequest, name: &str) -> Option<&'r str> {
    req.headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

fn handle(ep: &mut HttpEndpoint, req: &HttpRequest) -> Handled {
    ep.handle(req.method, &pairs(&req.headers), &req.body, 0, &RANDOM)
        .unwrap()
}

/// Feeds replies to `http` as the response of `exchange`; the messages it yields.
fn feed(
    http: &mut HttpClient,
    exchange: u64,
    replies: &[HttpReply],
) -> (Response, Option<Ended>, Vec<Vec<u8>>) {
    let first = &replies[0];
    let kind = http
        .handle_response(exchange, first.status.unwrap(), &pairs(&first.headers))
        .unwrap();
    let mut ended = None;
    if matches!(kind, Response::Json | Response::Stream) {
        for r in replies {
            http.handle_body(exchange, &r.body).unwrap();
        }
        ended = Some(http.handle_end(exchange).unwrap());
    }
    let mut out = Vec::new();
    while let Some(m) = http.poll_message() {
        assert_eq!(m.exchange, exchange);
        out.push(m.message);
    }
    (kind, ended, out)
}

fn reply(h: Handled) -> HttpReply {
    match h {
        Handled::Reply(r) => r,
        other => panic!("not a reply: {other:?}"),
    }
}

struct Peer {
    ep: HttpEndpoint,
    client: ClientSession,
    http: HttpClient,
}

fn connect(version: &str) -> Peer {
    let mut client = ClientSession::new(
        version,
        &v(r#"{"name":"c","version":"1"}"#),
        None,
        &ClientOptions::default(),
    )
    .unwrap();
    let mut http = HttpClient::new(ProtocolVersion::parse(version).unwrap(), Limits::DEFAULT);
    let mut ep = endpoint();
    let (_, hello) = client.start(0).unwrap();
    let req = http.request(&hello, None).unwrap();
    let (kind, _, messages) = feed(&mut http, req.exchange, &[reply(handle(&mut ep, &req))]);
    assert_eq!(kind, Response::Json);
    let event = client.handle_input(&messages[0], 0).unwrap();
    assert_eq!(event.get("event"), Some(&Value::String("ready".into())));
    while let Some(out) = client.poll_transmit() {
        let req = http.request(&out, None).unwrap();
        assert_eq!(
            feed(&mut http, req.exchange, &[reply(handle(&mut ep, &req))]).0,
            Response::Empty
        );
    }
    Peer { ep, client, http }
}

fn call_with_progress(p: &mut Peer) -> (HttpRequest, Vec<HttpReply>) {
    let (_, _, bytes) = p
        .client
        .call_tool(
            0,
            "echo",
            Some(&v(r#"{"text":"é"}"#)),
            None,
            &Value::Bool(true),
        )
        .unwrap();
    let req = p.http.request(&bytes, None).unwrap();
    assert_eq!(req.body, bytes);
    let Handled::Call { exchange, .. } = handle(&mut p.ep, &req) else {
        panic!("not a call")
    };
    let result = v(r#"{"content":[{"type":"text","text":"é"}]}"#);
    let replies = vec![
        p.ep.notify_progress(exchange, 1.0, Some(2.0), None)
            .unwrap(),
        p.ep.respond_tool(exchange, &result).unwrap(),
    ];
    (req, replies)
}

#[test]
fn a_call_with_progress_on_both_wires() {
    for version in ["2025-11-25", "2026-07-28"] {
        let mut p = connect(version);
        assert_eq!(p.http.session_id().is_some(), version == "2025-11-25");
        let (req, replies) = call_with_progress(&mut p);
        assert_eq!(header(&req, "MCP-Protocol-Version"), Some(version));
        assert_eq!(header(&req, "Mcp-Session-Id"), p.http.session_id());
        let (kind, ended, messages) = feed(&mut p.http, req.exchange, &replies);
        assert_eq!((kind, ended), (Response::Stream, Some(Ended::Complete)));
        let events: Vec<_> = messages
            .iter()
            .map(|m| p.client.handle_input(m, 0).unwrap())
            .map(|e| e.get("event").cloned().unwrap())
            .collect();
        assert_eq!(events, [v(r#""progress""#), v(r#""tool_result""#)]);
        assert_eq!(p.http.exchange_count(), 0);
    }
}

fn messages_split(version: &str, head: &HttpReply, body: &[u8], cuts: &[usize]) -> Vec<Vec<u8>> {
    let mut http = HttpClient::new(ProtocolVersion::parse(version).unwrap(), Limits::DEFAULT);
    let req = http
        .request(br#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#, None)
        .unwrap();
    http.handle_response(req.exchange, 200, &pairs(&head.headers))
        .unwrap();
    let mut at = 0;
    let mut cuts = cuts.to_vec();
    cuts.sort_unstable();
    for c in cuts.into_iter().chain([body.len()]) {
        http.handle_body(req.exchange, &body[at..c]).unwrap();
        at = c;
    }
    http.handle_end(req.exchange).unwrap();
    std::iter::from_fn(|| http.poll_message().map(|m| m.message)).collect()
}

proptest! {
    #[test]
    fn every_split_of_a_body_gives_the_same_messages(
        modern in any::<bool>(),
        cuts in proptest::collection::vec(0usize..1000, 0..12),
    ) {
        let version = if modern { "2026-07-28" } else { "2025-11-25" };
        let mut p = connect(version);
        let (_, replies) = call_with_progress(&mut p);
        let body: Vec<u8> = replies.iter().flat_map(|r| r.body.clone()).collect();
        let whole = messages_split(version, &replies[0], &body, &[]);
        prop_assert_eq!(whole.len(), 2);
        let cuts: Vec<usize> = cuts.into_iter().map(|c| c % (body.len() + 1)).collect();
        prop_assert_eq!(messages_split(version, &replies[0], &body, &cuts), whole);
    }
}

proptest! {
    /// Any bytes, in any chunks, as a JSON or SSE body: no panic, and no message over the
    /// limit is ever yielded.
    #[test]
    fn arbitrary_bodies_never_panic_or_pass_the_limit(
        sse in any::<bool>(),
        chunks in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..40), 0..8),
        status in 100u16..600,
    ) {
        let limits = Limits { max_input_bytes: 24, ..Limits::DEFAULT };
        let mut http = HttpClient::new(ProtocolVersion::V2025_11_25, limits);
        let req = http.request(br#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#, None).unwrap();
        let kind: &[u8] = if sse { b"text/event-stream" } else { b"application/json" };
        let head: &[(&[u8], &[u8])] = &[(b"content-type", kind)];
        let response = http.handle_response(req.exchange, status, head);
        if matches!(response, Ok(Response::Json | Response::Stream)) {
            for c in &chunks {
                let _ = http.handle_body(req.exchange, c);
            }
            let _ = http.handle_end(req.exchange);
        }
        while let Some(m) = http.poll_message() {
            prop_assert!(m.message.len() <= 24);
        }
    }
}

#[test]
fn a_json_body_split_at_every_byte() {
    let body = br#"{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}"#;
    let head = HttpReply::json(200, Vec::new());
    for i in 0..=body.len() {
        assert_eq!(
            messages_split("2025-11-25", &head, body, &[i]),
            [body.to_vec()]
        );
    }
}

#[test]
fn the_session_id_expiry_and_delete() {
    let mut p = connect("2025-11-25");
    let sid = p.http.session_id().unwrap().to_string();
    assert_eq!(sid, "05".repeat(16));
    let (_, list) = p.client.list_tools(0).unwrap();
    let late = p.http.request(&list, None).unwrap();
    let del = p.http.end_session().unwrap();
    assert_eq!(
        (del.method, header(&del, "Mcp-Session-Id")),
        ("DELETE", Some(sid.as_str()))
    );
    let r = reply(handle(&mut p.ep, &del));
    assert_eq!(feed(&mut p.http, del.exchange, &[r]).0, Response::Empty);
    assert_eq!(p.http.session_id(), None);
    // "When a client receives HTTP 404 in response to a request containing an
    // MCP-Session-Id, it MUST start a new session".
    let r = reply(handle(&mut p.ep, &late));
    assert_eq!(r.status, Some(404));
    assert_eq!(
        feed(&mut p.http, late.exchange, &[r]).0,
        Response::SessionExpired
    );
    assert_eq!(
        p.http.end_session().unwrap_err().kind,
        ErrorKind::InvalidValue
    );
    let hello = p
        .http
        .request(
            br#"{"jsonrpc":"2.0","id":9,"method":"initialize","params":{}}"#,
            None,
        )
        .unwrap();
    assert_eq!(header(&hello, "Mcp-Session-Id"), None);
    assert_eq!(header(&hello, "MCP-Protocol-Version"), None);
}

#[test]
fn a_405_to_delete_keeps_the_session_and_a_404_without_one_is_delivered() {
    let mut http = HttpClient::new(ProtocolVersion::V2025_11_25, Limits::DEFAULT);
    let init = http
        .request(
            br#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#,
            None,
        )
        .unwrap();
    let json: &[(&[u8], &[u8])] = &[
        (b"content-type", b"application/json"),
        (b"mcp-session-id", b"abc"),
    ];
    assert_eq!(
        http.handle_response(init.exchange, 200, json).unwrap(),
        Response::Json
    );
    http.handle_body(
        init.exchange,
        br#"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18"}}"#,
    )
    .unwrap();
    assert_eq!(http.handle_end(init.exchange).unwrap(), Ended::Complete);
    // The version the InitializeResult names goes on the later requests.
    assert_eq!(http.protocol_version(), ProtocolVersion::V2025_06_18);
    assert_eq!(http.session_id(), Some("abc"));
    let del = http.end_session().unwrap();
    assert_eq!(
        http.handle_response(del.exchange, 405, &[]).unwrap(),
        Response::Failed { status: 405 }
    );
    assert_eq!(http.session_id(), Some("abc"));
    let get = http.open_stream().unwrap();
    assert_eq!(header(&get, "MCP-Protocol-Version"), Some("2025-06-18"));
    // A new initialize starts a new session: it goes without the old id.
    let again = http
        .request(
            br#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{}}"#,
            None,
        )
        .unwrap();
    assert_eq!(header(&again, "Mcp-Session-Id"), None);
    assert_eq!(http.session_id(), None);
    assert_eq!(
        http.handle_response(get.exchange, 405, &[]).unwrap(),
        Response::NoStream
    );
    // Without a session, a 404 is an answer like any other.
    let mut plain = HttpClient::new(ProtocolVersion::V2026_07_28, Limits::DEFAULT);
    let req = plain
        .request(
            br#"{"jsonrpc":"2.0","id":2,"method":"nope","params":{"_meta":{}}}"#,
            None,
        )
        .unwrap();
    assert_eq!(
        plain.handle_response(req.exchange, 404, json).unwrap(),
        Response::Json
    );
    assert_eq!(plain.session_id(), None);
}

#[test]
fn resuming_a_stream_cut_before_its_response() {
    let mut p = connect("2025-11-25");
    let (req, replies) = call_with_progress(&mut p);
    let first = &replies[0];
    p.http
        .handle_response(req.exchange, 200, &pairs(&first.headers))
        .unwrap();
    // The stream says `retry: 1500` before the cut.
    p.http.handle_body(req.exchange, &first.body).unwrap();
    p.http
        .handle_body(req.exchange, b"retry: 1500\n\n")
        .unwrap();
    assert_eq!(p.http.handle_end(req.exchange).unwrap(), Ended::Resumable);
    let progress = p.http.poll_message().unwrap();
    assert_eq!(progress.exchange, req.exchange);
    let resume = p.http.resume(req.exchange).unwrap();
    assert_eq!(
        (resume.exchange, resume.method, resume.retry),
        (req.exchange, "GET", Some(1500))
    );
    assert_eq!(header(&resume, "Accept"), Some("text/event-stream"));
    let last = header(&resume, "Last-Event-ID").unwrap().to_string();
    assert!(last.contains('-'), "{last}");
    // The endpoint replays after that id: the response.
    let Handled::Reply(replay) = handle(&mut p.ep, &resume) else {
        panic!("the call was answered: a whole replay")
    };
    let (kind, ended, messages) = feed(&mut p.http, req.exchange, &[replay]);
    assert_eq!((kind, ended), (Response::Stream, Some(Ended::Complete)));
    assert_eq!(messages.len(), 1);
    assert_eq!(
        messages[0],
        replies[1]
            .body
            .split(|&b| b == b'\n')
            .find_map(|l| l.strip_prefix(b"data: "))
            .unwrap()
    );
    assert_eq!(
        p.http.resume(req.exchange).unwrap_err().kind,
        ErrorKind::InvalidValue
    );
}

/// The conformance suite's sse-retry server answers on the resumed GET and keeps it open: the
/// host learns from `answered` that the request is over, without the stream's end.
#[test]
fn a_resumed_stream_left_open_after_its_response_is_answered() {
    let mut p = connect("2025-11-25");
    let (_, _, bytes) = p
        .client
        .call_tool(0, "slow", None, None, &Value::Null)
        .unwrap();
    let req = p.http.request(&bytes, None).unwrap();
    assert!(!p.http.answered(req.exchange));
    let sse = [("content-type".as_bytes(), "text/event-stream".as_bytes())];
    assert_eq!(
        p.http.handle_response(req.exchange, 200, &sse).unwrap(),
        Response::Stream
    );
    p.http
        .handle_body(req.exchange, b"id: event-1\nretry: 500\ndata: \n\n")
        .unwrap();
    assert_eq!(p.http.handle_end(req.exchange).unwrap(), Ended::Resumable);
    assert!(!p.http.answered(req.exchange));
    let resume = p.http.resume(req.exchange).unwrap();
    assert_eq!(header(&resume, "Last-Event-ID"), Some("event-1"));
    assert_eq!(resume.retry, Some(500));
    p.http.handle_response(req.exchange, 200, &sse).unwrap();
    // A priming event, then an unrelated request of the server's: not the answer yet.
    p.http
        .handle_body(req.exchange, b"id: event-2\nretry: 500\ndata: \n\n")
        .unwrap();
    p.http
        .handle_body(
            req.exchange,
            b"data: {\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}\n\n",
        )
        .unwrap();
    assert!(!p.http.answered(req.exchange));
    let answer = br#"{"jsonrpc":"2.0","id":1,"result":{"content":[]}}"#;
    let mut event = b"id: event-3\ndata: ".to_vec();
    event.extend_from_slice(answer);
    event.extend_from_slice(b"\n\n");
    p.http.handle_body(req.exchange, &event).unwrap();
    assert!(p.http.answered(req.exchange));
    let got: Vec<_> = std::iter::from_fn(|| p.http.poll_message()).collect();
    assert_eq!(got.len(), 2);
    assert_eq!(got[1].message, answer);
    let result = p.client.handle_input(&got[1].message, 0).unwrap();
    assert_eq!(
        result.get("event"),
        Some(&Value::String("tool_result".into()))
    );
    assert!(p.http.close(req.exchange));
    assert!(!p.http.answered(req.exchange));
    assert_eq!(p.http.exchange_count(), 0);
}

/// A notification's POST carries no request: never `answered`.
#[test]
fn an_exchange_without_a_request_is_never_answered() {
    let mut http = HttpClient::new(ProtocolVersion::V2025_11_25, Limits::DEFAULT);
    let req = http
        .request(
            br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            None,
        )
        .unwrap();
    assert!(!http.answered(req.exchange));
    let get = http.open_stream().unwrap();
    let sse = [("content-type".as_bytes(), "text/event-stream".as_bytes())];
    http.handle_response(get.exchange, 200, &sse).unwrap();
    http.handle_body(
        get.exchange,
        br#"data: {"jsonrpc":"2.0","id":0,"result":{}}"#,
    )
    .unwrap();
    http.handle_body(get.exchange, b"\n\n").unwrap();
    assert!(!http.answered(get.exchange));
}

#[test]
fn the_stateless_wire_has_no_get_and_a_cut_stream_is_unanswered() {
    let mut http = HttpClient::new(ProtocolVersion::V2026_07_28, Limits::DEFAULT);
    assert!(http.open_stream().is_err());
    assert!(http.end_session().is_err());
    let req = http
        .request(
            br#"{"jsonrpc":"2.0","id":"a","method":"tools/list","params":{"_meta":{}}}"#,
            None,
        )
        .unwrap();
    assert_eq!(header(&req, "Mcp-Method"), Some("tools/list"));
    let sse: &[(&[u8], &[u8])] = &[(b"Content-Type", b"text/event-stream")];
    assert_eq!(
        http.handle_response(req.exchange, 200, sse).unwrap(),
        Response::Stream
    );
    http.handle_body(
        req.exchange,
        b"id: 1\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"x\"}\n\n",
    )
    .unwrap();
    assert_eq!(http.handle_end(req.exchange).unwrap(), Ended::Unanswered);
    assert_eq!(
        http.poll_message().unwrap().message,
        b"{\"jsonrpc\":\"2.0\",\"method\":\"x\"}"
    );
    assert!(http.resume(req.exchange).is_err());
    // The response with the string id ends the wait.
    let req = http
        .request(
            br#"{"jsonrpc":"2.0","id":"b","method":"tools/list","params":{"_meta":{}}}"#,
            None,
        )
        .unwrap();
    http.handle_response(req.exchange, 200, sse).unwrap();
    http.handle_body(req.exchange, b"event: other\ndata: ignored\n\n: comment\n\ndata: {\"jsonrpc\":\"2.0\",\"id\":\"b\",\"result\":{}}\n\n")
        .unwrap();
    assert_eq!(http.handle_end(req.exchange).unwrap(), Ended::Complete);
    assert_eq!(
        http.poll_message().unwrap().message,
        b"{\"jsonrpc\":\"2.0\",\"id\":\"b\",\"result\":{}}"
    );
    assert!(http.poll_message().is_none());
}

#[test]
fn limits_and_bad_input_are_typed_errors_with_offsets() {
    let limits = Limits {
        max_input_bytes: 16,
        ..Limits::DEFAULT
    };
    let mut http = HttpClient::new(ProtocolVersion::V2025_11_25, limits);
    let list = br#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#;
    let req = http.request(list, None).unwrap();
    let sse: &[(&[u8], &[u8])] = &[(b"content-type", b"text/event-stream")];
    http.handle_response(req.exchange, 200, sse).unwrap();
    let big = format!("data: {}\n\n", "x".repeat(40));
    let e = http
        .handle_body(req.exchange, format!("{big}data: {{}}\n\n").as_bytes())
        .unwrap_err();
    assert_eq!((e.kind, e.offset), (ErrorKind::InputTooLarge, big.len()));
    assert_eq!(http.poll_message().unwrap().message, b"{}");
    let req = http.request(list, None).unwrap();
    let json: &[(&[u8], &[u8])] = &[(b"content-type", b"Application/JSON; charset=utf-8")];
    assert_eq!(
        http.handle_response(req.exchange, 200, json).unwrap(),
        Response::Json
    );
    let e = http.handle_body(req.exchange, &[b' '; 17]).unwrap_err();
    assert_eq!((e.kind, e.offset), (ErrorKind::InputTooLarge, 16));
    http.handle_body(req.exchange, b"more").unwrap();
    assert_eq!(http.handle_end(req.exchange).unwrap(), Ended::Unanswered);
    let req = http.request(list, None).unwrap();
    http.handle_response(req.exchange, 200, json).unwrap();
    let e = http.handle_end(req.exchange).unwrap_err();
    assert_eq!((e.kind, e.offset), (ErrorKind::UnexpectedEnd, 0));
    // The failed exchange is over.
    assert!(!http.close(req.exchange));
    let e = http.request(b"{\"a\":1,\"a\":2}", None).unwrap_err();
    assert_eq!((e.kind, e.offset), (ErrorKind::DuplicateKey, 7));
    assert_eq!(
        http.handle_body(42, b"x").unwrap_err().kind,
        ErrorKind::InvalidValue
    );
    assert_eq!(
        http.handle_end(42).unwrap_err().kind,
        ErrorKind::InvalidValue
    );
    let req = http.request(list, None).unwrap();
    let html: &[(&[u8], &[u8])] = &[(b"content-type", b"text/html")];
    assert!(http.handle_response(req.exchange, 200, html).is_err());
    let twice: &[(&[u8], &[u8])] = &[
        (b"content-type", b"text/html"),
        (b"Content-Type", b"text/html"),
    ];
    let req = http.request(list, None).unwrap();
    assert!(http.handle_response(req.exchange, 500, twice).is_err());
    let init = http
        .request(
            br#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#,
            None,
        )
        .unwrap();
    let bad_id: &[(&[u8], &[u8])] = &[
        (b"content-type", b"application/json"),
        (b"mcp-session-id", b"a\x01"),
    ];
    assert!(http.handle_response(init.exchange, 200, bad_id).is_err());
    assert_eq!(http.session_id(), None);
}

#[test]
fn a_response_posted_to_the_server_and_the_bytes_unchanged() {
    let mut http = HttpClient::new(ProtocolVersion::V2026_07_28, Limits::DEFAULT);
    let answer = br#"{"jsonrpc":"2.0","id":3,"result":{}}"#;
    let req = http.request(answer, None).unwrap();
    assert_eq!(req.body, answer);
    assert_eq!(header(&req, "Mcp-Method"), None);
    assert_eq!(header(&req, "MCP-Protocol-Version"), Some("2026-07-28"));
    assert_eq!(
        http.handle_response(req.exchange, 202, &[]).unwrap(),
        Response::Empty
    );
    assert!(!http.close(req.exchange));
    // Closing an exchange drops its messages not yet polled, and only those.
    let list = br#"{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"_meta":{}}}"#;
    let (a, b) = (
        http.request(list, None).unwrap(),
        http.request(list, None).unwrap(),
    );
    let sse: &[(&[u8], &[u8])] = &[(b"content-type", b"text/event-stream")];
    for r in [&a, &b] {
        http.handle_response(r.exchange, 200, sse).unwrap();
        http.handle_body(
            r.exchange,
            b"data: {\"jsonrpc\":\"2.0\",\"method\":\"n\"}\n\n",
        )
        .unwrap();
    }
    assert!(http.close(a.exchange));
    assert_eq!(http.poll_message().unwrap().exchange, b.exchange);
    assert!(http.poll_message().is_none());
}
