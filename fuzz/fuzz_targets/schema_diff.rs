//! mcpwire's validator beside the `jsonschema` crate on the same schema and instance (the
//! `schema` target's input form, 2020-12 by default, formats as annotations in every draft):
//! where both compile the schema, both must give the same verdict. Regexes are left out (the
//! crates' engines differ by design, README: "Patterns"), as are numbers past what `f64`
//! holds exactly and `$ref` loops (README: "Order of checks").
//! Run by hand to find disagreements; each one found is a test in core/tests or a line in
//! the README's list of known differences.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcpwire::json::Value;
use mcpwire::schema::{Draft, Schema, SchemaOptions};
use mcpwire::Limits;

fuzz_target!(|data: &[u8]| {
    let Some((_, rest)) = data.split_first() else {
        return;
    };
    let Some(at) = rest.iter().position(|&b| b == 0) else {
        return;
    };
    let (schema, instance) = (&rest[..at], &rest[at + 1..]);
    if schema.windows(7).any(|w| w == b"pattern") {
        return;
    }
    let opts = SchemaOptions::new().draft(Draft::Draft202012).max_depth(64);
    let limits = Limits {
        max_depth: 32,
        ..Limits::DEFAULT
    };
    let (Ok(schema_json), Ok(instance_json)) = (
        serde_json::from_slice::<serde_json::Value>(schema),
        serde_json::from_slice::<serde_json::Value>(instance),
    ) else {
        return;
    };
    if [&schema_json, &instance_json]
        .iter()
        .any(|v| has_wide_number(v))
    {
        return;
    }
    let Ok(ours) = Schema::compile_bytes_with(schema, &opts) else {
        return;
    };
    let Ok(theirs) = jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .should_validate_formats(false)
        .build(&schema_json)
    else {
        return;
    };
    let Ok(instance) = Value::parse(instance, limits) else {
        return;
    };
    // A `$ref` loop or the depth limit met makes an instance invalid here (README, "Order of
    // checks"); jsonschema decides those its own way.
    let cannot_check =
        |e: &mcpwire::schema::ValidationError| e.message().contains("cannot be checked:");
    if ours.validate(&instance).iter().any(cannot_check) {
        return;
    }
    assert_eq!(
        ours.is_valid(&instance),
        theirs.is_valid(&instance_json),
        "mcpwire (left) and jsonschema (right) disagree"
    );
});

/// A number `f64` does not hold exactly, or an integer past 2^53.
fn has_wide_number(v: &serde_json::Value) -> bool {
    match v {
        serde_json::Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => i.unsigned_abs() > 1 << 53,
            (_, Some(u), _) => u > 1 << 53,
            (_, _, Some(f)) => f.to_string() != n.to_string(),
            _ => true,
        },
        serde_json::Value::Array(a) => a.iter().any(has_wide_number),
        serde_json::Value::Object(o) => o.values().any(has_wide_number),
        _ => false,
    }
}
