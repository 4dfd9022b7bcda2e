//! `mcpwire tap [options] -- COMMAND [ARGS...]`: runs an MCP server, relays the host's stdin
//! to it and its stdout to the host byte for byte, and checks every message on the way with
//! core's `Watch`. `mcpwire tap --http LISTEN --upstream URL` is the Streamable HTTP form, a
//! reverse proxy (`http/`), with the same reports.
//!
//! Threads: two relays (one per direction, `relay.rs`: they also frame the lines), the
//! checker (`checker.rs`), one that
//! forwards SIGINT, SIGTERM, SIGHUP and SIGQUIT to the server, and the main thread, which
//! waits for the server. The server runs in its own process group, so a Ctrl-C in a terminal
//! reaches it once, through the tap. The server's exit ends the tap, with the server's status
//! (128 + the signal's number when a signal ended it).

mod args;
pub use args::USAGE;
mod checker;
mod clock;
mod http;
mod json_out;
mod log;
mod relay;
mod report;
mod timeline;

use args::{Color, Options};
use checker::Checker;
use clock::Clock;
use mcpwire::watch::Direction;
use report::Reporter;
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::os::fd::AsFd;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, ExitCode, ExitStatus, Stdio};
use std::sync::mpsc::sync_channel;
use std::time::{Duration, Instant};

/// How long the server's stdout may stay open after it exited (a child of its own may hold
/// it) before the tap stops waiting for it.
const DRAIN: Duration = Duration::from_secs(2);

fn reporter(opts: &Options, clock: Clock) -> io::Result<Box<dyn Reporter>> {
    let (out, terminal): (Box<dyn Write + Send>, bool) = match &opts.report {
        Some(p) => (Box::new(io::BufWriter::new(File::create(p)?)), false),
        None => (Box::new(io::stderr()), io::stderr().is_terminal()),
    };
    Ok(if opts.json {
        Box::new(json_out::JsonOut::new(out, clock))
    } else {
        let color = match opts.color {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => terminal,
        };
        Box::new(timeline::Timeline::new(out, color, opts.quiet, clock))
    })
}

fn exit_text(status: &ExitStatus) -> (String, u8) {
    match (status.code(), status.signal()) {
        (Some(c), _) => (format!("exited with status {c}"), c as u8),
        (None, Some(s)) => (format!("was ended by signal {s}"), (128 + s) as u8),
        _ => ("ended".into(), 1),
    }
}

/// Forwards the signals a host or a terminal sends the tap to the server.
fn forward_signals(pid: u32) -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP, SIGQUIT])?;
    std::thread::spawn(move || {
        for sig in signals.forever() {
            // SAFETY: kill(2) takes plain integers and touches no memory of ours.
            unsafe {
                libc::kill(pid as libc::pid_t, sig);
            }
        }
    });
    Ok(())
}

/// The checker runs at a lower priority than the relays (nice 10 for its thread): on a busy
/// machine the scheduler then lets a relay pass the next message on before the checker
/// finishes checking the last one. Best effort: a failure leaves the priority as it was.
fn yield_to_the_relays() {
    // SAFETY: gettid and setpriority take and return plain integers; on Linux, a thread id
    // with PRIO_PROCESS sets the priority of that thread alone.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, tid, 10);
    }
}

fn run(opts: Options) -> io::Result<u8> {
    let clock = Clock::start();
    let reporter = reporter(&opts, clock)?;
    let log = match &opts.log {
        Some(p) => Some(log::LogWriter::new(File::create(p)?, clock)),
        None => None,
    };
    let mut child = Command::new(&opts.command[0])
        .args(&opts.command[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .process_group(0)
        .spawn()
        .map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("cannot start '{}': {e}", opts.command[0].to_string_lossy()),
            )
        })?;
    forward_signals(child.id())?;
    let (tx, rx) = sync_channel(relay::CHANNEL);
    let queued = relay::Queued::default();
    let checker = Checker::new(opts.limits, reporter, log, clock, queued.clone());
    let checking = std::thread::spawn(move || {
        yield_to_the_relays();
        checker.run(rx)
    });
    let (to_server, from_server) = match (child.stdin.take(), child.stdout.take()) {
        (Some(i), Some(o)) => (i, o),
        _ => return Err(io::Error::other("the server's pipes were not created")),
    };
    let host_in = File::from(io::stdin().as_fd().try_clone_to_owned()?);
    let host_out = File::from(io::stdout().as_fd().try_clone_to_owned()?);
    let max = opts.limits.decode.max_input_bytes;
    let queue = || (tx.clone(), queued.clone());
    relay::spawn(Direction::ToServer, host_in, to_server, max, queue(), clock);
    let to_host = relay::spawn(
        Direction::ToHost,
        from_server,
        host_out,
        max,
        queue(),
        clock,
    );
    let status = child.wait()?;
    let exited = Instant::now();
    while !to_host.is_finished() && exited.elapsed() < DRAIN {
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = tx.send(relay::Event::Stop);
    drop(tx);
    let (summary, mut reporter) = checking
        .join()
        .map_err(|_| io::Error::other("the checker failed"))?;
    let (text, code) = exit_text(&status);
    reporter.summary(&summary, &text);
    Ok(code)
}

/// `mcpwire tap ARGS...`
pub fn main(args: Vec<OsString>) -> ExitCode {
    let opts = match args::parse(args) {
        Ok(o) => o,
        Err(msg) => {
            if !msg.is_empty() {
                eprintln!("mcpwire tap: {msg}");
            }
            eprintln!("{}", args::USAGE);
            return ExitCode::from(2);
        }
    };
    let result = if opts.http.is_some() {
        http::run(opts)
    } else {
        run(opts)
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("mcpwire tap: {e}");
            ExitCode::from(if e.kind() == io::ErrorKind::NotFound {
                127
            } else {
                126
            })
        }
    }
}
