//! Inspect findings and policy selection on the tricky catalog.

use mcpwire::host::{Catalog, Policy, Target};
use mcpwire::json::Value;
use mcpwire::Limits;
use std::path::PathBuf;

fn catalog(names: &[&str]) -> Catalog {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/host/catalogs");
    let mut c = Catalog::new();
    for name in names {
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

fn json(s: &str) -> Value {
    Value::parse(s.as_bytes(), Limits::DEFAULT).unwrap()
}

fn s<'a>(v: &'a Value, k: &str) -> &'a str {
    match v.get(k) {
        Some(Value::String(s)) => s,
        _ => "",
    }
}

fn list(v: Option<&Value>) -> &[Value] {
    match v {
        Some(Value::Array(a)) => a,
        _ => &[],
    }
}

fn codes_of(findings: &Value, tool: &str) -> Vec<String> {
    list(Some(findings))
        .iter()
        .filter(|f| s(f, "tool") == tool)
        .map(|f| s(f, "code").to_string())
        .collect()
}

#[test]
fn inspect_reports_every_listed_problem_with_a_stable_code() {
    let c = catalog(&["memory", "tricky"]);
    let f = c.inspect();
    let has = |tool: &str, code: &str| {
        let codes = codes_of(&f, tool);
        assert!(
            codes.iter().any(|c| c == code),
            "{tool}: no {code} in {codes:?}"
        );
    };
    has("does_not_compile", "schema_invalid");
    has("strings_not_objects", "root_not_object");
    has("no_properties", "properties_missing");
    has("no_input_schema", "input_schema_missing");
    has("files.read", "openai_name_invalid");
    has("files.read", "anthropic_name_invalid");
    has(&"l".repeat(100), "openai_name_invalid");
    has("read_graph", "name_collision");
    has("true_schema", "hints");
    has("empty_schema", "root_not_object");
    has("root_any_of", "anthropic_root_composition");
    has("bad_property_keys", "anthropic_property_key_invalid");
    has("type_arrays", "gemini_type_not_single");
    has("consts_and_enums", "gemini_keyword_unsupported");
    has("consts_and_enums", "gemini_enum_not_string");
    has("refs_and_recursion", "anthropic_strict_recursive_schema");
    has(
        "keywords_outside_subsets",
        "openai_strict_format_unsupported",
    );
    // A plain tool: only Gemini's parameters refuse something (its `$schema`).
    let c = catalog(&["memory"]);
    let f = c.inspect();
    let plain: Vec<String> = codes_of(&f, "open_nodes")
        .into_iter()
        .filter(|c| !c.contains("strict"))
        .collect();
    assert_eq!(plain, ["hints", "gemini_keyword_unsupported"]);
    let gemini = list(Some(&f))
        .iter()
        .find(|x| s(x, "tool") == "open_nodes" && s(x, "code") == "gemini_keyword_unsupported")
        .unwrap();
    assert!(
        s(gemini, "message").contains("$schema")
            && s(gemini, "message").contains("(at /inputSchema/$schema)"),
        "{}",
        s(gemini, "message")
    );
    // Hints are read with the spec's defaults.
    let hints = list(Some(&f))
        .iter()
        .find(|x| s(x, "tool") == "read_graph" && s(x, "code") == "hints")
        .unwrap();
    assert!(
        s(hints, "message").starts_with("read-only: yes, destructive: no"),
        "{}",
        s(hints, "message")
    );
}

#[test]
fn ref_that_points_nowhere_and_a_repeated_tool_are_found() {
    let mut c = Catalog::new();
    c.add("a", &json(r##"[{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"x":{"$ref":"#/$defs/missing"}}}}]"##)).unwrap();
    c.add("a", &json(r#"{"tools":[{"name":"t","description":"again","inputSchema":{"type":"object","properties":{}}}]}"#)).unwrap();
    assert_eq!(c.len(), 1);
    let codes = codes_of(&c.inspect(), "t");
    assert!(codes.contains(&"duplicate_tool".to_string()), "{codes:?}");
    let mut c = Catalog::new();
    c.add("a", &json(r##"[{"name":"t","inputSchema":{"type":"object","properties":{"x":{"$ref":"#/$defs/missing"}}}}]"##)).unwrap();
    let codes = codes_of(&c.inspect(), "t");
    assert!(codes.contains(&"ref_unresolved".to_string()), "{codes:?}");
    assert!(
        codes.contains(&"description_missing".to_string()),
        "{codes:?}"
    );
}

#[test]
fn a_bad_page_adds_nothing() {
    let mut c = Catalog::new();
    let err = c
        .add(
            "a",
            &json(
                r#"{"tools":[{"name":"ok","inputSchema":{"type":"object"}},{"inputSchema":{}}]}"#,
            ),
        )
        .unwrap_err();
    assert!(err.message.contains("tools[1]"), "{}", err.message);
    assert!(c.is_empty());
    assert!(c
        .add(
            "a",
            &json(r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no tools"}}"#)
        )
        .is_err());
    assert!(
        c.add_bytes("a", br#"{"tools":[],"tools":[]}"#).is_err(),
        "duplicate keys are refused"
    );
    c.add_bytes("a", br#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"x","inputSchema":{"type":"object"}}]}}"#).unwrap();
    assert_eq!(c.len(), 1);
}

#[test]
fn select_lists_every_hidden_tool_with_its_reason() {
    let c = catalog(&["memory", "filesystem", "tricky"]);
    let p = Policy::from_value(&json(r#"{"deny":["*/delete_*"],"allow":["memory/*","filesystem/*","does_not_compile"],"read_only":true,"max_tools":5}"#)).unwrap();
    let sel = c.select(&p, None);
    let shown = list(sel.get("shown"));
    let hidden = list(sel.get("hidden"));
    assert_eq!(shown.len(), 5);
    assert_eq!(shown.len() + hidden.len(), c.len());
    let reason = |server: &str, tool: &str| {
        s(
            hidden
                .iter()
                .find(|h| s(h, "server") == server && s(h, "tool") == tool)
                .unwrap(),
            "reason",
        )
        .to_string()
    };
    assert!(reason("memory", "delete_entities").starts_with("denied"));
    assert!(reason("memory", "create_entities").starts_with("not_read_only"));
    assert!(reason("tricky", "root_any_of").starts_with("not_allowed"));
    assert!(reason("tricky", "does_not_compile").starts_with("schema_invalid"));
    assert!(reason("filesystem", "list_allowed_directories").starts_with("max_tools"));
    // The predicate sees the tool and can refuse it; decide then rejects it too.
    let mut seen = Vec::new();
    let mut pred = |t: &Value| {
        seen.push(s(t, "tool").to_string());
        assert!(t.get("inputSchema").is_some() && t.get("annotations").is_some());
        s(t, "tool") != "read_graph"
    };
    let sel = c.select(&Policy::default(), Some(&mut pred));
    assert_eq!(
        list(sel.get("hidden"))
            .iter()
            .filter(|h| s(h, "reason").starts_with("predicate"))
            .count(),
        2
    );
    assert!(seen.len() > 20);
    // decide calls the predicate for the called tool only (no max_tools).
    let mut calls = 0;
    let mut count = |_: &Value| {
        calls += 1;
        true
    };
    let d = c.decide(
        "memory/read_graph",
        &json("{}"),
        None,
        false,
        &Policy::default(),
        Some(&mut count),
    );
    assert_eq!(s(&d, "decision"), "run");
    assert_eq!(calls, 1);
    // A tool past max_tools is rejected by decide, with the reason.
    let p = Policy::from_value(&json(r#"{"max_tools":1}"#)).unwrap();
    let d = c.decide("memory/read_graph", &json("{}"), None, false, &p, None);
    assert_eq!(s(&d, "decision"), "reject");
    assert!(
        s(&d, "message").contains("max_tools"),
        "{}",
        s(&d, "message")
    );
    let names = c.to_model(Target::OpenAiChat, false, &p, None).unwrap();
    assert_eq!(list(names.get("tools")).len(), 1);
}
