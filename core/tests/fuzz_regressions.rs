//! Inputs the fuzzer once broke, replayed with the fuzz target's invariants.

use mcpwire::json::Value;
use mcpwire::{encode_to_vec, Limits, McpMessage};
use std::path::PathBuf;

#[test]
fn fuzz_regressions_hold_the_round_trip_invariants() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fuzz-regressions");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let data = std::fs::read(entry.unwrap().path()).unwrap();
        n += 1;
        if let Ok(msg) = McpMessage::decode(&data) {
            let encoded = encode_to_vec(&msg);
            let again = McpMessage::decode(&encoded).unwrap();
            assert_eq!(again, msg);
            assert_eq!(encode_to_vec(&again), encoded);
            let value = Value::parse(&data, Limits::DEFAULT).unwrap();
            assert_eq!(
                mcpwire::api::encode_value(&value, Limits::DEFAULT).unwrap(),
                encoded
            );
        }
    }
    assert!(n > 0);
}
