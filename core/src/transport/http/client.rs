//! [`HttpClient`]: the client side of Streamable HTTP, sans-IO. It writes the HTTP requests
//! that carry a [`crate::state::Client`]'s messages, reads the responses (status, headers,
//! then body chunks of any size) and yields the JSON-RPC messages in them, in order, for
//! `Client::handle_input`. No sockets: the host sends each [`HttpRequest`] with its HTTP
//! library and feeds back what comes.
//!
//! # Use
//!
//! 1. [`request`](HttpClient::request) a message's bytes: an [`HttpRequest`] (POST, the
//!    headers, the body unchanged) on a new exchange.
//! 2. [`handle_response`](HttpClient::handle_response) its status and headers: a
//!    [`Response`] says what the body is. Only [`Response::Json`] and [`Response::Stream`]
//!    have a body to read; every other outcome ends the exchange there.
//! 3. [`handle_body`](HttpClient::handle_body) each chunk, then
//!    [`handle_end`](HttpClient::handle_end); after each,
//!    [`poll_message`](HttpClient::poll_message) until `None`.
//! 4. When the host closes a response early (on 2026-07-28 that cancels the request),
//!    [`close`](HttpClient::close) the exchange.
//!
//! # The two wires
//!
//! On 2026-07-28 (stateless) every request is a POST with `MCP-Protocol-Version` and the
//! `Mcp-Method` / `Mcp-Name` / `Mcp-Param-*` headers; there is no GET, no session, no
//! resumption ("Resumable SSE streams via `Last-Event-ID` are not supported").
//!
//! On 2025-11-25 (and 2025-06-18): the `Mcp-Session-Id` the server gives on the response
//! to `initialize` goes on every later request ("clients ... **MUST** include it"), and so
//! does `MCP-Protocol-Version` with the version the `InitializeResult` named.
//! [`open_stream`](HttpClient::open_stream) is the GET for the server's own stream,
//! [`resume`](HttpClient::resume) the GET with `Last-Event-ID` that picks up a stream that
//! ended before its response, [`end_session`](HttpClient::end_session) the DELETE.
//!
//! # Choices where the pages are silent
//!
//! - HTTP outcomes the host must act on are values ([`Response`], [`Ended`]), not errors:
//!   a 404 to a request that carried a session id is [`Response::SessionExpired`] (the id
//!   is forgotten: "it **MUST** start a new session by sending a new `InitializeRequest`
//!   without a session ID attached"); a 405 to a GET is [`Response::NoStream`]; any other
//!   error status is [`Response::Json`] when its body is JSON (a JSON-RPC error answers the
//!   request: give it to the `Client`), else [`Response::Failed`]. Errors
//!   ([`ApiError`]) are for misuse (an unknown exchange) and bad bytes: a message over
//!   `Limits::max_input_bytes` (`input_too_large`, its offset in the body), an empty JSON
//!   body (`unexpected_end`), a malformed `Mcp-Session-Id`, a 2xx of an unknown media type.
//! - A message is yielded as it came; the `Client` checks it with every rule. SSE events
//!   of a type other than `message`, and events with empty `data` (the priming event), are
//!   not messages.
//! - A DELETE answered 2xx (or 404) forgets the session; a 405 keeps it ("the server does
//!   not allow clients to terminate sessions").
//! - An `initialize` always starts a new session: it is sent without the session id, which
//!   is then forgotten until the response gives a new one.
//! - A stream's end is judged by its request: [`Ended::Resumable`] only on the 2025-11-25
//!   wire after an event id; the host decides whether to resume (after `retry`).
//! - A stream need not end for its request to be over: [`answered`](HttpClient::answered)
//!   says the response came, and the host closes the exchange rather than wait.

use super::client_body::{Body, BodyReader};
use super::client_headers::{
    client_request_headers, client_stream_headers, is_session_id, session_headers,
};
use super::x_mcp_header::ToolHeaders;
use super::{find_header, Headers};
use crate::api::ApiError;
use crate::error::ErrorKind;
use crate::json::Value;
use crate::limits::Limits;
use crate::mcp::ProtocolVersion;
use alloc::collections::{BTreeMap, VecDeque};
use alloc::string::String;
use alloc::vec::Vec;

/// An HTTP request to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HttpRequest {
    /// The exchange its response belongs to.
    pub exchange: u64,
    /// `POST`, `GET` or `DELETE`.
    pub method: &'static str,
    /// The headers, in order.
    pub headers: Vec<(String, String)>,
    /// The body (the message, unchanged; empty for GET and DELETE).
    pub body: Vec<u8>,
    /// Milliseconds to wait before sending it: the `retry` a resumed stream asked for ("The
    /// client **MUST** respect the `retry` field").
    pub retry: Option<u64>,
}

/// What a response's status and headers say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Response {
    /// No body to read (`202 Accepted` for a notification or a response, a DELETE's 2xx).
    /// The exchange is over.
    Empty,
    /// One JSON-RPC message follows (on any status: an error status's JSON body is the
    /// JSON-RPC error that answers the request).
    Json,
    /// An SSE stream of messages follows.
    Stream,
    /// 404 to a request with the session id: the session ended; the id is forgotten and
    /// the client **MUST** start a new session with a new `initialize`. The exchange is over.
    SessionExpired,
    /// 405 to a GET: the server offers no stream here. The exchange is over.
    NoStream,
    /// Another status without a JSON body (403, 405 to a DELETE, 5xx, …). The exchange is
    /// over.
    Failed {
        /// The HTTP status.
        status: u16,
    },
}

impl Response {
    /// The snake_case name the bindings use.
    pub fn name(&self) -> &'static str {
        match self {
            Response::Empty => "empty",
            Response::Json => "json",
            Response::Stream => "sse",
            Response::SessionExpired => "session_expired",
            Response::NoStream => "no_stream",
            Response::Failed { .. } => "failed",
        }
    }
}

/// How a body ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The exchange is over: what it carried was yielded (with the response to its
    /// request, if it had one).
    Complete,
    /// An SSE stream on the 2025-11-25 wire ended after an event id, before the response to
    /// its request (or, for the server's own stream, at all): [`HttpClient::resume`] gives
    /// the GET with `Last-Event-ID` that picks it up.
    Resumable,
    /// The body ended without the response to its request, and cannot be resumed
    /// (2026-07-28, a JSON body that was not the answer or was over the limit, a stream
    /// without event ids): that request will not be answered. The exchange is over.
    Unanswered,
}

impl Ended {
    /// The snake_case name the bindings use.
    pub fn name(&self) -> &'static str {
        match self {
            Ended::Complete => "complete",
            Ended::Resumable => "resumable",
            Ended::Unanswered => "unanswered",
        }
    }
}

/// One message from the server, and the exchange it came on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Received {
    /// The exchange.
    pub exchange: u64,
    /// The JSON-RPC message, as sent.
    pub message: Vec<u8>,
}

/// The id of a request, owned, to recognise its response.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum OwnedId {
    Int(i64),
    Str(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sent {
    Post,
    Get,
    Delete,
}

struct Exchange {
    sent: Sent,
    /// The request it carries (a POST of a request, or a GET resuming one).
    request: Option<OwnedId>,
    initialize: bool,
    /// The GET of the server's own stream (no request of ours on it).
    standalone: bool,
    /// A session id went with it.
    with_session: bool,
    body: Option<BodyReader>,
    /// The stream's last event id and `retry`, kept for [`HttpClient::resume`].
    last_event_id: String,
    retry: Option<u64>,
    resumable: bool,
    /// The response to `request` has been yielded.
    answered: bool,
}

/// The client side of one MCP endpoint over Streamable HTTP.
pub struct HttpClient {
    version: ProtocolVersion,
    limits: Limits,
    session_id: Option<String>,
    exchanges: BTreeMap<u64, Exchange>,
    next_exchange: u64,
    received: VecDeque<Received>,
}

impl HttpClient {
    /// A client speaking `version`: 2026-07-28 is the stateless wire, an earlier version
    /// the one with sessions (the version until `initialize` names another).
    pub fn new(version: ProtocolVersion, limits: Limits) -> Self {
        HttpClient {
            version,
            limits,
            session_id: None,
            exchanges: BTreeMap::new(),
            next_exchange: 1,
            received: VecDeque::new(),
        }
    }

    /// The version sent in `MCP-Protocol-Version`.
    pub fn protocol_version(&self) -> ProtocolVersion {
        self.version
    }

    /// The session id the server gave, while the session lasts.
    pub fn session_id(&self) -> Option<&str> {
        self.session_id.as_deref()
    }

    /// Exchanges not yet over.
    pub fn exchange_count(&self) -> usize {
        self.exchanges.len()
    }

    fn stateless(&self) -> bool {
        !self.version.has_initialize()
    }

    fn open(&mut self, sent: Sent, request: Option<OwnedId>, initialize: bool) -> u64 {
        let exchange = self.next_exchange;
        self.next_exchange += 1;
        let with_session = self.session_id.is_some() && !self.stateless();
        self.exchanges.insert(
            exchange,
            Exchange {
                sent,
                request,
                initialize,
                standalone: sent == Sent::Get,
                with_session,
                body: None,
                last_event_id: String::new(),
                retry: None,
                resumable: false,
                answered: false,
            },
        );
        exchange
    }

    /// The POST that carries `message` (a request, notification or response, as bytes);
    /// `tool` is the called tool's annotations, for `Mcp-Param-*` on 2026-07-28.
    pub fn request(
        &mut self,
        message: &[u8],
        tool: Option<&ToolHeaders>,
    ) -> Result<HttpRequest, ApiError> {
        // The host's own message: only the response limits are the server's to respect.
        let outgoing = Limits {
            max_input_bytes: usize::MAX,
            ..Limits::DEFAULT
        };
        let value = Value::parse(message, outgoing)?;
        let method = match value.get("method") {
            Some(Value::String(m)) => Some(m.as_str()),
            _ => None,
        };
        let request = match (method, value.get("id")) {
            (Some(_), Some(id)) => Some(owned_id(id)?),
            _ => None,
        };
        let initialize = method == Some("initialize");
        // An `initialize` starts a session: it goes "without a session ID attached".
        let session = if self.stateless() || initialize {
            None
        } else {
            self.session_id.as_deref()
        };
        let headers = client_request_headers(&value, self.version, tool, session)?;
        if initialize {
            self.session_id = None;
        }
        let exchange = self.open(Sent::Post, request, initialize);
        Ok(HttpRequest {
            exchange,
            method: "POST",
            headers,
            body: message.to_vec(),
            retry: None,
        })
    }

    fn session_wire(&self, what: &str) -> Result<(), ApiError> {
        if self.stateless() {
            // "Removal of the GET stream endpoint"; no sessions either.
            return Err(ApiError::usage(&alloc::format!(
                "2026-07-28 has no {what}: every request is a POST"
            )));
        }
        Ok(())
    }

    /// The GET that opens the server's stream of requests and notifications (2025-11-25).
    pub fn open_stream(&mut self) -> Result<HttpRequest, ApiError> {
        self.session_wire("GET stream")?;
        let headers = client_stream_headers(self.version, self.session_id.as_deref(), None)?;
        let exchange = self.open(Sent::Get, None, false);
        Ok(HttpRequest {
            exchange,
            method: "GET",
            headers,
            body: Vec::new(),
            retry: None,
        })
    }

    /// The GET with `Last-Event-ID` that resumes the stream of `exchange` after its body
    /// ended [`Ended::Resumable`]; its response belongs to the same exchange.
    pub fn resume(&mut self, exchange: u64) -> Result<HttpRequest, ApiError> {
        self.session_wire("resumption")?;
        let session = self.session_id.clone();
        let version = self.version;
        let e = self.exchange_mut(exchange)?;
        if !e.resumable {
            return Err(ApiError::usage("the exchange's stream is not resumable"));
        }
        let headers =
            client_stream_headers(version, session.as_deref(), Some(e.last_event_id.as_str()))?;
        e.resumable = false;
        e.sent = Sent::Get;
        e.with_session = session.is_some();
        Ok(HttpRequest {
            exchange,
            method: "GET",
            headers,
            body: Vec::new(),
            retry: e.retry,
        })
    }

    /// The DELETE that ends the session: clients that no longer need it "**SHOULD** send
    /// an HTTP DELETE to the MCP endpoint with the `MCP-Session-Id` header".
    pub fn end_session(&mut self) -> Result<HttpRequest, ApiError> {
        self.session_wire("session")?;
        let Some(id) = self.session_id.as_deref() else {
            return Err(ApiError::usage("there is no session to end"));
        };
        let headers = session_headers(self.version, Some(id))?;
        let exchange = self.open(Sent::Delete, None, false);
        Ok(HttpRequest {
            exchange,
            method: "DELETE",
            headers,
            body: Vec::new(),
            retry: None,
        })
    }

    fn exchange_mut(&mut self, exchange: u64) -> Result<&mut Exchange, ApiError> {
        self.exchanges
            .get_mut(&exchange)
            .ok_or_else(|| ApiError::usage("unknown exchange"))
    }

    /// Reads a response's status and headers: what its body is.
    pub fn handle_response(
        &mut self,
        exchange: u64,
        status: u16,
        headers: &Headers<'_>,
    ) -> Result<Response, ApiError> {
        let e = self.exchange_mut(exchange)?;
        if e.body.is_some() {
            return Err(ApiError::usage("the exchange already has its response"));
        }
        let (sent, with_session, initialize) = (e.sent, e.with_session, e.initialize);
        let media = media_type(headers)?;
        let response = match status {
            // "When a client receives HTTP 404 in response to a request containing an
            // `MCP-Session-Id`, it **MUST** start a new session".
            404 if with_session => Response::SessionExpired,
            405 if sent == Sent::Get => Response::NoStream,
            200..=299 if sent == Sent::Delete || status == 202 || status == 204 => Response::Empty,
            _ if media == Some(Media::Json) && sent != Sent::Delete => Response::Json,
            200..=299 if media == Some(Media::Sse) => Response::Stream,
            200..=299 => {
                self.exchanges.remove(&exchange);
                return Err(ApiError::usage(
                    "a 2xx response that is neither application/json nor text/event-stream",
                ));
            }
            _ => Response::Failed { status },
        };
        match response {
            Response::Json | Response::Stream => {
                if initialize && (200..300).contains(&status) {
                    self.take_session_id(headers)?;
                }
                let body = match response {
                    Response::Json => Body::Json,
                    _ => Body::Sse,
                };
                let limits = self.limits;
                self.exchange_mut(exchange)?.body = Some(BodyReader::new(body, limits));
            }
            Response::SessionExpired => {
                self.exchanges.remove(&exchange);
                self.session_id = None;
            }
            Response::Empty if sent == Sent::Delete => {
                self.exchanges.remove(&exchange);
                self.session_id = None;
            }
            _ => {
                self.exchanges.remove(&exchange);
            }
        }
        Ok(response)
    }

    /// Keeps the `Mcp-Session-Id` of the response to `initialize`.
    fn take_session_id(&mut self, headers: &Headers<'_>) -> Result<(), ApiError> {
        let id = find_header(headers, "mcp-session-id")
            .map_err(|_| ApiError::usage("Mcp-Session-Id appears twice"))?;
        if let Some(id) = id {
            if !is_session_id(id) {
                return Err(ApiError::new(
                    ErrorKind::InvalidValue,
                    "the server's Mcp-Session-Id is not visible ASCII",
                ));
            }
            self.session_id = Some(String::from_utf8_lossy(id).into_owned());
        }
        Ok(())
    }

    /// Reads a chunk of the body of `exchange` (any size). Every message it completes is
    /// queued for [`poll_message`](Self::poll_message), also when an error is returned (a
    /// message over the limit is skipped and reported; the rest of the chunk is read).
    pub fn handle_body(&mut self, exchange: u64, chunk: &[u8]) -> Result<(), ApiError> {
        let e = self.exchange_mut(exchange)?;
        let Some(body) = e.body.as_mut() else {
            return Err(ApiError::usage("the exchange has no body to read"));
        };
        let mut out = Vec::new();
        let result = body.feed(chunk, &mut out);
        e.last_event_id.clone_from(&body.last_event_id());
        e.retry = body.retry();
        self.deliver(exchange, out);
        result
    }

    /// The body of `exchange` ended.
    pub fn handle_end(&mut self, exchange: u64) -> Result<Ended, ApiError> {
        let e = self.exchange_mut(exchange)?;
        let Some(mut body) = e.body.take() else {
            return Err(ApiError::usage("the exchange has no body to read"));
        };
        let mut out = Vec::new();
        let result = body.finish(&mut out);
        self.deliver(exchange, out);
        if let Err(e) = result {
            self.exchanges.remove(&exchange);
            return Err(e);
        }
        let stateless = self.stateless();
        let Some(e) = self.exchanges.get_mut(&exchange) else {
            return Ok(Ended::Complete);
        };
        let resumable = body.kind() == Body::Sse && !stateless && !e.last_event_id.is_empty();
        let ended = match (e.request.is_some(), e.standalone) {
            (true, _) if resumable => Ended::Resumable,
            (true, _) => Ended::Unanswered,
            (false, true) if resumable => Ended::Resumable,
            _ => Ended::Complete,
        };
        if ended == Ended::Resumable {
            e.resumable = true;
        } else {
            self.exchanges.remove(&exchange);
        }
        Ok(ended)
    }

    /// Queues the messages of `exchange`; the response to its request ends its wait.
    fn deliver(&mut self, exchange: u64, messages: Vec<Vec<u8>>) {
        for message in messages {
            if let Some(e) = self.exchanges.get_mut(&exchange) {
                let answers = e
                    .request
                    .as_ref()
                    .is_some_and(|id| answers(&message, id, self.limits));
                if answers {
                    e.request = None;
                    e.answered = true;
                    if core::mem::take(&mut e.initialize) {
                        self.adopt_version(&message);
                    }
                }
            }
            self.received.push_back(Received { exchange, message });
        }
    }

    /// "the client **MUST** include the `MCP-Protocol-Version: <protocol-version>` HTTP
    /// header on all subsequent requests": the version the `InitializeResult` names (a
    /// version mcpwire does not speak is left to the `Client` to refuse).
    fn adopt_version(&mut self, message: &[u8]) {
        let Ok(value) = Value::parse(message, self.limits) else {
            return;
        };
        let named = value.get("result").and_then(|r| r.get("protocolVersion"));
        if let Some(Value::String(v)) = named {
            if let Some(v) = ProtocolVersion::parse(v).filter(|v| v.has_initialize()) {
                self.version = v;
            }
        }
    }

    /// True once the response to the request `exchange` carries was yielded while the
    /// exchange is open: the host may poll what came and [`close`](Self::close) it. A server
    /// may keep a resumed stream open after the response (it only "**SHOULD** close the SSE
    /// stream"). False without a request (a notification, the server's stream) or when over.
    pub fn answered(&self, exchange: u64) -> bool {
        self.exchanges.get(&exchange).is_some_and(|e| e.answered)
    }

    /// The next message from the server, in the order received.
    pub fn poll_message(&mut self) -> Option<Received> {
        self.received.pop_front()
    }

    /// The host closed the response of `exchange` before its end (on 2026-07-28 that
    /// cancels the request: "Closing the SSE response stream **MUST** be treated by the
    /// server as cancellation"). Its messages not yet polled are dropped. Returns whether
    /// the exchange was open.
    pub fn close(&mut self, exchange: u64) -> bool {
        self.received.retain(|r| r.exchange != exchange);
        self.exchanges.remove(&exchange).is_some()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Media {
    Json,
    Sse,
    Other,
}

/// The media type of `Content-Type` (parameters such as `charset` ignored; case-insensitive).
fn media_type(headers: &Headers<'_>) -> Result<Option<Media>, ApiError> {
    let value = find_header(headers, "content-type")
        .map_err(|_| ApiError::usage("Content-Type appears twice"))?;
    Ok(value.map(|v| {
        let essence = v
            .split(|&b| b == b';')
            .next()
            .unwrap_or_default()
            .trim_ascii();
        if essence.eq_ignore_ascii_case(b"application/json") {
            Media::Json
        } else if essence.eq_ignore_ascii_case(b"text/event-stream") {
            Media::Sse
        } else {
            Media::Other
        }
    }))
}

fn owned_id(id: &Value) -> Result<OwnedId, ApiError> {
    match id {
        Value::String(s) => Ok(OwnedId::Str(s.clone())),
        Value::Number(n) => n
            .parse::<i64>()
            .map(OwnedId::Int)
            .map_err(|_| ApiError::new(ErrorKind::InvalidId, "id must be a string or an integer")),
        _ => Err(ApiError::new(
            ErrorKind::InvalidId,
            "id must be a string or an integer",
        )),
    }
}

/// True when `message` is the response (or error response) to the request `id`.
fn answers(message: &[u8], id: &OwnedId, limits: Limits) -> bool {
    use crate::jsonrpc::{Message, RequestId};
    let got = match Message::decode_with(message, limits) {
        Ok(m @ (Message::Response(_) | Message::Error(_))) => m.id(),
        _ => None,
    };
    match (got, id) {
        (Some(RequestId::Int(a)), OwnedId::Int(b)) => a == *b,
        (Some(RequestId::Str(a)), OwnedId::Str(b)) => a.eq_str(b),
        _ => false,
    }
}
