//! Any bytes: decoding never panics; whatever decodes re-encodes to bytes that decode to an
//! equal message, and the encoding is a fixed point; the check report is always valid JSON.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcpwire::json::Value;
use mcpwire::{encode_to_vec, Limits, McpMessage, Report};

fuzz_target!(|data: &[u8]| {
    let limits = Limits {
        max_depth: 64,
        ..Limits::DEFAULT
    };
    let mut report = Vec::new();
    Report::of(data, limits, None).write_json(&mut report, Some(1));
    assert!(Value::parse(&report, Limits::DEFAULT).is_ok());
    if let Ok(msg) = McpMessage::decode_with(data, limits, None) {
        let encoded = encode_to_vec(&msg);
        let again = McpMessage::decode_with(&encoded, Limits::DEFAULT, None)
            .expect("canonical output decodes");
        assert_eq!(again, msg);
        assert_eq!(encode_to_vec(&again), encoded);
        // The value-level path agrees with the typed one.
        let value = Value::parse(data, limits).expect("a valid message is valid JSON");
        let via_value = mcpwire::api::encode_value(&value, Limits::DEFAULT).expect("same rules");
        assert_eq!(via_value, encoded);
    }
});
