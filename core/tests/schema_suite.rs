//! Runs the official JSON-Schema-Test-Suite (draft2020-12 and draft7, required tests) against
//! `mcpwire::schema`, with `remotes/` served from a local map as `http://localhost:1234/…`.
//! Prints a per-file table and `N passed, N failed`; fails if any supported file has a failure.

use mcpwire::json::Value;
use mcpwire::schema::{Draft, Schema, SchemaOptions};
use mcpwire::Limits;
use std::path::{Path, PathBuf};

/// Files of the suite this validator does not claim to pass, with the reason.
const UNSUPPORTED: &[(&str, &str)] = &[];

fn suite_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/jsonschema-test-suite")
}

fn parse(path: &Path) -> Value {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let limits = Limits {
        max_depth: 1024,
        ..Limits::DEFAULT
    };
    Value::parse(&bytes, limits).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn collect_remotes(dir: &Path, rel: &str, opts: SchemaOptions) -> SchemaOptions {
    let mut opts = opts;
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("remotes dir")
        .flatten()
        .collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let name = e.file_name().to_string_lossy().into_owned();
        let path = e.path();
        let rel = format!("{rel}{name}");
        if path.is_dir() {
            opts = collect_remotes(&path, &format!("{rel}/"), opts);
        } else if name.ends_with(".json") {
            opts = opts.with_resource(&format!("http://localhost:1234/{rel}"), parse(&path));
        }
    }
    opts
}

fn str_of<'v>(v: &'v Value, key: &str) -> &'v str {
    match v.get(key) {
        Some(Value::String(s)) => s,
        _ => "",
    }
}

struct FileResult {
    name: String,
    passed: usize,
    failed: Vec<String>,
}

fn run_file(path: &Path, opts: &SchemaOptions) -> FileResult {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut r = FileResult {
        name,
        passed: 0,
        failed: Vec::new(),
    };
    let Value::Array(groups) = parse(path) else {
        panic!("{}: not an array", path.display())
    };
    for g in &groups {
        let gdesc = str_of(g, "description");
        let schema = g.get("schema").expect("schema");
        let Some(Value::Array(tests)) = g.get("tests") else {
            panic!("tests")
        };
        let compiled = Schema::compile_with(schema, opts);
        for t in tests {
            let tdesc = str_of(t, "description");
            let data = t.get("data").expect("data");
            let want = t.get("valid") == Some(&Value::Bool(true));
            let outcome = match &compiled {
                Err(e) => Err(format!("compile error: {e}")),
                Ok(s) => {
                    let quick = s.is_valid(data);
                    let errors = s.validate(data);
                    if quick != errors.is_empty() {
                        Err(format!("is_valid={quick} but validate gave {errors:?}"))
                    } else if quick != want {
                        Err(format!("got valid={quick}, errors: {errors:?}"))
                    } else {
                        Ok(())
                    }
                }
            };
            match outcome {
                Ok(()) => r.passed += 1,
                Err(why) => r.failed.push(format!("{gdesc} / {tdesc}: {why}")),
            }
        }
    }
    r
}

#[test]
fn json_schema_test_suite() {
    let root = suite_dir();
    assert!(root.is_dir(), "test suite not found at {}", root.display());
    let base = collect_remotes(&root.join("remotes"), "", SchemaOptions::new());
    let (mut total_pass, mut total_fail) = (0, 0);
    let mut bad_supported = Vec::new();
    for (folder, draft) in [
        ("draft2020-12", Draft::Draft202012),
        ("draft7", Draft::Draft7),
    ] {
        let opts = base.clone().draft(draft);
        let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("tests").join(folder))
            .expect("suite folder")
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        let (mut dp, mut df) = (0, 0);
        println!("{folder}:");
        for f in &files {
            let r = run_file(f, &opts);
            let unsupported = UNSUPPORTED
                .iter()
                .find(|(n, _)| *n == format!("{folder}/{}", r.name));
            let mark = match (unsupported, r.failed.is_empty()) {
                (Some(_), _) => "unsupported",
                (None, true) => "ok",
                (None, false) => "FAIL",
            };
            println!(
                "  {:<36} {:>4} passed {:>4} failed  {mark}",
                r.name,
                r.passed,
                r.failed.len()
            );
            for why in &r.failed {
                println!("      - {why}");
            }
            if unsupported.is_none() && !r.failed.is_empty() {
                bad_supported.push(format!("{folder}/{}", r.name));
            }
            dp += r.passed;
            df += r.failed.len();
        }
        println!("  {folder} total: {dp} passed, {df} failed");
        total_pass += dp;
        total_fail += df;
    }
    println!("{total_pass} passed, {total_fail} failed");
    assert!(
        bad_supported.is_empty(),
        "supported files with failures: {bad_supported:?}"
    );
}
