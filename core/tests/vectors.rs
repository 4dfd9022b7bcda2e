//! Replays the shared vectors in tests/vectors/ (the bindings replay the same files).

use mcpwire::api;
use mcpwire::json::Value;
use mcpwire::{ErrorKind, Limits, McpMessage, Report};
use serde_json::Value as Json;

#[path = "common/vectors.rs"]
mod shared;
use shared::{expect_failure, limits_of, vectors};

fn input_of(case: &Json) -> Vec<u8> {
    if let Some(b64) = case.get("input_base64").and_then(Json::as_str) {
        return base64_decode(b64);
    }
    case["input"].as_str().expect("input").as_bytes().to_vec()
}

fn base64_decode(s: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits = 0u32;
    let mut n = 0;
    let mut out = Vec::new();
    for c in s.bytes().filter(|&c| c != b'=') {
        let v = ALPHABET.iter().position(|&a| a == c).expect("base64") as u32;
        bits = (bits << 6) | v;
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push((bits >> n) as u8);
        }
    }
    out
}

/// The value as serde_json reads each number's own text (no canonical rewriting).
fn to_json(v: &Value) -> Json {
    match v {
        Value::Null => Json::Null,
        Value::Bool(b) => Json::Bool(*b),
        Value::Number(t) => serde_json::from_str(t).unwrap(),
        Value::String(s) => Json::String(s.clone()),
        Value::Array(a) => Json::Array(a.iter().map(to_json).collect()),
        Value::Object(m) => Json::Object(m.iter().map(|(k, v)| (k.clone(), to_json(v))).collect()),
    }
}

fn report_json(input: &[u8], limits: Limits) -> Json {
    let mut out = Vec::new();
    Report::of(input, limits, None).write_json(&mut out, None);
    serde_json::from_slice(&out).expect("report is JSON")
}

#[test]
fn valid_vectors_decode_classify_and_encode_canonically() {
    let cases = vectors("valid.json");
    assert!(cases.len() >= 20);
    for case in &cases {
        let name = case["name"].as_str().unwrap();
        let input = input_of(case);
        let msg = McpMessage::decode(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
        let facts = report_json(&input, Limits::DEFAULT);
        for key in ["kind", "method", "id", "type", "class"] {
            assert_eq!(facts[key], case[key], "{name}: {key}");
        }
        assert_eq!(facts["ok"], Json::Bool(true), "{name}");
        let canonical = case["canonical"].as_str().unwrap();
        let encoded = mcpwire::encode_to_vec(&msg);
        assert_eq!(
            String::from_utf8(encoded.clone()).unwrap(),
            canonical,
            "{name}"
        );
        // Canonical output is a fixed point and means the same JSON as the input.
        let again = McpMessage::decode(&encoded).unwrap();
        assert_eq!(
            mcpwire::encode_to_vec(&again),
            encoded,
            "{name}: not idempotent"
        );
        // The value-level path the bindings use gives the same bytes.
        let value = api::decode_value(&input, Limits::DEFAULT).unwrap();
        assert_eq!(
            api::encode_value(&value, Limits::DEFAULT).unwrap(),
            encoded,
            "{name}"
        );
        // decode_value equals what serde_json reads (as json.loads / JSON.parse would).
        let ours = to_json(&value);
        let theirs: Json = serde_json::from_slice(&input).unwrap();
        assert_eq!(
            ours, theirs,
            "{name}: decode_value differs from a plain parse"
        );
    }
}

#[test]
fn invalid_vectors_fail_with_the_expected_kind_code_and_offset() {
    let cases = vectors("invalid.json");
    assert!(cases.len() >= 40);
    for case in &cases {
        let name = case["name"].as_str().unwrap();
        let input = input_of(case);
        let limits = limits_of(case);
        let err = expect_failure(case, &input);
        let code = err.kind.code().map(Json::from).unwrap_or(Json::Null);
        assert_eq!(code, case["code"], "{name}: code");
        let facts = report_json(&input, limits);
        assert_eq!(facts["ok"], Json::Bool(false), "{name}");
        assert_eq!(facts["class"], "malformed", "{name}");
        assert_eq!(facts["error"]["kind"], case["error"], "{name}");
        assert_eq!(facts["error"]["offset"], case["offset"], "{name}");
    }
}

#[test]
fn every_decode_rule_and_code_has_a_vector() {
    let invalid = vectors("invalid.json");
    let failures = vectors("failures.json");
    let covered: Vec<&str> = invalid
        .iter()
        .chain(failures.iter())
        .map(|c| {
            c.get("error")
                .or(c.get("kind"))
                .and_then(Json::as_str)
                .unwrap()
        })
        .collect();
    for kind in ErrorKind::ALL {
        let exempt = matches!(kind, ErrorKind::TooManyOpenKeys | ErrorKind::BufferTooSmall);
        assert!(
            exempt || covered.contains(&kind.name()),
            "no vector for {kind}"
        );
    }
}

#[test]
fn failure_vectors_give_the_expected_wire_response() {
    for case in vectors("failures.json") {
        let name = case["name"].as_str().unwrap();
        let id = match &case["id"] {
            Json::Null => None,
            Json::String(s) => Some(Value::String(s.clone())),
            Json::Number(n) => Some(Value::from_i64(n.as_i64().unwrap())),
            other => panic!("{name}: id {other}"),
        };
        let got = api::failure_response(
            id.as_ref(),
            case["kind"].as_str().unwrap(),
            case["message"].as_str().unwrap(),
            case["version"].as_str().unwrap(),
        )
        .unwrap();
        let got: Json = serde_json::from_slice(&got.to_vec()).unwrap();
        assert_eq!(got, case["response"], "{name}");
        // The response itself is a valid message mcpwire classifies as intended.
        let bytes = serde_json::to_vec(&got).unwrap();
        let msg = McpMessage::decode(&bytes).unwrap();
        let class = msg.response_class().unwrap().name();
        let kind = ErrorKind::from_name(case["kind"].as_str().unwrap()).unwrap();
        let want = if kind.code().is_some() {
            "protocol_error"
        } else {
            "tool_error"
        };
        assert_eq!(class, want, "{name}");
    }
}
