//! Any schema and instance: compiling never panics and fails only with a `SchemaError`;
//! what compiles validates any instance without a panic, `is_valid` and `validate` agree (also
//! `validate_max(1)`), and every error has an instance path that is a JSON pointer and a message.
//!
//! Input: one byte of options (bit 0: draft-07, bit 1: `format` as an assertion), then the
//! schema's JSON, a NUL byte, and the instance's JSON.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcpwire::json::Value;
use mcpwire::schema::{Draft, Schema, SchemaOptions};
use mcpwire::Limits;

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
    let Ok(schema) = Schema::compile_bytes_with(schema, &opts) else {
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
});
