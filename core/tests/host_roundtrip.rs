//! The round trip: arguments generated for the converted schema of every tool of the real
//! catalogs (and the tricky one), for every target, come back through `decide` valid for the
//! original schema. Tools whose conversion widened what is accepted (a constraint moved into
//! the description, `oneOf` read as `anyOf`, a recursion cut, a dropped `required` name) are
//! left out: for them `decide` sends back what the original refuses, which is the design.

use mcpwire::host::{Catalog, Policy, Target};
use mcpwire::json::Value;
use mcpwire::schema::Schema;
use mcpwire::Limits;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::path::PathBuf;

fn catalog() -> Catalog {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/host/catalogs");
    let mut c = Catalog::new();
    for name in [
        "everything",
        "filesystem",
        "memory",
        "python-sdk",
        "sequential-thinking",
        "tricky",
    ] {
        let file = Value::parse(
            &std::fs::read(dir.join(format!("{name}.json"))).unwrap(),
            Limits::DEFAULT,
        )
        .unwrap();
        let Some(Value::Array(pages)) = file.get("pages") else {
            panic!()
        };
        for p in pages {
            c.add(name, p).unwrap();
        }
    }
    c
}

fn s<'a>(v: &'a Value, k: &str) -> &'a str {
    match v.get(k) {
        Some(Value::String(s)) => s,
        _ => "",
    }
}

fn items(v: Option<&Value>) -> &[Value] {
    match v {
        Some(Value::Array(a)) => a,
        _ => &[],
    }
}

/// Annotations: moving them into the description accepts nothing more.
const ANNOTATION_KEYS: [&str; 10] = [
    "nullable",
    "default",
    "examples",
    "title",
    "$schema",
    "$id",
    "$comment",
    "format",
    "deprecated",
    "description",
];

fn widened(changes: &[Value], server: &str, tool: &str) -> bool {
    changes
        .iter()
        .filter(|c| s(c, "server") == server && s(c, "tool") == tool)
        .any(|c| {
            let last = s(c, "path").rsplit('/').next().unwrap_or("");
            match s(c, "change") {
                "moved_to_description" | "removed_annotation" => !ANNOTATION_KEYS.contains(&last),
                "one_of_to_any_of" | "recursion_cut" | "dropped_required" => true,
                _ => false,
            }
        })
}

/// One converted tool to exercise.
struct Case {
    target: Target,
    strict: bool,
    shown: String,
    /// The converted schema as JSON Schema (Gemini's `nullable` written as a null branch).
    schema: Value,
    check: Schema,
}

fn json_schema(v: &Value) -> Value {
    match v {
        Value::Object(m) => {
            let mut out: Vec<(String, Value)> = m
                .iter()
                .filter(|(k, _)| {
                    k != "nullable"
                        && !(k == "format"
                            && v.get("format") == Some(&Value::String("enum".into())))
                })
                .map(|(k, x)| (k.clone(), json_schema(x)))
                .collect();
            if v.get("nullable") == Some(&Value::Bool(true)) {
                let inner = Value::Object(std::mem::take(&mut out));
                out.push((
                    "anyOf".into(),
                    Value::Array(vec![
                        inner,
                        Value::Object(vec![("type".into(), Value::String("null".into()))]),
                    ]),
                ));
            }
            Value::Object(out)
        }
        Value::Array(a) => Value::Array(a.iter().map(json_schema).collect()),
        other => other.clone(),
    }
}

fn cases(c: &Catalog) -> Vec<Case> {
    let mut out = Vec::new();
    for (target, strict) in [
        (Target::OpenAiChat, false),
        (Target::OpenAiChat, true),
        (Target::OpenAiResponses, true),
        (Target::Anthropic, false),
        (Target::Gemini, false),
        (Target::GeminiJsonSchema, false),
    ] {
        let m = c
            .to_model(target, strict, &Policy::default(), None)
            .unwrap();
        let changes = items(m.get("changes"));
        let decls: Vec<&Value> = match target {
            Target::Gemini | Target::GeminiJsonSchema => {
                items(items(m.get("tools"))[0].get("functionDeclarations"))
                    .iter()
                    .collect()
            }
            _ => items(m.get("tools")).iter().collect(),
        };
        for d in decls {
            let d = d.get("function").unwrap_or(d);
            let shown = s(d, "name").to_string();
            let st = m.get("names").unwrap().get(&shown).unwrap();
            if widened(changes, s(st, "server"), s(st, "tool")) {
                continue;
            }
            let schema = ["parameters", "input_schema", "parametersJsonSchema"]
                .iter()
                .find_map(|k| d.get(k))
                .cloned()
                .unwrap_or_else(|| {
                    Value::Object(vec![("type".into(), Value::String("object".into()))])
                });
            let schema = if target == Target::Gemini {
                json_schema(&schema)
            } else {
                schema
            };
            let check = Schema::compile(&schema).unwrap();
            out.push(Case {
                target,
                strict,
                shown,
                schema,
                check,
            });
        }
    }
    out
}

/// A small deterministic generator (xorshift) of instances of a schema.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn num(v: Option<&Value>) -> Option<i64> {
        match v {
            Some(Value::Number(n)) => n.parse::<f64>().ok().map(|f| f as i64),
            _ => None,
        }
    }

    fn value(&mut self, s: &Value, root: &Value, depth: usize) -> Value {
        if depth > 6 {
            return Value::Null;
        }
        if let Some(Value::String(r)) = s.get("$ref") {
            let mut at = root;
            for tok in r
                .trim_start_matches('#')
                .split('/')
                .filter(|t| !t.is_empty())
            {
                at = at.get(tok).unwrap_or(&Value::Null);
            }
            return self.value(at, root, depth + 1);
        }
        if let Some(Value::Array(e)) = s.get("enum") {
            let pick = self.below(e.len());
            return e[pick].clone();
        }
        if let Some(c) = s.get("const") {
            return c.clone();
        }
        for k in ["anyOf", "oneOf"] {
            if let Some(Value::Array(b)) = s.get(k) {
                let pick = self.below(b.len());
                return self.value(&b[pick], root, depth + 1);
            }
        }
        let ty = match s.get("type") {
            Some(Value::String(t)) => t.clone(),
            Some(Value::Array(ts)) => match &ts[(self.next() % ts.len().max(1) as u64) as usize] {
                Value::String(t) => t.clone(),
                _ => "null".into(),
            },
            _ if s.get("properties").is_some() => "object".into(),
            _ => ["string", "integer", "boolean"][self.below(3)].into(),
        };
        match ty.as_str() {
            "null" => Value::Null,
            "boolean" => Value::Bool(self.next().is_multiple_of(2)),
            "integer" | "number" => {
                let lo = Self::num(s.get("minimum")).unwrap_or(-5);
                let hi = Self::num(s.get("maximum")).unwrap_or(lo + 50).max(lo);
                Value::from_i64(lo + self.below((hi - lo + 1) as usize) as i64)
            }
            "string" => {
                let words = [
                    "a",
                    "Lamp broken",
                    "2026-12-06T10:00:00Z",
                    "x@example.com",
                    "héllo wörld",
                    "A-1002",
                ];
                let mut w = words[self.below(words.len())].to_string();
                let min = Self::num(s.get("minLength")).unwrap_or(0) as usize;
                while w.chars().count() < min {
                    w.push('z');
                }
                if let Some(max) = Self::num(s.get("maxLength")) {
                    w = w.chars().take(max as usize).collect();
                }
                Value::String(w)
            }
            "array" => {
                let min = Self::num(s.get("minItems")).unwrap_or(0) as usize;
                let max = Self::num(s.get("maxItems"))
                    .map_or(min + 3, |m| m as usize)
                    .max(min);
                let n = min + self.below(max - min + 1);
                let item = s.get("items").cloned().unwrap_or(Value::Object(vec![]));
                Value::Array((0..n).map(|_| self.value(&item, root, depth + 1)).collect())
            }
            _ => {
                let required: Vec<&str> = items(s.get("required"))
                    .iter()
                    .filter_map(|r| match r {
                        Value::String(r) => Some(r.as_str()),
                        _ => None,
                    })
                    .collect();
                let mut out = Vec::new();
                if let Some(Value::Object(props)) = s.get("properties") {
                    for (k, p) in props {
                        if required.contains(&k.as_str()) || self.next().is_multiple_of(2) {
                            out.push((k.clone(), self.value(p, root, depth + 1)));
                        }
                    }
                }
                Value::Object(out)
            }
        }
    }
}

#[test]
fn arguments_valid_for_the_converted_schema_come_back_valid_for_the_original() {
    let c = catalog();
    let all = cases(&c);
    assert!(
        all.len() > 250,
        "only {} tool conversions to exercise",
        all.len()
    );
    let policy = Policy::default();
    let valid = std::cell::Cell::new(0usize);
    let with_nulls = std::cell::Cell::new(0usize);
    let mut runner = TestRunner::new(Config {
        cases: 20,
        failure_persistence: None,
        ..Config::default()
    });
    runner
        .run(&any::<u64>(), |seed| {
            for (i, case) in all.iter().enumerate() {
                let mut g = Gen(seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
                let args = g.value(&case.schema, &case.schema, 0);
                if !case.check.is_valid(&args) {
                    continue;
                }
                valid.set(valid.get() + 1);
                if args.to_vec().windows(4).any(|w| w == b"null") {
                    with_nulls.set(with_nulls.get() + 1);
                }
                // As the JSON text some providers send, half of the time.
                let sent = if seed.is_multiple_of(2) {
                    Value::String(String::from_utf8(args.to_vec()).unwrap())
                } else {
                    args.clone()
                };
                let d = c.decide(
                    &case.shown,
                    &sent,
                    Some(case.target),
                    case.strict,
                    &policy,
                    None,
                );
                let decision = s(&d, "decision");
                prop_assert!(
                    decision == "run" || decision == "ask",
                    "{:?} strict={} {} {}: {} {}",
                    case.target,
                    case.strict,
                    case.shown,
                    String::from_utf8(args.to_vec()).unwrap(),
                    decision,
                    s(&d, "message")
                );
            }
            Ok(())
        })
        .unwrap();
    eprintln!(
        "{} conversions, {} valid calls, {} with nulls",
        all.len(),
        valid.get(),
        with_nulls.get()
    );
    // The property was exercised: many generated calls, with nulls standing for absent ones.
    assert!(valid.get() > 4000, "{} valid calls", valid.get());
    assert!(
        with_nulls.get() > 300,
        "{} calls with nulls",
        with_nulls.get()
    );
}
