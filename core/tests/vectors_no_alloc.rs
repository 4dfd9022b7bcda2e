//! The shared vectors' decode results, in whichever build this is compiled: `scripts/test-all.sh`
//! runs it with the default features and again with `--no-default-features`, so the build
//! without an allocator (the reader's fixed key stack, borrowed views only) gives the same
//! message types, error kinds and offsets as the full one. (The test itself uses std to read
//! the files; the crate under test does not.)

use mcpwire::{ErrorKind, McpMessage};
use serde_json::Value as Json;

#[path = "common/vectors.rs"]
mod shared;
use shared::{expect_failure, vectors};

/// Text inputs only (the few base64 ones are invalid UTF-8, covered by `vectors.rs`).
fn text_input(case: &Json) -> Option<&str> {
    case.get("input").and_then(Json::as_str)
}

#[test]
fn valid_vectors_decode_to_their_message_type() {
    let cases = vectors("valid.json");
    assert!(cases.len() >= 20);
    for case in &cases {
        let name = case["name"].as_str().unwrap();
        let input = text_input(case).expect("valid vectors are text");
        let msg = McpMessage::decode(input.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(msg.message_type().name(), case["type"], "{name}");
    }
}

#[test]
fn invalid_vectors_fail_with_the_same_kind_and_offset() {
    let cases = vectors("invalid.json");
    let mut checked = 0;
    for case in &cases {
        let Some(input) = text_input(case) else {
            continue;
        };
        expect_failure(case, input.as_bytes());
        checked += 1;
    }
    assert!(checked >= 40, "{checked}");
}

/// A message whose `arguments` hold objects nested `depth` deep, each with `width` keys.
fn nested_keys(width: usize, depth: usize) -> String {
    let mut inner = "0".to_string();
    for d in 0..depth {
        let members: Vec<String> = (0..width).map(|i| format!("\"k{d}_{i}\":0")).collect();
        inner = format!("{{{},\"next\":{inner}}}", members.join(","));
    }
    format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{{\"name\":\"t\",\"arguments\":{inner}}}}}"
    )
}

#[test]
fn duplicate_keys_are_found_in_this_build() {
    for dup in ["k0_0", "k0_5", "k\\u0030_9"] {
        let text = nested_keys(10, 1).replace("\"next\"", &format!("\"{dup}\""));
        let e = McpMessage::decode(text.as_bytes()).unwrap_err();
        assert_eq!(e.kind, ErrorKind::DuplicateKey, "{text}");
        assert_eq!(
            e.offset,
            text.rfind(&format!("\"{dup}\"")).unwrap(),
            "{text}"
        );
    }
}

/// Without an allocator, 96 keys may be open at once (`json::NO_ALLOC_KEYS`); the 97th is
/// `too_many_open_keys` at its offset. With one, any number may be. The members of typed
/// objects (the envelope, params) are not on that stack: their names have bits of their own.
#[test]
fn open_keys_past_the_fixed_stack() {
    // 6 levels of 16 keys (15 + "next") inside `arguments`: 96 exactly.
    let fits = nested_keys(15, 6);
    assert!(McpMessage::decode(fits.as_bytes()).is_ok());
    // With 17 keys a level, the five outer levels hold 85 open keys.
    let over = nested_keys(16, 6);
    let result = McpMessage::decode(over.as_bytes());
    #[cfg(not(feature = "alloc"))]
    {
        assert_eq!(mcpwire::json::reader::NO_ALLOC_KEYS, 96);
        let e = result.unwrap_err();
        assert_eq!(e.kind, ErrorKind::TooManyOpenKeys);
        // The 97th open key is the 12th key of the innermost object.
        assert_eq!(e.offset, over.find("\"k0_11\"").unwrap());
    }
    #[cfg(feature = "alloc")]
    assert!(result.is_ok(), "{result:?}");
}
