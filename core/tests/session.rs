//! A simulated client and server driven against each other on a virtual clock: no sleeps, no
//! threads. Every message crosses as bytes.

use mcpwire::json::{JsonStr, Number, RawJson};
use mcpwire::mcp::{
    CallToolResult, ContentBlock, List, ListToolsResult, ProgressToken, ProtocolVersion,
    TextContent, Tool,
};
use mcpwire::state::{
    CallOptions, Client, ClientConfig, ClientError, ClientEvent, CursorCodec, Incoming, Late,
    PagerStop, Server, ServerConfig, ServerError, ServerIncoming, TokenChoice, Versions,
};
use mcpwire::{ErrorKind, RequestId};

const INFO: &str = r#"{"name":"sim","version":"1"}"#;
const VERSIONS: &[ProtocolVersion] = &[ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28];
const CATALOG_VERSION: u64 = 7;

fn raw(s: &str) -> RawJson<'_> {
    RawJson::parse(s).unwrap()
}

fn client(version: ProtocolVersion) -> Client<'static> {
    let mut cfg = ClientConfig::new(version, raw(INFO));
    cfg.max_pages = 10;
    Client::new(cfg)
}

fn server(caps: &'static str) -> Server<'static> {
    Server::new(ServerConfig {
        versions: Versions::new(VERSIONS),
        server_info: raw(INFO).into(),
        capabilities: raw(caps).into(),
        limits: Default::default(),
    })
}

struct Catalog {
    names: Vec<String>,
}

impl Catalog {
    fn new(n: usize) -> Self {
        Catalog {
            names: (0..n).map(|i| format!("tool_{i:03}")).collect(),
        }
    }
    fn tools(&self) -> Vec<Tool<'_>> {
        self.names
            .iter()
            .map(|n| Tool {
                name: JsonStr::new(n),
                title: None,
                description: Some(JsonStr::new("does a thing")),
                input_schema: raw(r#"{"type":"object"}"#),
                output_schema: None,
                annotations: None,
                icons: None,
                execution: None,
                meta: None,
                extra: Default::default(),
            })
            .collect()
    }
}

/// Runs the server's side of one request: answers handshakes, pages, and returns what the
/// server saw (as a label) plus the bytes it sent back.
fn serve(
    server: &mut Server<'static>,
    codec: &CursorCodec,
    catalog: &Catalog,
    input: &[u8],
) -> (String, Vec<Vec<u8>>) {
    let mut sent = Vec::new();
    let label = match server.handle_input(input, 0) {
        ServerIncoming::ListTools { id, params } => {
            let cursor = params.and_then(|p| p.cursor);
            let mut out = Vec::new();
            match codec.page(catalog.names.len(), 40, cursor.as_ref(), CATALOG_VERSION) {
                Ok(page) => {
                    let tools = catalog.tools();
                    let next = page.next_cursor;
                    let result = ListToolsResult {
                        tools: List::Slice(&tools[page.start..page.end]),
                        next_cursor: next.as_ref().map(|c| JsonStr::new(c.as_str())),
                        ttl_ms: None,
                        cache_scope: None,
                        result_type: None,
                        meta: None,
                        extra: Default::default(),
                    };
                    server.respond_list(&mut out, &id, &result);
                }
                Err(e) => {
                    server.respond_failure(&mut out, &id, e.kind, &e).unwrap();
                }
            }
            sent.push(out);
            format!(
                "list {}",
                cursor.map(|c| c.to_string()).unwrap_or_default().len()
            )
        }
        ServerIncoming::CallTool { id, params } => format!("call {:?} {}", id, params.name),
        ServerIncoming::Cancelled { id, known } => format!("cancelled {id:?} {known}"),
        ServerIncoming::Refused { kind, .. } => format!("refused {kind}"),
        ServerIncoming::Handshake => "handshake".into(),
        ServerIncoming::Answered => "answered".into(),
        ServerIncoming::Other(m) => format!("other {}", m.message_type().name()),
    };
    let mut out = Vec::new();
    while server.poll_transmit(&mut out) {
        sent.push(std::mem::take(&mut out));
    }
    (label, sent)
}

fn label(i: &Incoming<'_>) -> String {
    match i {
        Incoming::Ready { version, tools } => {
            format!("ready {} tools={}", version.as_str(), tools.is_some())
        }
        Incoming::HandshakeFailed => "handshake failed".into(),
        Incoming::VersionRetry { id, version } => {
            format!("version retry {id} {}", version.as_str())
        }
        Incoming::ToolsPage { id, result, stop } => {
            format!("page {id} {} {stop:?}", result.tools.len())
        }
        Incoming::ToolResult { id, class, .. } => format!("result {id} {}", class.name()),
        Incoming::InputRequired { id, .. } => format!("input_required {id}"),
        Incoming::Error { id, error, .. } => format!("error {id} {}", error.code),
        Incoming::Progress { id, progress, .. } => format!("progress {id} {}", progress.as_f64()),
        Incoming::ToolListChanged => "list_changed".into(),
        Incoming::Late(l) => format!("late {l:?}"),
        Incoming::Other(m) => format!("other {}", m.message_type().name()),
    }
}

fn text_result(text: &str) -> (Vec<ContentBlock<'_>>, ()) {
    let block = ContentBlock::Text(TextContent {
        text: JsonStr::new(text),
        annotations: None,
        meta: None,
        extra: Default::default(),
    });
    (vec![block], ())
}

fn result<'a>(blocks: &'a [ContentBlock<'a>]) -> CallToolResult<'a> {
    CallToolResult {
        content: List::Slice(blocks),
        structured_content: None,
        is_error: None,
        result_type: None,
        meta: None,
        extra: Default::default(),
    }
}

#[test]
fn a_full_session_lists_calls_reports_progress_cancels_and_times_out() {
    let codec = CursorCodec::new(*b"0123456789abcdef");
    let catalog = Catalog::new(150);
    let mut c = client(ProtocolVersion::V2025_11_25);
    let mut s = server(r#"{"tools":{"listChanged":true}}"#);
    let (mut client_log, mut server_log) = (Vec::new(), Vec::new());
    let mut wire = Vec::new();

    // Handshake.
    c.start(&mut wire, 0).unwrap();
    let (l, replies) = serve(&mut s, &codec, &catalog, &wire);
    server_log.push(l);
    let want = format!(
        r#"{{"jsonrpc":"2.0","id":0,"result":{{"protocolVersion":"2025-11-25","capabilities":{{"tools":{{"listChanged":true}}}},"serverInfo":{INFO}}}}}"#
    );
    assert_eq!(String::from_utf8_lossy(&replies[0]), want);
    for r in &replies {
        client_log.push(label(&c.handle_input(r, 0).unwrap()));
    }
    let mut out = Vec::new();
    assert!(c.poll_transmit(&mut out));
    server_log.push(serve(&mut s, &codec, &catalog, &out).0);

    // The catalog in pages: the pager queues each next request itself.
    assert!(c.catalog_stale());
    wire.clear();
    c.list_tools(&mut wire, 0).unwrap();
    let mut listed = 0;
    loop {
        let (l, replies) = serve(&mut s, &codec, &catalog, &wire);
        server_log.push(l);
        let page = c.handle_input(&replies[0], 0).unwrap();
        if let Incoming::ToolsPage { result, .. } = &page {
            listed += result.tools.len();
            assert_eq!(
                result.tools.get(0).unwrap().name.to_string(),
                format!("tool_{:03}", listed - result.tools.len())
            );
        }
        client_log.push(label(&page));
        wire.clear();
        if !c.poll_transmit(&mut wire) {
            break;
        }
    }
    assert_eq!(listed, 150);
    assert!(!c.catalog_stale());

    // Four calls in flight at once.
    let send = |c: &mut Client<'static>, name: &str, opts: CallOptions<'_>| {
        let mut w = Vec::new();
        let (id, token) = c
            .call_tool(&mut w, 0, name, Some(raw(r#"{"x":1}"#)), opts)
            .unwrap();
        (id, token, w)
    };
    let (a, a_token, wa) = send(
        &mut c,
        "tool_000",
        CallOptions {
            timeout: Some(1000),
            progress: TokenChoice::Auto,
        },
    );
    let (b, _, wb) = send(
        &mut c,
        "tool_001",
        CallOptions {
            timeout: Some(5000),
            progress: TokenChoice::Given(ProgressToken::Str(JsonStr::new("b"))),
        },
    );
    let (c_id, _, wc) = send(
        &mut c,
        "tool_002",
        CallOptions {
            timeout: Some(300),
            progress: TokenChoice::None,
        },
    );
    let (d, _, wd) = send(&mut c, "tool_003", CallOptions::default());
    assert_eq!(c.in_flight(), 4);
    assert_eq!(a_token, Some(mcpwire::state::Key::Int(0)));
    for w in [&wa, &wb, &wc, &wd] {
        server_log.push(serve(&mut s, &codec, &catalog, w).0);
    }
    assert_eq!(s.in_flight(), 4);

    // Progress routed by token to its own request.
    let (ida, idb, idc, idd) = (
        RequestId::Int(a),
        RequestId::Int(b),
        RequestId::Int(c_id),
        RequestId::Int(d),
    );
    for (id, p) in [(&ida, 1.0), (&idb, 0.5), (&ida, 2.0)] {
        let mut w = Vec::new();
        s.notify_progress(
            &mut w,
            id,
            Number::Float(p),
            Some(Number::Int(4)),
            Some("working"),
        )
        .unwrap();
        client_log.push(label(&c.handle_input(&w, 100).unwrap()));
    }
    let mut w = Vec::new();
    assert_eq!(
        s.notify_progress(&mut w, &idc, Number::Int(1), None, None),
        Err(ServerError::NoProgressToken)
    );
    assert_eq!(
        s.notify_progress(&mut w, &ida, Number::Float(1.5), None, None),
        Err(ServerError::ProgressNotIncreasing)
    );

    // Cancel B mid-progress: the server suppresses its response.
    wire.clear();
    assert!(c.cancel(&mut wire, b, Some("user pressed stop")));
    server_log.push(serve(&mut s, &codec, &catalog, &wire).0);
    let (blocks, _) = text_result("done");
    let mut w = Vec::new();
    assert_eq!(
        s.respond_tool(&mut w, &idb, &result(&blocks)),
        Err(ServerError::Cancelled)
    );
    assert!(w.is_empty());
    // Had it raced through anyway, the client drops it.
    let raced = format!(r#"{{"jsonrpc":"2.0","id":{b},"result":{{"content":[]}}}}"#);
    client_log.push(label(&c.handle_input(raced.as_bytes(), 150).unwrap()));

    // C times out at t=300: an event and a queued cancellation.
    assert_eq!(c.poll_timeout(), Some(300));
    c.handle_timeout(299);
    assert_eq!(c.poll_event(), None);
    c.handle_timeout(300);
    assert_eq!(
        c.poll_event(),
        Some(ClientEvent::TimedOut {
            id: c_id,
            method: mcpwire::mcp::Method::ToolsCall
        })
    );
    wire.clear();
    assert!(c.poll_transmit(&mut wire));
    server_log.push(serve(&mut s, &codec, &catalog, &wire).0);

    // A succeeds; D fails as a tool error the model can read.
    let mut w = Vec::new();
    s.respond_tool(&mut w, &ida, &result(&blocks)).unwrap();
    client_log.push(label(&c.handle_input(&w, 400).unwrap()));
    let mut wd2 = Vec::new();
    s.respond_failure(
        &mut wd2,
        &idd,
        ErrorKind::InvalidToolArguments,
        &"x must be a string",
    )
    .unwrap();
    client_log.push(label(&c.handle_input(&wd2, 400).unwrap()));

    // Late and stray messages are reported, not passed on.
    client_log.push(label(&c.handle_input(&w, 401).unwrap()));
    let late_progress = r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":0,"progress":3}}"#;
    client_log.push(label(
        &c.handle_input(late_progress.as_bytes(), 402).unwrap(),
    ));
    let stranger = r#"{"jsonrpc":"2.0","id":999,"result":{"content":[]}}"#;
    client_log.push(label(&c.handle_input(stranger.as_bytes(), 403).unwrap()));
    let unknown_token = r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"zzz","progress":1}}"#;
    client_log.push(label(
        &c.handle_input(unknown_token.as_bytes(), 404).unwrap(),
    ));
    assert_eq!(
        s.notify_progress(&mut Vec::new(), &ida, Number::Int(9), None, None),
        Err(ServerError::UnknownRequest)
    );

    // list_changed makes the catalog stale again.
    client_log.push(label(
        &c.handle_input(
            br#"{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}"#,
            500,
        )
        .unwrap(),
    ));
    assert!(c.catalog_stale());
    assert_eq!(c.in_flight(), 0);
    assert_eq!(c.poll_timeout(), None);

    assert_eq!(
        client_log,
        [
            "ready 2025-11-25 tools=true",
            "page 1 40 None",
            "page 2 40 None",
            "page 3 40 None",
            "page 4 30 Some(Complete)",
            "progress 5 1",
            "progress 6 0.5",
            "progress 5 2",
            "late ResponseAfterCancel",
            "result 5 success",
            "result 8 tool_error",
            "late DuplicateResponse",
            "late ProgressAfterFinish",
            "late UnknownResponse",
            "late ProgressUnknownToken",
            "list_changed",
        ]
    );
    assert_eq!(
        server_log,
        [
            "handshake",
            "other JSONRPCNotification",
            "list 0",
            "list 28",
            "list 28",
            "list 28",
            "call Int(5) tool_000",
            "call Int(6) tool_001",
            "call Int(7) tool_002",
            "call Int(8) tool_003",
            "cancelled Some(Int(6)) true",
            "cancelled Some(Int(7)) true",
        ]
    );
}

#[test]
fn progress_tokens_zero_and_empty_string_are_real_tokens_and_must_be_unique() {
    let mut c = client(ProtocolVersion::V2025_11_25);
    c.assume_ready(Some(Default::default()));
    let mut w = Vec::new();
    let zero = TokenChoice::Given(ProgressToken::Int(0));
    let empty = TokenChoice::Given(ProgressToken::Str(JsonStr::new("")));
    let (a, _) = c
        .call_tool(
            &mut w,
            0,
            "t",
            None,
            CallOptions {
                timeout: None,
                progress: zero,
            },
        )
        .unwrap();
    let (b, _) = c
        .call_tool(
            &mut w,
            0,
            "t",
            None,
            CallOptions {
                timeout: None,
                progress: empty,
            },
        )
        .unwrap();
    assert_eq!(
        c.call_tool(
            &mut w,
            0,
            "t",
            None,
            CallOptions {
                timeout: None,
                progress: zero
            }
        ),
        Err(ClientError::DuplicateProgressToken)
    );
    // Auto tokens skip the ones in use.
    let (_, auto) = c
        .call_tool(
            &mut w,
            0,
            "t",
            None,
            CallOptions {
                timeout: None,
                progress: TokenChoice::Auto,
            },
        )
        .unwrap();
    assert_eq!(auto, Some(mcpwire::state::Key::Int(1)));
    let p0 = r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":0,"progress":1}}"#;
    let pe = r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"","progress":1}}"#;
    assert!(
        matches!(c.handle_input(p0.as_bytes(), 1).unwrap(), Incoming::Progress { id, .. } if id == a)
    );
    assert!(
        matches!(c.handle_input(pe.as_bytes(), 1).unwrap(), Incoming::Progress { id, .. } if id == b)
    );
    // Equal progress is not an increase.
    assert_eq!(
        c.handle_input(p0.as_bytes(), 2).unwrap(),
        Incoming::Late(Late::ProgressNotIncreasing)
    );
    // The wire carries them as given.
    let sent = String::from_utf8(w).unwrap();
    assert!(
        sent.contains(r#""_meta":{"progressToken":0}"#)
            && sent.contains(r#""_meta":{"progressToken":""}"#),
        "{sent}"
    );
}

#[test]
fn pager_follows_empty_string_cursors_and_stops_on_loops_and_the_page_cap() {
    let page = |next: &str| {
        format!(r#"{{"jsonrpc":"2.0","id":ID,"result":{{"tools":[],"nextCursor":"{next}"}}}}"#)
    };
    let mut c = client(ProtocolVersion::V2025_11_25);
    c.assume_ready(Some(Default::default()));
    let mut w = Vec::new();
    let mut id = c.list_tools(&mut w, 0).unwrap();
    let mut stops = Vec::new();
    // "", "a", "" again: the empty string is followed; its repetition is a loop.
    for next in ["", "a", ""] {
        let msg = page(next).replace("ID", &id.to_string());
        match c.handle_input(msg.as_bytes(), 0).unwrap() {
            Incoming::ToolsPage { stop, .. } => stops.push(stop),
            other => panic!("{other:?}"),
        }
        w.clear();
        if c.poll_transmit(&mut w) {
            let sent = String::from_utf8(w.clone()).unwrap();
            assert!(sent.contains(&format!(r#""cursor":"{next}""#)), "{sent}");
            id += 1;
        }
    }
    assert_eq!(stops, [None, None, Some(PagerStop::RepeatedCursor)]);
    assert!(c.catalog_stale());

    // The page cap (10 here) stops a server that never ends.
    let mut c = client(ProtocolVersion::V2025_11_25);
    c.assume_ready(Some(Default::default()));
    let mut id = c.list_tools(&mut w, 0).unwrap();
    let mut last = None;
    for i in 0..10 {
        let msg = page(&format!("c{i}")).replace("ID", &id.to_string());
        if let Incoming::ToolsPage { stop, .. } = c.handle_input(msg.as_bytes(), 0).unwrap() {
            last = stop;
        }
        w.clear();
        if c.poll_transmit(&mut w) {
            id += 1;
        }
    }
    assert_eq!(last, Some(PagerStop::PageCap));
}

#[test]
fn cursors_are_opaque_tamper_evident_and_bound_to_the_catalog() {
    let codec = CursorCodec::new(*b"fedcba9876543210");
    let page = codec.page(150, 40, None, 1).unwrap();
    assert_eq!((page.start, page.end), (0, 40));
    let next = page.next_cursor.unwrap();
    let s = next.as_str().to_string();
    assert_eq!(
        codec
            .page(150, 40, Some(&JsonStr::new(&s)), 1)
            .unwrap()
            .start,
        40
    );
    let last = codec
        .page(
            150,
            40,
            Some(&JsonStr::new(codec.encode(120, 1).as_str())),
            1,
        )
        .unwrap();
    assert_eq!((last.start, last.end, last.next_cursor), (120, 150, None));
    // Tampered, truncated, foreign, stale, empty: all -32602.
    let mut tampered = s.clone().into_bytes();
    tampered[3] = if tampered[3] == b'A' { b'B' } else { b'A' };
    let tampered = String::from_utf8(tampered).unwrap();
    let other_key = CursorCodec::new(*b"0000000000000000").encode(40, 1);
    for bad in [
        tampered.as_str(),
        &s[..20],
        other_key.as_str(),
        "",
        "not a cursor!",
    ] {
        let e = codec
            .page(150, 40, Some(&JsonStr::new(bad)), 1)
            .unwrap_err();
        assert_eq!(
            (e.kind, e.kind.code()),
            (ErrorKind::InvalidCursor, Some(-32602)),
            "{bad:?}"
        );
    }
    let e = codec.page(150, 40, Some(&JsonStr::new(&s)), 2).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidCursor);
    // An empty catalog is one empty page.
    assert_eq!(
        codec.page(0, 40, None, 1).unwrap(),
        mcpwire::state::Page {
            start: 0,
            end: 0,
            next_cursor: None
        }
    );
}

#[test]
fn the_capability_gate_refuses_tools_with_method_not_found_on_both_sides() {
    let codec = CursorCodec::new([0; 16]);
    let catalog = Catalog::new(0);
    let mut c = client(ProtocolVersion::V2025_11_25);
    let mut s = server(r#"{"prompts":{}}"#);
    let mut w = Vec::new();
    // Before the handshake nothing is known: refused.
    assert_eq!(
        c.call_tool(&mut w, 0, "t", None, CallOptions::default()),
        Err(ClientError::MethodNotFound)
    );
    c.start(&mut w, 0).unwrap();
    let (_, replies) = serve(&mut s, &codec, &catalog, &w);
    assert_eq!(
        label(&c.handle_input(&replies[0], 0).unwrap()),
        "ready 2025-11-25 tools=false"
    );
    let err = c
        .call_tool(&mut w, 0, "t", None, CallOptions::default())
        .unwrap_err();
    assert_eq!(
        (err, err.kind().code()),
        (ClientError::MethodNotFound, Some(-32601))
    );
    assert_eq!(c.list_tools(&mut w, 0), Err(ClientError::MethodNotFound));
    // A client that ignores the gate gets the same answer from the server.
    let call = br#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"t"}}"#;
    let (l, replies) = serve(&mut s, &codec, &catalog, call);
    assert_eq!(l, "refused method_not_found");
    let reply: serde_json::Value = serde_json::from_slice(&replies[0]).unwrap();
    assert_eq!(reply["error"]["code"], -32601);
    assert_eq!(reply["id"], 3);
}

#[test]
fn protocol_2026_discovers_and_sends_meta_on_every_request() {
    let codec = CursorCodec::new([1; 16]);
    let catalog = Catalog::new(3);
    let mut c = client(ProtocolVersion::V2026_07_28);
    let mut s = server(r#"{"tools":{}}"#);
    let mut w = Vec::new();
    c.start(&mut w, 0).unwrap();
    assert!(String::from_utf8_lossy(&w).contains(r#""method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28""#));
    let (l, replies) = serve(&mut s, &codec, &catalog, &w);
    assert_eq!(l, "handshake");
    let discover: serde_json::Value = serde_json::from_slice(&replies[0]).unwrap();
    assert_eq!(
        discover["result"]["supportedVersions"],
        serde_json::json!(["2025-11-25", "2026-07-28"])
    );
    assert_eq!(
        label(&c.handle_input(&replies[0], 0).unwrap()),
        "ready 2026-07-28 tools=true"
    );
    assert!(
        !c.poll_transmit(&mut Vec::new()),
        "2026 has no initialized notification"
    );
    w.clear();
    c.call_tool(&mut w, 0, "tool_000", None, CallOptions::default())
        .unwrap();
    let sent: serde_json::Value = serde_json::from_slice(&w).unwrap();
    let meta = &sent["params"]["_meta"];
    assert_eq!(
        meta["io.modelcontextprotocol/protocolVersion"],
        "2026-07-28"
    );
    assert_eq!(
        meta["io.modelcontextprotocol/clientCapabilities"],
        serde_json::json!({})
    );
    assert_eq!(
        serve(&mut s, &codec, &catalog, &w).0,
        "call Int(1) tool_000"
    );
    assert_eq!(s.version(), ProtocolVersion::V2026_07_28);
    // A request naming a version the server does not serve: -32022.
    let old = br#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"t","_meta":{"io.modelcontextprotocol/protocolVersion":"2024-11-05","io.modelcontextprotocol/clientCapabilities":{}}}}"#;
    let (l, replies) = serve(&mut s, &codec, &catalog, old);
    assert_eq!(l, "refused unsupported_protocol_version");
    let reply: serde_json::Value = serde_json::from_slice(&replies[0]).unwrap();
    assert_eq!(reply["error"]["code"], -32022);
    // Undecodable input is answered with the table's code and the id when it can be read.
    let (l, replies) = serve(
        &mut s,
        &codec,
        &catalog,
        br#"{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":1}}"#,
    );
    assert_eq!(l, "refused wrong_type");
    let reply: serde_json::Value = serde_json::from_slice(&replies[0]).unwrap();
    assert_eq!(
        (reply["id"].clone(), reply["error"]["code"].clone()),
        (serde_json::json!(10), serde_json::json!(-32602))
    );
}

#[test]
fn time_limits_reset_on_progress_but_never_past_the_maximum() {
    let mut cfg = ClientConfig::new(ProtocolVersion::V2025_11_25, raw(INFO));
    cfg.reset_timeout_on_progress = true;
    cfg.max_timeout = Some(1000);
    let mut c: Client<'static> = Client::new(cfg);
    c.assume_ready(Some(Default::default()));
    let mut w = Vec::new();
    let (id, _) = c
        .call_tool(
            &mut w,
            0,
            "t",
            None,
            CallOptions {
                timeout: Some(300),
                progress: TokenChoice::Auto,
            },
        )
        .unwrap();
    assert_eq!(c.poll_timeout(), Some(300));
    let p = |v: u32| {
        format!(
            r#"{{"jsonrpc":"2.0","method":"notifications/progress","params":{{"progressToken":0,"progress":{v}}}}}"#
        )
    };
    c.handle_input(p(1).as_bytes(), 250).unwrap();
    assert_eq!(c.poll_timeout(), Some(550));
    for (i, t) in [500u64, 750, 990].into_iter().enumerate() {
        c.handle_input(p(i as u32 + 2).as_bytes(), t).unwrap();
    }
    assert_eq!(c.poll_timeout(), Some(1000));
    c.handle_timeout(1000);
    assert_eq!(
        c.poll_event(),
        Some(ClientEvent::TimedOut {
            id,
            method: mcpwire::mcp::Method::ToolsCall
        })
    );
    let mut cancel = Vec::new();
    assert!(c.poll_transmit(&mut cancel));
    assert_eq!(
        String::from_utf8(cancel).unwrap(),
        format!(
            r#"{{"jsonrpc":"2.0","method":"notifications/cancelled","params":{{"requestId":{id},"reason":"timeout"}}}}"#
        )
    );
    // Cancelling what already ended is harmless and sends nothing.
    let mut nothing = Vec::new();
    assert!(!c.cancel(&mut nothing, id, None));
    assert!(!c.cancel(&mut nothing, 12345, None));
    assert!(nothing.is_empty());
}
