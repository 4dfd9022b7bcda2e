//! `mcpwire`: tools for real MCP traffic.
//!
//! `mcpwire check [--json] [FILE|-]` reads a captured stdio exchange (one JSON-RPC message
//! per line, both directions interleaved) and reports every line. Exit status: 0 when every
//! line is valid, 1 when any is not, 2 on a usage or I/O error.

use mcpwire::{Correlator, Limits};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::ExitCode;

const USAGE: &str = "usage: mcpwire check [--json] [--max-bytes N] [FILE|-]

Reads one JSON-RPC message per line (a captured MCP stdio exchange, both directions
interleaved) and reports, per line: kind, method, id, the typed message it decoded to,
its classification, and for a line that fails to decode the error kind, the JSON-RPC code
a server would answer with, the byte offset and a message.

  --json         one JSON object per input line
  --max-bytes N  longest accepted line (default 67108864)
  FILE           the capture; '-' or nothing reads standard input

Exit status: 0 all lines valid, 1 some line invalid, 2 usage or I/O error.";

struct Options {
    json: bool,
    limits: Limits,
    path: Option<String>,
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut opts = Options {
        json: false,
        limits: Limits::DEFAULT,
        path: None,
    };
    let mut it = args.iter();
    match it.next().map(String::as_str) {
        Some("check") => {}
        Some("-h" | "--help") | None => return Err(String::new()),
        Some(other) => return Err(format!("unknown command '{other}'")),
    }
    while let Some(a) = it.next() {
        match a.as_str() {
            "--json" => opts.json = true,
            "--max-bytes" => {
                let v = it.next().ok_or("--max-bytes needs a number")?;
                opts.limits.max_input_bytes = v
                    .parse()
                    .map_err(|_| format!("--max-bytes: '{v}' is not a number"))?;
            }
            "-h" | "--help" => return Err(String::new()),
            "-" => opts.path = None,
            p if p.starts_with("--") => return Err(format!("unknown option '{p}'")),
            p => opts.path = Some(p.to_string()),
        }
    }
    Ok(opts)
}

fn open(path: &Option<String>) -> io::Result<Box<dyn BufRead>> {
    Ok(match path {
        Some(p) => Box::new(BufReader::new(std::fs::File::open(p)?)),
        None => Box::new(BufReader::new(io::stdin())),
    })
}

/// Reads one line (without its `\n`), keeping at most `cap + 1` bytes so an over-long line
/// is reported, not buffered without bound. Returns `None` at end of input.
fn read_line(input: &mut dyn BufRead, buf: &mut Vec<u8>, cap: usize) -> io::Result<Option<()>> {
    buf.clear();
    let n = input.take(cap as u64 + 1).read_until(b'\n', buf)?;
    if n == 0 {
        return Ok(None);
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
    } else if buf.len() > cap {
        // Over-long: drain the rest of the line.
        let mut sink = Vec::new();
        loop {
            sink.clear();
            let m = input.take(1 << 16).read_until(b'\n', &mut sink)?;
            if m == 0 || sink.last() == Some(&b'\n') {
                break;
            }
        }
    }
    Ok(Some(()))
}

fn run(opts: &Options) -> io::Result<bool> {
    let mut input = open(&opts.path)?;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut correlator = Correlator::new(opts.limits);
    let (mut line_no, mut valid, mut invalid) = (0u64, 0u64, 0u64);
    let mut buf = Vec::new();
    let mut json = Vec::new();
    while read_line(&mut *input, &mut buf, opts.limits.max_input_bytes)?.is_some() {
        line_no += 1;
        if buf.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let report = correlator.check(&buf);
        if report.ok() {
            valid += 1;
        } else {
            invalid += 1;
        }
        if opts.json {
            json.clear();
            report.write_json(&mut json, Some(line_no));
            json.push(b'\n');
            out.write_all(&json)?;
        } else {
            write!(out, "line {line_no}: {report}")?;
            if let Err(e) = &report.outcome {
                let (l, c) = e.line_column(&buf);
                write!(out, " [line {l}, column {c} of the message]")?;
            }
            writeln!(out)?;
        }
    }
    if !opts.json {
        writeln!(out, "{valid} valid, {invalid} invalid")?;
    }
    out.flush()?;
    Ok(invalid == 0)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opts = match parse_args(&args) {
        Ok(o) => o,
        Err(msg) => {
            if !msg.is_empty() {
                eprintln!("mcpwire: {msg}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&opts) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mcpwire: {e}");
            ExitCode::from(2)
        }
    }
}
