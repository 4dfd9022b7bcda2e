//! The four seed decisions of issue 43, with and without a target.

use mcpwire::host::{Catalog, Policy, Target};
use mcpwire::json::Value;
use mcpwire::Limits;

fn catalog() -> Catalog {
    let mut c = Catalog::new();
    let page = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/host/seed.json"
    ))
    .unwrap();
    c.add_bytes("shop", &page).unwrap();
    c
}

fn json(s: &str) -> Value {
    Value::parse(s.as_bytes(), Limits::DEFAULT).unwrap()
}

fn s(v: &Value, k: &str) -> String {
    match v.get(k) {
        Some(Value::String(s)) => s.clone(),
        other => panic!("{k}: {other:?}"),
    }
}

#[test]
fn seed_decisions() {
    let c = catalog();
    let p = Policy::default();
    for target in [
        None,
        Some(Target::OpenAiChat),
        Some(Target::Anthropic),
        Some(Target::Gemini),
    ] {
        let d = c.decide(
            "lookup_order",
            &json(r#"{"order_id":"A-1002"}"#),
            target,
            false,
            &p,
            None,
        );
        assert_eq!(s(&d, "decision"), "run", "{target:?} {d:?}");
        assert_eq!(
            (s(&d, "server"), s(&d, "tool")),
            ("shop".into(), "lookup_order".into())
        );
        assert_eq!(d.get("arguments"), Some(&json(r#"{"order_id":"A-1002"}"#)));

        let args = Value::String(r#"{"summary":"Lamp broken","priority":"high"}"#.into());
        let d = c.decide("create_ticket", &args, target, false, &p, None);
        assert_eq!(s(&d, "decision"), "ask", "{d:?}");
        let prompt = s(&d, "prompt");
        assert!(
            prompt.starts_with(r#"create_ticket {"summary":"Lamp broken","priority":"high"}"#),
            "{prompt}"
        );
        assert!(prompt.contains("server: shop"), "{prompt}");

        let d = c.decide(
            "create_ticket",
            &json(r#"{"summary":"Lamp broken"}"#),
            target,
            false,
            &p,
            None,
        );
        assert_eq!(s(&d, "decision"), "send_back", "{d:?}");
        assert!(s(&d, "message").contains("priority"), "{d:?}");
        match d.get("errors") {
            Some(Value::Array(e)) => assert!(!e.is_empty()),
            other => panic!("{other:?}"),
        }

        let d = c.decide("refund_all", &json("{}"), target, false, &p, None);
        assert_eq!(s(&d, "decision"), "reject", "{d:?}");
        assert!(s(&d, "message").contains("no such tool"), "{d:?}");
        assert_eq!(d.get("server"), Some(&Value::Null));
    }
}

#[test]
fn arguments_as_text_that_is_not_json_are_sent_back() {
    let c = catalog();
    let d = c.decide(
        "lookup_order",
        &Value::String("{order_id: 1".into()),
        None,
        false,
        &Policy::default(),
        None,
    );
    assert_eq!(s(&d, "decision"), "send_back");
    assert!(s(&d, "message").contains("not valid JSON"), "{d:?}");
    let d = c.decide(
        "lookup_order",
        &json("[1]"),
        None,
        false,
        &Policy::default(),
        None,
    );
    assert_eq!(s(&d, "decision"), "send_back");
}

#[test]
fn policy_rules_change_the_decision() {
    let c = catalog();
    let args = json(r#"{"summary":"Lamp broken","priority":"high"}"#);
    let never = Policy::from_value(&json(r#"{"ask":"never"}"#)).unwrap();
    assert_eq!(
        s(
            &c.decide("create_ticket", &args, None, false, &never, None),
            "decision"
        ),
        "run"
    );
    // Not destructive: the "destructive" rule runs it.
    let destructive = Policy::from_value(&json(r#"{"ask":"destructive"}"#)).unwrap();
    assert_eq!(
        s(
            &c.decide("create_ticket", &args, None, false, &destructive, None),
            "decision"
        ),
        "run"
    );
    let always = Policy::from_value(&json(r#"{"ask_tools":["lookup_*"]}"#)).unwrap();
    let d = c.decide(
        "lookup_order",
        &json(r#"{"order_id":"A"}"#),
        None,
        false,
        &always,
        None,
    );
    assert_eq!(s(&d, "decision"), "ask");
    let deny = Policy::from_value(&json(r#"{"deny":["create_*"]}"#)).unwrap();
    let d = c.decide("create_ticket", &args, None, false, &deny, None);
    assert_eq!(s(&d, "decision"), "reject");
    assert!(s(&d, "message").contains("deny"), "{d:?}");
    let mut refuse_all = |_: &Value| false;
    let d = c.decide(
        "lookup_order",
        &json(r#"{"order_id":"A"}"#),
        None,
        false,
        &Policy::default(),
        Some(&mut refuse_all),
    );
    assert_eq!(s(&d, "decision"), "reject");
    assert!(s(&d, "message").contains("predicate"), "{d:?}");
}
