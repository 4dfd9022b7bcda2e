//! `mcpwire tap --http LISTEN --upstream URL`: the Streamable HTTP form of the tap, a
//! reverse proxy in front of an MCP server's endpoint. Every request is relayed to the
//! upstream and every response back as it arrives (`proxy.rs`, which documents exactly
//! which header fields a proxy rewrites; `response.rs`, the body's relay; `framing.rs`); each JSON-RPC message (request bodies `to_server`;
//! JSON response bodies and each SSE event's `data`, `to_host`) and each head goes to core's
//! `Watch` on the checker thread (`checker.rs`), and the findings to the same timeline,
//! JSON lines and log as the stdio tap.
//!
//! Why `httparse` and std `TcpStream` with a thread per connection rather than a server
//! framework: a proxy must relay a long-lived SSE stream chunk by chunk and notice when the
//! client goes away; a blocking relay loop with one write and flush per read does exactly
//! that, with one small `no_std` dependency for the heads (chunk sizes included) and no
//! async runtime. MCP endpoints see a handful of connections, so a thread each is cheap.
//! Plain HTTP only (a tap listens on a loopback port; put TLS in front if needed).

mod checker;
mod framing;
mod proxy;
mod response;

use super::args::Options;
use super::clock::Clock;
use checker::{HttpChecker, HttpEvent};
use proxy::{Shared, Upstream};
use std::fs::File;
use std::io;
use std::net::TcpListener;
use std::sync::atomic::AtomicU64;
use std::sync::mpsc::sync_channel;
use std::sync::Arc;

/// Most events queued for the checker.
const CHANNEL: usize = 4096;

/// Runs the proxy until SIGINT or SIGTERM; then the summary, and status 0.
pub fn run(opts: Options) -> io::Result<u8> {
    let (Some(listen), Some(url)) = (&opts.http, &opts.upstream) else {
        return Err(io::Error::other("--http needs --upstream"));
    };
    let upstream = Upstream::parse(url).map_err(io::Error::other)?;
    let clock = Clock::start();
    let reporter = super::reporter(&opts, clock)?;
    let log = match &opts.log {
        Some(p) => Some(super::log::LogWriter::new(File::create(p)?, clock)),
        None => None,
    };
    let listener = TcpListener::bind(listen)
        .map_err(|e| io::Error::new(e.kind(), format!("cannot listen on {listen}: {e}")))?;
    let (tx, rx) = sync_channel(CHANNEL);
    let checker = HttpChecker::new(opts.limits, reporter, log, clock);
    let checking = std::thread::spawn(move || checker.run(rx));
    let stop = tx.clone();
    let mut signals = signal_hook::iterator::Signals::new([
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
    ])?;
    std::thread::spawn(move || {
        if signals.forever().next().is_some() {
            let _ = stop.send(HttpEvent::Stop);
        }
    });
    let shared = Arc::new(Shared {
        upstream,
        tx,
        clock,
        max: opts.limits.decode.max_input_bytes,
        next: AtomicU64::new(1),
    });
    std::thread::spawn(move || {
        for conn in listener.incoming().flatten() {
            let shared = shared.clone();
            std::thread::spawn(move || proxy::connection(conn, shared));
        }
    });
    let (summary, mut reporter) = checking
        .join()
        .map_err(|_| io::Error::other("the checker failed"))?;
    reporter.summary(&summary, &format!("at {url}: the tap was stopped"));
    Ok(0)
}
