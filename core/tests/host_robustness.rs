//! Bad input never panics: arbitrary JSON as tools, schemas, policies, arguments and
//! results goes through every host entry point, and every converted list still passes the
//! checker.

use mcpwire::host::{check_tools, render_result, Catalog, Policy, Target};
use mcpwire::json::Value;
use proptest::prelude::*;

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("type".to_string()),
        Just("properties".to_string()),
        Just("required".to_string()),
        Just("items".to_string()),
        Just("anyOf".to_string()),
        Just("oneOf".to_string()),
        Just("allOf".to_string()),
        Just("$ref".to_string()),
        Just("$defs".to_string()),
        Just("enum".to_string()),
        Just("const".to_string()),
        Just("additionalProperties".to_string()),
        Just("nullable".to_string()),
        Just("format".to_string()),
        Just("minItems".to_string()),
        Just("description".to_string()),
        "[a-z .$/]{0,8}",
    ]
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-3i64..5).prop_map(Value::from_i64),
        prop_oneof![
            Just("object"),
            Just("string"),
            Just("array"),
            Just("null"),
            Just("integer"),
            Just("#"),
            Just("#/$defs/a"),
            Just("#/properties/x"),
            Just("uri"),
            Just("x"),
        ]
        .prop_map(|s| Value::String(s.into())),
    ]
}

fn json() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(5, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((key(), inner), 0..5).prop_map(|m| {
                let mut seen = std::collections::BTreeSet::new();
                Value::Object(
                    m.into_iter()
                        .filter(|(k, _)| seen.insert(k.clone()))
                        .collect(),
                )
            }),
        ]
    })
}

fn tool(name: &str, schema: Value) -> Value {
    Value::Object(vec![
        ("name".into(), Value::String(name.into())),
        ("inputSchema".into(), schema),
    ])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_schemas_and_calls_never_panic(
        schemas in prop::collection::vec(json(), 1..4),
        names in prop::collection::vec("[a-z.]{0,3}", 1..4),
        args in json(),
        result in json(),
        policy in json(),
    ) {
        let mut c = Catalog::new();
        let tools: Vec<Value> = schemas.into_iter().zip(names.iter().cycle()).map(|(s, n)| tool(n, s)).collect();
        let _ = c.add("s", &Value::Array(tools.clone()));
        let _ = c.add("t.x", &Value::Array(tools));
        let _ = c.add("u", &args);
        let _ = c.inspect();
        let p = Policy::from_value(&policy).unwrap_or_default();
        let _ = c.select(&p, None);
        for t in Target::ALL {
            for strict in [false, true] {
                if let Ok(out) = c.to_model(t, strict, &Policy::default(), None) {
                    let v = check_tools(t, strict, out.get("tools").unwrap());
                    prop_assert!(v.is_empty(), "{:?} strict={} {:?}", t, strict, v);
                    if let Some(Value::Object(names)) = out.get("names") {
                        for (shown, _) in names {
                            let d = c.decide(shown, &args, Some(t), strict, &Policy::default(), None);
                            prop_assert!(d.get("decision").is_some());
                        }
                    }
                }
            }
            let _ = render_result(t, &result, Some("id"), Some("n"), Some(3), Some(("<", ">")));
        }
        for n in &names {
            let _ = c.decide(n, &args, None, false, &p, None);
        }
    }
}
