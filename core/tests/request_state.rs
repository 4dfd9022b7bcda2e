//! A server's requestState sealed and opened (state::request_state and its value-level
//! form), and input requests cut down to the declared client capabilities.

use mcpwire::api::{declared_input_requests, open_request_state, seal_request_state};
use mcpwire::json::Value;
use mcpwire::state::request_state::{self as rs, RequestStateError, MIN_KEY_BYTES};
use mcpwire::{ErrorKind, Limits};

const KEY: [u8; 32] = [0x5a; 32];

fn v(text: &str) -> Value {
    Value::parse(text.as_bytes(), Limits::DEFAULT).unwrap()
}

#[test]
fn a_sealed_state_opens_with_the_same_key_and_binding() {
    let state = br#"{"round":1,"answers":{}}"#;
    let sealed = rs::seal_request_state(&KEY, b"tool", state).unwrap();
    assert!(sealed
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)));
    assert_eq!(
        rs::open_request_state(&KEY, b"tool", &sealed).unwrap(),
        state
    );
    // The same state sealed again is the same text (no randomness, no time).
    assert_eq!(
        rs::seal_request_state(&KEY, b"tool", state).unwrap(),
        sealed
    );
    // Empty states seal too.
    let empty = rs::seal_request_state(&KEY, b"", b"").unwrap();
    assert_eq!(rs::open_request_state(&KEY, b"", &empty).unwrap(), b"");
}

#[test]
fn any_change_to_a_sealed_state_is_refused() {
    let sealed = rs::seal_request_state(&KEY, b"tool", b"state of round one").unwrap();
    for i in 0..sealed.len() {
        let mut bytes = sealed.clone().into_bytes();
        // Another base64url character (or another separator) at position i.
        bytes[i] = if bytes[i] == b'A' { b'B' } else { b'A' };
        let changed = String::from_utf8(bytes).unwrap();
        let got = rs::open_request_state(&KEY, b"tool", &changed);
        assert!(
            matches!(
                got,
                Err(RequestStateError::Tampered | RequestStateError::Malformed)
            ),
            "position {i}: {got:?}"
        );
    }
    let appended = format!("{sealed}-TAMPERED");
    assert_eq!(
        rs::open_request_state(&KEY, b"tool", &appended),
        Err(RequestStateError::Malformed)
    );
    let payload_changed = format!("x{sealed}");
    assert_eq!(
        rs::open_request_state(&KEY, b"tool", &payload_changed),
        Err(RequestStateError::Tampered)
    );
}

#[test]
fn a_state_for_another_binding_or_key_is_refused() {
    let sealed = rs::seal_request_state(&KEY, b"tool_a", b"s").unwrap();
    assert_eq!(
        rs::open_request_state(&KEY, b"tool_b", &sealed),
        Err(RequestStateError::Tampered)
    );
    assert_eq!(
        rs::open_request_state(&[1; 32], b"tool_a", &sealed),
        Err(RequestStateError::Tampered)
    );
    // The binding's length is covered: "ab" + "c…" is not "a" + "bc…".
    let split = rs::seal_request_state(&KEY, b"ab", b"").unwrap();
    let (payload, tag) = split.split_once('.').unwrap();
    assert!(payload.is_empty());
    assert_eq!(
        rs::open_request_state(&KEY, b"a", &format!("{payload}.{tag}")),
        Err(RequestStateError::Tampered)
    );
}

#[test]
fn short_keys_and_malformed_states_are_refused() {
    let short = [1u8; MIN_KEY_BYTES - 1];
    assert_eq!(
        rs::seal_request_state(&short, b"t", b"s"),
        Err(RequestStateError::ShortKey)
    );
    for bad in ["", ".", "abc", "abc.def", "a.b.c", "é.é"] {
        assert_eq!(
            rs::open_request_state(&KEY, b"t", bad),
            Err(RequestStateError::Malformed),
            "{bad}"
        );
    }
}

#[test]
fn value_states_round_trip_and_a_tampered_one_is_invalid_params() {
    let state =
        v(r#"{"round":2,"answers":{"step1":{"action":"accept","content":{"name":"Ada"}}}}"#);
    let sealed = seal_request_state(&KEY, "multi_round", &state).unwrap();
    assert_eq!(
        open_request_state(&KEY, "multi_round", &sealed).unwrap(),
        state
    );
    let e = open_request_state(&KEY, "multi_round", &format!("{sealed}-TAMPERED")).unwrap_err();
    assert_eq!(
        (e.kind, e.kind.code()),
        (ErrorKind::InvalidValue, Some(-32602))
    );
    let e = open_request_state(&KEY, "other_tool", &sealed).unwrap_err();
    assert_eq!(e.message, "requestState failed its integrity check");
    assert!(seal_request_state(&KEY[..16], "t", &state).is_err());
}

const REQUESTS: &str = r#"{
  "name": {"method": "elicitation/create", "params": {"message": "Name?", "requestedSchema": {"type": "object", "properties": {}}}},
  "greeting": {"method": "sampling/createMessage", "params": {"messages": [], "maxTokens": 5}},
  "roots": {"method": "roots/list", "params": {}}
}"#;

#[test]
fn input_requests_are_cut_down_to_the_declared_capabilities() {
    let all = v(REQUESTS);
    let keys = |caps: Option<&str>| -> Vec<String> {
        let caps = caps.map(v);
        match declared_input_requests(&all, caps.as_ref()).unwrap() {
            Value::Object(m) => m.into_iter().map(|(k, _)| k).collect(),
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(keys(Some(r#"{"sampling":{}}"#)), ["greeting"]);
    assert_eq!(
        keys(Some(
            r#"{"elicitation":{},"roots":{"listChanged":true},"sampling":{}}"#
        )),
        ["name", "greeting", "roots"]
    );
    // Declared means an object; anything else, or nothing, declares nothing.
    assert!(keys(Some(r#"{"elicitation":true,"sampling":null}"#)).is_empty());
    assert!(keys(None).is_empty());
    // The kept members are the input requests as given.
    let kept = declared_input_requests(&all, Some(&v(r#"{"roots":{}}"#))).unwrap();
    assert_eq!(kept.get("roots"), all.get("roots"));
}

#[test]
fn a_member_that_is_not_an_input_request_is_a_usage_error() {
    let caps = v(r#"{"sampling":{}}"#);
    for bad in [r#"{"x":{"method":"tools/call"}}"#, r#"{"x":{}}"#, r#"[]"#] {
        assert!(
            declared_input_requests(&v(bad), Some(&caps)).is_err(),
            "{bad}"
        );
    }
}
