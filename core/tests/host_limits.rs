//! Anthropic's strict budget per request: 24 optional and 16 union parameters over all
//! strict tools; a tool that would pass it goes out non-strict, reported, and the list
//! still passes the checker.

use mcpwire::host::{check_tools, Catalog, Policy, Target};
use mcpwire::json::Value;
use mcpwire::Limits;

fn tool(name: &str, optional: usize, unions: usize) -> String {
    let mut props: Vec<String> = (0..optional)
        .map(|i| format!(r#""o{i}":{{"type":"string"}}"#))
        .collect();
    props.extend((0..unions).map(|i| format!(r#""u{i}":{{"type":["string","integer"]}}"#)));
    let required: Vec<String> = (0..unions).map(|i| format!(r#""u{i}""#)).collect();
    format!(
        r#"{{"name":"{name}","description":"d","inputSchema":{{"type":"object","properties":{{{}}},"required":[{}]}}}}"#,
        props.join(","),
        required.join(",")
    )
}

fn catalog(tools: &[String]) -> Catalog {
    let mut c = Catalog::new();
    let page = format!(r#"{{"tools":[{}]}}"#, tools.join(","));
    c.add(
        "s",
        &Value::parse(page.as_bytes(), Limits::DEFAULT).unwrap(),
    )
    .unwrap();
    c
}

fn strict_flags(out: &Value) -> Vec<bool> {
    let Some(Value::Array(tools)) = out.get("tools") else {
        panic!()
    };
    tools
        .iter()
        .map(|t| t.get("strict") == Some(&Value::Bool(true)))
        .collect()
}

fn disabled(out: &Value) -> Vec<String> {
    let Some(Value::Array(changes)) = out.get("changes") else {
        panic!()
    };
    changes
        .iter()
        .filter(|c| c.get("change") == Some(&Value::String("strict_disabled".into())))
        .map(|c| match c.get("tool") {
            Some(Value::String(s)) => s.clone(),
            _ => panic!(),
        })
        .collect()
}

#[test]
fn anthropic_optional_and_union_budgets_turn_the_next_tool_non_strict() {
    let c = catalog(&[tool("a", 20, 0), tool("b", 5, 0), tool("c", 4, 0)]);
    let out = c
        .to_model(Target::Anthropic, true, &Policy::default(), None)
        .unwrap();
    assert_eq!(strict_flags(&out), [true, false, true]);
    assert_eq!(disabled(&out), ["b"]);
    assert!(check_tools(Target::Anthropic, true, out.get("tools").unwrap()).is_empty());

    let c = catalog(&[tool("a", 0, 10), tool("b", 0, 7), tool("c", 0, 6)]);
    let out = c
        .to_model(Target::Anthropic, true, &Policy::default(), None)
        .unwrap();
    assert_eq!(strict_flags(&out), [true, false, true]);
    assert!(check_tools(Target::Anthropic, true, out.get("tools").unwrap()).is_empty());
    // Without the budget the checker names the limit.
    let over = Value::parse(
        br#"[{"name":"a","input_schema":{"type":"object","properties":{"x":{"anyOf":[{"type":"string"}]}},"required":["x"],"additionalProperties":false},"strict":true}]"#,
        Limits::DEFAULT,
    )
    .unwrap();
    assert!(check_tools(Target::Anthropic, true, &over).is_empty());
    let many: Vec<String> = (0..21).map(|i| tool(&format!("t{i}"), 0, 0)).collect();
    let c = catalog(&many);
    let err = c
        .to_model(Target::Anthropic, true, &Policy::default(), None)
        .unwrap_err();
    assert!(
        err.message.contains("at most 20 strict tools"),
        "{}",
        err.message
    );
    let out = c
        .to_model(Target::Anthropic, false, &Policy::default(), None)
        .unwrap();
    let tools = out.get("tools").unwrap();
    assert!(check_tools(Target::Anthropic, false, tools).is_empty());
    // The checker counts strict tools too.
    let mut forced = tools.clone();
    if let Value::Array(list) = &mut forced {
        for t in list {
            if let Value::Object(m) = t {
                m.push(("strict".into(), Value::Bool(true)));
            }
        }
    }
    let v = check_tools(Target::Anthropic, true, &forced);
    assert!(
        v.iter().any(|v| v.starts_with("too_many_strict_tools")),
        "{v:?}"
    );
}

#[test]
fn openai_strict_enum_limits_make_the_tool_non_strict() {
    let long: Vec<String> = (0..300)
        .map(|i| format!(r#""{}{i}""#, "v".repeat(60)))
        .collect();
    let page = format!(
        r#"[{{"name":"pick","description":"d","inputSchema":{{"type":"object","properties":{{"v":{{"type":"string","enum":[{}]}}}},"required":["v"]}}}}]"#,
        long.join(",")
    );
    let mut c = Catalog::new();
    c.add(
        "s",
        &Value::parse(page.as_bytes(), Limits::DEFAULT).unwrap(),
    )
    .unwrap();
    let out = c
        .to_model(Target::OpenAiResponses, true, &Policy::default(), None)
        .unwrap();
    assert_eq!(strict_flags(&out), [false]);
    assert_eq!(disabled(&out), ["pick"]);
    assert!(check_tools(Target::OpenAiResponses, true, out.get("tools").unwrap()).is_empty());
    // The same list marked strict breaks the checker's rule.
    let Some(Value::Array(tools)) = out.get("tools") else {
        panic!()
    };
    let mut forced = tools[0].clone();
    if let Value::Object(m) = &mut forced {
        for (k, v) in m.iter_mut() {
            if k == "strict" {
                *v = Value::Bool(true);
            }
        }
    }
    let v = check_tools(Target::OpenAiResponses, true, &Value::Array(vec![forced]));
    assert!(v.iter().any(|v| v.starts_with("enum_too_long")), "{v:?}");
}
