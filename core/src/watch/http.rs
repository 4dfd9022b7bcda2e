//! The Streamable HTTP rules a tap checks around the messages: the heads of each request and
//! response, read next to the JSON-RPC bodies that [`Watch::observe`] checks as usual.
//!
//! A reverse proxy calls, for each exchange: [`Watch::observe_http_request`] with the
//! request's method, headers and body (it observes the body's message, `to_server`, and
//! adds the HTTP findings to it), [`Watch::observe_http_response`] with the response's
//! status and headers, then [`Watch::observe_http_message`] for a JSON body or each SSE
//! event's `data` (`to_host`), and [`Watch::http_stream_closed`] when the client closed the
//! request's stream before its response.
//!
//! The checks reuse `transport::http` (the server's own check of a 2026-07-28 POST, the
//! media types, the status of a JSON-RPC error); nothing is re-implemented here:
//! - 2026-07-28 POST (`MCP-Protocol-Version: 2026-07-28`): [`check_post`] — `Mcp-Method`,
//!   `Mcp-Name`, `MCP-Protocol-Version` against the body, `Mcp-Param-*` against the tool's
//!   `x-mcp-header` parameters (from the last `tools/list` seen) → `header_mismatch`;
//!   `Content-Type`/`Accept` → `content_type` / `accept`.
//! - Other POSTs: `Content-Type` / `Accept` by [`check_media_types`]; a `GET` must accept
//!   `text/event-stream` ("The client MUST include an Accept header, listing
//!   text/event-stream").
//! - 2025-11-25 sessions: an `Mcp-Session-Id` the `initialize` response issued must be
//!   visible ASCII ("The session ID MUST only contain visible ASCII characters"), be sent
//!   on every later request ("clients … MUST include it in the Mcp-Session-Id header on all
//!   of their subsequent HTTP requests") and not change in later responses.
//! - Responses: a JSON-RPC message's status must be what [`status_for_wire`] gives on the
//!   2026-07-28 wire; on the session wire a result must come with a 2xx status. A POST of
//!   notifications or responses only is answered `202 Accepted` ("the server MUST return
//!   HTTP status code 202 Accepted with no body"); a response body to a POST is
//!   `application/json` or `text/event-stream` ("the server MUST either return
//!   Content-Type: text/event-stream … or Content-Type: application/json").
//! - A request's stream closed before its response is a cancellation of that request
//!   (2026-07-28: "closing the request's stream" cancels it), so a later response to it is
//!   `response_after_cancel` and it is not reported unanswered.
//!
//! Choices where the spec is silent: findings about a response's head carry direction
//! `to_host` and the number of the last `to_host` message seen (the head is not a message),
//! with the id and method of the request it answers; a caller that shows them under the
//! response's first message (as `mcpwire tap` does) sets `line` to that message's. `unsupported_version` answers are the
//! handshake rules' business and not repeated here.

use super::{Direction, Observation, Rule, Watch};
use crate::json::Value;
use crate::jsonrpc::{Message, MessageKind};
use crate::mcp::ProtocolVersion;
use crate::report::OwnedId;
use crate::state::{Millis, Versions};
use crate::transport::http::reply::status_for_wire;
use crate::transport::http::server_check::{accepts, check_media_types};
use crate::transport::http::{check_post, find_header, Headers, HttpReply, ToolHeaders};
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// What the watch keeps of the HTTP side of a session.
#[derive(Debug, Default)]
pub(crate) struct HttpState {
    /// The `Mcp-Session-Id` the `initialize` response issued.
    session: Option<String>,
    /// The `x-mcp-header` parameters of the tools last listed, by tool name.
    tool_headers: BTreeMap<String, ToolHeaders>,
}

/// What the watch learnt from a request, for its response.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HttpExchange {
    /// The request's method was `POST`.
    pub post: bool,
    /// The request was on the 2026-07-28 wire.
    pub stateless: bool,
    /// The ids of the requests the body carried (none: notifications, responses, a GET).
    pub requests: Vec<OwnedId>,
    /// The body was an `initialize` request.
    pub initialize: bool,
    /// The body was a `tools/list` request (its result feeds the `Mcp-Param-*` checks).
    pub tools_list: bool,
    /// The method of the body's request, for findings about its response.
    pub method: Option<String>,
}

fn header_str<'h>(headers: &Headers<'h>, lower: &str) -> Option<&'h str> {
    find_header(headers, lower)
        .ok()
        .flatten()
        .and_then(|v| core::str::from_utf8(v).ok())
}

/// The message a server's error answer would carry (`error.message`), or its status.
fn reply_text(reply: &HttpReply) -> String {
    let parsed = Value::parse(&reply.body, crate::limits::Limits::DEFAULT).ok();
    match parsed
        .as_ref()
        .and_then(|m| m.get("error"))
        .and_then(|e| e.get("message"))
    {
        Some(Value::String(s)) => s.clone(),
        _ => format!("a server answers {}", reply.status.unwrap_or(400)),
    }
}

/// "The session ID MUST only contain visible ASCII characters (ranging from 0x21 to 0x7E)."
fn is_visible_ascii(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| (0x21..=0x7e).contains(&b))
}

impl Watch {
    /// One HTTP request to the MCP endpoint: `method` (`POST`, `GET`, `DELETE`), its
    /// headers and body (empty for a GET or DELETE). Returns the observation of the body's
    /// message (with the HTTP findings added) when there is one, the HTTP findings alone
    /// otherwise, and what the response will be checked against.
    pub fn observe_http_request<'a>(
        &mut self,
        method: &[u8],
        headers: &Headers<'_>,
        body: &'a [u8],
        now: Millis,
    ) -> (Option<Observation<'a>>, Vec<super::Finding>, HttpExchange) {
        let post = method.eq_ignore_ascii_case(b"POST");
        let mut exchange = HttpExchange {
            post,
            stateless: header_str(headers, "mcp-protocol-version")
                == Some(ProtocolVersion::V2026_07_28.as_str()),
            ..HttpExchange::default()
        };
        let mut obs =
            (post && !body.is_empty()).then(|| self.observe(Direction::ToServer, body, now));
        if let Ok(m) = Message::decode_with(body, self.limits.decode) {
            if m.kind() == MessageKind::Request {
                exchange.requests.extend(m.id().as_ref().map(OwnedId::from));
                let name = m.method().map(|s| s.to_cow().into_owned());
                exchange.initialize = name.as_deref() == Some("initialize");
                exchange.tools_list = name.as_deref() == Some("tools/list");
                exchange.method = name;
            }
        }
        let mut ctx = self.start_http(Direction::ToServer, now, &exchange);
        if let Some(o) = &obs {
            ctx.line = o.line;
        }
        self.check_request_head(&mut ctx, method, headers, body, &exchange);
        match &mut obs {
            Some(o) => {
                o.findings.append(&mut ctx.findings);
                (obs, Vec::new(), exchange)
            }
            None => (None, ctx.findings, exchange),
        }
    }

    fn check_request_head(
        &self,
        ctx: &mut super::Ctx,
        method: &[u8],
        headers: &Headers<'_>,
        body: &[u8],
        exchange: &HttpExchange,
    ) {
        if exchange.post && exchange.stateless {
            let tools = &self.http.tool_headers;
            let versions = Versions::new(&ProtocolVersion::ALL);
            let lookup = |name: &str| tools.get(name).cloned();
            if let Err(reply) = check_post(headers, body, &versions, self.limits.decode, &lookup) {
                media_or_mismatch(ctx, &reply);
            }
        } else if exchange.post {
            if let Err(reply) = check_media_types(headers) {
                media_or_mismatch(ctx, &reply);
            }
        } else if method.eq_ignore_ascii_case(b"GET") {
            let accept = find_header(headers, "accept")
                .ok()
                .flatten()
                .unwrap_or_default();
            if !accepts(accept, "text", "event-stream") {
                ctx.report(
                    Rule::HttpAccept,
                    "a GET's Accept header does not list text/event-stream: the client MUST include an Accept header, listing text/event-stream".into(),
                );
            }
        }
        if exchange.stateless || exchange.initialize {
            return;
        }
        if let Some(issued) = &self.http.session {
            match header_str(headers, "mcp-session-id") {
                None => ctx.report(
                    Rule::SessionIdMissing,
                    format!("no Mcp-Session-Id header: the server issued '{issued}' at initialize, and clients MUST include it on all of their subsequent HTTP requests"),
                ),
                Some(sent) if sent != issued => ctx.report(
                    Rule::SessionIdChanged,
                    format!("Mcp-Session-Id '{sent}' is not the '{issued}' the server issued at initialize"),
                ),
                Some(_) => {}
            }
        }
    }

    /// The head of the response to `exchange`: its status and headers.
    pub fn observe_http_response(
        &mut self,
        exchange: &HttpExchange,
        status: u16,
        headers: &Headers<'_>,
        now: Millis,
    ) -> Vec<super::Finding> {
        let mut ctx = self.start_http(Direction::ToHost, now, exchange);
        let session = header_str(headers, "mcp-session-id");
        if exchange.initialize && (200..300).contains(&status) {
            if let Some(s) = session {
                if !is_visible_ascii(s) {
                    ctx.report(
                        Rule::SessionIdInvalid,
                        "the Mcp-Session-Id MUST only contain visible ASCII characters (0x21 to 0x7E)".into(),
                    );
                }
                self.http.session = Some(String::from(s));
            }
        } else if let (Some(issued), Some(s)) = (&self.http.session, session) {
            if s != issued && !exchange.stateless {
                ctx.report(
                    Rule::SessionIdChanged,
                    format!("the server answered with Mcp-Session-Id '{s}', not the '{issued}' it issued at initialize"),
                );
            }
        }
        if exchange.post && (200..300).contains(&status) {
            self.check_response_type(&mut ctx, exchange, status, headers);
        }
        ctx.findings
    }

    fn check_response_type(
        &self,
        ctx: &mut super::Ctx,
        exchange: &HttpExchange,
        status: u16,
        headers: &Headers<'_>,
    ) {
        if exchange.requests.is_empty() {
            if status != 202 {
                ctx.report(
                    Rule::HttpStatus,
                    format!("a POST of notifications or responses answered {status}: the server MUST return HTTP status code 202 Accepted with no body"),
                );
            }
            return;
        }
        let media = header_str(headers, "content-type")
            .map(|v| v.split(';').next().unwrap_or_default().trim())
            .unwrap_or_default();
        let known = ["application/json", "text/event-stream"];
        if !known.iter().any(|k| media.eq_ignore_ascii_case(k)) {
            ctx.report(
                Rule::HttpContentType,
                format!("the response to a request has Content-Type '{media}': the server MUST either return Content-Type: text/event-stream or Content-Type: application/json"),
            );
        }
    }

    /// One JSON-RPC message of the response to `exchange` (a JSON body, or one SSE event's
    /// `data`), sent with `status`; `sse` when it came in an event stream.
    pub fn observe_http_message<'a>(
        &mut self,
        exchange: &HttpExchange,
        status: u16,
        sse: bool,
        message: &'a [u8],
        now: Millis,
    ) -> Observation<'a> {
        let mut obs = self.observe(Direction::ToHost, message, now);
        if exchange.tools_list {
            self.learn_tool_headers(message);
        }
        let kind = Message::decode_with(message, self.limits.decode).map(|m| m.kind());
        if sse || !matches!(kind, Ok(MessageKind::Response | MessageKind::Error)) {
            return obs;
        }
        let expected = status_for_wire(message, exchange.stateless);
        let wrong = if exchange.stateless {
            status != expected
        } else {
            kind == Ok(MessageKind::Response) && !(200..300).contains(&status)
        };
        if wrong {
            let mut ctx = self.start_http(Direction::ToHost, now, exchange);
            ctx.line = obs.line;
            ctx.id = obs.findings.first().and_then(|f| f.id.clone()).or(ctx.id);
            ctx.report(
                Rule::HttpStatus,
                format!(
                    "a JSON-RPC {} sent with HTTP status {status}; this wire gives it {expected}",
                    if kind == Ok(MessageKind::Error) {
                        "error"
                    } else {
                        "result"
                    }
                ),
            );
            obs.findings.append(&mut ctx.findings);
        }
        obs
    }

    /// The client closed the stream of `exchange` before its response: each request it
    /// carried counts as cancelled.
    pub fn http_stream_closed(&mut self, exchange: &HttpExchange) {
        let side = &mut self.sides[Direction::ToServer.index()];
        for id in &exchange.requests {
            if let Some(entry) = side.in_flight.remove(id) {
                side.cancelled.remember((id.clone(), entry.token));
            }
        }
    }

    /// The event stream of `exchange` ended inside an event (WHATWG drops it, so the client
    /// never gets it): `partial_message`.
    pub fn http_event_unterminated(&self, exchange: &HttpExchange, now: Millis) -> super::Finding {
        super::Finding {
            rule: Rule::PartialMessage,
            direction: Direction::ToHost,
            line: self.lines[Direction::ToHost.index()],
            time: now,
            id: exchange.requests.first().cloned(),
            method: exchange.method.clone(),
            message: "the event stream ended inside an event (no blank line after it): the client drops it".into(),
        }
    }

    fn start_http(&self, dir: Direction, now: Millis, exchange: &HttpExchange) -> super::Ctx {
        super::Ctx {
            dir,
            line: self.lines[dir.index()],
            now,
            id: exchange.requests.first().cloned(),
            method: exchange.method.clone(),
            findings: Vec::new(),
        }
    }

    /// Keeps the `x-mcp-header` parameters of each listed tool (bounded like the catalog).
    fn learn_tool_headers(&mut self, message: &[u8]) {
        let Ok(v) = Value::parse(message, self.limits.decode) else {
            return;
        };
        let Some(Value::Array(tools)) = v.get("result").and_then(|r| r.get("tools")) else {
            return;
        };
        for tool in tools {
            if self.http.tool_headers.len() >= self.limits.max_tools {
                break;
            }
            let (Some(Value::String(name)), Some(schema)) =
                (tool.get("name"), tool.get("inputSchema"))
            else {
                continue;
            };
            if let Ok(h) = ToolHeaders::from_input_schema(schema) {
                self.http.tool_headers.insert(name.clone(), h);
            }
        }
    }
}

/// A failed server check as a finding: `415` → `http_content_type`, `406` → `http_accept`,
/// a -32020 answer → `header_mismatch`. Other answers (an unsupported version, a body that
/// is not a request) are other rules' findings already.
fn media_or_mismatch(ctx: &mut super::Ctx, reply: &HttpReply) {
    match reply.status {
        Some(415) => ctx.report(
            Rule::HttpContentType,
            "a POST without Content-Type: application/json (a server answers 415)".into(),
        ),
        Some(406) => ctx.report(
            Rule::HttpAccept,
            "a POST whose Accept header does not list both application/json and text/event-stream: the client MUST include an Accept header listing both (a server answers 406)".into(),
        ),
        _ => {
            let text = reply_text(reply);
            if text.starts_with("Header mismatch") {
                ctx.report(Rule::HeaderMismatch, format!("{text} (a server answers 400, -32020)"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::watch::WatchLimits;

    const POST: &[u8] = b"POST";
    const JSON: (&[u8], &[u8]) = (b"Content-Type", b"application/json");
    const ACCEPT: (&[u8], &[u8]) = (b"Accept", b"application/json, text/event-stream");

    fn rules(findings: &[super::super::Finding]) -> Vec<&'static str> {
        findings.iter().map(|f| f.rule.name()).collect()
    }

    #[test]
    fn a_2026_call_whose_mcp_name_differs_from_the_body_is_a_header_mismatch() {
        let mut w = Watch::new(WatchLimits::DEFAULT);
        let body = br#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#;
        let headers: &Headers<'_> = &[
            JSON,
            ACCEPT,
            (b"MCP-Protocol-Version", b"2026-07-28"),
            (b"Mcp-Method", b"tools/call"),
            (b"Mcp-Name", b"sub"),
        ];
        let (obs, _, ex) = w.observe_http_request(POST, headers, body, 5);
        let obs = obs.unwrap();
        assert!(ex.stateless);
        let f = obs
            .findings
            .iter()
            .find(|f| f.rule == Rule::HeaderMismatch)
            .unwrap();
        assert!(
            f.message.contains("'sub' does not match body value 'add'"),
            "{}",
            f.message
        );
        assert_eq!((f.line, f.id.clone()), (1, Some(OwnedId::Int(1))));
        let mut fixed = headers.to_vec();
        fixed[4] = (b"Mcp-Name", b"add");
        let body2 = br#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#;
        let (obs, _, _) = w.observe_http_request(POST, &fixed, body2, 6);
        assert!(!rules(&obs.unwrap().findings).contains(&"header_mismatch"));
    }

    fn initialize(w: &mut Watch, session: &[u8]) {
        let body = br#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#;
        let (_, _, ex) = w.observe_http_request(POST, &[JSON, ACCEPT], body, 1);
        assert!(ex.initialize);
        let head: &Headers<'_> = &[
            (b"Content-Type", b"application/json"),
            (b"Mcp-Session-Id", session),
        ];
        assert!(w.observe_http_response(&ex, 200, head, 2).is_empty());
        let result = br#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}"#;
        assert!(w
            .observe_http_message(&ex, 200, false, result, 3)
            .findings
            .is_empty());
    }

    #[test]
    fn the_session_id_issued_at_initialize_must_be_echoed_and_kept() {
        let mut w = Watch::new(WatchLimits::DEFAULT);
        initialize(&mut w, b"abc");
        let note = br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
        let (obs, _, ex) = w.observe_http_request(POST, &[JSON, ACCEPT], note, 4);
        assert_eq!(rules(&obs.unwrap().findings), ["session_id_missing"]);
        assert!(rules(&w.observe_http_response(&ex, 200, &[], 5)).contains(&"http_status"));
        let ping = br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
        let sent: &Headers<'_> = &[JSON, ACCEPT, (b"mcp-session-id", b"abc")];
        let (obs, _, ex) = w.observe_http_request(POST, sent, ping, 6);
        assert!(obs.unwrap().findings.is_empty());
        let head: &Headers<'_> = &[
            (b"Content-Type", b"application/json"),
            (b"Mcp-Session-Id", b"xyz"),
        ];
        let f = w.observe_http_response(&ex, 200, head, 7);
        assert_eq!(rules(&f), ["session_id_changed"]);
        assert_eq!(
            (f[0].direction, f[0].id.clone()),
            (Direction::ToHost, Some(OwnedId::Int(1)))
        );
    }

    #[test]
    fn media_types_status_and_a_closed_stream() {
        let mut w = Watch::new(WatchLimits::DEFAULT);
        initialize(&mut w, b"s1");
        let note = br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
        let with_session: &Headers<'_> = &[JSON, ACCEPT, (b"Mcp-Session-Id", b"s1")];
        let (obs, _, ex) = w.observe_http_request(POST, with_session, note, 4);
        assert!(obs.unwrap().findings.is_empty());
        assert!(w.observe_http_response(&ex, 202, &[], 4).is_empty());
        let call = br#"{"jsonrpc":"2.0","id":7,"method":"tools/list"}"#;
        let sent: &Headers<'_> = &[(b"Content-Type", b"text/plain"), (b"Mcp-Session-Id", b"s1")];
        let (obs, _, ex) = w.observe_http_request(POST, sent, call, 4);
        assert_eq!(rules(&obs.unwrap().findings), ["http_content_type"]);
        let f = w.observe_http_response(&ex, 200, &[(b"Content-Type", b"text/html")], 5);
        assert_eq!(rules(&f), ["http_content_type"]);
        let result = br#"{"jsonrpc":"2.0","id":7,"result":{"tools":[]}}"#;
        let obs = w.observe_http_message(&ex, 500, false, result, 6);
        assert_eq!(rules(&obs.findings), ["http_status"]);
        let (_, f, _) = w.observe_http_request(b"GET", &[(b"Mcp-Session-Id", b"s1")], b"", 7);
        assert_eq!(rules(&f), ["http_accept"]);
        let (_, _, ex) = w.observe_http_request(
            POST,
            &[JSON, ACCEPT, (b"Mcp-Session-Id", b"s1")],
            br#"{"jsonrpc":"2.0","id":8,"method":"ping"}"#,
            8,
        );
        w.http_stream_closed(&ex);
        assert!(
            w.finish(9).is_empty(),
            "a closed stream is a cancellation, not an unanswered request"
        );
        let late = w.observe_http_message(
            &ex,
            200,
            true,
            br#"{"jsonrpc":"2.0","id":8,"result":{}}"#,
            10,
        );
        assert_eq!(rules(&late.findings), ["response_after_cancel"]);
    }

    #[test]
    fn mcp_param_headers_are_checked_against_the_tools_listed() {
        let mut w = Watch::new(WatchLimits::DEFAULT);
        let modern: &[(&[u8], &[u8])] = &[JSON, ACCEPT, (b"MCP-Protocol-Version", b"2026-07-28")];
        let list = br#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#;
        let mut headers = modern.to_vec();
        headers.push((b"Mcp-Method", b"tools/list"));
        let (_, _, ex) = w.observe_http_request(POST, &headers, list, 1);
        assert!(ex.tools_list);
        let result = br#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"get","inputSchema":{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"}}}}]}}"#;
        w.observe_http_message(&ex, 200, false, result, 2);
        let call = br#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get","arguments":{"region":"eu"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#;
        let mut headers = modern.to_vec();
        headers.extend([
            (&b"Mcp-Method"[..], &b"tools/call"[..]),
            (b"Mcp-Name", b"get"),
        ]);
        let (obs, _, _) = w.observe_http_request(POST, &headers, call, 3);
        let f = obs.unwrap().findings;
        assert_eq!(rules(&f), ["header_mismatch"]);
        assert!(
            f[0].message
                .contains("required Mcp-Param-Region header is missing"),
            "{}",
            f[0].message
        );
        headers.push((b"Mcp-Param-Region", b"eu"));
        let call = br#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get","arguments":{"region":"eu"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#;
        let (obs, _, _) = w.observe_http_request(POST, &headers, call, 4);
        assert!(rules(&obs.unwrap().findings).is_empty());
    }
}
