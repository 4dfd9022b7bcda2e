//! Multi round-trip requests (2026-07-28): a server answers `tools/call` with an
//! `InputRequiredResult`, the client surfaces it and retries with `inputResponses` and the
//! `requestState`, the server's handler reads them. And the client's `resultType` rules.
//! Every message crosses as bytes.

use mcpwire::json::{JsonStr, RawJson};
use mcpwire::mcp::{CallToolResult, ContentBlock, InputRequiredResult, List, ProtocolVersion};
use mcpwire::mcp::{Extra, ResultType, TextContent};
use mcpwire::state::{
    CallOptions, Client, ClientCapability, ClientConfig, ClientError, Incoming, InputResponses,
    Server, ServerConfig, ServerError, ServerIncoming, Versions,
};
use mcpwire::{ErrorKind, RequestId};

const INFO: &str = r#"{"name":"sim","version":"1"}"#;
const ELICIT: &str = r#"{"github_login":{"method":"elicitation/create","params":{"message":"Please provide your GitHub username","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}}}}"#;

fn raw(s: &str) -> RawJson<'_> {
    RawJson::parse(s).unwrap()
}

fn server() -> Server<'static> {
    Server::new(ServerConfig {
        versions: Versions::new(&[ProtocolVersion::V2026_07_28, ProtocolVersion::V2025_11_25]),
        server_info: raw(INFO).into(),
        capabilities: raw(r#"{"tools":{}}"#).into(),
        limits: Default::default(),
    })
}

fn client(capabilities: &'static str) -> Client<'static> {
    let mut cfg = ClientConfig::new(ProtocolVersion::V2026_07_28, raw(INFO));
    cfg.capabilities = raw(capabilities).into();
    let mut c = Client::new(cfg);
    c.assume_ready(Some(Default::default()));
    c
}

fn call(id: u32, caps: &str, extra: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"login","_meta":{{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{caps}}}{extra}}}}}"#
    )
}

fn asking(
    requests: Option<&'static str>,
    state: Option<&'static str>,
) -> InputRequiredResult<'static> {
    InputRequiredResult {
        input_requests: requests.map(raw),
        request_state: state.map(JsonStr::new),
        result_type: None,
        meta: None,
        extra: Extra::NONE,
    }
}

/// The whole round trip, with the bytes of the spec's example ("Input Required Response"
/// and "Retry with Input Responses" in tools-2026-07-28.mdx).
#[test]
fn a_call_asks_for_input_and_the_retry_brings_the_responses_and_the_state() {
    let mut c = client(r#"{"elicitation":{}}"#);
    let mut s = server();
    let mut w = Vec::new();
    let args = raw(r#"{"location":"New York"}"#);
    let (first, _) = c
        .call_tool(&mut w, 0, "get_weather", Some(args), CallOptions::default())
        .unwrap();
    let ServerIncoming::CallTool { id, params } = s.handle_input(&w, 0) else {
        panic!("not a call")
    };
    assert_eq!((params.input_responses, params.request_state), (None, None));
    let mut answer = Vec::new();
    s.respond_input_required(
        &mut answer,
        &id,
        &asking(Some(ELICIT), Some("eyJsb2NhdGlvbiI6Ik5ldyBZb3JrIn0...")),
    )
    .unwrap();
    assert_eq!(
        String::from_utf8(answer.clone()).unwrap(),
        format!(
            r#"{{"jsonrpc":"2.0","id":{first},"result":{{"resultType":"input_required","inputRequests":{ELICIT},"requestState":"eyJsb2NhdGlvbiI6Ik5ldyBZb3JrIn0..."}}}}"#
        )
    );
    assert_eq!(
        s.in_flight(),
        0,
        "an input_required result ends the request"
    );
    let Incoming::InputRequired { id: got, result } = c.handle_input(&answer, 0).unwrap() else {
        panic!("not input_required")
    };
    assert_eq!(got, first);
    assert_eq!(result.input_requests, Some(raw(ELICIT)));
    let responses = raw(r#"{"github_login":{"action":"accept","content":{"name":"octocat"}}}"#);
    let input = InputResponses {
        input_responses: Some(responses),
        request_state: result.request_state,
    };
    let mut retry = Vec::new();
    let (second, _) = c
        .retry_tool(
            &mut retry,
            0,
            "get_weather",
            Some(args),
            input,
            CallOptions::default(),
        )
        .unwrap();
    assert_ne!(second, first, "the JSON-RPC id MUST be different");
    let sent: serde_json::Value = serde_json::from_slice(&retry).unwrap();
    assert_eq!(
        sent["params"]["arguments"],
        serde_json::json!({"location":"New York"})
    );
    assert_eq!(
        sent["params"]["inputResponses"],
        serde_json::json!({"github_login":{"action":"accept","content":{"name":"octocat"}}})
    );
    assert_eq!(
        sent["params"]["requestState"],
        "eyJsb2NhdGlvbiI6Ik5ldyBZb3JrIn0..."
    );
    let ServerIncoming::CallTool { id, params } = s.handle_input(&retry, 0) else {
        panic!("not a call")
    };
    assert_eq!(params.input_responses, Some(responses));
    assert_eq!(
        params.request_state.and_then(|t| t.as_str()),
        Some("eyJsb2NhdGlvbiI6Ik5ldyBZb3JrIn0...")
    );
    let blocks = [ContentBlock::Text(TextContent {
        text: JsonStr::new("Hello, octocat"),
        annotations: None,
        meta: None,
        extra: Extra::NONE,
    })];
    let done = CallToolResult {
        content: List::Slice(&blocks),
        structured_content: None,
        is_error: None,
        result_type: None,
        meta: None,
        extra: Extra::NONE,
    };
    let mut last = Vec::new();
    s.respond_tool(&mut last, &id, &done).unwrap();
    assert!(matches!(
        c.handle_input(&last, 0).unwrap(),
        Incoming::ToolResult { id, .. } if id == second
    ));
}

#[test]
fn input_requests_need_the_capabilities_the_call_declared() {
    let mut s = server();
    let w = call(1, r#"{"elicitation":{},"roots":{}}"#, "");
    let ServerIncoming::CallTool { id, .. } = s.handle_input(w.as_bytes(), 0) else {
        panic!()
    };
    let sampling =
        r#"{"q":{"method":"sampling/createMessage","params":{"messages":[],"maxTokens":5}}}"#;
    let mut out = Vec::new();
    assert_eq!(
        s.respond_input_required(&mut out, &id, &asking(Some(sampling), None)),
        Err(ServerError::UndeclaredCapability(
            ClientCapability::Sampling
        ))
    );
    assert!(
        out.is_empty() && s.in_flight() == 1,
        "nothing sent; the call stays open"
    );
    let roots = r#"{"r":{"method":"roots/list","params":{}}}"#;
    s.respond_input_required(&mut out, &id, &asking(Some(roots), None))
        .unwrap();
    assert!(String::from_utf8(out)
        .unwrap()
        .contains(r#""inputRequests":{"r":{"method":"roots/list""#));

    // A capability declared as something other than an object is not declared.
    let w = call(2, r#"{"elicitation":true}"#, "");
    let ServerIncoming::CallTool { id, .. } = s.handle_input(w.as_bytes(), 0) else {
        panic!()
    };
    assert_eq!(
        s.respond_input_required(&mut Vec::new(), &id, &asking(Some(ELICIT), None)),
        Err(ServerError::UndeclaredCapability(
            ClientCapability::Elicitation
        ))
    );
}

#[test]
fn an_input_required_result_must_ask_for_something_known() {
    let mut s = server();
    let w = call(1, r#"{"elicitation":{},"sampling":{},"roots":{}}"#, "");
    let ServerIncoming::CallTool { id, .. } = s.handle_input(w.as_bytes(), 0) else {
        panic!()
    };
    let mut out = Vec::new();
    for (requests, state, why) in [
        (None, None, ServerError::EmptyInputRequired),
        (
            Some(r#"{"x":{"method":"ping"}}"#),
            None,
            ServerError::InvalidInputRequest,
        ),
        (
            Some(r#"{"x":{"params":{}}}"#),
            None,
            ServerError::InvalidInputRequest,
        ),
        (
            Some(r#"{"x":"roots/list"}"#),
            None,
            ServerError::InvalidInputRequest,
        ),
        (Some(r#"[]"#), Some("s"), ServerError::InvalidInputRequest),
    ] {
        assert_eq!(
            s.respond_input_required(&mut out, &id, &asking(requests, state)),
            Err(why),
            "{requests:?}"
        );
    }
    assert!(out.is_empty());
    // requestState alone is enough ("At least one of inputRequests or requestState").
    s.respond_input_required(&mut out, &id, &asking(None, Some("step-2")))
        .unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        r#"{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","requestState":"step-2"}}"#
    );
    assert_eq!(
        s.respond_input_required(&mut Vec::new(), &id, &asking(None, Some("again"))),
        Err(ServerError::AlreadyAnswered)
    );
    assert_eq!(
        s.respond_input_required(
            &mut Vec::new(),
            &RequestId::Int(77),
            &asking(None, Some("s"))
        ),
        Err(ServerError::UnknownRequest)
    );
}

#[test]
fn only_2026_has_input_required_results_and_a_cancelled_call_gets_none() {
    let mut s = server();
    let init = br#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{}},"clientInfo":{"name":"c","version":"1"}}}"#;
    assert_eq!(s.handle_input(init, 0), ServerIncoming::Handshake);
    let old = br#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t"}}"#;
    let ServerIncoming::CallTool { id, .. } = s.handle_input(old, 0) else {
        panic!()
    };
    assert_eq!(
        s.respond_input_required(&mut Vec::new(), &id, &asking(Some(ELICIT), None)),
        Err(ServerError::InputRequiredNotInVersion)
    );

    let mut s = server();
    let w = call(2, r#"{"elicitation":{}}"#, "");
    let ServerIncoming::CallTool { id, .. } = s.handle_input(w.as_bytes(), 0) else {
        panic!()
    };
    assert!(s.stream_closed(&id));
    let mut out = Vec::new();
    assert_eq!(
        s.respond_input_required(&mut out, &id, &asking(Some(ELICIT), None)),
        Err(ServerError::Cancelled)
    );
    assert!(out.is_empty());

    let mut c = Client::<4>::new(ClientConfig::new(ProtocolVersion::V2025_11_25, raw(INFO)));
    c.assume_ready(Some(Default::default()));
    assert_eq!(
        c.retry_tool(
            &mut Vec::new(),
            0,
            "t",
            None,
            InputResponses::default(),
            CallOptions::default()
        ),
        Err(ClientError::NotInVersion)
    );
}

#[test]
fn the_retry_params_reach_the_handler_and_bad_ones_are_refused() {
    let mut s = server();
    let w = call(
        3,
        "{}",
        r#","inputResponses":{"user_name":{"action":"accept","content":{"name":"Alice"}}},"requestState":"r1""#,
    );
    let ServerIncoming::CallTool { params, .. } = s.handle_input(w.as_bytes(), 0) else {
        panic!()
    };
    assert_eq!(
        params
            .input_responses
            .and_then(|r| r.get("user_name"))
            .map(|v| v.as_str()),
        Some(r#"{"action":"accept","content":{"name":"Alice"}}"#)
    );
    for bad in [
        r#","inputResponses":null"#,
        r#","inputResponses":[]"#,
        r#","requestState":5"#,
    ] {
        let w = call(4, "{}", bad);
        assert!(
            matches!(
                s.handle_input(w.as_bytes(), 0),
                ServerIncoming::Refused {
                    kind: ErrorKind::WrongType,
                    ..
                }
            ),
            "{bad}"
        );
    }
}

/// "A `resultType` of any value unrecognized by the client MUST be considered invalid";
/// "clients MUST treat an absent `resultType` as \"complete\"".
#[test]
fn the_client_refuses_an_unknown_result_type_and_reads_an_absent_one_as_complete() {
    let mut c = client("{}");
    let mut w = Vec::new();
    let (id, _) = c
        .call_tool(&mut w, 0, "t", None, CallOptions::default())
        .unwrap();
    let reply =
        format!(r#"{{"jsonrpc":"2.0","id":{id},"result":{{"resultType":"task","content":[]}}}}"#);
    let e = c.handle_input(reply.as_bytes(), 0).unwrap_err();
    assert_eq!((e.kind, e.detail), (ErrorKind::InvalidValue, "resultType"));
    assert_eq!(&reply[e.offset..e.offset + 6], r#""task""#);

    let (id, _) = c
        .call_tool(&mut w, 0, "t", None, CallOptions::default())
        .unwrap();
    let reply = format!(r#"{{"jsonrpc":"2.0","id":{id},"result":{{"content":[]}}}}"#);
    assert!(matches!(
        c.handle_input(reply.as_bytes(), 0).unwrap(),
        Incoming::ToolResult {
            result: CallToolResult {
                result_type: None,
                ..
            },
            ..
        }
    ));
    let (id, _) = c
        .call_tool(&mut w, 0, "t", None, CallOptions::default())
        .unwrap();
    let reply = format!(
        r#"{{"jsonrpc":"2.0","id":{id},"result":{{"resultType":"complete","content":[]}}}}"#
    );
    assert!(matches!(
        c.handle_input(reply.as_bytes(), 0).unwrap(),
        Incoming::ToolResult {
            result: CallToolResult {
                result_type: Some(ResultType::Complete),
                ..
            },
            ..
        }
    ));
    // A tools/list page is held to the same rule.
    let (id, _) = (c.list_tools(&mut w, 0).unwrap(), ());
    let reply =
        format!(r#"{{"jsonrpc":"2.0","id":{id},"result":{{"resultType":"later","tools":[]}}}}"#);
    assert_eq!(
        c.handle_input(reply.as_bytes(), 0).unwrap_err().kind,
        ErrorKind::InvalidValue
    );
}

/// "Servers MUST NOT send InputRequiredResult responses on any client requests other than the
/// supported ones": on `tools/list` the client refuses it.
#[test]
fn the_client_refuses_input_required_on_a_listing() {
    let mut c = client("{}");
    let mut w = Vec::new();
    let id = c.list_tools(&mut w, 0).unwrap();
    let reply = format!(
        r#"{{"jsonrpc":"2.0","id":{id},"result":{{"resultType":"input_required","tools":[]}}}}"#
    );
    let e = c.handle_input(reply.as_bytes(), 0).unwrap_err();
    assert_eq!((e.kind, e.detail), (ErrorKind::InvalidValue, "resultType"));
    assert_eq!(e.offset, reply.find(r#""input_required""#).unwrap());
}
