//! The `jsonschema` crate's side of `profile_schema`: runs `validator.is_valid` (or, with
//! `all`, `validator.iter_errors(..).count()`) on one tool's arguments many times, for
//! `valgrind --tool=callgrind`.
//!
//! With `text` instead of `all`, each error is kept with its message written out
//! ([`mcpwire_benches::jsonschema_errors_text`]), as mcpwire's are.
//!
//! `profile_jsonschema [tool] [case description] [iterations] [all|text]` (default:
//! `create_event`, "full event", 100000), tools and cases from tests/schemas/python-sdk.json.

use std::hint::black_box;

fn main() {
    let p = mcpwire_benches::SchemaProfile::from_args();
    let validator = jsonschema::validator_for(&p.schema).unwrap();
    let (mut valid, mut errors) = (0usize, 0usize);
    for _ in 0..p.iters {
        if p.text {
            let found = mcpwire_benches::jsonschema_errors_text(&validator, black_box(&p.instance));
            errors += black_box(found).len();
        } else if p.all {
            errors += validator.iter_errors(black_box(&p.instance)).count();
        } else {
            valid += usize::from(validator.is_valid(black_box(&p.instance)));
        }
    }
    println!(
        "{} / {}: {valid} of {} valid, {errors} errors",
        p.tool, p.case, p.iters
    );
}
