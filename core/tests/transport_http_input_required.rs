//! HttpEndpoint on the 2026-07-28 wire: a call answered with an `InputRequiredResult` (200,
//! JSON), its retry's `inputResponses`/`requestState` in the call event, and an input request
//! the call's declared capabilities do not cover refused, the call still open for -32021.

use mcpwire::json::Value;
use mcpwire::transport::http::{EndpointConfig, Handled, HttpEndpoint};
use mcpwire::{ErrorKind, Limits};

fn v(text: &str) -> Value {
    Value::parse(text.as_bytes(), Limits::DEFAULT).unwrap()
}

fn endpoint() -> HttpEndpoint {
    let mut config = EndpointConfig::new(v(r#"{"name":"s","version":"1"}"#), v(r#"{"tools":{}}"#));
    config.tools = vec![v(r#"{"name":"login","inputSchema":{"type":"object"}}"#)];
    HttpEndpoint::new(config).unwrap()
}

fn post(ep: &mut HttpEndpoint, caps: &str, extra: &str) -> (u64, Value) {
    let body = format!(
        r#"{{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{{"name":"login","arguments":{{}},"_meta":{{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{caps}}}{extra}}}}}"#
    );
    let headers: [(&[u8], &[u8]); 5] = [
        (b"Content-Type", b"application/json"),
        (b"Accept", b"application/json, text/event-stream"),
        (b"MCP-Protocol-Version", b"2026-07-28"),
        (b"Mcp-Method", b"tools/call"),
        (b"Mcp-Name", b"login"),
    ];
    match ep
        .handle("POST", &headers, body.as_bytes(), 0, &[7; 16])
        .unwrap()
    {
        Handled::Call { exchange, request } => (exchange, request),
        other => panic!("not a call: {other:?}"),
    }
}

const ASK: &str = r#"{"inputRequests":{"user_name":{"method":"elicitation/create","params":{"message":"What is your name?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}}}},"requestState":"s1"}"#;

#[test]
fn a_call_is_answered_with_input_required_and_its_retry_carries_the_answers() {
    let mut ep = endpoint();
    let (x, request) = post(&mut ep, r#"{"elicitation":{}}"#, "");
    assert_eq!(request.get("inputResponses"), Some(&Value::Null));
    let r = ep.respond_input_required(x, &v(ASK)).unwrap();
    assert_eq!((r.status, r.done), (Some(200), true));
    let body = v(std::str::from_utf8(&r.body).unwrap());
    let result = body.get("result").unwrap();
    assert_eq!(result.get("resultType"), Some(&v(r#""input_required""#)));
    assert_eq!(result.get("requestState"), Some(&v(r#""s1""#)));
    assert_eq!(ep.exchange_count(), 0);

    let retry = r#","inputResponses":{"user_name":{"action":"accept","content":{"name":"Alice"}}},"requestState":"s1""#;
    let (_, request) = post(&mut ep, r#"{"elicitation":{}}"#, retry);
    assert_eq!(
        request.get("inputResponses"),
        Some(&v(
            r#"{"user_name":{"action":"accept","content":{"name":"Alice"}}}"#
        ))
    );
    assert_eq!(request.get("requestState"), Some(&v(r#""s1""#)));
}

#[test]
fn an_undeclared_capability_is_refused_and_the_call_can_still_answer_32021() {
    let mut ep = endpoint();
    let (x, _) = post(&mut ep, "{}", "");
    let e = ep.respond_input_required(x, &v(ASK)).unwrap_err();
    assert_eq!(e.kind, ErrorKind::MissingRequiredClientCapability);
    assert_eq!(ep.exchange_count(), 1);
    let data = v(r#"{"requiredCapabilities":{"elicitation":{}}}"#);
    let r = ep
        .respond_failure_with_data(
            x,
            "missing_required_client_capability",
            &e.message,
            Some(&data),
        )
        .unwrap();
    assert_eq!(r.status, Some(400));
}
