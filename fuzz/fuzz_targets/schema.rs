//! Any schema and instance: compiling never panics and fails only with a `SchemaError`;
//! what compiles validates any instance without a panic, `is_valid` and `validate` agree (also
//! `validate_max(1)`), every error has an instance path that is a JSON pointer and a message,
//! and the server-side check of an object instance as `tools/call` arguments answers with a
//! valid tool-error `CallToolResult` exactly when the instance is invalid.
//!
//! Input: one byte of options (bit 0: draft-07, bit 1: `format` as an assertion), then the
//! schema's JSON, a NUL byte, and the instance's JSON.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcpwire::json::Value;
use mcpwire::mcp::Method;
use mcpwire::schema::tools::check_arguments_value;
use mcpwire::schema::{Draft, Schema, SchemaOptions};
use mcpwire::{Limits, McpMessage};

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let (schema, instance) = match rest.iter().position(|&b| b == 0) {
        Some(at) => (&rest[..at], &rest[at + 1..]),
        None => (rest, &b"null"[..]),
    };
    let draft = if flags & 1 != 0 {
        Draft::Draft7
    } else {
        Draft::Draft202012
    };
    let opts = SchemaOptions::new()
        .draft(draft)
        .assert_formats(flags & 2 != 0)
        .max_depth(64);
    let Ok(schema_value) = Value::parse(schema, Limits::DEFAULT) else {
        return;
    };
    let Ok(schema) = Schema::compile_with(&schema_value, &opts) else {
        return;
    };
    let limits = Limits {
        max_depth: 64,
        ..Limits::DEFAULT
    };
    let Ok(instance) = Value::parse(instance, limits) else {
        return;
    };
    let valid = schema.is_valid(&instance);
    let errors = schema.validate(&instance);
    assert_eq!(valid, errors.is_empty(), "is_valid and validate disagree");
    let first = schema.validate_max(&instance, 1);
    assert_eq!(first.len(), usize::from(!valid));
    for e in &errors {
        assert!(e.instance_path().is_empty() || e.instance_path().starts_with('/'));
        assert!(!e.message().is_empty());
    }
    // The server-side step: arguments that fail get a tool-error result, itself a valid
    // CallToolResult by the core's own rules.
    if matches!(instance, Value::Object(_)) {
        let answer = check_arguments_value(&schema_value, "t", Some(&instance), &opts)
            .expect("the schema compiled above");
        assert_eq!(answer.is_some(), !valid);
        if let Some(result) = answer {
            let mut wire = b"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":".to_vec();
            wire.extend(result.to_vec());
            wire.push(b'}');
            let msg = McpMessage::decode_with(&wire, Limits::DEFAULT, Some(Method::ToolsCall));
            assert!(msg.is_ok(), "{}", String::from_utf8_lossy(&wire));
        }
    }
});
