//! Runs the official JSON-Schema-Test-Suite (draft2020-12 and draft7, required tests) against
//! `mcpwire::schema`, with `remotes/` served from a local map as `http://localhost:1234/…`.
//! Prints a per-file table and `N passed, N failed`; fails if any supported file has a failure.

#[path = "common/shared_dir.rs"]
mod shared_dir;
use mcpwire::json::Value;
use mcpwire::schema::{Draft, Schema, SchemaOptions};
use std::path::{Path, PathBuf};

#[path = "common/suite.rs"]
mod suite;
use suite::{collect_remotes, json_files, parse, suite_dir, test_data};

/// Files of the suite this validator does not claim to pass, with the reason.
const UNSUPPORTED: &[(&str, &str)] = &[];

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

/// Runs every file of `dir`, prints its table, and returns (passed, failed, files that are
/// neither clean nor excused by `excused`).
fn run_folder(
    label: &str,
    dir: &Path,
    opts: &SchemaOptions,
    excused: &dyn Fn(&str) -> bool,
) -> (usize, usize, Vec<String>) {
    let (mut passed, mut failed, mut bad) = (0, 0, Vec::new());
    println!("{label}:");
    for f in json_files(dir) {
        let r = run_file(f.as_path(), opts);
        let key = format!("{label}/{}", r.name);
        let mark = match (excused(&key), r.failed.is_empty()) {
            (_, true) => "ok",
            (true, false) => "not claimed",
            (false, false) => "FAIL",
        };
        println!(
            "  {:<36} {:>4} passed {:>4} failed  {mark}",
            r.name,
            r.passed,
            r.failed.len()
        );
        if mark == "FAIL" {
            for why in &r.failed {
                println!("      - {why}");
            }
            bad.push(key);
        }
        passed += r.passed;
        failed += r.failed.len();
    }
    println!("  ({label}: {passed} passed, {failed} failed)");
    (passed, failed, bad)
}

fn remotes() -> SchemaOptions {
    collect_remotes(&suite_dir().join("remotes"), "", SchemaOptions::new())
}

const DRAFTS: [(&str, Draft); 2] = [
    ("draft2020-12", Draft::Draft202012),
    ("draft7", Draft::Draft7),
];

#[test]
fn json_schema_test_suite() {
    let root = suite_dir();
    assert!(root.is_dir(), "test suite not found at {}", root.display());
    let base = remotes();
    let (mut total_pass, mut total_fail, mut bad) = (0, 0, Vec::new());
    for (folder, draft) in DRAFTS {
        let opts = base.clone().draft(draft);
        let excused = |key: &str| UNSUPPORTED.iter().any(|(n, _)| *n == key);
        let (p, f, b) = run_folder(folder, &root.join("tests").join(folder), &opts, &excused);
        total_pass += p;
        total_fail += f;
        bad.extend(b);
    }
    println!("{total_pass} passed, {total_fail} failed");
    assert!(bad.is_empty(), "supported files with failures: {bad:?}");
}

/// Optional files of the suite (copied to tests/schemas/suite-optional) that are not
/// claimed, with the reason. Formats run with `assert_formats(true)`.
const OPTIONAL_NOT_CLAIMED: &[(&str, &str)] = &[
    (
        "draft2020-12/optional/cross-draft.json",
        "a 2019-09 `$schema` is read as 2020-12 (no separate 2019-09 dialect)",
    ),
    (
        "draft2020-12/optional/format/hostname.json",
        "A-labels (xn--) are not decoded and checked against IDNA2008 (needs Unicode tables)",
    ),
    (
        "draft7/optional/format/hostname.json",
        "A-labels (xn--) are not decoded and checked against IDNA2008 (needs Unicode tables)",
    ),
    (
        "draft2020-12/optional/format/idn-hostname.json",
        "idn-hostname is not implemented (IDNA2008 tables): it passes as an unknown format",
    ),
    (
        "draft7/optional/format/idn-hostname.json",
        "idn-hostname is not implemented (IDNA2008 tables): it passes as an unknown format",
    ),
    (
        "draft7/optional/content.json",
        "contentMediaType / contentEncoding are annotations only, never asserted",
    ),
];

/// The suite's optional/ tests, as a separate report.
#[test]
fn json_schema_test_suite_optional() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/schemas/suite-optional");
    let base = remotes();
    let (mut total_pass, mut total_fail, mut bad) = (0, 0, Vec::new());
    for (folder, draft) in DRAFTS {
        let excused = |key: &str| OPTIONAL_NOT_CLAIMED.iter().any(|(n, _)| *n == key);
        let dir = root.join(folder);
        let opts = base.clone().draft(draft);
        let (p, f, b) = run_folder(&format!("{folder}/optional"), &dir, &opts, &excused);
        let fmt_opts = opts.clone().assert_formats(true);
        let label = format!("{folder}/optional/format");
        let (p2, f2, b2) = run_folder(&label, &dir.join("format"), &fmt_opts, &excused);
        total_pass += p + p2;
        total_fail += f + f2;
        bad.extend(b);
        bad.extend(b2);
    }
    println!("(optional report: {total_pass} pass, {total_fail} do not, all of those in files not claimed)");
    assert!(
        bad.is_empty(),
        "claimed optional files with failures: {bad:?}"
    );
}

/// Every case whose schema stands alone (no `$ref`, `$id`, anchors or `$schema`) once more
/// one level down, as a required property's subschema and value: the same answer. (Property
/// values take checks the root never does: the short checks kept in a property's slot.)
#[test]
fn suite_cases_hold_as_a_property() {
    let root = suite_dir();
    let (mut cases, mut wrong) = (0usize, Vec::new());
    for (folder, draft) in DRAFTS {
        let opts = SchemaOptions::new().draft(draft);
        for f in json_files(&root.join("tests").join(folder)) {
            let Value::Array(groups) = parse(&f) else {
                continue;
            };
            for g in &groups {
                let text = String::from_utf8(g.get("schema").unwrap().to_vec()).unwrap();
                if [
                    "$ref",
                    "$id",
                    "$anchor",
                    "$dynamic",
                    "$schema",
                    "$recursive",
                ]
                .iter()
                .any(|k| text.contains(k))
                {
                    continue;
                }
                let wrap = |inner: &str, key: &str| {
                    let limits = mcpwire::Limits {
                        max_depth: 1024,
                        ..mcpwire::Limits::DEFAULT
                    };
                    let t = format!(r#"{{"properties":{{"p":{inner}}},"required":["{key}"]}}"#);
                    Value::parse(t.as_bytes(), limits).unwrap()
                };
                let Ok(s) = Schema::compile_with(&wrap(&text, "p"), &opts) else {
                    wrong.push(format!("{}: {text} does not compile wrapped", f.display()));
                    continue;
                };
                let Some(Value::Array(tests)) = g.get("tests") else {
                    continue;
                };
                for t in tests {
                    let data = String::from_utf8(t.get("data").unwrap().to_vec()).unwrap();
                    let inst =
                        Value::parse(format!(r#"{{"p":{data}}}"#).as_bytes(), Default::default())
                            .unwrap();
                    let want = t.get("valid") == Some(&Value::Bool(true));
                    let (quick, all) = (s.is_valid(&inst), s.validate(&inst).is_empty());
                    if quick != want || all != want {
                        wrong.push(format!(
                            "{}: {text} on {data}: is_valid {quick}, validate {all}",
                            f.display()
                        ));
                    }
                    cases += 1;
                }
            }
        }
    }
    for w in wrong.iter().take(20) {
        println!("{w}");
    }
    println!("as a property: {cases} cases, {} wrong", wrong.len());
    assert!(cases > 800, "too few cases: {cases}");
    assert!(wrong.is_empty());
}

/// The short checks a property's slot keeps (string lengths, string enums, number ranges)
/// at and around their limits: a value as a property gets the answer it gets at the root.
#[test]
fn property_short_checks_agree_with_the_root() {
    let schemas = [
        r#"{"type":"integer","minimum":1,"maximum":14}"#,
        r#"{"type":"integer","exclusiveMinimum":1,"exclusiveMaximum":14}"#,
        r#"{"type":"number","exclusiveMinimum":0}"#,
        r#"{"exclusiveMaximum":-3,"minimum":-5}"#,
        r#"{"type":"integer","minimum":2.5}"#,
        r#"{"type":"integer","minimum":-5}"#,
        r#"{"type":"string","minLength":2,"maxLength":3}"#,
        r#"{"type":"string","minLength":4}"#,
        r#"{"maxLength":1}"#,
        r#"{"enum":["metric","imperial"],"type":"string"}"#,
        r#"{"const":"circle"}"#,
        r#"{"anyOf":[{"type":"integer","maximum":3},{"type":"null"}]}"#,
        r#"{"anyOf":[{"type":"string","maxLength":2},{"type":"null"}]}"#,
        r#"{"type":"number","minimum":0.5,"exclusiveMaximum":4.0}"#,
        r#"{"exclusiveMinimum":-2.25,"maximum":1e3}"#,
        r#"{"type":"integer","exclusiveMinimum":-2.5,"maximum":13.75}"#,
        r#"{"maximum":0.1}"#,
        r#"{"minimum":0.1,"maximum":0.3}"#,
        r#"{"maximum":9007199254740992}"#,
        r#"{"minimum":9007199254740993}"#,
        r#"{"minimum":1,"exclusiveMinimum":1,"maximum":3,"exclusiveMaximum":3.5}"#,
        r#"{"exclusiveMinimum":0.5,"minimum":0.5,"exclusiveMaximum":4,"maximum":4.0}"#,
        r#"{"allOf":[{"minimum":0.25},{"exclusiveMinimum":0.25}]}"#,
    ];
    let values = [
        "0",
        "1",
        "2",
        "3",
        "13",
        "14",
        "15",
        "-3",
        "-4",
        "-5",
        "-6",
        "1.0",
        "2.5",
        "0.5",
        "1e1",
        "2e0",
        "1e20",
        "-1.5",
        "100000000000000000000",
        "-0",
        "-0.0",
        "4.0",
        "4",
        "3.99999999999999",
        "4.00000000000001",
        "0.50",
        "0.49",
        "0.25",
        "0.2500000000000001",
        "-2.25",
        "-2.250",
        "-2.2500000000001",
        "-2.24999999999999",
        "-2",
        "-3.0",
        "0.1",
        "0.10",
        "0.1000000000000001",
        "0.09999999999999999",
        "0.30000000000000004",
        "0.3",
        "1000",
        "1000.0",
        "1000.5",
        "13.75",
        "13.0",
        "14.0",
        "9007199254740992",
        "9007199254740993",
        "9007199254740992.0",
        "-9007199254740993",
        "null",
        "true",
        r#""""#,
        r#""a""#,
        r#""ab""#,
        r#""abc""#,
        r#""abcd""#,
        r#""é""#,
        r#""éé""#,
        r#""éèê""#,
        r#""😀😀😀😀""#,
        r#""😀😀😀""#,
        r#""metric""#,
        r#""Metric""#,
        r#""imperial""#,
        r#""circle""#,
        r#""circle ""#,
        "[]",
        "{}",
    ];
    let parse = |t: &str| Value::parse(t.as_bytes(), Default::default()).unwrap();
    let (mut yes, mut no) = (0, 0);
    for sch in schemas {
        let root = Schema::compile(&parse(sch)).unwrap();
        let wrapped =
            Schema::compile(&parse(&format!(r#"{{"properties":{{"p":{sch}}}}}"#))).unwrap();
        for v in values {
            let want = root.is_valid(&parse(v));
            assert_eq!(
                want,
                root.validate(&parse(v)).is_empty(),
                "{sch} at the root on {v}"
            );
            let inst = parse(&format!(r#"{{"p":{v}}}"#));
            assert_eq!(wrapped.is_valid(&inst), want, "{sch} as a property on {v}");
            assert_eq!(
                wrapped.validate(&inst).is_empty(),
                want,
                "{sch} as a property on {v}"
            );
            if want {
                yes += 1
            } else {
                no += 1
            }
        }
    }
    assert!(yes > 50 && no > 150, "{yes} valid, {no} invalid");
}

/// `required` counts each name once, wherever it sits (beyond the 64 names the one-pass
/// check keeps in bits, repeated, or with no `properties` entry): an object passes when every
/// distinct name is present, whatever the number of its members.
#[test]
fn required_counts_distinct_names() {
    let many: Vec<String> = (0..70).map(|i| format!(r#""p{i}":{{}}"#)).collect();
    let many = many.join(",");
    let schemas: Vec<(String, Vec<&str>)> = vec![
        (r#"{"required":["a","a"]}"#.into(), vec!["a"]),
        (
            r#"{"properties":{"a":{}},"required":["a","a"]}"#.into(),
            vec!["a"],
        ),
        (
            r#"{"properties":{"a":{}},"required":["a","b","b"]}"#.into(),
            vec!["a", "b"],
        ),
        (
            format!(r#"{{"properties":{{{many}}},"required":["p69","p69","p0"]}}"#),
            vec!["p69", "p0"],
        ),
        (
            format!(r#"{{"properties":{{{many}}},"required":["p68","p69","q","q"]}}"#),
            vec!["p68", "p69", "q"],
        ),
        // A property that is not required, and a required name without a property.
        (
            r#"{"properties":{"a":{},"c":{}},"required":["a","b"]}"#.into(),
            vec!["a", "b"],
        ),
    ];
    // (As many members as required names, one more, one fewer.)
    let instances: [&[&str]; 13] = [
        &[],
        &["a"],
        &["b"],
        &["a", "b"],
        &["a", "c"],
        &["c", "b"],
        &["a", "b", "c"],
        &["p69", "p0"],
        &["p1", "p69"],
        &["p69"],
        &["p68", "p69", "q"],
        &["p68", "q", "x"],
        &["p0", "p69", "p68", "q"],
    ];
    let parse = |t: &str| Value::parse(t.as_bytes(), Default::default()).unwrap();
    let (mut yes, mut no) = (0, 0);
    for (sch, names) in &schemas {
        let schema = Schema::compile(&parse(sch)).unwrap();
        for keys in instances {
            let text: Vec<String> = keys.iter().map(|k| format!(r#""{k}":1"#)).collect();
            let inst = parse(&format!("{{{}}}", text.join(",")));
            let want = names.iter().all(|n| keys.contains(n));
            assert_eq!(schema.is_valid(&inst), want, "{sch} on {keys:?}");
            assert_eq!(schema.validate(&inst).is_empty(), want, "{sch} on {keys:?}");
            if want {
                yes += 1
            } else {
                no += 1
            }
        }
    }
    assert!(yes >= 5 && no >= 20, "{yes} valid, {no} invalid");
}

/// Every schema of a suite file against every instance of the same file: mcpwire must never
/// panic and must agree with the `jsonschema` crate wherever that crate can compile the
/// schema on its own (no remote refs).
#[test]
fn cross_product_agrees_with_jsonschema_crate() {
    let root = suite_dir();
    let base = remotes();
    let (mut compared, mut disagree) = (0usize, Vec::new());
    for (folder, draft) in DRAFTS {
        let opts = base.clone().draft(draft);
        for f in json_files(&root.join("tests").join(folder)) {
            let Value::Array(groups) = parse(&f) else {
                continue;
            };
            let data = test_data(&groups);
            let to_serde =
                |v: &Value| serde_json::from_slice::<serde_json::Value>(&v.to_vec()).unwrap();
            for g in &groups {
                let schema = g.get("schema").unwrap();
                // Schemas that need the remotes (custom metaschemas included) are out of
                // the other crate's reach here.
                if String::from_utf8_lossy(&schema.to_vec()).contains("localhost:1234") {
                    continue;
                }
                let Ok(ours) = Schema::compile_with(schema, &opts) else {
                    continue;
                };
                let theirs_draft = match draft {
                    Draft::Draft7 => jsonschema::Draft::Draft7,
                    Draft::Draft202012 => jsonschema::Draft::Draft202012,
                };
                let Ok(theirs) = jsonschema::options()
                    .with_draft(theirs_draft)
                    .should_validate_formats(false)
                    .build(&to_serde(schema))
                else {
                    continue;
                };
                for d in &data {
                    let a = ours.is_valid(d);
                    assert_eq!(a, ours.validate(d).is_empty());
                    if a != theirs.is_valid(&to_serde(d)) {
                        disagree.push(format!(
                            "{}: schema {} instance {}: mcpwire says {a}",
                            f.display(),
                            String::from_utf8_lossy(&schema.to_vec()),
                            String::from_utf8_lossy(&d.to_vec())
                        ));
                    }
                    compared += 1;
                }
            }
        }
    }
    for d in disagree.iter().take(20) {
        println!("{d}");
    }
    println!(
        "cross product: {compared} compared, {} disagreements",
        disagree.len()
    );
    assert!(disagree.is_empty());
}
