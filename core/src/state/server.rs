//! The server side: the handshake, the tools capability gate, requests in flight, progress
//! that must increase, and cancellation that suppresses the response.

use super::input_required::{self, ClientCapability, Declared};
use super::{ConfigJson, Key, Millis, Recent, Table, Versions};
use crate::classify::{recover_id, write_failure_with_data, DataMembers};
use crate::error::{DecodeError, ErrorKind};
use crate::json::writer::Sink;
use crate::json::{JsonStr, Number, RawJson, Reader};
use crate::jsonrpc::{Message, RequestId};
use crate::limits::Limits;
use crate::mcp::{
    CacheScope, CallToolRequestParams, CallToolResult, Decode, Encode, InitializeRequestParams,
    InputRequiredResult, ListToolsRequestParams, ListToolsResult, McpMessage, Method,
    ProgressNotificationParams, ProtocolVersion, RequestMeta, ResultType, ToolsCapability,
};
use core::fmt;

mod outbox;
use outbox::{Outgoing, Why};

/// How a server is set up.
#[derive(Clone, Debug)]
pub struct ServerConfig<'c> {
    /// Versions served, in preference order (the first 2025 one answers an `initialize`
    /// that asks for a version not served).
    pub versions: Versions,
    /// The server's `Implementation` object.
    pub server_info: ConfigJson<'c>,
    /// The server's capabilities object; `tools` in it opens the tools methods.
    pub capabilities: ConfigJson<'c>,
    /// Decode limits for incoming messages.
    pub limits: Limits,
}

/// What one incoming message asks of the server.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ServerIncoming<'a> {
    /// `tools/list`: answer with [`Server::respond_list`] (page with a `CursorCodec`).
    ListTools {
        /// The request id.
        id: RequestId<'a>,
        /// The params (cursor, `_meta`).
        params: Option<ListToolsRequestParams<'a>>,
    },
    /// `tools/call`: run the tool, then [`Server::respond_tool`] (or, on 2026-07-28,
    /// [`Server::respond_input_required`] to ask the client for more; its retry brings
    /// `params.input_responses` and `params.request_state`).
    CallTool {
        /// The request id.
        id: RequestId<'a>,
        /// The params.
        params: CallToolRequestParams<'a>,
    },
    /// `notifications/cancelled`: stop the request; its response will be suppressed.
    /// `known` is false for an unknown or finished request (then it is ignored, as the spec
    /// allows).
    Cancelled {
        /// The request id named.
        id: Option<RequestId<'a>>,
        /// Whether it was in flight.
        known: bool,
    },
    /// The message was refused; the error response is queued (see `poll_transmit`).
    Refused {
        /// The id of the refused request, when known.
        id: Option<RequestId<'a>>,
        /// Why.
        kind: ErrorKind,
    },
    /// `initialize` or `server/discover` was answered (queued).
    Handshake,
    /// The session answered the request itself (queued): `ping` with an empty result, or
    /// a request for a method this tools server does not serve with `-32601`.
    Answered,
    /// Anything else.
    Other(McpMessage<'a>),
}

/// Why a progress notification or response could not be sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ServerError {
    /// No request in flight has that id.
    UnknownRequest,
    /// The request carried no progress token.
    NoProgressToken,
    /// Progress must increase with each notification.
    ProgressNotIncreasing,
    /// The request was cancelled: nothing more is sent for it.
    Cancelled,
    /// The request was already answered (or its answer suppressed): one response per request.
    AlreadyAnswered,
    /// An `InputRequiredResult` on a version that has none (before 2026-07-28).
    InputRequiredNotInVersion,
    /// An `InputRequiredResult` with neither `inputRequests` nor `requestState` ("At least
    /// one of `inputRequests` or `requestState` MUST be present").
    EmptyInputRequired,
    /// An input request that is not an object whose `method` is `elicitation/create`,
    /// `sampling/createMessage` or `roots/list`.
    InvalidInputRequest,
    /// An input request needs a capability the request did not declare ("A server MUST NOT
    /// rely on capabilities the client has not declared"): answer -32021 with it in
    /// `requiredCapabilities`, or ask for something else.
    UndeclaredCapability(ClientCapability),
}

#[derive(Debug)]
struct InFlight {
    id: Key,
    token: Option<Key>,
    declared: Declared,
    cancelled: bool,
    last_progress: Option<f64>,
}

/// A server's session with one client. `N` bounds the tables without `alloc`.
#[derive(Debug)]
pub struct Server<'c, const N: usize = 32> {
    config: ServerConfig<'c>,
    tools: Option<ToolsCapability>,
    version: Option<ProtocolVersion>,
    in_flight: Table<InFlight, N>,
    outbox: Table<Outgoing, N>,
    answered: Recent<Key, N>,
}

impl<'c, const N: usize> Server<'c, N> {
    /// A new session.
    pub fn new(config: ServerConfig<'c>) -> Self {
        Server {
            tools: ToolsCapability::from_capabilities(&config.capabilities.raw()),
            config,
            version: None,
            in_flight: Table::new(),
            outbox: Table::new(),
            answered: Recent::new(),
        }
    }

    /// The version negotiated by `initialize` (2025) or named by the last request's `_meta`.
    pub fn version(&self) -> ProtocolVersion {
        self.version
            .or_else(|| self.config.versions.as_slice().first().copied())
            .unwrap_or(ProtocolVersion::LATEST)
    }

    /// The transport names the protocol version of the request it is about to hand over
    /// (Streamable HTTP 2026-07-28: the `MCP-Protocol-Version` header, which the transport
    /// has checked against the body). On a version without `initialize` the request must
    /// then carry the per-request `_meta` fields, and `initialize` and `ping` are methods
    /// it does not have.
    pub fn set_request_version(&mut self, version: ProtocolVersion) {
        self.version = Some(version);
    }

    /// True when the session speaks a version that has no handshake (2026-07-28), as
    /// named by a request or the transport.
    fn stateless(&self) -> bool {
        self.version.is_some_and(|v| !v.has_initialize())
    }

    /// Requests in flight.
    pub fn in_flight(&self) -> usize {
        self.in_flight.len()
    }

    fn refuse<'a>(
        &mut self,
        id: Option<RequestId<'a>>,
        kind: ErrorKind,
        why: Why,
    ) -> ServerIncoming<'a> {
        let key = id.as_ref().and_then(Key::of_id);
        let _ = self.outbox.push(Outgoing::Failure { id: key, kind, why });
        ServerIncoming::Refused { id, kind }
    }

    /// Handles one incoming message. Input that does not decode is refused with the error
    /// response the table gives (queued for `poll_transmit`).
    pub fn handle_input<'a>(&mut self, input: &'a [u8], now: Millis) -> ServerIncoming<'a> {
        let _ = now;
        match self.decode(input) {
            Ok(typed) => self.dispatch(typed),
            Err(e) => self.refuse_undecodable(input, e),
        }
    }

    /// The message with typed views of the tool methods.
    fn decode<'a>(&self, input: &'a [u8]) -> Result<McpMessage<'a>, DecodeError> {
        let message = Message::decode_with(input, self.config.limits)?;
        let text = core::str::from_utf8(input).unwrap_or_default();
        McpMessage::from_message_in(message, None, text)
    }

    /// Input that did not decode: a request is answered with the error, a notification never.
    fn refuse_undecodable<'a>(&mut self, input: &'a [u8], e: DecodeError) -> ServerIncoming<'a> {
        match Message::decode_with(input, self.config.limits) {
            // A notification that fails is never answered.
            Ok(Message::Notification(_)) => ServerIncoming::Refused {
                id: None,
                kind: e.kind,
            },
            // 2026-07-28 has no `initialize`: its params are not read at all.
            Ok(Message::Request(r)) if self.stateless() && r.method.eq_str("initialize") => {
                self.refuse_initialize(r.id)
            }
            _ => self.refuse(recover_id(input), e.kind, Why::Decode(e)),
        }
    }

    /// Routes a decoded message to its step.
    fn dispatch<'a>(&mut self, typed: McpMessage<'a>) -> ServerIncoming<'a> {
        match typed {
            McpMessage::InitializeRequest(id, p) => self.initialize(id, &p),
            McpMessage::Other(Message::Request(r))
                if Method::from_name(&r.method) == Some(Method::ServerDiscover) =>
            {
                self.discover(r.id, r.params)
            }
            McpMessage::ListToolsRequest(id, params) => {
                match self.admit(params.and_then(|p| p.meta).as_ref()) {
                    Ok(()) => ServerIncoming::ListTools { id, params },
                    Err((kind, why)) => self.refuse(Some(id), kind, why),
                }
            }
            McpMessage::CallToolRequest(id, params) => self.call_tool(id, params),
            McpMessage::CancelledNotification(c) => ServerIncoming::Cancelled {
                id: c.request_id,
                known: c.request_id.is_some_and(|id| self.mark_cancelled(&id)),
            },
            McpMessage::Other(Message::Request(r)) => self.answer_other(r.id, &r.method),
            _ => ServerIncoming::Other(typed),
        }
    }

    /// 2026-07-28 removed the handshake: "Make MCP stateless: remove the
    /// `initialize`/`notifications/initialized` handshake".
    fn refuse_initialize<'a>(&mut self, id: RequestId<'a>) -> ServerIncoming<'a> {
        self.refuse(
            Some(id),
            ErrorKind::MethodNotFound,
            Why::Text("Method not found: initialize (2026-07-28 has no handshake)"),
        )
    }

    /// `initialize` (2025 versions): the version asked for when served, else the first
    /// 2025 one served.
    fn initialize<'a>(
        &mut self,
        id: RequestId<'a>,
        p: &InitializeRequestParams<'_>,
    ) -> ServerIncoming<'a> {
        if self.stateless() {
            return self.refuse_initialize(id);
        }
        let asked = p.protocol_version.as_str().and_then(ProtocolVersion::parse);
        let served = |v: &ProtocolVersion| self.config.versions.contains(*v) && v.has_initialize();
        let version = asked
            .filter(served)
            .or_else(|| self.config.versions.as_slice().iter().copied().find(served));
        let Some(version) = version else {
            return self.refuse(
                Some(id),
                ErrorKind::UnsupportedProtocolVersion,
                Why::Text("no protocol version in common"),
            );
        };
        self.version = Some(version);
        self.queue_answer(
            id,
            |id| Outgoing::Initialize { id, version },
            ServerIncoming::Handshake,
        )
    }

    /// `server/discover`. On 2026-07-28 it carries the per-request fields like any request;
    /// an unsupported version is still answered with the versions served.
    fn discover<'a>(
        &mut self,
        id: RequestId<'a>,
        params: Option<RawJson<'_>>,
    ) -> ServerIncoming<'a> {
        let meta = params_meta(params, self.config.limits);
        let complete = meta
            .as_ref()
            .is_some_and(|m| m.protocol_version.is_some() && m.client_capabilities.is_some());
        if self.stateless() && !complete {
            return self.refuse(
                Some(id),
                ErrorKind::MissingField,
                Why::Text("missing a required _meta field"),
            );
        }
        self.queue_answer(
            id,
            |id| Outgoing::Discover { id },
            ServerIncoming::Handshake,
        )
    }

    /// `tools/call`: admitted, then tracked until answered (its progress token and the
    /// capabilities it declared kept).
    fn call_tool<'a>(
        &mut self,
        id: RequestId<'a>,
        params: CallToolRequestParams<'a>,
    ) -> ServerIncoming<'a> {
        if let Err((kind, why)) = self.admit(params.meta.as_ref()) {
            return self.refuse(Some(id), kind, why);
        }
        let meta = params.meta.as_ref();
        let entry = Key::of_id(&id).map(|key| InFlight {
            id: key,
            token: meta
                .and_then(|m| m.progress_token)
                .and_then(|t| Key::of_token(&t)),
            declared: Declared::of(meta.and_then(|m| m.client_capabilities).as_ref()),
            cancelled: false,
            last_progress: None,
        });
        match entry.map(|e| self.in_flight.push(e).is_ok()) {
            Some(true) => ServerIncoming::CallTool { id, params },
            _ => self.refuse(
                Some(id),
                ErrorKind::InternalError,
                Why::Text("too many requests in flight"),
            ),
        }
    }

    /// Queues the session's own answer to request `id`; reports it as `reported`.
    fn queue_answer<'a>(
        &mut self,
        id: RequestId<'a>,
        answer: impl FnOnce(Key) -> Outgoing,
        reported: ServerIncoming<'a>,
    ) -> ServerIncoming<'a> {
        match Key::of_id(&id) {
            Some(key) => {
                let _ = self.outbox.push(answer(key));
                reported
            }
            None => self.refuse(Some(id), ErrorKind::InternalError, Why::Text("id too long")),
        }
    }

    /// Requests outside the tools methods: `ping` gets its empty result where the version
    /// has it (2026-07-28: "Remove `ping`"), anything else `-32601` ("If the server does not
    /// implement the requested RPC method, it **MUST** respond with ... `-32601`").
    fn answer_other<'a>(&mut self, id: RequestId<'a>, method: &JsonStr<'_>) -> ServerIncoming<'a> {
        if !method.eq_str("ping") || self.stateless() {
            return self.refuse(
                Some(id),
                ErrorKind::MethodNotFound,
                Why::Text("Method not found"),
            );
        }
        self.queue_answer(id, |id| Outgoing::Pong { id }, ServerIncoming::Answered)
    }

    /// The client closed the response stream of request `id`. On Streamable HTTP
    /// 2026-07-28 that is the cancellation: "Closing the SSE response stream **MUST** be
    /// treated by the server as cancellation of that request" (the server then "**MUST
    /// NOT** send any further messages for it": its response and progress are refused as
    /// after `notifications/cancelled`). Returns whether the request was in flight.
    pub fn stream_closed(&mut self, id: &RequestId<'_>) -> bool {
        self.mark_cancelled(id)
    }

    /// Marks request `id` cancelled; false when it is not in flight.
    fn mark_cancelled(&mut self, id: &RequestId<'_>) -> bool {
        match self.in_flight.iter_mut().find(|e| e.id.is_id(id)) {
            Some(e) => {
                e.cancelled = true;
                true
            }
            None => false,
        }
    }

    /// The capability gate and 2026-07-28's per-request version check.
    fn admit(&mut self, meta: Option<&RequestMeta<'_>>) -> Result<(), (ErrorKind, Why)> {
        if self.tools.is_none() {
            return Err((
                ErrorKind::MethodNotFound,
                Why::Text("Method not found: the server has no tools"),
            ));
        }
        self.admit_meta(meta)
    }

    /// 2026-07-28's per-request `_meta` fields (every request, `server/discover` too).
    fn admit_meta(&mut self, meta: Option<&RequestMeta<'_>>) -> Result<(), (ErrorKind, Why)> {
        match meta.and_then(|m| m.protocol_version) {
            Some(v) => match v.as_str().and_then(ProtocolVersion::parse) {
                // "A request missing any required field is malformed; the server **MUST**
                // reject it with JSON-RPC error code `-32602` (Invalid params)."
                Some(v)
                    if self.config.versions.contains(v)
                        && !v.has_initialize()
                        && meta.and_then(|m| m.client_capabilities).is_none() =>
                {
                    Err((
                        ErrorKind::MissingField,
                        Why::Text("missing _meta.io.modelcontextprotocol/clientCapabilities"),
                    ))
                }
                Some(v) if self.config.versions.contains(v) => {
                    self.version = Some(v);
                    Ok(())
                }
                _ => Err((
                    ErrorKind::UnsupportedProtocolVersion,
                    Why::Text("Unsupported protocol version"),
                )),
            },
            None if self.version.is_some_and(|v| v.has_initialize()) => Ok(()),
            None if !self.stateless()
                && self
                    .config
                    .versions
                    .as_slice()
                    .iter()
                    .any(|v| v.has_initialize()) =>
            {
                Ok(())
            }
            None => Err((
                ErrorKind::MissingField,
                Why::Text("missing _meta.io.modelcontextprotocol/protocolVersion"),
            )),
        }
    }

    /// Ends a request: an error when it was cancelled or already answered. An id the session
    /// never tracked (a request the application handles itself) is let through.
    fn finish(&mut self, id: &RequestId<'_>) -> Result<(), ServerError> {
        match self.in_flight.take(|e| e.id.is_id(id)) {
            Some(e) => {
                let cancelled = e.cancelled;
                self.answered.remember(e.id);
                if cancelled {
                    Err(ServerError::Cancelled)
                } else {
                    Ok(())
                }
            }
            None if self.answered.contains(|k| k.is_id(id)) => Err(ServerError::AlreadyAnswered),
            None => Ok(()),
        }
    }

    /// Sends the result of a `tools/call`, unless the request was cancelled ("Not send a
    /// response for the cancelled request"): then nothing is written and
    /// `Err(Cancelled)` says so.
    pub fn respond_tool<S: Sink + ?Sized>(
        &mut self,
        sink: &mut S,
        id: &RequestId<'_>,
        result: &CallToolResult<'_>,
    ) -> Result<(), ServerError> {
        self.finish(id)?;
        let mut result = *result;
        if self.version().has_result_type() {
            // 2026-07-28: `resultType` is required on every result.
            result.result_type.get_or_insert(ResultType::Complete);
        }
        McpMessage::CallToolResult(*id, result).write(sink);
        Ok(())
    }

    /// Answers a `tools/call` with an `InputRequiredResult` (2026-07-28): the client is to
    /// fulfil `inputRequests` and retry with `inputResponses` and the `requestState` echoed.
    /// `resultType` is written as `"input_required"`. Nothing is written, and the request
    /// stays in flight, when the result fails a check ([`ServerError`] says which); a
    /// cancelled request is ended with `Err(Cancelled)` as in [`respond_tool`](Self::respond_tool).
    pub fn respond_input_required<S: Sink + ?Sized>(
        &mut self,
        sink: &mut S,
        id: &RequestId<'_>,
        result: &InputRequiredResult<'_>,
    ) -> Result<(), ServerError> {
        if !self.version().has_result_type() {
            return Err(ServerError::InputRequiredNotInVersion);
        }
        // Only a `tools/call` in flight: "Servers MUST NOT send InputRequiredResult responses
        // on any client requests other than the supported ones".
        let entry = self.in_flight.iter().find(|e| e.id.is_id(id));
        let declared = match entry {
            Some(e) => e.declared,
            None if self.answered.contains(|k| k.is_id(id)) => {
                return Err(ServerError::AlreadyAnswered)
            }
            None => return Err(ServerError::UnknownRequest),
        };
        if !entry.is_some_and(|e| e.cancelled) {
            input_required::check(result, declared)?;
        }
        self.finish(id)?;
        let mut result = *result;
        result.result_type = Some(ResultType::InputRequired);
        McpMessage::InputRequiredResult(*id, result).write(sink);
        Ok(())
    }

    /// Sends a page of the catalog. On 2026-07-28, whose `ListToolsResult` requires
    /// `resultType`, `ttlMs` and `cacheScope`, the ones the application left out are written
    /// as `"complete"`, `0` (do not reuse) and `"private"` (the narrower scope).
    pub fn respond_list<S: Sink + ?Sized>(
        &mut self,
        sink: &mut S,
        id: &RequestId<'_>,
        result: &ListToolsResult<'_>,
    ) {
        let mut result = *result;
        if self.version().has_result_type() {
            result.result_type.get_or_insert(ResultType::Complete);
            result.ttl_ms.get_or_insert(0);
            result.cache_scope.get_or_insert(CacheScope::Private);
        }
        McpMessage::ListToolsResult(*id, result).write(sink);
    }

    /// Sends the wire form of a failure (tool error result or JSON-RPC error, as the table
    /// says), unless the request was cancelled.
    pub fn respond_failure<S: Sink + ?Sized>(
        &mut self,
        sink: &mut S,
        id: &RequestId<'_>,
        kind: ErrorKind,
        message: &dyn fmt::Display,
    ) -> Result<(), ServerError> {
        self.respond_failure_with_data(sink, id, kind, message, &[])
    }

    /// [`respond_failure`](Self::respond_failure) with more members in the error's `data`:
    /// for example `requiredCapabilities` of a `MissingRequiredClientCapabilityError` (-32021:
    /// "whose `data.requiredCapabilities` lists the missing capabilities").
    pub fn respond_failure_with_data<S: Sink + ?Sized>(
        &mut self,
        sink: &mut S,
        id: &RequestId<'_>,
        kind: ErrorKind,
        message: &dyn fmt::Display,
        data: DataMembers<'_>,
    ) -> Result<(), ServerError> {
        self.finish(id)?;
        write_failure_with_data(sink, Some(id), kind, message, self.version(), data);
        Ok(())
    }

    /// Sends `notifications/progress` for a request in flight; progress must increase and
    /// the request must have asked for it with a token.
    pub fn notify_progress<S: Sink + ?Sized>(
        &mut self,
        sink: &mut S,
        id: &RequestId<'_>,
        progress: Number,
        total: Option<Number>,
        message: Option<&str>,
    ) -> Result<(), ServerError> {
        let e = self
            .in_flight
            .iter_mut()
            .find(|e| e.id.is_id(id))
            .ok_or(ServerError::UnknownRequest)?;
        if e.cancelled {
            return Err(ServerError::Cancelled);
        }
        let token = e.token.as_ref().ok_or(ServerError::NoProgressToken)?;
        let value = progress.as_f64();
        if e.last_progress.is_some_and(|last| value <= last) {
            return Err(ServerError::ProgressNotIncreasing);
        }
        e.last_progress = Some(value);
        let params = ProgressNotificationParams {
            progress_token: token.as_token(),
            progress,
            total,
            message: message.map(JsonStr::new),
            meta: None,
            extra: Default::default(),
        };
        McpMessage::ProgressNotification(params).write(sink);
        Ok(())
    }
}

/// The `_meta` of a request's params, when it reads as one.
fn params_meta(params: Option<RawJson<'_>>, limits: Limits) -> Option<RequestMeta<'_>> {
    let mut r = Reader::new(params?.as_str().as_bytes(), limits).ok()?;
    let mut st = r.begin_object("params").ok()?;
    while let Some(key) = r.next_key(&mut st).ok()? {
        if key.eq_str("_meta") {
            return RequestMeta::read(&mut r).ok();
        }
        r.skip_value().ok()?;
    }
    None
}
