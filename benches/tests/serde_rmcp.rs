//! An rmcp user's types through mcpwire's `serde` feature: every message of the benchmark
//! corpus (tools/list, tools/call, content blocks, a 1 MB image, progress,
//! structuredContent, errors) read by rmcp, written by rmcp, checked and re-encoded by
//! mcpwire, serialized by mcpwire into serde, and read by rmcp again, with the same value at
//! each step; and the same message read straight from mcpwire's checked text into rmcp's type
//! (`RawJson::deserialize`, no `serde_json::Value` in between).

use mcpwire::json::RawJson;
use mcpwire::McpMessage;
use mcpwire_benches::{corpus, rmcp_types as t, ClassId};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// rmcp → bytes → mcpwire → serde → rmcp: the value survives; and mcpwire's checked text
/// deserializes into rmcp's type directly.
fn round_trip<T: DeserializeOwned + Serialize>(m: &[u8], what: &str) {
    let theirs: T = serde_json::from_slice(m).unwrap_or_else(|e| panic!("{what}: rmcp: {e}"));
    let written = serde_json::to_vec(&theirs).expect("rmcp serializes");
    let ours = McpMessage::decode(&written).unwrap_or_else(|e| panic!("{what}: mcpwire: {e}"));
    let through_serde = serde_json::to_vec(&ours).expect("mcpwire serializes");
    let back: T = serde_json::from_slice(&through_serde).expect("rmcp reads mcpwire's output");
    // (rmcp's types are compared through their own serialization: not all are PartialEq)
    let value = |v: &T| serde_json::to_value(v).expect("rmcp serializes");
    assert_eq!(
        value(&back),
        value(&theirs),
        "{what}: value changed through mcpwire"
    );

    let text = std::str::from_utf8(m).expect("UTF-8");
    let direct: T = RawJson::parse(text)
        .expect("mcpwire checks it")
        .deserialize()
        .unwrap_or_else(|e| panic!("{what}: RawJson::deserialize: {e}"));
    assert_eq!(
        value(&direct),
        value(&theirs),
        "{what}: RawJson::deserialize"
    );
}

#[test]
fn rmcp_types_round_trip_through_mcpwire_serde() {
    let mut messages = 0;
    for class in corpus() {
        // a sample of each class's messages keeps the test quick (the image is 1 MB)
        for (i, m) in class.messages.iter().enumerate().step_by(97) {
            let what = format!("{} message {i}", class.id.slug());
            match class.id {
                ClassId::ToolsList => round_trip::<t::ToolsList>(m, &what),
                ClassId::ToolsCall => round_trip::<t::ToolsCall>(m, &what),
                ClassId::TextBlocks | ClassId::Image | ClassId::Structured => {
                    round_trip::<t::CallResult>(m, &what)
                }
                ClassId::Progress => round_trip::<t::Progress>(m, &what),
                ClassId::Errors => round_trip::<t::Error>(m, &what),
            }
            messages += 1;
        }
    }
    assert!(messages >= 7 + 3 * 10, "only {messages} messages");
}
