//! Counts heap allocations and peak heap bytes per decode, for each class and library.
//!
//! A counting global allocator wraps the system one. For every message: reset the peak,
//! decode, keep the result alive until the counters are read, drop it. Reported: allocations
//! per message (mean over the class), and the peak live bytes above the baseline (the input is
//! allocated before, so it is not counted), max over the class's messages.

use mcpwire::McpMessage;
use mcpwire_benches::{corpus, rmcp_types as t, Class, ClassId, Side};
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

struct Counting;

static ALLOCS: AtomicUsize = AtomicUsize::new(0);
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grow(by: usize) {
    let now = LIVE.fetch_add(by, Relaxed) + by;
    PEAK.fetch_max(now, Relaxed);
}

// SAFETY: forwards to `System` unchanged; only updates counters.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        grow(layout.size());
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        grow(layout.size());
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        if new_size >= layout.size() {
            grow(new_size - layout.size());
        } else {
            LIVE.fetch_sub(layout.size() - new_size, Relaxed);
        }
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations and peak bytes (above the live bytes at the start) of `f`, whose result is
/// held until both are read.
fn measure<T>(f: impl FnOnce() -> T) -> (usize, usize) {
    let base = LIVE.load(Relaxed);
    PEAK.store(base, Relaxed);
    let a0 = ALLOCS.load(Relaxed);
    let v = black_box(f());
    let allocs = ALLOCS.load(Relaxed) - a0;
    let peak = PEAK.load(Relaxed) - base;
    drop(v);
    (allocs, peak)
}

/// One table row: `decode` run on each message of `c`. Returns the max peak bytes.
fn row<'c, T>(c: &'c Class, name: &str, decode: impl Fn(&'c [u8]) -> T) -> usize {
    let (mut allocs, mut peak, mut ratio) = (0usize, 0usize, 0f64);
    for m in &c.messages {
        let (a, p) = measure(|| decode(m));
        allocs += a;
        peak = peak.max(p);
        ratio = ratio.max(p as f64 / m.len() as f64);
    }
    let per = allocs as f64 / c.messages.len() as f64;
    let input = if c.id.is_batch() {
        let max = c.messages.iter().map(Vec::len).max().unwrap_or(0);
        format!("{} total, {max} max", c.bytes())
    } else {
        c.bytes().to_string()
    };
    let per = if per.fract() == 0.0 {
        format!("{per:.0}")
    } else {
        format!("{per:.2}")
    };
    println!(
        "| {} | {input} | {name} | {per} | {peak} | {:.2}% |",
        c.id.label(),
        ratio * 100.0
    );
    peak
}

fn main() {
    let classes = corpus();
    println!("Heap allocations and peak heap bytes per decode (input excluded)");
    println!();
    println!(
        "| message class | input bytes | library | allocs/msg | peak bytes (max/msg) | peak / input (max) |"
    );
    println!("|---|---:|---|---:|---:|---:|");
    let mut tools_list_peak = None;
    for c in &classes {
        let peak = row(c, "mcpwire", |m| McpMessage::decode(m).expect("mcpwire"));
        if c.id == ClassId::ToolsList {
            tools_list_peak = Some((peak, c.bytes()));
        }
        row(c, "serde_json::Value", |m| {
            serde_json::from_slice::<serde_json::Value>(m).expect("serde_json")
        });
        match c.id.side() {
            Side::Client => row(c, "rmcp generic", |m| {
                serde_json::from_slice::<t::ClientJsonRpcMessage>(m).expect("rmcp")
            }),
            Side::Server => row(c, "rmcp generic", |m| {
                serde_json::from_slice::<t::ServerJsonRpcMessage>(m).expect("rmcp")
            }),
        };
        match c.id {
            ClassId::ToolsList => row(c, "rmcp exact", |m| {
                serde_json::from_slice::<t::ToolsList>(m).expect("rmcp")
            }),
            ClassId::ToolsCall => row(c, "rmcp exact", |m| {
                serde_json::from_slice::<t::ToolsCall>(m).expect("rmcp")
            }),
            ClassId::Progress => row(c, "rmcp exact", |m| {
                serde_json::from_slice::<t::Progress>(m).expect("rmcp")
            }),
            ClassId::Errors => row(c, "rmcp exact", |m| {
                serde_json::from_slice::<t::Error>(m).expect("rmcp")
            }),
            _ => row(c, "rmcp exact", |m| {
                serde_json::from_slice::<t::CallResult>(m).expect("rmcp")
            }),
        };
        row(c, "sonic-rs Value", |m| {
            sonic_rs::from_slice::<sonic_rs::Value>(m).expect("sonic-rs")
        });
    }
    if let Some((peak, input)) = tools_list_peak {
        println!();
        println!(
            "mcpwire peak heap decoding the tools/list result: {peak} bytes beyond the \
             {input}-byte input = {:.3}% of it (target < 10%)",
            peak as f64 / input as f64 * 100.0
        );
    }
}
