//! Decode throughput: mcpwire's generic entry point beside serde_json::Value, rmcp's generic
//! message enum, rmcp's exact type and sonic-rs Value, one criterion group per class.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mcpwire::McpMessage;
use mcpwire_benches::{check, corpus, rmcp_exact, rmcp_generic, ClassId};
use std::hint::black_box;

/// Touches every typed item of a decoded message (the views are lazy: lists are re-read on
/// iteration), to show what using the result costs on top of the decode.
fn walk(msg: &McpMessage<'_>) -> usize {
    match msg {
        McpMessage::ListToolsResult(_, r) => r
            .tools
            .iter()
            .map(|t| t.name.source().len() + t.input_schema.as_str().len())
            .sum(),
        McpMessage::CallToolResult(_, r) => r.content.iter().map(|b| b.type_name().len()).sum(),
        McpMessage::CallToolRequest(_, p) => p.name.source().len(),
        McpMessage::ProgressNotification(p) => p.message.map_or(0, |m| m.source().len()),
        _ => 0,
    }
}

fn decode(c: &mut Criterion) {
    let classes = corpus();
    check(&classes);
    for class in &classes {
        let id = class.id;
        let msgs = &class.messages;
        let mut g = c.benchmark_group(format!("decode/{}", id.slug()));
        if id.is_batch() {
            g.throughput(Throughput::Elements(msgs.len() as u64));
        } else {
            g.throughput(Throughput::Bytes(class.bytes() as u64));
        }
        if id == ClassId::Image {
            g.sample_size(30);
        }
        g.bench_function("mcpwire", |b| {
            b.iter(|| {
                for m in msgs {
                    black_box(McpMessage::decode(black_box(m)).unwrap());
                }
            })
        });
        if matches!(id, ClassId::ToolsList | ClassId::TextBlocks) {
            g.bench_function("mcpwire+walk", |b| {
                b.iter(|| {
                    for m in msgs {
                        let msg = McpMessage::decode(black_box(m)).unwrap();
                        black_box(walk(&msg));
                    }
                })
            });
        }
        g.bench_function("serde_json_value", |b| {
            b.iter(|| {
                for m in msgs {
                    black_box(serde_json::from_slice::<serde_json::Value>(black_box(m)).unwrap());
                }
            })
        });
        g.bench_function("rmcp_generic", |b| {
            b.iter(|| {
                for m in msgs {
                    rmcp_generic(id, black_box(m)).unwrap();
                }
            })
        });
        g.bench_function("rmcp_exact", |b| {
            b.iter(|| {
                for m in msgs {
                    rmcp_exact(id, black_box(m)).unwrap();
                }
            })
        });
        g.bench_function("sonic_rs_value", |b| {
            b.iter(|| {
                for m in msgs {
                    black_box(sonic_rs::from_slice::<sonic_rs::Value>(black_box(m)).unwrap());
                }
            })
        });
        g.finish();
    }
}

criterion_group!(benches, decode);
criterion_main!(benches);
