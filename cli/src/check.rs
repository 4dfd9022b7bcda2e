//! `mcpwire check`: a captured exchange, or a tap log, line by line.

use mcpwire::json::writer::{write_plain_str, ObjectWriter};
use mcpwire::watch::{Finding, LogPayload, LogRecord, Watch, WatchLimits};
use mcpwire::{Correlator, Limits};
use std::io::{self, BufRead, BufReader, Read, Write};

pub const USAGE: &str = "usage: mcpwire check [--json] [--max-bytes N] [FILE|-]

Reads one JSON-RPC message per line (a captured MCP stdio exchange, both directions
interleaved) and reports, per line: kind, method, id, the typed message it decoded to,
its classification, and for a line that fails to decode the error kind, the JSON-RPC code
a server would answer with, the byte offset and a message.

A log written by `mcpwire tap --log` (one record per line with direction and time) is
recognised by its first line: each message is then also checked against the session's
rules in its direction, as the tap did, and its findings are reported with it.

  --json         one JSON object per input line
  --max-bytes N  longest accepted line (default 67108864)
  FILE           the capture; '-' or nothing reads standard input

Exit status: 0 all lines valid (and, for a tap log, no finding), 1 some line invalid or\nsome finding, 2 usage or I/O error.";

pub struct Options {
    json: bool,
    limits: Limits,
    path: Option<String>,
}

pub fn parse_args(args: &[String]) -> Result<Options, String> {
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

pub fn run(opts: &Options) -> io::Result<bool> {
    let mut input = open(&opts.path)?;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut correlator = Correlator::new(opts.limits);
    let mut replay: Option<Replay> = None;
    let (mut line_no, mut valid, mut invalid) = (0u64, 0u64, 0u64);
    let mut buf = Vec::new();
    let mut json = Vec::new();
    while read_line(&mut *input, &mut buf, opts.limits.max_input_bytes)?.is_some() {
        line_no += 1;
        if buf.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        if valid + invalid == 0 && LogRecord::is_record(&buf, opts.limits) {
            replay = Some(Replay::new(opts.limits));
        }
        let ok = match &mut replay {
            Some(r) => r.record(&mut out, &mut json, opts, line_no, &buf)?,
            None => plain(&mut out, &mut json, opts, line_no, &mut correlator, &buf)?,
        };
        if ok {
            valid += 1;
        } else {
            invalid += 1;
        }
    }
    let mut findings = 0;
    if let Some(r) = &mut replay {
        let end = r.watch.finish(r.last_ms);
        findings = r.findings + end.len() as u64;
        r.write_findings(&mut out, &mut json, opts.json, &end)?;
    }
    if !opts.json {
        match &replay {
            Some(_) => writeln!(
                out,
                "{valid} valid, {invalid} invalid, {findings} finding(s)"
            )?,
            None => writeln!(out, "{valid} valid, {invalid} invalid")?,
        }
    }
    out.flush()?;
    Ok(invalid == 0 && findings == 0)
}

/// One line of a plain capture.
fn plain(
    out: &mut impl Write,
    json: &mut Vec<u8>,
    opts: &Options,
    line_no: u64,
    correlator: &mut Correlator,
    buf: &[u8],
) -> io::Result<bool> {
    let report = correlator.check(buf);
    if opts.json {
        json.clear();
        report.write_json(json, Some(line_no));
        json.push(b'\n');
        out.write_all(json)?;
    } else {
        write!(out, "line {line_no}: {report}")?;
        if let Err(e) = &report.outcome {
            let (l, c) = e.line_column(buf);
            write!(out, " [line {l}, column {c} of the message]")?;
        }
        writeln!(out)?;
    }
    Ok(report.ok())
}

/// A tap log read back: each message observed in its direction, as the tap did.
struct Replay {
    watch: Watch,
    last_ms: u64,
    last_time: String,
    /// Findings reported so far.
    findings: u64,
}

impl Replay {
    fn new(limits: Limits) -> Self {
        Replay {
            watch: Watch::new(WatchLimits {
                decode: limits,
                ..WatchLimits::DEFAULT
            }),
            last_ms: 0,
            last_time: String::new(),
            findings: 0,
        }
    }

    fn write_findings(
        &mut self,
        out: &mut impl Write,
        json: &mut Vec<u8>,
        as_json: bool,
        findings: &[Finding],
    ) -> io::Result<()> {
        for f in findings {
            if as_json {
                json.clear();
                f.write_json(json, &self.last_time);
                json.push(b'\n');
                out.write_all(json)?;
            } else {
                writeln!(
                    out,
                    "  {} #{} {}: {}",
                    f.direction.name(),
                    f.line,
                    f.rule.name(),
                    f.message
                )?;
            }
        }
        Ok(())
    }

    /// One record: false when its message is invalid or broke a rule (or the record is not
    /// a record).
    fn record(
        &mut self,
        out: &mut impl Write,
        json: &mut Vec<u8>,
        opts: &Options,
        line_no: u64,
        buf: &[u8],
    ) -> io::Result<bool> {
        let rec = match LogRecord::parse(buf, opts.limits) {
            Ok(r) => r,
            Err(e) => {
                if opts.json {
                    json.clear();
                    let mut o = ObjectWriter::open(json);
                    o.key(json, "line");
                    json.extend_from_slice(line_no.to_string().as_bytes());
                    o.key(json, "ok");
                    json.extend_from_slice(b"false");
                    o.key(json, "error");
                    mcpwire::report::write_error(json, &e);
                    o.close(json);
                    json.push(b'\n');
                    out.write_all(json)?;
                } else {
                    writeln!(out, "line {line_no}: ERROR not a tap log record: {e}")?;
                }
                return Ok(false);
            }
        };
        // Requests unanswered for too long are reported before the record that follows.
        self.last_ms = rec.ms;
        self.last_time.clone_from(&rec.time);
        let late = self.watch.handle_timeout(rec.ms);
        self.findings += late.len() as u64;
        self.write_findings(out, json, opts.json, &late)?;
        let obs = match &rec.payload {
            LogPayload::Bytes(b) if rec.partial => {
                self.watch.observe_partial(rec.direction, b, rec.ms)
            }
            LogPayload::Bytes(b) => self.watch.observe(rec.direction, b, rec.ms),
            LogPayload::TooLong(len) => self.watch.observe_too_long(rec.direction, *len, rec.ms),
        };
        self.findings += obs.findings.len() as u64;
        if opts.json {
            json.clear();
            let mut o = ObjectWriter::open(json);
            o.key(json, "line");
            json.extend_from_slice(line_no.to_string().as_bytes());
            o.key(json, "direction");
            write_plain_str(json, rec.direction.name());
            o.key(json, "number");
            json.extend_from_slice(obs.line.to_string().as_bytes());
            o.key(json, "time");
            write_plain_str(json, &rec.time);
            obs.report.write_json_members(&mut o, json);
            o.key(json, "findings");
            json.push(b'[');
            for (i, f) in obs.findings.iter().enumerate() {
                if i > 0 {
                    json.push(b',');
                }
                f.write_json(json, &rec.time);
            }
            json.push(b']');
            o.close(json);
            json.push(b'\n');
            out.write_all(json)?;
        } else {
            writeln!(
                out,
                "line {line_no}: {} #{} {}",
                rec.direction.name(),
                obs.line,
                obs.report
            )?;
            for f in &obs.findings {
                writeln!(out, "  {}: {}", f.rule.name(), f.message)?;
            }
        }
        Ok(obs.report.ok() && obs.findings.is_empty())
    }
}
