//! [`HttpEndpoint`]: one MCP endpoint serving both Streamable HTTP wires, sans-IO.
//!
//! # Which wire a request is on
//!
//! The 2026-07-28 page says a server that speaks only that revision answers GET and DELETE
//! with 405 and ignores `Mcp-Session-Id`; the 2025-11-25 page keys everything on the
//! session minted at `initialize` and says the client sends `MCP-Protocol-Version` on the
//! requests after it. One endpoint serving both decides per request:
//!
//! 1. `MCP-Protocol-Version` names a version without `initialize` (2026-07-28): the
//!    stateless wire (`Mcp-Session-Id` and `Last-Event-ID` ignored).
//! 2. Else a POST whose body is `initialize`, or a request carrying `Mcp-Session-Id` or a
//!    2025 `MCP-Protocol-Version`: the session wire.
//! 3. Else a POST: the stateless wire (whose check answers a missing version header with
//!    400 + -32020); a GET or DELETE: 405.
//!
//! A version header the endpoint does not serve gets 400 with an
//! `UnsupportedProtocolVersionError` on either wire. An `Origin` header that is present
//! and not allowed gets 403 ("servers **MUST** respond with HTTP 403 Forbidden").
//!
//! # Use
//!
//! [`handle`](HttpEndpoint::handle) each request. A [`Handled::Reply`] is the whole
//! answer. A [`Handled::Call`] is a `tools/call` or `tools/list` for the application: answer
//! it with [`respond_tool`](HttpEndpoint::respond_tool), [`respond_list`](HttpEndpoint::respond_list)
//! or [`respond_failure`](HttpEndpoint::respond_failure), sending
//! [`notify_progress`](HttpEndpoint::notify_progress) before if it likes (the first progress
//! turns the answer into an SSE stream: "notifications before the result"); write each
//! returned [`HttpReply`] in order. When the client's connection closes before the answer
//! ended, call [`stream_closed`](HttpEndpoint::stream_closed): on 2026-07-28 that cancels
//! the call; on 2025-11-25 it does not ("Disconnection **SHOULD NOT** be interpreted as the
//! client cancelling"), and the client can resume with a GET and `Last-Event-ID`. On
//! 2025-11-25 the server may also end a response itself mid-call
//! ([`close_connection`](HttpEndpoint::close_connection), with a `retry` event first) and
//! answer on the stream the client resumes. There a
//! `notifications/cancelled` cancels instead: after each [`handle`](HttpEndpoint::handle),
//! [`poll_cancelled`](HttpEndpoint::poll_cancelled) names the exchanges whose tool to stop.
//!
//! `ping`, unknown methods and 2026-07-28's per-request `_meta` fields are the server
//! session's ([`crate::state::Server`]), so stdio and HTTP answer them alike; on the
//! 2026-07-28 wire the endpoint tells the session the header's version first
//! ([`crate::state::Server::set_request_version`]), so `initialize` and `ping` (removed in
//! 2026-07-28) get 404 with -32601, and a request missing `_meta.protocolVersion` or
//! `_meta.clientCapabilities` gets 400 with -32602 ("A request missing any required field is
//! malformed"), not -32020: a header can only mismatch a value the body has.

mod close_connection;

use super::find_header;
use super::reply::{sse_headers, status_for_wire, HttpReply, ReplyStream};
use super::server_check::{accepts, check_media_types, check_post, unsupported_version};
use super::sessions::{session_id, Session, Sessions};
use super::x_mcp_header::ToolHeaders;
use super::Headers;
use crate::api::{ApiError, ServerSession};
use crate::classify::write_failure;
use crate::error::ErrorKind;
use crate::json::Value;
use crate::jsonrpc::{Message, MessageKind};
use crate::limits::Limits;
use crate::mcp::ProtocolVersion;
use crate::state::{Millis, ServerConfig, Versions};
use crate::transport::sse::EventId;
use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// How an endpoint is set up.
#[derive(Clone, Debug)]
pub struct EndpointConfig {
    /// Versions served, preferred first.
    pub versions: Vec<ProtocolVersion>,
    /// The server's `Implementation`.
    pub server_info: Value,
    /// The server's capabilities (`tools` in it opens the tools methods).
    pub capabilities: Value,
    /// The server's tool definitions: their `x-mcp-header` annotations are checked
    /// against `Mcp-Param-*` headers.
    pub tools: Vec<Value>,
    /// `Origin` values accepted (`*`: any). A request without `Origin` is accepted.
    pub allowed_origins: Vec<String>,
    /// A 2025-11-25 session idle this long ends (milliseconds).
    pub session_idle_ms: Millis,
    /// The most sessions open at once; an `initialize` beyond gets 503.
    pub max_sessions: usize,
    /// Decode limits for bodies.
    pub limits: Limits,
}

impl EndpointConfig {
    /// Every version, no tools, no browser origins, 30 minutes of idle, 10,000 sessions.
    pub fn new(server_info: Value, capabilities: Value) -> Self {
        EndpointConfig {
            versions: alloc::vec![
                ProtocolVersion::V2026_07_28,
                ProtocolVersion::V2025_11_25,
                ProtocolVersion::V2025_06_18
            ],
            server_info,
            capabilities,
            tools: Vec::new(),
            allowed_origins: Vec::new(),
            session_idle_ms: 30 * 60 * 1000,
            max_sessions: 10_000,
            limits: Limits::DEFAULT,
        }
    }
}

/// What [`HttpEndpoint::handle`] decided.
#[derive(Clone, Debug, PartialEq)]
pub enum Handled {
    /// Send this whole answer.
    Reply(HttpReply),
    /// A request for the application: `request` is the server session's event
    /// (`{"event":"call_tool", id, name, arguments, progressToken}` or
    /// `{"event":"list_tools", id, cursor}`); answer it on `exchange`.
    Call {
        /// The exchange to answer on.
        exchange: u64,
        /// What is asked.
        request: Value,
    },
    /// A GET opened an SSE stream: write `reply` and keep the connection open (more
    /// replies for `exchange` may follow) until `reply.done` or the client leaves (then
    /// [`HttpEndpoint::stream_closed`]). When it resumes a call still running, `exchange` is
    /// that call's: its later replies go on this connection.
    Stream {
        /// The exchange the stream belongs to.
        exchange: u64,
        /// The head and the replayed events.
        reply: HttpReply,
    },
}

struct Exchange {
    /// The 2025 session, or `None` on the stateless wire.
    session: Option<String>,
    /// The stateless wire's own server session.
    server: Option<ServerSession>,
    /// The request id (`Null` for a GET stream).
    id: Value,
    reply: ReplyStream,
}

/// One MCP endpoint: both wires, the sessions, the exchanges in progress.
pub struct HttpEndpoint {
    config: EndpointConfig,
    /// The server sessions' setup, cloned for each (one per stateless request).
    server_config: ServerConfig<'static>,
    tool_headers: BTreeMap<String, ToolHeaders>,
    sessions: Sessions,
    exchanges: BTreeMap<u64, Exchange>,
    next_exchange: u64,
    /// Exchanges a 2025 `notifications/cancelled` named, for [`HttpEndpoint::poll_cancelled`].
    cancelled: Vec<u64>,
}

fn bad_request(message: &str) -> HttpReply {
    let mut out = Vec::new();
    write_failure(
        &mut out,
        None,
        ErrorKind::InvalidEnvelope,
        &message,
        ProtocolVersion::V2025_11_25,
    );
    HttpReply::json(400, out)
}

fn method_not_allowed(allow: &str) -> HttpReply {
    let mut r = HttpReply::empty(405);
    r.headers.push(("Allow".into(), allow.into()));
    r
}

fn header_str<'h>(headers: &Headers<'h>, name: &str) -> Option<&'h str> {
    find_header(headers, name)
        .ok()
        .flatten()
        .and_then(|v| core::str::from_utf8(v).ok())
}

impl HttpEndpoint {
    /// An endpoint; a tool whose `x-mcp-header` annotations are invalid is refused.
    pub fn new(config: EndpointConfig) -> Result<Self, ApiError> {
        let mut tool_headers = BTreeMap::new();
        for tool in &config.tools {
            let Some(Value::String(name)) = tool.get("name") else {
                return Err(ApiError::usage("a tool has no name"));
            };
            let schema = tool.get("inputSchema").unwrap_or(&Value::Null);
            let headers = ToolHeaders::from_input_schema(schema)
                .map_err(|why| ApiError::usage(&alloc::format!("tool {name}: {why}")))?;
            tool_headers.insert(name.clone(), headers);
        }
        let names: Vec<&str> = config.versions.iter().map(|v| v.as_str()).collect();
        // Built once through the value-level constructor (which checks the values).
        let mut server_config =
            ServerSession::config(&names, &config.server_info, &config.capabilities)?;
        server_config.limits = config.limits;
        let endpoint = HttpEndpoint {
            config,
            server_config,
            tool_headers,
            sessions: Sessions::default(),
            exchanges: BTreeMap::new(),
            next_exchange: 1,
            cancelled: Vec::new(),
        };
        Ok(endpoint)
    }

    fn server_session(&self) -> Result<ServerSession, ApiError> {
        Ok(ServerSession::with_config(self.server_config.clone()))
    }

    fn versions(&self) -> Versions {
        Versions::new(&self.config.versions)
    }

    /// Sessions open.
    pub fn session_count(&self) -> usize {
        self.sessions.len()
    }

    /// Exchanges not yet answered.
    pub fn exchange_count(&self) -> usize {
        self.exchanges.len()
    }

    /// Handles one HTTP request. `random` must hold at least 16 fresh random bytes when the
    /// request may be an `initialize` (they become the session id); `now` is in
    /// milliseconds on any fixed clock. Errors only for misuse (too few random bytes).
    pub fn handle(
        &mut self,
        method: &str,
        headers: &Headers<'_>,
        body: &[u8],
        now: Millis,
        random: &[u8],
    ) -> Result<Handled, ApiError> {
        self.handle_timeout(now);
        if let Some(origin) = header_str(headers, "origin") {
            let allowed = self
                .config
                .allowed_origins
                .iter()
                .any(|o| o == "*" || o == origin);
            if !allowed {
                return Ok(Handled::Reply(HttpReply::empty(403)));
            }
        }
        let version_header = header_str(headers, "mcp-protocol-version");
        let named = version_header.and_then(ProtocolVersion::parse);
        let session = header_str(headers, "mcp-session-id");
        if let Some(v) = version_header {
            if !named.is_some_and(|n| self.config.versions.contains(&n)) {
                return Ok(Handled::Reply(unsupported_version(
                    body,
                    v,
                    &self.versions(),
                )));
            }
        }
        let modern = named.is_some_and(|v| !v.has_initialize());
        match method {
            "POST" if modern => Ok(self.stateless_post(headers, body, now)),
            "POST" if session.is_some() || named.is_some() || is_initialize(body) => {
                self.session_post(headers, body, session, now, random)
            }
            "POST" => Ok(self.stateless_post(headers, body, now)),
            "GET" | "DELETE" if modern => Ok(Handled::Reply(method_not_allowed("POST"))),
            "GET" | "DELETE" => match session {
                None => Ok(Handled::Reply(method_not_allowed("POST"))),
                Some(id) if method == "GET" => Ok(self.session_get(headers, id, now)),
                Some(id) => Ok(Handled::Reply(self.session_delete(id))),
            },
            _ => Ok(Handled::Reply(method_not_allowed("GET, POST, DELETE"))),
        }
    }

    fn stateless_post(&mut self, headers: &Headers<'_>, body: &[u8], now: Millis) -> Handled {
        let tools = &self.tool_headers;
        let lookup = |name: &str| tools.get(name).cloned();
        let checked = match check_post(headers, body, &self.versions(), self.config.limits, &lookup)
        {
            Ok(c) => c,
            Err(reply) => return Handled::Reply(reply),
        };
        let Ok(mut server) = self.server_session() else {
            return Handled::Reply(HttpReply::empty(500));
        };
        server.set_request_version(checked.version);
        let event = server.handle_input(body, now);
        let notification = checked.kind == MessageKind::Notification;
        self.dispatch(event, Some(server), None, body, notification, true)
    }

    /// What the server session (`owned` on the stateless wire, else the session's) made of
    /// a message: a call for the application, or the whole answer.
    fn dispatch(
        &mut self,
        event: Value,
        owned: Option<ServerSession>,
        session: Option<String>,
        body: &[u8],
        notification: bool,
        modern: bool,
    ) -> Handled {
        let kind = match event.get("event") {
            Some(Value::String(k)) => k.clone(),
            _ => String::new(),
        };
        match kind.as_str() {
            "call_tool" | "list_tools" => {
                let exchange = self.next_exchange;
                self.next_exchange += 1;
                let id = event.get("id").cloned().unwrap_or(Value::Null);
                let stream = session
                    .as_deref()
                    .and_then(|s| self.sessions.get_mut(s))
                    .map(|s| s.open_stream(Some(exchange)));
                let reply = ReplyStream::new(stream, modern);
                self.exchanges.insert(
                    exchange,
                    Exchange {
                        session,
                        server: owned,
                        id,
                        reply,
                    },
                );
                Handled::Call {
                    exchange,
                    request: event,
                }
            }
            "cancelled" if event.get("known") == Some(&Value::Bool(true)) => {
                let id = event.get("id");
                let named = self.exchanges.iter().find(|(_, e)| {
                    e.session.is_some() && e.session == session && Some(&e.id) == id
                });
                if let Some((&exchange, _)) = named {
                    self.cancelled.push(exchange);
                }
                Handled::Reply(HttpReply::empty(202))
            }
            _ if notification => match kind.as_str() {
                "refused" => Handled::Reply(HttpReply::empty(400)),
                _ => Handled::Reply(HttpReply::empty(202)),
            },
            "handshake" | "refused" | "answered" => {
                match self.poll_transmit(owned, session.as_deref()) {
                    // A request without a required `_meta` field: "On HTTP, the response
                    // status **MUST** be `400 Bad Request`."
                    Some(out) if modern && is_missing_field(&event) => {
                        Handled::Reply(HttpReply::json(400, out))
                    }
                    Some(out) => {
                        Handled::Reply(HttpReply::json(status_for_wire(&out, modern), out))
                    }
                    None => Handled::Reply(HttpReply::empty(500)),
                }
            }
            _ => Handled::Reply(self.answer_other(body)),
        }
    }

    fn poll_transmit(
        &mut self,
        owned: Option<ServerSession>,
        session: Option<&str>,
    ) -> Option<Vec<u8>> {
        match (owned, session) {
            (Some(mut server), _) => server.poll_transmit(),
            (None, Some(id)) => self.sessions.get_mut(id)?.server.poll_transmit(),
            (None, None) => None,
        }
    }

    /// What the server session leaves to the application and a tools endpoint answers
    /// itself: a response from the client (2025-11-25 allows one) gets 202.
    fn answer_other(&self, body: &[u8]) -> HttpReply {
        match Message::decode_with(body, self.config.limits) {
            Ok(Message::Request(_)) => HttpReply::empty(500),
            Ok(_) => HttpReply::empty(202),
            Err(_) => HttpReply::empty(400),
        }
    }

    fn session_post(
        &mut self,
        headers: &Headers<'_>,
        body: &[u8],
        session: Option<&str>,
        now: Millis,
        random: &[u8],
    ) -> Result<Handled, ApiError> {
        if let Err(reply) = check_media_types(headers) {
            return Ok(Handled::Reply(reply));
        }
        let kind = match Message::decode_with(body, self.config.limits) {
            Ok(m) => m.kind(),
            Err(e) => {
                let mut out = Vec::new();
                crate::classify::write_decode_failure(
                    &mut out,
                    body,
                    &e,
                    ProtocolVersion::V2025_11_25,
                );
                return Ok(Handled::Reply(HttpReply::json(400, out)));
            }
        };
        if is_initialize(body) {
            return self.initialize(body, now, random);
        }
        let Some(id) = session else {
            // "Servers that require a session ID **SHOULD** respond to requests without an
            // `MCP-Session-Id` header (other than initialization) with HTTP 400 Bad Request."
            return Ok(Handled::Reply(bad_request(
                "Bad Request: Mcp-Session-Id header is required",
            )));
        };
        let Some(s) = self.sessions.get_mut(id) else {
            // "...after which it **MUST** respond to requests containing that session ID
            // with HTTP 404 Not Found."
            return Ok(Handled::Reply(HttpReply::empty(404)));
        };
        s.last_seen = now;
        let event = s.server.handle_input(body, now);
        let notification = kind != MessageKind::Request;
        Ok(self.dispatch(event, None, Some(id.to_string()), body, notification, false))
    }

    fn initialize(&mut self, body: &[u8], now: Millis, random: &[u8]) -> Result<Handled, ApiError> {
        let mut server = self.server_session()?;
        let event = server.handle_input(body, now);
        let Some(out) = server.poll_transmit() else {
            return Ok(Handled::Reply(HttpReply::empty(500)));
        };
        let handshake = matches!(event.get("event"), Some(Value::String(k)) if k == "handshake");
        if !handshake {
            return Ok(Handled::Reply(HttpReply::json(
                status_for_wire(&out, false),
                out,
            )));
        }
        if self.sessions.len() >= self.config.max_sessions {
            return Ok(Handled::Reply(HttpReply::empty(503)));
        }
        let id = session_id(random)
            .ok_or_else(|| ApiError::usage("initialize needs 16 random bytes"))?;
        self.sessions.insert(id.clone(), Session::new(server, now));
        let mut reply = HttpReply::json(200, out);
        reply.headers.push(("Mcp-Session-Id".into(), id));
        Ok(Handled::Reply(reply))
    }

    fn session_get(&mut self, headers: &Headers<'_>, id: &str, now: Millis) -> Handled {
        let accept = find_header(headers, "accept")
            .ok()
            .flatten()
            .unwrap_or_default();
        if !accepts(accept, "text", "event-stream") {
            return Handled::Reply(HttpReply::empty(406));
        }
        let resume =
            header_str(headers, "last-event-id").and_then(|v| EventId::parse(v.as_bytes()));
        let next_exchange = self.next_exchange;
        let Some(s) = self.sessions.get_mut(id) else {
            return Handled::Reply(HttpReply::empty(404));
        };
        s.last_seen = now;
        // "Resumption is always via HTTP GET with `Last-Event-ID`": replay that stream after
        // the event named, and nothing of any other stream.
        if let Some(log) = resume.and_then(|r| s.stream_mut(r.stream).map(|l| (r, l))) {
            let (r, log) = log;
            let body = log.replay_after(r.seq);
            let mut reply = HttpReply {
                status: Some(200),
                headers: sse_headers(),
                body,
                done: false,
            };
            return match log.exchange {
                Some(exchange) => Handled::Stream { exchange, reply },
                None => {
                    reply.done = true;
                    Handled::Reply(reply)
                }
            };
        }
        if s.listener.is_some() {
            // One standalone stream per session: a message goes on one stream only.
            return Handled::Reply(HttpReply::empty(409));
        }
        let exchange = next_exchange;
        self.next_exchange += 1;
        s.listener = Some(exchange);
        let stream = s.open_stream(Some(exchange));
        let mut reply = ReplyStream::new(Some(stream), false);
        let opened = reply.open();
        if let Some(s) = self.sessions.get_mut(id) {
            s.record(stream, 0, &opened.body);
        }
        self.exchanges.insert(
            exchange,
            Exchange {
                session: Some(id.to_string()),
                server: None,
                id: Value::Null,
                reply,
            },
        );
        Handled::Stream {
            exchange,
            reply: opened,
        }
    }

    fn session_delete(&mut self, id: &str) -> HttpReply {
        match self.sessions.end(id) {
            Some(_) => {
                self.exchanges
                    .retain(|_, e| e.session.as_deref() != Some(id));
                HttpReply::empty(200)
            }
            None => HttpReply::empty(404),
        }
    }

    /// Sends `notifications/progress` for the call on `exchange` (it must have asked with a
    /// progress token; progress must increase).
    pub fn notify_progress(
        &mut self,
        exchange: u64,
        progress: f64,
        total: Option<f64>,
        message: Option<&str>,
    ) -> Result<HttpReply, ApiError> {
        self.send(exchange, false, |server, id| {
            server
                .notify_progress(id, progress, total, message)
                .map(Some)
        })
    }

    /// Answers the `tools/call` on `exchange` with `result` (a `CallToolResult`).
    pub fn respond_tool(&mut self, exchange: u64, result: &Value) -> Result<HttpReply, ApiError> {
        self.send(exchange, true, |server, id| server.respond_tool(id, result))
    }

    /// Answers the `tools/call` on `exchange` with `result` (an `InputRequiredResult`, see
    /// [`ServerSession::respond_input_required`]); status 200 like any result.
    pub fn respond_input_required(
        &mut self,
        exchange: u64,
        result: &Value,
    ) -> Result<HttpReply, ApiError> {
        self.send(exchange, true, |server, id| {
            server.respond_input_required(id, result)
        })
    }

    /// Answers the `tools/list` on `exchange` with `result` (a `ListToolsResult`).
    pub fn respond_list(&mut self, exchange: u64, result: &Value) -> Result<HttpReply, ApiError> {
        self.send(exchange, true, |server, id| {
            server.respond_list(id, result).map(Some)
        })
    }

    /// Answers the request on `exchange` with a failure of `kind` (an error kind name).
    pub fn respond_failure(
        &mut self,
        exchange: u64,
        kind: &str,
        message: &str,
    ) -> Result<HttpReply, ApiError> {
        self.respond_failure_with_data(exchange, kind, message, None)
    }

    /// [`respond_failure`](Self::respond_failure) with more members of the error's `data`
    /// (see [`ServerSession::respond_failure_with_data`]); -32021 gets status 400.
    pub fn respond_failure_with_data(
        &mut self,
        exchange: u64,
        kind: &str,
        message: &str,
        data: Option<&Value>,
    ) -> Result<HttpReply, ApiError> {
        self.send(exchange, true, |server, id| {
            server.respond_failure_with_data(id, kind, message, data)
        })
    }

    /// Runs `write` on the exchange's server session and frames what it wrote.
    fn send(
        &mut self,
        exchange: u64,
        last: bool,
        write: impl FnOnce(&mut ServerSession, &Value) -> Result<Option<Vec<u8>>, ApiError>,
    ) -> Result<HttpReply, ApiError> {
        let e = self
            .exchanges
            .get_mut(&exchange)
            .ok_or_else(|| ApiError::usage("unknown exchange"))?;
        let server = match (&mut e.server, &e.session) {
            (Some(server), _) => server,
            (None, Some(s)) => match self.sessions.get_mut(s) {
                Some(session) => &mut session.server,
                // The session ended: nothing more goes out for it.
                None => {
                    self.exchanges.remove(&exchange);
                    return Ok(HttpReply {
                        done: true,
                        ..Default::default()
                    });
                }
            },
            (None, None) => return Err(ApiError::usage("unknown exchange")),
        };
        let out = write(server, &e.id)?;
        let reply = if last {
            e.reply.finish(out.as_deref())
        } else {
            match out {
                Some(m) => e.reply.notification(&m),
                None => HttpReply::default(),
            }
        };
        let (stream, seq) = (e.reply.stream(), e.reply.last_seq());
        let streaming = e.reply.is_streaming();
        let session = e.session.clone();
        if last {
            self.exchanges.remove(&exchange);
        }
        if let (Some(session), Some(stream), true) = (session, stream, streaming) {
            if let Some(s) = self.sessions.get_mut(&session) {
                s.record(stream, seq, &reply.body);
                if last {
                    if let Some(log) = s.stream_mut(stream) {
                        log.exchange = None;
                    }
                }
            }
        }
        Ok(reply)
    }

    /// The client's connection for `exchange` closed before the answer ended. On the
    /// 2026-07-28 wire this cancels the call ("Closing the SSE response stream **MUST** be
    /// treated by the server as cancellation of that request"): its answer is then
    /// suppressed. On the 2025-11-25 wire the call goes on and the client may resume
    /// (a closed standalone GET stream just ends). Returns whether a call was cancelled.
    pub fn stream_closed(&mut self, exchange: u64) -> bool {
        let Some(e) = self.exchanges.get_mut(&exchange) else {
            return false;
        };
        if let Some(server) = e.server.as_mut() {
            return server.stream_closed(&e.id).unwrap_or(false);
        }
        if matches!(e.id, Value::Null) {
            let session = e.session.clone();
            self.exchanges.remove(&exchange);
            if let Some(s) = session.and_then(|s| self.sessions.get_mut(&s)) {
                s.listener = None;
            }
        }
        false
    }

    /// The next exchange whose call the client cancelled with `notifications/cancelled`
    /// (2025-11-25; the session has already suppressed its answer): stop that tool's work.
    pub fn poll_cancelled(&mut self) -> Option<u64> {
        (!self.cancelled.is_empty()).then(|| self.cancelled.remove(0))
    }

    /// When [`handle_timeout`](Self::handle_timeout) should next run (a session expiry).
    pub fn poll_timeout(&self) -> Option<Millis> {
        self.sessions.next_expiry(self.config.session_idle_ms)
    }

    /// Ends the sessions idle too long at `now` (and drops their exchanges).
    pub fn handle_timeout(&mut self, now: Millis) {
        let ended = self.sessions.expire(now, self.config.session_idle_ms);
        if !ended.is_empty() {
            self.exchanges
                .retain(|_, e| !e.session.as_ref().is_some_and(|s| ended.contains(s)));
        }
    }
}

fn is_missing_field(event: &Value) -> bool {
    matches!(event.get("kind"), Some(Value::String(k)) if k == ErrorKind::MissingField.name())
}

/// True when the body is an `initialize` request (read only as far as `method`).
fn is_initialize(body: &[u8]) -> bool {
    matches!(Message::decode(body), Ok(Message::Request(r)) if r.method.eq_str("initialize"))
}
