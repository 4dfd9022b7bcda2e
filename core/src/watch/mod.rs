//! Watching one MCP exchange from the side: the rules `mcpwire tap` checks, as a sans-IO
//! observer.
//!
//! A [`Watch`] is fed every line of a stdio exchange, in the order it crossed the wire, with
//! its [`Direction`] and the time it was seen ([`Watch::observe`]); it answers with an
//! [`Observation`]: the facts `mcpwire check` prints about the line (its [`Report`]), the
//! time since its request for a response, the progress it reports, and the [`Finding`]s, one
//! per rule the line broke. It never reads a clock: [`Watch::poll_timeout`] says when to call
//! [`Watch::handle_timeout`] (requests never answered), and [`Watch::finish`] reports what
//! was still in flight when the exchange ended.
//!
//! The rules, one file each: `decode` (every decode rule of the core decoder, and stdio
//! framing), `handshake`, `stdio` (2026-07-28's who-sends-what), `ids`, `progress`,
//! `cancellation`, `pagination`, `catalog` (the tools listed), `arguments`, `output`,
//! `errors` (`isError` versus protocol errors), `latency`, and `http` (Streamable HTTP: the
//! heads of requests and responses around the messages, for `mcpwire tap --http`). `log` is the tap's log record,
//! which `mcpwire check` reads back.
//!
//! Choices where the spec is silent:
//! - Ids are tracked per sender: a host's request 1 and a server's request 1 are different
//!   requests. A request id is checked for uniqueness while it is in flight (2026-07-28's
//!   wording), not for the whole session.
//! - A response after a cancellation is reported even though the spec calls the race
//!   legitimate: the user asked to see it, and the message says it may be a race.
//! - `unknown_tool` is only reported once a listing of the catalog completed (a host may call
//!   a tool it knows from elsewhere) and until `notifications/tools/list_changed`.
//! - A response names the method of the request it answers in its findings.
//! - A request is "before initialize" when no `initialize` was seen and it carries no
//!   2026-07-28 per-request version; `ping` and `server/discover` are always allowed.
//! - A response the watch could not read (a line over the limit, not JSON) cannot be matched
//!   to its request, which is then reported as unanswered.
//! - `slow_response` and `no_response` are thresholds of the user's ([`WatchLimits`]), not of
//!   the spec ("Implementations SHOULD establish timeouts").
//! - Memory is bounded: at most [`WatchLimits::max_in_flight`] requests per sender and
//!   [`WatchLimits::max_tools`] tools are tracked; histories (answered ids, finished tokens,
//!   cursors) keep their last [`HISTORY`] entries, and nothing longer than [`MAX_KEY`] is kept.

mod arguments;
mod cancellation;
mod catalog;
mod decode;
mod errors;
mod finding;
mod handshake;
mod http;
mod ids;
mod latency;
mod log;
mod output;
mod pagination;
mod progress;
mod stdio;

pub use finding::{write_owned_id, Finding, Rule};
pub use http::HttpExchange;
pub use log::{write_log_record, LogPayload, LogRecord};

use crate::json::JsonStr;
use crate::jsonrpc::{Message, Request};
use crate::limits::Limits;
use crate::mcp::{Decode, McpMessage, Method, RequestMeta};
use crate::report::{OwnedId, Report};
use crate::state::{Millis, Recent};
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

/// How many answered ids, finished tokens, cancelled requests and cursors are remembered.
pub const HISTORY: usize = 256;

/// Longest id, progress token, method, cursor or tool name the watch keeps (in bytes of its
/// JSON text): a request with a longer one is relayed and decoded but not tracked, so memory
/// stays bounded whatever a peer sends.
pub const MAX_KEY: usize = 1024;

fn key_fits(s: &JsonStr<'_>) -> bool {
    s.source().len() <= MAX_KEY
}

/// Which way a message went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Host (client) to server: the server's stdin.
    ToServer,
    /// Server to host (client): the server's stdout.
    ToHost,
}

impl Direction {
    /// `to_server` or `to_host`.
    pub const fn name(self) -> &'static str {
        match self {
            Direction::ToServer => "to_server",
            Direction::ToHost => "to_host",
        }
    }

    /// The direction with this name.
    pub fn from_name(name: &str) -> Option<Direction> {
        [Direction::ToServer, Direction::ToHost]
            .into_iter()
            .find(|d| d.name() == name)
    }

    /// The other direction.
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::ToServer => Direction::ToHost,
            Direction::ToHost => Direction::ToServer,
        }
    }

    const fn index(self) -> usize {
        match self {
            Direction::ToServer => 0,
            Direction::ToHost => 1,
        }
    }
}

/// Bounds and thresholds of a [`Watch`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WatchLimits {
    /// Decode limits for each message (the longest line is `decode.max_input_bytes`).
    pub decode: Limits,
    /// Most requests tracked in flight per sender (later ones are relayed, not tracked).
    pub max_in_flight: usize,
    /// Most tools remembered from `tools/list`.
    pub max_tools: usize,
    /// A response later than this is `slow_response` (`None`: never).
    pub slow_response: Option<Millis>,
    /// A request unanswered this long is `no_response` (`None`: only at exit).
    pub no_response: Option<Millis>,
}

impl WatchLimits {
    /// Default limits, 65,536 requests in flight, 4,096 tools, slow after 10 s, no response
    /// after 60 s.
    pub const DEFAULT: WatchLimits = WatchLimits {
        decode: Limits::DEFAULT,
        max_in_flight: 65_536,
        max_tools: 4_096,
        slow_response: Some(10_000),
        no_response: Some(60_000),
    };
}

impl Default for WatchLimits {
    fn default() -> Self {
        WatchLimits::DEFAULT
    }
}

/// Progress reported for a request in flight (for a progress bar).
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// The request it belongs to.
    pub request: OwnedId,
    /// Progress so far.
    pub progress: f64,
    /// The total, when known.
    pub total: Option<f64>,
    /// The message, when given.
    pub message: Option<String>,
}

/// What the watch made of one line.
#[derive(Clone, Debug)]
pub struct Observation<'a> {
    /// Its direction.
    pub direction: Direction,
    /// Its number in its direction (1-based).
    pub line: u64,
    /// What `mcpwire check` reports about it (kind, method, id, type, class, or the error).
    pub report: Report<'a>,
    /// For a response: the time since its request.
    pub latency: Option<Millis>,
    /// For a response: the method of the request it answers.
    pub answers: Option<String>,
    /// For a progress notification of a request in flight.
    pub progress: Option<Progress>,
    /// Every rule the line broke.
    pub findings: Vec<Finding>,
}

/// A `tools/call` in flight: what its response is checked against.
#[derive(Debug, Default)]
pub(crate) struct Call {
    pub(crate) tool: String,
    pub(crate) invalid_arguments: bool,
    pub(crate) unknown_tool: bool,
}

/// A request in flight.
#[derive(Debug)]
pub(crate) struct InFlight {
    pub(crate) id: OwnedId,
    pub(crate) method: Option<Method>,
    pub(crate) method_name: String,
    pub(crate) sent: Millis,
    pub(crate) line: u64,
    pub(crate) token: Option<OwnedId>,
    pub(crate) last_progress: Option<f64>,
    pub(crate) overdue: bool,
    pub(crate) call: Option<Call>,
    pub(crate) cursor: Option<String>,
}

/// What one sender's requests left: in flight, answered, cancelled.
#[derive(Debug)]
pub(crate) struct Side {
    pub(crate) in_flight: BTreeMap<OwnedId, InFlight>,
    pub(crate) answered: Recent<OwnedId, HISTORY>,
    pub(crate) finished_tokens: Recent<OwnedId, HISTORY>,
    /// Cancelled requests: id and progress token.
    pub(crate) cancelled: Recent<(OwnedId, Option<OwnedId>), HISTORY>,
    pub(crate) issued: Recent<OwnedId, HISTORY>,
}

impl Side {
    fn new() -> Self {
        Side {
            in_flight: BTreeMap::new(),
            answered: Recent::new(),
            finished_tokens: Recent::new(),
            cancelled: Recent::new(),
            issued: Recent::new(),
        }
    }
}

/// Where findings about the current line go.
pub(crate) struct Ctx {
    pub(crate) dir: Direction,
    pub(crate) line: u64,
    pub(crate) now: Millis,
    pub(crate) id: Option<OwnedId>,
    pub(crate) method: Option<String>,
    pub(crate) findings: Vec<Finding>,
}

impl Ctx {
    pub(crate) fn report(&mut self, rule: Rule, message: String) {
        self.findings.push(Finding {
            rule,
            direction: self.dir,
            line: self.line,
            time: self.now,
            id: self.id.clone(),
            method: self.method.clone(),
            message,
        });
    }
}

/// The observer of one exchange.
#[derive(Debug)]
pub struct Watch {
    limits: WatchLimits,
    lines: [u64; 2],
    /// Indexed by the direction the requests went.
    sides: [Side; 2],
    handshake: handshake::Handshake,
    catalog: catalog::Catalog,
    cursors: pagination::Cursors,
    http: http::HttpState,
}

impl Watch {
    /// A watch that has seen nothing.
    pub fn new(limits: WatchLimits) -> Self {
        Watch {
            limits,
            lines: [0; 2],
            sides: [Side::new(), Side::new()],
            handshake: handshake::Handshake::new(),
            catalog: catalog::Catalog::new(limits.max_tools),
            cursors: pagination::Cursors::new(),
            http: http::HttpState::default(),
        }
    }

    /// The limits in use.
    pub fn limits(&self) -> &WatchLimits {
        &self.limits
    }

    /// The protocol version the `initialize` result named, if the session had one.
    pub fn protocol_version(&self) -> Option<&str> {
        self.handshake.version()
    }

    /// Lines seen in `dir` so far.
    pub fn lines(&self, dir: Direction) -> u64 {
        self.lines[dir.index()]
    }

    fn start(&mut self, dir: Direction, now: Millis) -> Ctx {
        self.lines[dir.index()] += 1;
        Ctx {
            dir,
            line: self.lines[dir.index()],
            now,
            id: None,
            method: None,
            findings: Vec::new(),
        }
    }

    /// Checks one line (without its newline) that went `dir` at `now`.
    pub fn observe<'a>(&mut self, dir: Direction, line: &'a [u8], now: Millis) -> Observation<'a> {
        let mut ctx = self.start(dir, now);
        let envelope = Message::decode_with(line, self.limits.decode);
        let requester = &self.sides[dir.opposite().index()];
        let answered = match &envelope {
            Ok(m @ (Message::Response(_) | Message::Error(_))) => m
                .id()
                .and_then(|id| requester.in_flight.get(&OwnedId::from(&id))),
            _ => None,
        };
        let expect = answered.and_then(|r| r.method);
        let answers = answered.map(|r| r.method_name.clone());
        let typed = McpMessage::decode_with(line, self.limits.decode, expect);
        if let Ok(m) = &envelope {
            ctx.id = m.id().as_ref().map(OwnedId::from);
            ctx.method = m
                .method()
                .map(|s| s.to_cow().into_owned())
                .or(answers.clone());
        }
        let mut obs = Observation {
            direction: dir,
            line: ctx.line,
            report: Report::of_decoded(&typed, expect),
            latency: None,
            answers,
            progress: None,
            findings: Vec::new(),
        };
        if let Err(e) = &typed {
            decode::on_error(&mut ctx, e);
        }
        if let Ok(m) = &envelope {
            self.follow(&mut ctx, m, typed.as_ref().ok(), &mut obs);
        }
        obs.findings = ctx.findings;
        obs
    }

    /// A line longer than the limit: `len` bytes were relayed but not checked.
    pub fn observe_too_long(
        &mut self,
        dir: Direction,
        len: usize,
        now: Millis,
    ) -> Observation<'static> {
        let mut ctx = self.start(dir, now);
        let error = decode::on_too_long(&mut ctx, len, self.limits.decode.max_input_bytes);
        Observation {
            direction: dir,
            line: ctx.line,
            report: Report {
                outcome: Err(error),
            },
            latency: None,
            answers: None,
            progress: None,
            findings: ctx.findings,
        }
    }

    /// The bytes left without a newline when the stream in `dir` ended: checked as a line,
    /// and reported as `partial_message`.
    pub fn observe_partial<'a>(
        &mut self,
        dir: Direction,
        rest: &'a [u8],
        now: Millis,
    ) -> Observation<'a> {
        let mut obs = self.observe(dir, rest, now);
        let mut ctx = Ctx {
            dir,
            line: obs.line,
            now,
            id: None,
            method: None,
            findings: core::mem::take(&mut obs.findings),
        };
        decode::on_partial(&mut ctx, rest.len());
        obs.findings = ctx.findings;
        obs
    }

    /// The caller skipped `bytes` bytes in `dir` (relayed, not checked). The line they
    /// belonged to is not counted; the finding carries the number of the last line seen.
    pub fn skipped(&mut self, dir: Direction, bytes: u64, now: Millis) -> Finding {
        decode::skipped(dir, self.lines[dir.index()], now, bytes)
    }

    fn follow(
        &mut self,
        ctx: &mut Ctx,
        msg: &Message<'_>,
        typed: Option<&McpMessage<'_>>,
        obs: &mut Observation<'_>,
    ) {
        if self.handshake.is_stateless() {
            stdio::on_message(ctx, msg);
        }
        match msg {
            Message::Request(r) => self.on_request(ctx, r, typed),
            Message::Notification(n) => {
                let method = Method::from_name(&n.method);
                handshake::on_notification(&mut self.handshake, ctx, method);
                match typed {
                    Some(McpMessage::ProgressNotification(p)) => {
                        let requester = &mut self.sides[ctx.dir.opposite().index()];
                        obs.progress = progress::on_progress(requester, ctx, p);
                    }
                    Some(McpMessage::CancelledNotification(c)) => {
                        // The sender cancels one of its own requests.
                        cancellation::on_cancel(&mut self.sides[ctx.dir.index()], ctx, c);
                    }
                    Some(McpMessage::ToolListChangedNotification(_)) => self.catalog.changed(),
                    _ => {}
                }
            }
            Message::Response(_) | Message::Error(_) => self.on_response(ctx, msg, typed, obs),
        }
    }

    fn on_request(&mut self, ctx: &mut Ctx, r: &Request<'_>, typed: Option<&McpMessage<'_>>) {
        let meta = request_meta(r);
        let method = Method::from_name(&r.method);
        if ctx.dir == Direction::ToServer {
            handshake::on_request(&mut self.handshake, ctx, r, method, meta.as_ref());
        }
        let side = &mut self.sides[ctx.dir.index()];
        let Some(mut entry) = ids::on_request(side, ctx, r, method, self.limits.max_in_flight)
        else {
            return;
        };
        progress::on_request(side, ctx, &mut entry, meta.as_ref());
        pagination::on_request(&self.cursors, ctx, r, &mut entry);
        if let Some(McpMessage::CallToolRequest(_, p)) = typed {
            arguments::on_call(&self.catalog, ctx, p, &mut entry);
        }
        side.in_flight.insert(entry.id.clone(), entry);
    }

    fn on_response(
        &mut self,
        ctx: &mut Ctx,
        msg: &Message<'_>,
        typed: Option<&McpMessage<'_>>,
        obs: &mut Observation<'_>,
    ) {
        let side = &mut self.sides[ctx.dir.opposite().index()];
        let Some(id) = msg.id() else {
            return; // an error response to a request that could not be read
        };
        let Some(entry) = ids::on_response(side, ctx, &id) else {
            return;
        };
        if let Some(t) = &entry.token {
            side.finished_tokens.remember(t.clone());
        }
        obs.latency = Some(ctx.now.saturating_sub(entry.sent));
        latency::on_response(&self.limits, ctx, &entry);
        handshake::on_response(&mut self.handshake, ctx, &entry, typed);
        pagination::on_response(&mut self.cursors, ctx, &entry, msg);
        match typed {
            Some(McpMessage::ListToolsResult(_, page)) => {
                self.catalog.on_page(ctx, entry.cursor.is_none(), page)
            }
            Some(McpMessage::CallToolResult(_, result)) => {
                output::on_result(&self.catalog, ctx, &entry, result)
            }
            _ => {}
        }
        errors::on_response(ctx, &entry, typed);
    }

    /// When [`handle_timeout`](Self::handle_timeout) must next be called, if ever.
    pub fn poll_timeout(&self) -> Option<Millis> {
        latency::poll_timeout(&self.limits, &self.sides)
    }

    /// Reports every request unanswered for longer than [`WatchLimits::no_response`] (each
    /// once).
    pub fn handle_timeout(&mut self, now: Millis) -> Vec<Finding> {
        latency::handle_timeout(&self.limits, &mut self.sides, now)
    }

    /// The exchange ended: every request still in flight is reported.
    pub fn finish(&mut self, now: Millis) -> Vec<Finding> {
        latency::finish(&mut self.sides, now)
    }
}

/// The `_meta` of a request's params, when it has one that decodes.
fn request_meta<'a>(r: &Request<'a>) -> Option<RequestMeta<'a>> {
    let raw = r.params.as_ref()?.get("_meta")?;
    RequestMeta::decode_raw(&raw).ok()
}

fn text(s: &JsonStr<'_>) -> String {
    s.to_cow().into_owned()
}

/// Shows an id as the timeline does: integers bare, strings quoted.
pub fn id_text(id: &OwnedId) -> String {
    match id {
        OwnedId::Int(i) => alloc::format!("{i}"),
        OwnedId::Str(s) => alloc::format!("{s:?}"),
    }
}

#[cfg(test)]
mod tests;
