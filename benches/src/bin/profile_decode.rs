//! Decodes one class with mcpwire many times, for `valgrind --tool=callgrind`.
//!
//! `profile_decode <class-slug> [iterations|dump] [encode|sonic|tape|unescape|time|timesonic]`
//!
//! A slug `file:<path>` takes that file as the one message (for example one of the JS
//! benchmark's, printed by `tests/js/bench-core.mjs`' `benchMessages`).
//!
//! `tape`: `js::decode_tape`, what the JS bindings' decode runs natively (the checks, then the
//! tape their JS builds values from). `unescape`: `js::decode_tape_unescaping`, what they run
//! for bytes (the tape, and the text with its string values unescaped).
//!
//! `time` (`timesonic`: sonic-rs; `timetape`, `timeunescape`: those modes) prints the fastest
//! of `iterations` passes over the class in nanoseconds: on this noisy VM the minimum of one
//! process is steadier than a median for comparing two builds of mcpwire (interleave their
//! runs). Criterion stays the reference for mcpwire beside the alternatives.

use mcpwire::McpMessage;
use mcpwire_benches::{class, ClassId};
use std::hint::black_box;

fn main() {
    let mut args = std::env::args().skip(1);
    let slug = args.next().unwrap_or_else(|| "tools_list_100".into());
    let iters = args.next().unwrap_or_else(|| "20".into());
    let mode = args.next().unwrap_or_default();
    let encode = mode == "encode";
    let messages = match slug.strip_prefix("file:") {
        Some(path) => vec![std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"))],
        None => {
            let id = ClassId::ALL
                .into_iter()
                .find(|c| c.slug() == slug)
                .unwrap_or_else(|| panic!("unknown class {slug}"));
            class(id).messages
        }
    };
    let bytes: usize = messages.iter().map(Vec::len).sum();
    if iters == "dump" {
        for m in &messages {
            println!("{}", String::from_utf8_lossy(m));
        }
        return;
    }
    let iters: usize = iters.parse().expect("iterations");
    if let Some(what) = mode.strip_prefix("time") {
        println!("{:.0}", best_pass_ns(&messages, iters, what));
        return;
    }
    let mut total = 0usize;
    for _ in 0..iters {
        for m in &messages {
            if mode == "sonic" {
                total += sonic_value(black_box(m));
                continue;
            }
            if mode == "tape" {
                total += tape_decode(black_box(m));
                continue;
            }
            if mode == "unescape" {
                total += unescaped_tape(black_box(m));
                continue;
            }
            if encode {
                let msg = McpMessage::decode(black_box(m)).expect("decode");
                total += mcpwire::encode_to_vec(&msg).len();
            } else {
                total += mcpwire_decode(black_box(m));
            }
        }
    }
    println!("{slug}: {iters} iterations, {bytes} bytes per iteration, {total}");
}

/// mcpwire's typed view of one message (decoded and dropped), for the same count: callgrind
/// counts this function (`McpMessage::decode` is inlined into it).
#[inline(never)]
fn mcpwire_decode(m: &[u8]) -> usize {
    let msg = McpMessage::decode(m).expect("decode");
    black_box(&msg).message_type().name().len()
}

/// sonic-rs's `Value` of one message (built and dropped), for the same count.
#[inline(never)]
fn sonic_value(m: &[u8]) -> usize {
    use sonic_rs::JsonValueTrait;
    let v: sonic_rs::Value = sonic_rs::from_slice(m).expect("sonic-rs");
    usize::from(black_box(&v).is_object())
}

/// The fastest of `passes` decodes of every message, in nanoseconds.
fn best_pass_ns(messages: &[Vec<u8>], passes: usize, what: &str) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..passes {
        let t = std::time::Instant::now();
        let mut k = 0;
        for m in messages {
            k += match what {
                "sonic" => sonic_value(black_box(m)),
                "tape" => tape_decode(black_box(m)),
                "unescape" => unescaped_tape(black_box(m)),
                _ => mcpwire_decode(black_box(m)),
            };
        }
        black_box(k);
        best = best.min(t.elapsed().as_nanos() as f64);
    }
    best
}

type TapeBuffers = (Vec<u32>, Vec<f64>, mcpwire::js::TapeKeys, Vec<u8>);

thread_local! {
    static TAPE: std::cell::RefCell<TapeBuffers> = std::cell::RefCell::new((
        vec![0; 1 << 20],
        vec![0.0; 1 << 19],
        mcpwire::js::TapeKeys::new(&["__proto__", "toString"]),
        Vec::new(),
    ));
}

/// What a JS binding's decode runs natively: every check, then the tape (`js`).
#[inline(never)]
fn tape_decode(m: &[u8]) -> usize {
    TAPE.with_borrow_mut(|(w, f, keys, _)| {
        mcpwire::js::decode_tape(m, mcpwire::Limits::DEFAULT, keys, w, f).expect("tape");
        w[0] as usize
    })
}

/// [`tape_decode`] with the unescaped text written beside the tape.
#[inline(never)]
fn unescaped_tape(m: &[u8]) -> usize {
    TAPE.with_borrow_mut(|(w, f, keys, out)| {
        out.resize(m.len().max(out.len()), 0);
        mcpwire::js::decode_tape_unescaping(m, mcpwire::Limits::DEFAULT, keys, w, f, out)
            .expect("tape");
        w[0] as usize
    })
}
