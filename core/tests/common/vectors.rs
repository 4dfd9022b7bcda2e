//! Reading the shared vectors in tests/vectors/, for vectors.rs and vectors_no_alloc.rs.

use mcpwire::Limits;
use serde_json::Value as Json;

/// The cases of one vector file.
pub fn vectors(name: &str) -> Vec<Json> {
    let path = format!("{}/../tests/vectors/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    match serde_json::from_str(&text).expect("vector file is JSON") {
        Json::Array(items) => items,
        _ => panic!("{name} is not an array"),
    }
}

/// The limits a case asks for (`Limits::DEFAULT` otherwise).
pub fn limits_of(case: &Json) -> Limits {
    let mut l = Limits::DEFAULT;
    if let Some(m) = case.get("limits") {
        if let Some(v) = m.get("max_bytes").and_then(Json::as_u64) {
            l.max_input_bytes = v as usize;
        }
        if let Some(v) = m.get("max_depth").and_then(Json::as_u64) {
            l.max_depth = v as u32;
        }
        if let Some(v) = m.get("max_members").and_then(Json::as_u64) {
            l.max_members = v as u32;
        }
    }
    l
}

/// Decodes the input of an invalid case under its limits and checks the error kind and
/// offset the case names; returns the error.
pub fn expect_failure(case: &Json, input: &[u8]) -> mcpwire::DecodeError {
    let name = case["name"].as_str().unwrap();
    let err = mcpwire::McpMessage::decode_with(input, limits_of(case), None)
        .err()
        .unwrap_or_else(|| panic!("{name}: decoded but should fail"));
    assert_eq!(err.kind.name(), case["error"].as_str().unwrap(), "{name}");
    let offset = case["offset"].as_u64().unwrap();
    assert_eq!(err.offset as u64, offset, "{name}: offset");
    err
}
