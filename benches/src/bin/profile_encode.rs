//! Encodes one class with mcpwire many times (decoded once, outside the loop), for
//! `valgrind --tool=callgrind --toggle-collect='profile_encode::encode_*'`.
//!
//! `profile_encode <class-slug> [iterations] [vec|into]`

use mcpwire::McpMessage;
use mcpwire_benches::{class, ClassId};
use std::hint::black_box;

#[inline(never)]
fn encode_vec(views: &[McpMessage<'_>]) -> usize {
    views
        .iter()
        .map(|v| black_box(mcpwire::encode_to_vec(black_box(v))).len())
        .sum()
}

#[inline(never)]
fn encode_into(views: &[McpMessage<'_>], buf: &mut [u8]) -> usize {
    views
        .iter()
        .map(|v| mcpwire::encode_into(black_box(v), buf).unwrap_or(0))
        .sum()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let slug = args.next().unwrap_or_else(|| "tools_list_100".into());
    let iters: usize = args.next().map_or(20, |n| n.parse().expect("iterations"));
    let into = args.next().is_some_and(|a| a == "into");
    let id = ClassId::ALL
        .into_iter()
        .find(|c| c.slug() == slug)
        .unwrap_or_else(|| panic!("unknown class {slug}"));
    let c = class(id);
    let views: Vec<McpMessage<'_>> = c
        .messages
        .iter()
        .map(|m| McpMessage::decode(m).expect("decode"))
        .collect();
    let mut buf = vec![0u8; c.messages.iter().map(Vec::len).max().unwrap_or(0) * 2 + 64];
    let mut total = 0usize;
    for _ in 0..iters {
        total += if into {
            encode_into(&views, &mut buf)
        } else {
            encode_vec(&views)
        };
    }
    println!("{slug}: {iters} iterations, {total} bytes encoded");
}
