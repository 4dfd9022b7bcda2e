//! Runs mcpwire's `Schema::is_valid` on one tool's valid arguments many times, for
//! `valgrind --tool=callgrind`.
//!
//! `profile_schema [tool] [case description] [iterations] [all|text]` (default: `create_event`,
//! "full event", 100000), tools and cases from tests/schemas/python-sdk.json. With `all`,
//! `Schema::validate` (collecting every error) instead of `is_valid`; `text` is the same
//! (mcpwire's errors are strings already).

use mcpwire::json::Value;
use mcpwire::schema::Schema;
use mcpwire::Limits;
use std::hint::black_box;

fn main() {
    let p = mcpwire_benches::SchemaProfile::from_args();
    let parse = |v: &serde_json::Value| {
        Value::parse(&serde_json::to_vec(v).unwrap(), Limits::DEFAULT).unwrap()
    };
    let schema = Schema::compile(&parse(&p.schema)).unwrap();
    let instance = parse(&p.instance);
    let (mut valid, mut errors) = (0usize, 0usize);
    for _ in 0..p.iters {
        if p.all {
            errors += schema.validate(black_box(&instance)).len();
        } else {
            valid += usize::from(schema.is_valid(black_box(&instance)));
        }
    }
    println!(
        "{} / {}: {valid} of {} valid, {errors} errors",
        p.tool, p.case, p.iters
    );
}
