//! SEP-1034: an accepted elicitation gets the `default` of every property it omits
//! (`api::apply_elicitation_defaults`); nothing else changes.

use mcpwire::api::apply_elicitation_defaults;
use mcpwire::json::Value;
use mcpwire::{ErrorKind, Limits};

fn v(text: &str) -> Value {
    Value::parse(text.as_bytes(), Limits::DEFAULT).unwrap()
}

/// The conformance suite's elicitation-sep1034-client-defaults request.
const PARAMS: &str = r#"{"message":"m","requestedSchema":{"type":"object","properties":{
  "name":{"type":"string","default":"John Doe"},
  "age":{"type":"integer","default":30},
  "score":{"type":"number","default":95.5},
  "status":{"type":"string","enum":["active","inactive","pending"],"default":"active"},
  "verified":{"type":"boolean","default":true},
  "note":{"type":"string"}},"required":[]}}"#;

#[test]
fn an_accepted_result_gets_every_omitted_default() {
    let got = apply_elicitation_defaults(&v(PARAMS), &v(r#"{"action":"accept","content":{}}"#));
    let want = r#"{"action":"accept","content":{"name":"John Doe","age":30,"score":95.5,"status":"active","verified":true}}"#;
    assert_eq!(got.unwrap(), v(want));
    // Without content: one is made.
    let got = apply_elicitation_defaults(&v(PARAMS), &v(r#"{"action":"accept"}"#)).unwrap();
    assert_eq!(got.get("content"), v(want).get("content"));
}

#[test]
fn a_value_the_user_gave_is_kept() {
    let result =
        v(r#"{"action":"accept","content":{"age":41,"name":null,"extra":"x"},"_meta":{}}"#);
    let got = apply_elicitation_defaults(&v(PARAMS), &result).unwrap();
    let want = r#"{"action":"accept","content":{"age":41,"name":null,"extra":"x","score":95.5,"status":"active","verified":true},"_meta":{}}"#;
    assert_eq!(got, v(want));
}

#[test]
fn declined_cancelled_and_url_mode_are_unchanged() {
    for result in [
        r#"{"action":"decline"}"#,
        r#"{"action":"cancel"}"#,
        r#"{"action":"other"}"#,
    ] {
        assert_eq!(
            apply_elicitation_defaults(&v(PARAMS), &v(result)).unwrap(),
            v(result)
        );
    }
    let url = v(r#"{"mode":"url","message":"m","url":"https://x","elicitationId":"e"}"#);
    let accept = v(r#"{"action":"accept"}"#);
    assert_eq!(apply_elicitation_defaults(&url, &accept).unwrap(), accept);
}

#[test]
fn wrong_shapes_are_invalid_values() {
    let accept = v(r#"{"action":"accept","content":{}}"#);
    for (params, result) in [
        ("[]", r#"{"action":"accept"}"#),
        (PARAMS, "[]"),
        (PARAMS, r#"{"action":"accept","content":[1]}"#),
        (
            r#"{"requestedSchema":{"properties":[]}}"#,
            r#"{"action":"accept"}"#,
        ),
    ] {
        let e = apply_elicitation_defaults(&v(params), &v(result)).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidValue, "{params} {result}");
    }
    assert!(apply_elicitation_defaults(&v("{}"), &accept).is_ok());
}

/// The answer goes back as the response to the server's request, written by the client
/// session (its shape is the method's, so no guess from its keys: `content` here is an
/// object, not a tool result's array).
#[test]
fn the_client_session_writes_the_response() {
    use mcpwire::api::{ClientOptions, ClientSession};
    let c = ClientSession::new(
        "2025-11-25",
        &v(r#"{"name":"c","version":"1"}"#),
        Some(&v(r#"{"elicitation":{}}"#)),
        &ClientOptions::default(),
    )
    .unwrap();
    let result = apply_elicitation_defaults(&v(PARAMS), &v(r#"{"action":"accept"}"#)).unwrap();
    let bytes = c.respond(&v("7"), &result).unwrap();
    let want = r#"{"jsonrpc":"2.0","id":7,"result":{"action":"accept","content":{"name":"John Doe","age":30,"score":95.5,"status":"active","verified":true}}}"#;
    assert_eq!(String::from_utf8(bytes).unwrap(), want);
    let bytes = c.respond(&v(r#""s-1""#), &v("{}")).unwrap();
    assert_eq!(bytes, br#"{"jsonrpc":"2.0","id":"s-1","result":{}}"#);
    assert_eq!(
        c.respond(&v("7"), &v("[]")).unwrap_err().kind,
        ErrorKind::InvalidValue
    );
    for id in ["1.5", "null", "{}"] {
        assert_eq!(
            c.respond(&v(id), &v("{}")).unwrap_err().kind,
            ErrorKind::InvalidId,
            "{id}"
        );
    }
}

/// A response whose `content` is no array is not a tool result: an `ElicitResult` (and a
/// 2025-06-18 `CreateMessageResult`) decodes; a `tools/call` result with such content does
/// not. (Before, every `content` was read as a tool result's, and these were refused.)
#[test]
fn a_content_object_is_not_a_tool_result() {
    use mcpwire::api::decode_value;
    use mcpwire::mcp::{McpMessage, Method};
    let elicit = br#"{"jsonrpc":"2.0","id":7,"result":{"action":"accept","content":{"name":"x"}}}"#;
    let got = decode_value(elicit, Limits::DEFAULT).unwrap();
    assert_eq!(got, v(std::str::from_utf8(elicit).unwrap()));
    let sampled = br#"{"jsonrpc":"2.0","id":8,"result":{"role":"assistant","content":{"type":"text","text":"hi"},"model":"m"}}"#;
    assert!(decode_value(sampled, Limits::DEFAULT).is_ok());
    let e = McpMessage::decode_with(elicit, Limits::DEFAULT, Some(Method::ToolsCall)).unwrap_err();
    assert_eq!(e.kind, ErrorKind::WrongType);
    // An array is still read as content blocks, and checked.
    let bad = br#"{"jsonrpc":"2.0","id":9,"result":{"content":[5]}}"#;
    assert!(decode_value(bad, Limits::DEFAULT).is_err());
}
