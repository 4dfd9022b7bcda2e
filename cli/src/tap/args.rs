//! `mcpwire tap` options.

use mcpwire::watch::WatchLimits;
use std::ffi::OsString;
use std::path::PathBuf;

pub const USAGE: &str = "usage: mcpwire tap [options] -- COMMAND [ARGS...]
       mcpwire tap [options] --http LISTEN --upstream URL

Runs COMMAND (an MCP server speaking stdio) and relays the host's stdin to it and its stdout
to the host, byte for byte, checking every message on the way. The server's stderr passes
through; the tap's report goes to stderr (or --report FILE). Exits with the server's status.

With --http, the tap is a reverse proxy for a Streamable HTTP server instead: it listens on
LISTEN (host:port), forwards every request to URL (http://host:port/path) and relays each
response back as it arrives (SSE event by event), checking every message and the HTTP rules.
It runs until Ctrl-C or SIGTERM, then prints the summary.

  --json           findings as JSON lines (time, direction, line, rule, message, id, method)
  --report FILE    write the timeline (or the JSON lines) to FILE instead of stderr
  --log FILE       write the exchange to FILE in the form `mcpwire check` reads
  --color WHEN     auto (default: when the report goes to a terminal), always, never
  --max-bytes N    longest line checked (default 16777216); longer lines are relayed, not checked
  --slow-ms N      report responses slower than N ms (default 10000; 0: never)
  --timeout-ms N   report requests unanswered after N ms (default 60000; 0: only at exit)
  --quiet          timeline: only messages with findings, and the summary";

/// When to colour the timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Color {
    Auto,
    Always,
    Never,
}

/// What the user asked for.
#[derive(Debug)]
pub struct Options {
    pub json: bool,
    pub report: Option<PathBuf>,
    pub log: Option<PathBuf>,
    pub color: Color,
    pub quiet: bool,
    pub limits: WatchLimits,
    pub command: Vec<OsString>,
    /// `--http LISTEN`: the address the HTTP form listens on.
    pub http: Option<String>,
    /// `--upstream URL`: where the HTTP form forwards to.
    pub upstream: Option<String>,
}

fn number(it: &mut impl Iterator<Item = OsString>, name: &str) -> Result<u64, String> {
    let v = it.next().ok_or(format!("{name} needs a number"))?;
    let s = v.to_string_lossy();
    s.parse()
        .map_err(|_| format!("{name}: '{s}' is not a number"))
}

fn path(it: &mut impl Iterator<Item = OsString>, name: &str) -> Result<PathBuf, String> {
    it.next()
        .map(PathBuf::from)
        .ok_or(format!("{name} needs a file name"))
}

fn text(it: &mut impl Iterator<Item = OsString>, name: &str) -> Result<String, String> {
    it.next()
        .map(|v| v.to_string_lossy().into_owned())
        .ok_or(format!("{name} needs a value"))
}

/// Parses the arguments after `tap`. `Err("")` asks for the usage text.
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Options, String> {
    let mut limits = WatchLimits::DEFAULT;
    limits.decode.max_input_bytes = 16 << 20;
    let mut o = Options {
        json: false,
        report: None,
        log: None,
        color: Color::Auto,
        quiet: false,
        limits,
        command: Vec::new(),
        http: None,
        upstream: None,
    };
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        match a.to_str() {
            Some("--") => {
                o.command = it.collect();
                break;
            }
            Some("--json") => o.json = true,
            Some("--quiet") => o.quiet = true,
            Some("--report") => o.report = Some(path(&mut it, "--report")?),
            Some("--log") => o.log = Some(path(&mut it, "--log")?),
            Some("--color") => {
                o.color = match it.next().as_ref().and_then(|v| v.to_str()) {
                    Some("auto") => Color::Auto,
                    Some("always") => Color::Always,
                    Some("never") => Color::Never,
                    _ => return Err("--color needs auto, always or never".into()),
                }
            }
            Some("--max-bytes") => {
                o.limits.decode.max_input_bytes = number(&mut it, "--max-bytes")? as usize
            }
            Some("--slow-ms") => {
                o.limits.slow_response = Some(number(&mut it, "--slow-ms")?).filter(|&n| n > 0)
            }
            Some("--timeout-ms") => {
                o.limits.no_response = Some(number(&mut it, "--timeout-ms")?).filter(|&n| n > 0)
            }
            Some("--http") => o.http = Some(text(&mut it, "--http")?),
            Some("--upstream") => o.upstream = Some(text(&mut it, "--upstream")?),
            Some("-h" | "--help") => return Err(String::new()),
            _ => {
                // The command may also follow the options without `--`.
                if a.to_string_lossy().starts_with('-') {
                    return Err(format!("unknown option '{}'", a.to_string_lossy()));
                }
                o.command.push(a);
                o.command.extend(it);
                break;
            }
        }
    }
    match (&o.http, &o.upstream, o.command.is_empty()) {
        (Some(_), Some(_), true) => return Ok(o),
        (Some(_), Some(_), false) => return Err("--http takes no server command".into()),
        (Some(_), None, _) => return Err("--http needs --upstream URL".into()),
        (None, Some(_), _) => return Err("--upstream needs --http LISTEN".into()),
        (None, None, _) => {}
    }
    if o.command.is_empty() {
        return Err("no server command given (mcpwire tap [options] -- COMMAND [ARGS...])".into());
    }
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(args: &[&str]) -> Vec<OsString> {
        args.iter().map(OsString::from).collect()
    }

    #[test]
    fn options_then_command() {
        let o = parse(os(&[
            "--json",
            "--slow-ms",
            "0",
            "--",
            "python",
            "-m",
            "--json",
        ]))
        .unwrap();
        assert!(o.json);
        assert_eq!(o.limits.slow_response, None);
        assert_eq!(o.command, os(&["python", "-m", "--json"]));
        let o = parse(os(&["node", "server.js"])).unwrap();
        assert_eq!(o.command, os(&["node", "server.js"]));
        assert_eq!(o.limits.decode.max_input_bytes, 16 << 20);
        assert!(parse(os(&["--json"])).is_err());
        assert!(parse(os(&["--frob", "--", "x"])).is_err());
        assert!(parse(os(&["--color", "pink", "--", "x"])).is_err());
        let o = parse(os(&[
            "--http",
            "127.0.0.1:1",
            "--upstream",
            "http://h:2/mcp",
        ]))
        .unwrap();
        assert_eq!(o.http.as_deref(), Some("127.0.0.1:1"));
        assert!(o.command.is_empty());
        assert!(parse(os(&["--http", "127.0.0.1:1"])).is_err());
        assert!(parse(os(&["--http", "a:1", "--upstream", "http://h/", "--", "x"])).is_err());
    }
}
