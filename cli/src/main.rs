//! `mcpwire`: tools for real MCP traffic.
//!
//! `mcpwire check [--json] [FILE|-]` reads a captured stdio exchange (one JSON-RPC message
//! per line, both directions interleaved, or a log written by `mcpwire tap --log`) and
//! reports every line. Exit status: 0 when every line is valid, 1 when any is not, 2 on a
//! usage or I/O error.
//!
//! `mcpwire tap [options] -- COMMAND [ARGS...]` runs an MCP server between a host and itself,
//! relaying every byte and checking every message as it passes.
//! `mcpwire tap [options] --http LISTEN --upstream URL` does the same as a reverse proxy in
//! front of a Streamable HTTP server.

mod check;
#[cfg(unix)]
mod tap;

use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let first = args.next();
    #[cfg(unix)]
    if first.as_deref().and_then(|a| a.to_str()) == Some("tap") {
        return tap::main(args.collect());
    }
    let args: Vec<String> = first
        .into_iter()
        .chain(args)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let opts = match check::parse_args(&args) {
        Ok(o) => o,
        Err(msg) => {
            if !msg.is_empty() {
                eprintln!("mcpwire: {msg}");
            }
            eprintln!("{}", check::USAGE);
            #[cfg(unix)]
            eprintln!("\n{}", tap::USAGE);
            return ExitCode::from(2);
        }
    };
    match check::run(&opts) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mcpwire: {e}");
            ExitCode::from(2)
        }
    }
}
