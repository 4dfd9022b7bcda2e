//! Encode throughput: mcpwire's canonical encoder (fresh `Vec` and a reused buffer) beside
//! serde_json::Value, rmcp's exact type and sonic-rs Value serialization.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mcpwire::McpMessage;
use mcpwire_benches::{check, corpus, RmcpExact};
use std::hint::black_box;

fn encode(c: &mut Criterion) {
    let classes = corpus();
    check(&classes);
    for class in &classes {
        let id = class.id;
        let msgs = &class.messages;
        let views: Vec<McpMessage<'_>> = msgs
            .iter()
            .map(|m| McpMessage::decode(m).unwrap())
            .collect();
        let values: Vec<serde_json::Value> = msgs
            .iter()
            .map(|m| serde_json::from_slice(m).unwrap())
            .collect();
        let sonic: Vec<sonic_rs::Value> = msgs
            .iter()
            .map(|m| sonic_rs::from_slice(m).unwrap())
            .collect();
        let exact: Vec<RmcpExact> = msgs
            .iter()
            .map(|m| RmcpExact::decode(id, m).unwrap())
            .collect();
        let cap = msgs.iter().map(Vec::len).max().unwrap_or(0) * 2 + 64;

        let mut g = c.benchmark_group(format!("encode/{}", id.slug()));
        if id.is_batch() {
            g.throughput(Throughput::Elements(msgs.len() as u64));
        } else {
            g.throughput(Throughput::Bytes(class.bytes() as u64));
        }
        g.bench_function("mcpwire_to_vec", |b| {
            b.iter(|| {
                for v in &views {
                    black_box(mcpwire::encode_to_vec(black_box(v)));
                }
            })
        });
        let mut buf = vec![0u8; cap];
        g.bench_function("mcpwire_into_reused", |b| {
            b.iter(|| {
                for v in &views {
                    black_box(mcpwire::encode_into(black_box(v), &mut buf).unwrap());
                }
            })
        });
        g.bench_function("serde_json_value_to_vec", |b| {
            b.iter(|| {
                for v in &values {
                    black_box(serde_json::to_vec(black_box(v)).unwrap());
                }
            })
        });
        let mut out = Vec::with_capacity(cap);
        g.bench_function("serde_json_value_reused", |b| {
            b.iter(|| {
                for v in &values {
                    out.clear();
                    serde_json::to_writer(&mut out, black_box(v)).unwrap();
                    black_box(out.len());
                }
            })
        });
        g.bench_function("rmcp_exact_to_vec", |b| {
            b.iter(|| {
                for v in &exact {
                    black_box(v.to_vec());
                }
            })
        });
        g.bench_function("sonic_rs_value_to_vec", |b| {
            b.iter(|| {
                for v in &sonic {
                    black_box(sonic_rs::to_vec(black_box(v)).unwrap());
                }
            })
        });
        g.finish();
    }
}

criterion_group!(benches, encode);
criterion_main!(benches);
