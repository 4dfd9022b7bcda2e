//! Runs mcpwire's `Schema::is_valid` on one tool's valid arguments many times, for
//! `valgrind --tool=callgrind`.
//!
//! `profile_schema [tool] [case description] [iterations] [all]` (default: `create_event`,
//! "full event", 100000), tools and cases from tests/schemas/python-sdk.json. With `all`,
//! `Schema::validate` (collecting every error) instead of `is_valid`.

use mcpwire::json::Value;
use mcpwire::schema::Schema;
use mcpwire::Limits;
use std::hint::black_box;

fn main() {
    let mut args = std::env::args().skip(1);
    let tool = args.next().unwrap_or_else(|| "create_event".into());
    let case = args.next().unwrap_or_else(|| "full event".into());
    let iters: usize = args
        .next()
        .map_or(100_000, |n| n.parse().expect("iterations"));
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/schemas/python-sdk.json"
    );
    let doc: serde_json::Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    let find = |list: &str, key: &str, want: &str| {
        doc[list]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t[key] == want && (list == "tools" || t["tool"] == tool.as_str()))
            .unwrap_or_else(|| panic!("no {want} in {list}"))
            .clone()
    };
    let parse = |v: &serde_json::Value| {
        Value::parse(&serde_json::to_vec(v).unwrap(), Limits::DEFAULT).unwrap()
    };
    let schema = Schema::compile(&parse(&find("tools", "name", &tool)["inputSchema"])).unwrap();
    let instance = parse(&find("cases", "description", &case)["arguments"]);
    let all = args.next().as_deref() == Some("all");
    let (mut valid, mut errors) = (0usize, 0usize);
    for _ in 0..iters {
        if all {
            errors += schema.validate(black_box(&instance)).len();
        } else {
            valid += usize::from(schema.is_valid(black_box(&instance)));
        }
    }
    println!("{tool} / {case}: {valid} of {iters} valid, {errors} errors");
}
