//! mcpwire's validator beside the `jsonschema` crate on the same schema and instance (the
//! `schema` target's input form, 2020-12 unless `$schema` names draft-07, formats as
//! annotations in both): where both compile the schema, both must give the same verdict.
//! Regexes are left out (the crates' engines differ by design, README: "Patterns"), as are
//! numbers `f64` may not hold exactly (mcpwire compares decimal text), `$ref` loops (README:
//! "Order of checks") and dialects other than draft-07 and 2020-12.
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
    // `$dynamicRef` is left out too: jsonschema 0.61 does not look for the dynamic anchor in
    // the outermost resource when that anchor sits in a subschema without its own `$id`
    // (found by this target; mcpwire follows the spec's dynamic scope there).
    // Both take the dialect `$schema` names, but mcpwire reads draft-04/06 as draft-07 and
    // 2019-09 as 2020-12 (README), and each falls back its own way on a `$schema` it does not
    // know: only the two dialects both know are compared.
    let has = |word: &[u8]| schema.windows(word.len()).any(|w| w == word);
    let known_dialect = has(b"\"http://json-schema.org/draft-07/schema")
        || has(b"\"https://json-schema.org/draft/2020-12/schema");
    if has(b"pattern") || has(b"$dynamicRef") || (has(b"$schema") && !known_dialect) {
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
    if [schema, instance].iter().any(|b| has_wide_number(b)) {
        return;
    }
    let Ok(ours) = Schema::compile_bytes_with(schema, &opts) else {
        return;
    };
    let Ok(theirs) = jsonschema::options()
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

/// Number text `f64` may not hold exactly: 16 or more digits in a row, or an exponent of three
/// digits (mcpwire compares the decimal text, jsonschema its nearest `f64`).
fn has_wide_number(text: &[u8]) -> bool {
    let mut run = 0;
    for (i, &b) in text.iter().enumerate() {
        run = if b.is_ascii_digit() { run + 1 } else { 0 };
        let exponent = matches!(b, b'e' | b'E') && i > 0 && text[i - 1].is_ascii_digit();
        let wide_exponent = exponent && {
            let rest = text[i + 1..]
                .iter()
                .skip_while(|c| matches!(c, b'+' | b'-'));
            rest.take_while(|c| c.is_ascii_digit()).count() >= 3
        };
        if run >= 16 || wide_exponent {
            return true;
        }
    }
    false
}
