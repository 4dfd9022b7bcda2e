//! The host kit beside the decode of the same `tools/list` result: building a catalog from a
//! 500-tool answer, converting it for each target, deciding one call and rendering one
//! result (so a user sees the host steps cost about what decoding does).

use criterion::{criterion_group, criterion_main, Criterion};
use mcpwire::host::{render_result, Catalog, Policy, Target};
use mcpwire::json::Value;
use mcpwire::{Limits, McpMessage};
use mcpwire_benches::tools_list_n;
use std::hint::black_box;

const TOOLS: usize = 500;

fn policy(target: Target) -> Policy {
    // OpenAI takes 128 tools per request: the host selects them.
    let max_tools = matches!(target, Target::OpenAiChat | Target::OpenAiResponses).then_some(128);
    Policy {
        max_tools,
        ..Policy::default()
    }
}

/// A value for a property schema of the generated catalog.
fn sample(s: &Value) -> Value {
    if let Some(Value::Array(e)) = s.get("enum") {
        return e[0].clone();
    }
    match s.get("type") {
        Some(Value::String(t)) if t == "integer" || t == "number" => Value::from_i64(1),
        Some(Value::String(t)) if t == "boolean" => Value::Bool(true),
        Some(Value::String(t)) if t == "array" => Value::Array(vec![]),
        Some(Value::String(t)) if t == "object" => Value::Object(vec![]),
        _ => Value::String("x".into()),
    }
}

/// A shown name and valid arguments (every required property) for a call of the first tool.
fn first_tool_call(catalog: &Catalog, target: Target) -> (String, Value) {
    let m = catalog
        .to_model(target, true, &policy(target), None)
        .unwrap();
    let Some(Value::Object(names)) = m.get("names") else {
        panic!()
    };
    let (shown, st) = &names[0];
    let (Some(Value::String(server)), Some(Value::String(tool))) =
        (st.get("server"), st.get("tool"))
    else {
        panic!()
    };
    let schema = catalog
        .tool(server, tool)
        .unwrap()
        .get("inputSchema")
        .unwrap();
    let props = schema.get("properties");
    let mut args = Vec::new();
    if let Some(Value::Array(required)) = schema.get("required") {
        for r in required {
            let Value::String(r) = r else { continue };
            let p = props.and_then(|p| p.get(r)).cloned().unwrap_or(Value::Null);
            args.push((r.clone(), sample(&p)));
        }
    }
    let args = Value::Object(args);
    let d = catalog.decide(shown, &args, Some(target), true, &policy(target), None);
    assert!(
        matches!(d.get("decision"), Some(Value::String(s)) if s == "run" || s == "ask"),
        "{d:?}"
    );
    (shown.clone(), args)
}

fn host(c: &mut Criterion) {
    let bytes = tools_list_n(TOOLS);
    let mut g = c.benchmark_group(format!("host/tools_list_{TOOLS}"));
    g.sample_size(20);
    g.bench_function("decode (McpMessage)", |b| {
        b.iter(|| black_box(McpMessage::decode(black_box(&bytes)).unwrap()))
    });
    g.bench_function("decode (Value tree)", |b| {
        b.iter(|| black_box(Value::parse(black_box(&bytes), Limits::DEFAULT).unwrap()))
    });
    g.bench_function("catalog add_bytes", |b| {
        b.iter(|| {
            let mut cat = Catalog::new();
            cat.add_bytes("bench", black_box(&bytes)).unwrap();
            black_box(cat)
        })
    });
    let mut cat = Catalog::new();
    cat.add_bytes("bench", &bytes).unwrap();
    assert_eq!(cat.len(), TOOLS);
    g.bench_function("inspect", |b| b.iter(|| black_box(cat.inspect())));
    for target in Target::ALL {
        for strict in [false, true] {
            if strict && matches!(target, Target::Gemini | Target::GeminiJsonSchema) {
                continue;
            }
            if strict && target == Target::Anthropic {
                continue; // at most 20 strict tools per request
            }
            let p = policy(target);
            let label = format!(
                "to_model {}{}",
                target.name(),
                if strict { " strict" } else { "" }
            );
            g.bench_function(label, |b| {
                b.iter(|| black_box(cat.to_model(target, strict, &p, None).unwrap()))
            });
        }
    }
    g.finish();

    let mut g = c.benchmark_group("host/one_call");
    let result = Value::parse(
        br#"{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"Found 3 issues: #12 Lamp broken, #13 Door stuck, #14 Window cracked."},{"type":"image","data":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAA=","mimeType":"image/png"}],"isError":false}}"#,
        Limits::DEFAULT,
    )
    .unwrap();
    for target in [Target::OpenAiChat, Target::Anthropic, Target::Gemini] {
        let p = policy(target);
        let (name, args) = first_tool_call(&cat, target);
        g.bench_function(
            format!("decide {} (500-tool catalog)", target.name()),
            |b| {
                b.iter(|| {
                    black_box(cat.decide(black_box(&name), &args, Some(target), true, &p, None))
                })
            },
        );
        g.bench_function(format!("render_result {}", target.name()), |b| {
            b.iter(|| {
                black_box(
                    render_result(
                        target,
                        black_box(&result),
                        Some("call_1"),
                        Some("f"),
                        Some(10_000),
                        Some(("<data>", "</data>")),
                    )
                    .unwrap(),
                )
            })
        });
    }
    g.finish();
}

criterion_group!(benches, host);
criterion_main!(benches);
