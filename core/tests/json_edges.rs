//! Edges of the reader that the vectors do not reach.

use mcpwire::json::RawJson;
use mcpwire::{ErrorKind, Limits, McpMessage};

fn kind(text: &str) -> Option<ErrorKind> {
    RawJson::parse(text).err().map(|e| e.kind)
}

#[test]
fn numbers_near_the_double_limit() {
    assert_eq!(kind("1.7e308"), None);
    assert_eq!(kind("1.8e308"), Some(ErrorKind::NumberOutOfRange));
    assert_eq!(kind("-1.8e308"), Some(ErrorKind::NumberOutOfRange));
    assert_eq!(kind("0.00001e312"), None);
    assert_eq!(
        kind(&format!("2{}.5", "0".repeat(308))),
        Some(ErrorKind::NumberOutOfRange)
    );
    assert_eq!(kind(&format!("1{}.5", "0".repeat(307))), None);
    assert_eq!(
        kind("1e-400"),
        None,
        "underflow to zero is a value, not an overflow"
    );
    assert_eq!(
        kind("1e99999999999999999999"),
        Some(ErrorKind::NumberOutOfRange)
    );
    // Integers of any length are kept as written.
    assert_eq!(kind(&"9".repeat(400)), None);
}

#[test]
fn duplicate_keys_are_found_past_the_inline_key_stack() {
    let keys: Vec<String> = (0..40).map(|i| format!("\"k{i}\":{i}")).collect();
    let ok = format!("{{{}}}", keys.join(","));
    assert_eq!(kind(&ok), None);
    for dup in ["k3", "k20", "k39"] {
        let bad = format!("{{{},\"{dup}\":0}}", keys.join(","));
        assert_eq!(kind(&bad), Some(ErrorKind::DuplicateKey), "{dup}");
    }
    // Keys of sibling objects do not collide, even when many are open at once.
    let nested = format!("{{\"a\":{ok},\"b\":{ok},\"c\":[{ok},{ok}]}}");
    assert_eq!(kind(&nested), None);
    // ...and a duplicate in an outer object after a large inner one is still found.
    let outer = format!("{{\"a\":{ok},\"b\":1,\"a\":2}}");
    assert_eq!(kind(&outer), Some(ErrorKind::DuplicateKey));
}

#[test]
fn strings_scanned_eight_bytes_at_a_time_stop_at_the_right_byte() {
    for len in 0..40 {
        let body = "x".repeat(len);
        assert_eq!(kind(&format!("\"{body}\"")), None);
        assert_eq!(
            kind(&format!("\"{body}\u{1}\"")),
            Some(ErrorKind::ControlCharacter)
        );
        let e = RawJson::parse(&format!("\"{body}\\q\"")).unwrap_err();
        assert_eq!((e.kind, e.offset), (ErrorKind::InvalidEscape, len + 1));
        assert_eq!(kind(&format!("\"{body}é\u{7f}\u{80}\"")), None);
        assert_eq!(kind(&format!("\"{body}")), Some(ErrorKind::UnexpectedEnd));
    }
}

#[test]
fn nesting_is_bounded_by_the_limit_not_the_stack() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let e = RawJson::parse(&deep).unwrap_err();
    assert_eq!((e.kind, e.offset), (ErrorKind::TooDeep, 128));
    let msg = format!(
        r#"{{"jsonrpc":"2.0","method":"x","params":{{"a":{}1{}}}}}"#,
        "[".repeat(200),
        "]".repeat(200)
    );
    let limits = Limits {
        max_depth: 256,
        ..Limits::DEFAULT
    };
    assert!(McpMessage::decode_with(msg.as_bytes(), limits, None).is_ok());
    assert_eq!(
        McpMessage::decode(msg.as_bytes()).unwrap_err().kind,
        ErrorKind::TooDeep
    );
}

#[test]
fn incomplete_input_is_reported_as_such() {
    let full = br#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a\u00e9","arguments":{"x":[1,2.5,true,null]}}}"#;
    for cut in 1..full.len() {
        let e = McpMessage::decode(&full[..cut]).unwrap_err();
        assert!(e.kind.is_incomplete(), "cut at {cut}: {:?}", e);
    }
    assert!(McpMessage::decode(full).is_ok());
}
