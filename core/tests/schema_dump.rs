//! A dump of what the validator says, for comparing two versions of it byte for byte:
//! `is_valid`, `validate` and `validate_max(1)` of every schema × every instance of each
//! official suite file (required and optional tests, formats as annotations and asserted,
//! default and small depth limits), both tool catalogs of tests/schemas (every schema ×
//! every argument object and output), and some loop / depth-limit cases.
//!
//! Every case asserts that `is_valid` is true exactly when `validate` finds no error, and that
//! `validate_max(1)` finds an error exactly when `validate` does. With `SCHEMA_DUMP=/tmp/dump.txt cargo test
//! -p mcpwire --all-features --release --test schema_dump` it also writes the dump, to diff
//! two versions of the validator.

#[path = "common/shared_dir.rs"]
mod shared_dir;
use mcpwire::json::Value;
use mcpwire::schema::{Draft, Schema, SchemaOptions};
use mcpwire::Limits;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[path = "common/suite.rs"]
mod suite;
use suite::{collect_remotes, json_files, parse, suite_dir, test_data};

/// Everything the validator says about `inst`.
fn dump_one(out: &mut String, s: &Schema, inst: &Value) {
    let quick = s.is_valid(inst);
    let all = s.validate(inst);
    let one = s.validate_max(inst, 1);
    assert_eq!(
        quick,
        all.is_empty(),
        "is_valid and validate disagree: {all:?}"
    );
    let _ = writeln!(out, "  valid={quick} errors={}", all.len());
    for e in &all {
        let _ = writeln!(
            out,
            "    {:?} {:?} {} {:?}",
            e.instance_path(),
            e.schema_path(),
            e.keyword,
            e.message()
        );
    }
    assert_eq!(
        one.len(),
        all.len().min(1),
        "validate_max(1) and validate disagree"
    );
    // `validate_max(1)` is usually `validate`'s first error, but not always (under the depth
    // limit inside an `anyOf` it reports the limit itself): the dump records where.
    if one.first() != all.first() {
        for e in &one {
            let _ = writeln!(
                out,
                "    max1: {:?} {:?} {} {:?}",
                e.instance_path(),
                e.schema_path(),
                e.keyword,
                e.message()
            );
        }
    }
}

fn dump_product(
    out: &mut String,
    label: &str,
    schemas: &[&Value],
    data: &[&Value],
    opts: &SchemaOptions,
) {
    for (i, schema) in schemas.iter().enumerate() {
        let _ = writeln!(out, "{label} schema {i}");
        let compiled = match Schema::compile_with(schema, opts) {
            Ok(s) => s,
            Err(e) => {
                let _ = writeln!(out, "  compile error: {e}");
                continue;
            }
        };
        for (j, d) in data.iter().enumerate() {
            let _ = writeln!(out, " data {j}");
            dump_one(out, &compiled, d);
        }
    }
}

fn suite_file(out: &mut String, label: &str, path: &Path, opts: &SchemaOptions) {
    let Value::Array(groups) = parse(path) else {
        return;
    };
    let schemas: Vec<&Value> = groups.iter().filter_map(|g| g.get("schema")).collect();
    let data = test_data(&groups);
    dump_product(out, label, &schemas, &data, opts);
}

fn catalog(out: &mut String, path: &Path) {
    let doc = parse(path);
    let list = |k: &str| match doc.get(k) {
        Some(Value::Array(a)) => a.clone(),
        _ => Vec::new(),
    };
    let tools = list("tools");
    let mut schemas: Vec<&Value> = Vec::new();
    for t in &tools {
        schemas.extend(t.get("inputSchema"));
        schemas.extend(t.get("outputSchema"));
    }
    let cases = list("cases");
    let outputs = list("outputs");
    let mut data: Vec<&Value> = cases.iter().filter_map(|c| c.get("arguments")).collect();
    for o in &outputs {
        if let Some(r) = o.get("result") {
            data.push(r);
            data.extend(r.get("structuredContent"));
        }
    }
    let label = path.file_name().unwrap().to_string_lossy().into_owned();
    for (tag, opts) in [
        ("default", SchemaOptions::new()),
        ("formats", SchemaOptions::new().assert_formats(true)),
        ("max3", SchemaOptions::new().max_errors(3)),
        ("depth4", SchemaOptions::new().max_depth(4)),
    ] {
        dump_product(out, &format!("{label} {tag}"), &schemas, &data, &opts);
    }
}

fn extras(out: &mut String) {
    let schemas = [
        r##"{"$ref": "#"}"##,
        r##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"anyOf": [{"$ref": "#/$defs/a"}]}}, "properties": {"x": {"$ref": "#/$defs/a"}}}"##,
        r##"{"items": {"$ref": "#"}, "properties": {"p": {"$ref": "#"}}, "type": ["array", "object", "integer"]}"##,
        r##"{"not": {"$ref": "#"}}"##,
        r##"{"anyOf": [{"$ref": "#"}, {"type": "string"}]}"##,
    ];
    let mut deep = String::from("1");
    for _ in 0..300 {
        deep = format!("[{deep}]");
    }
    let mut deep_obj = String::from("{}");
    for _ in 0..300 {
        deep_obj = format!("{{\"p\": {deep_obj}}}");
    }
    let data = [
        "1",
        "\"s\"",
        "null",
        "[]",
        "{}",
        "[[1], [\"x\"]]",
        r#"{"x": 1, "p": {"p": [1, "a"]}}"#,
        &deep,
        &deep_obj,
    ];
    let limits = Limits {
        max_depth: 1024,
        ..Limits::DEFAULT
    };
    let sv: Vec<Value> = schemas
        .iter()
        .map(|s| Value::parse(s.as_bytes(), limits).unwrap())
        .collect();
    let dv: Vec<Value> = data
        .iter()
        .map(|s| Value::parse(s.as_bytes(), limits).unwrap())
        .collect();
    let sr: Vec<&Value> = sv.iter().collect();
    let dr: Vec<&Value> = dv.iter().collect();
    for (tag, opts) in [
        ("default", SchemaOptions::new()),
        ("depth8", SchemaOptions::new().max_depth(8)),
        ("depth300", SchemaOptions::new().max_depth(300)),
    ] {
        dump_product(out, &format!("extras {tag}"), &sr, &dr, &opts);
    }
}

#[test]
fn is_valid_validate_and_validate_max_agree_on_every_case() {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let suite = suite_dir();
    let optional = here.join("../tests/schemas/suite-optional");
    let base = collect_remotes(&suite.join("remotes"), "", SchemaOptions::new());
    let mut out = String::new();
    for (folder, draft) in [
        ("draft2020-12", Draft::Draft202012),
        ("draft7", Draft::Draft7),
    ] {
        let opts = base.clone().draft(draft);
        let dirs = [
            (suite.join("tests").join(folder), "req"),
            (optional.join(folder), "opt"),
            (optional.join(folder).join("format"), "fmt"),
        ];
        for (dir, tag) in dirs {
            for f in json_files(&dir) {
                let name = f.file_name().unwrap().to_string_lossy().into_owned();
                let label = format!("{folder}/{tag}/{name}");
                suite_file(&mut out, &label, &f, &opts);
                if tag == "fmt" {
                    let fo = opts.clone().assert_formats(true);
                    suite_file(&mut out, &format!("{label} asserted"), &f, &fo);
                }
                if tag == "req" {
                    let small = opts.clone().max_depth(6).max_errors(2);
                    suite_file(&mut out, &format!("{label} small"), &f, &small);
                }
            }
        }
    }
    for c in ["python-sdk.json", "typescript-sdk.json"] {
        catalog(&mut out, &here.join("../tests/schemas").join(c));
    }
    extras(&mut out);
    if let Ok(target) = std::env::var("SCHEMA_DUMP") {
        std::fs::write(&target, &out).unwrap();
        println!("{} lines written to {target}", out.lines().count());
    }
}
