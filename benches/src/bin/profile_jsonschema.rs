//! The `jsonschema` crate's side of `profile_schema`: runs `validator.is_valid` (or, with
//! `all`, `validator.iter_errors(..).count()`) on one tool's arguments many times, for
//! `valgrind --tool=callgrind`.
//!
//! `profile_jsonschema [tool] [case description] [iterations] [all]` (default:
//! `create_event`, "full event", 100000), tools and cases from tests/schemas/python-sdk.json.

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
    let validator =
        jsonschema::validator_for(&find("tools", "name", &tool)["inputSchema"]).unwrap();
    let instance = find("cases", "description", &case)["arguments"].clone();
    let all = args.next().as_deref() == Some("all");
    let (mut valid, mut errors) = (0usize, 0usize);
    for _ in 0..iters {
        if all {
            errors += validator.iter_errors(black_box(&instance)).count();
        } else {
            valid += usize::from(validator.is_valid(black_box(&instance)));
        }
    }
    println!("{tool} / {case}: {valid} of {iters} valid, {errors} errors");
}
