//! The host side: request ids, correlation, the capability gate, paging through `tools/list`,
//! progress routing, cancellation and time limits.

mod handshake;

pub use super::client_types::{
    CallOptions, ClientConfig, ClientError, ClientEvent, Incoming, InputResponses, Late, PagerStop,
    TokenChoice,
};
use super::{result_type, Key, Millis, Recent, Table, Text};
use crate::classify::ResponseClass;
use crate::error::DecodeError;
use crate::json::writer::Sink;
use crate::json::{JsonStr, RawJson};
use crate::jsonrpc::{write_request, Message, RequestId};
use crate::mcp::{
    CallToolRequestParams, CancelledNotificationParams, Encode, ListToolsRequestParams,
    ListToolsResult, McpMessage, Method, ProgressToken, ProtocolVersion, RequestMeta,
    ToolsCapability,
};

#[derive(Debug)]
struct Pending {
    id: i64,
    method: Method,
    deadline: Option<Millis>,
    hard_deadline: Option<Millis>,
    timeout: Option<Millis>,
    token: Option<Key>,
    last_progress: Option<f64>,
}

#[derive(Debug)]
enum Outgoing {
    Initialized,
    /// The handshake again, at the version a refusal offered.
    Discover {
        id: i64,
    },
    Cancelled {
        id: i64,
        reason: &'static str,
    },
    ListPage {
        id: i64,
        cursor: Text,
    },
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Handshake {
    Idle,
    Waiting(i64),
    Ready(ProtocolVersion, Option<ToolsCapability>),
    Failed,
}

#[derive(Debug)]
struct Pager<const N: usize> {
    request: Option<i64>,
    pages: u32,
    seen: Table<u64, N>,
}

/// A host's session with one server. `N` bounds the tables without `alloc`.
#[derive(Debug)]
pub struct Client<'c, const N: usize = 32> {
    config: ClientConfig<'c>,
    handshake: Handshake,
    next_id: i64,
    next_token: i64,
    pending: Table<Pending, N>,
    outbox: Table<Outgoing, N>,
    events: Table<ClientEvent, N>,
    finished_ids: Recent<i64, N>,
    cancelled_ids: Recent<i64, N>,
    finished_tokens: Recent<Key, N>,
    pager: Pager<N>,
    stale: bool,
    /// The handshake was sent again after an `UnsupportedProtocolVersionError`.
    version_retried: bool,
}

fn fnv(s: &JsonStr<'_>) -> u64 {
    let mut buf = [0u8; 4];
    s.chars().fold(0xcbf2_9ce4_8422_2325, |h, c| {
        c.encode_utf8(&mut buf)
            .bytes()
            .fold(h, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
    })
}

impl<'c, const N: usize> Client<'c, N> {
    /// A client that has not started its handshake.
    pub fn new(config: ClientConfig<'c>) -> Self {
        Client {
            config,
            handshake: Handshake::Idle,
            next_id: 0,
            next_token: 0,
            pending: Table::new(),
            outbox: Table::new(),
            events: Table::new(),
            finished_ids: Recent::new(),
            cancelled_ids: Recent::new(),
            finished_tokens: Recent::new(),
            pager: Pager {
                request: None,
                pages: 0,
                seen: Table::new(),
            },
            stale: true,
            version_retried: false,
        }
    }

    /// True once the handshake completed.
    pub fn is_ready(&self) -> bool {
        matches!(self.handshake, Handshake::Ready(..))
    }

    /// True when the catalog must be (re)listed: never listed, or `list_changed` since.
    pub fn catalog_stale(&self) -> bool {
        self.stale
    }

    /// Requests in flight.
    pub fn in_flight(&self) -> usize {
        self.pending.len()
    }

    /// Skips the handshake when the server's capabilities are known some other way.
    pub fn assume_ready(&mut self, tools: Option<ToolsCapability>) {
        self.handshake = Handshake::Ready(self.config.version, tools);
    }

    fn register(
        &mut self,
        method: Method,
        now: Millis,
        timeout: Option<Millis>,
        token: Option<Key>,
    ) -> Result<i64, ClientError> {
        let id = self.next_id;
        let timeout = timeout.or(self.config.default_timeout);
        let entry = Pending {
            id,
            method,
            deadline: timeout.map(|t| now.saturating_add(t)),
            hard_deadline: self.config.max_timeout.map(|t| now.saturating_add(t)),
            timeout,
            token,
            last_progress: None,
        };
        self.pending
            .push(entry)
            .map_err(|_| ClientError::Capacity)?;
        self.next_id += 1;
        Ok(id)
    }

    fn meta<'t>(&'t self, token: Option<ProgressToken<'t>>) -> Option<RequestMeta<'t>> {
        if self.config.version.has_result_type() {
            Some(RequestMeta {
                progress_token: token,
                protocol_version: Some(JsonStr::new(self.config.version.as_str())),
                client_capabilities: Some(self.config.capabilities.raw()),
                client_info: Some(self.config.client_info.raw()),
                log_level: None,
                raw: None,
            })
        } else {
            token.map(|t| RequestMeta {
                progress_token: Some(t),
                ..RequestMeta::default()
            })
        }
    }

    fn tools_gate(&self) -> Result<(), ClientError> {
        // A server that never declared `tools` answers tools/* with -32601 Method not found;
        // refusing locally gives the caller the same answer without a round trip.
        match self.handshake {
            Handshake::Ready(_, Some(_)) => Ok(()),
            _ => Err(ClientError::MethodNotFound),
        }
    }

    /// Starts listing the catalog from its first page; later pages are queued automatically
    /// (see [`Incoming::ToolsPage`]).
    pub fn list_tools<S: Sink + ?Sized>(
        &mut self,
        sink: &mut S,
        now: Millis,
    ) -> Result<i64, ClientError> {
        self.tools_gate()?;
        let id = self.register(Method::ToolsList, now, None, None)?;
        self.pager = Pager {
            request: Some(id),
            pages: 0,
            seen: Table::new(),
        };
        self.write_list(sink, id, None);
        Ok(id)
    }

    fn write_list<S: Sink + ?Sized>(&self, sink: &mut S, id: i64, cursor: Option<&str>) {
        let meta = self.meta(None);
        let params = (meta.is_some() || cursor.is_some()).then(|| ListToolsRequestParams {
            cursor: cursor.map(JsonStr::new),
            meta,
            extra: Default::default(),
        });
        McpMessage::ListToolsRequest(RequestId::Int(id), params).write(sink);
    }

    /// Sends `tools/call`. Returns the request id and the progress token used, if any.
    pub fn call_tool<S: Sink + ?Sized>(
        &mut self,
        sink: &mut S,
        now: Millis,
        name: &str,
        arguments: Option<RawJson<'_>>,
        opts: CallOptions<'_>,
    ) -> Result<(i64, Option<Key>), ClientError> {
        self.send_call(sink, now, name, arguments, InputResponses::default(), opts)
    }

    /// Retries a `tools/call` answered with [`Incoming::InputRequired`] (2026-07-28): the
    /// same `name` and `arguments`, with `input.input_responses` (one per input request key)
    /// and the `requestState` the server gave, echoed as it came. It is a new request with a
    /// new id ("the JSON-RPC `id` **MUST** be different between the initial request and the
    /// retry"). Refused with [`ClientError::NotInVersion`] before 2026-07-28.
    pub fn retry_tool<S: Sink + ?Sized>(
        &mut self,
        sink: &mut S,
        now: Millis,
        name: &str,
        arguments: Option<RawJson<'_>>,
        input: InputResponses<'_>,
        opts: CallOptions<'_>,
    ) -> Result<(i64, Option<Key>), ClientError> {
        if !self.config.version.has_result_type() {
            return Err(ClientError::NotInVersion);
        }
        self.send_call(sink, now, name, arguments, input, opts)
    }

    fn send_call<S: Sink + ?Sized>(
        &mut self,
        sink: &mut S,
        now: Millis,
        name: &str,
        arguments: Option<RawJson<'_>>,
        input: InputResponses<'_>,
        opts: CallOptions<'_>,
    ) -> Result<(i64, Option<Key>), ClientError> {
        self.tools_gate()?;
        let token = self.choose_token(opts.progress)?;
        let id = self.register(Method::ToolsCall, now, opts.timeout, token.clone())?;
        let params = CallToolRequestParams {
            name: JsonStr::new(name),
            arguments,
            meta: self.meta(token.as_ref().map(Key::as_token)),
            input_responses: input.input_responses,
            request_state: input.request_state,
            task: None,
            extra: Default::default(),
        };
        McpMessage::CallToolRequest(RequestId::Int(id), params).write(sink);
        Ok((id, token))
    }

    fn choose_token(&mut self, progress: TokenChoice<'_>) -> Result<Option<Key>, ClientError> {
        let token = match progress {
            TokenChoice::None => None,
            TokenChoice::Auto => loop {
                let t = Key::Int(self.next_token);
                self.next_token += 1;
                if !self.token_in_use(&t) {
                    break Some(t);
                }
            },
            TokenChoice::Given(t) => Some(Key::of_token(&t).ok_or(ClientError::Capacity)?),
        };
        if let Some(t) = &token {
            if self.token_in_use(t) {
                return Err(ClientError::DuplicateProgressToken);
            }
        }
        Ok(token)
    }

    fn token_in_use(&self, t: &Key) -> bool {
        self.pending.iter().any(|p| p.token.as_ref() == Some(t))
    }

    /// Cancels a request in flight: writes `notifications/cancelled` and forgets it; a late
    /// response is then reported as [`Late::ResponseAfterCancel`]. Cancelling an unknown or
    /// finished request writes nothing and returns false ("MUST only reference requests
    /// that … are believed to still be in-progress").
    pub fn cancel<S: Sink + ?Sized>(
        &mut self,
        sink: &mut S,
        id: i64,
        reason: Option<&str>,
    ) -> bool {
        let Some(p) = self.pending.take(|p| p.id == id) else {
            return false;
        };
        self.forget(p, true);
        write_cancelled(sink, id, reason);
        true
    }

    fn forget(&mut self, p: Pending, cancelled: bool) {
        if cancelled {
            self.cancelled_ids.remember(p.id);
        } else {
            self.finished_ids.remember(p.id);
        }
        if let Some(t) = p.token {
            self.finished_tokens.remember(t);
        }
        if self.pager.request == Some(p.id) && cancelled {
            self.pager.request = None;
        }
    }

    /// Writes the next queued message (the `initialized` notification, the next page
    /// request, a cancellation after a time limit). Returns false when nothing is queued.
    pub fn poll_transmit<S: Sink + ?Sized>(&mut self, sink: &mut S) -> bool {
        let Some(out) = self.outbox.take_first() else {
            return false;
        };
        match out {
            Outgoing::Initialized => {
                write_request(sink, None, Method::Initialized.name(), None::<fn(&mut S)>)
            }
            Outgoing::Discover { id } => self.write_discover(sink, id),
            Outgoing::Cancelled { id, reason } => write_cancelled(sink, id, Some(reason)),
            Outgoing::ListPage { id, cursor } => self.write_list(sink, id, Some(&cursor)),
        }
        true
    }

    /// The next timer-driven event.
    pub fn poll_event(&mut self) -> Option<ClientEvent> {
        self.events.take_first()
    }

    /// When [`handle_timeout`](Self::handle_timeout) must next be called, if ever.
    pub fn poll_timeout(&self) -> Option<Millis> {
        self.pending
            .iter()
            .flat_map(|p| [p.deadline, p.hard_deadline])
            .flatten()
            .min()
    }

    /// Expires every request whose time limit has passed: a [`ClientEvent::TimedOut`] and a
    /// queued cancellation each ("the sender SHOULD cancel the request and stop waiting").
    pub fn handle_timeout(&mut self, now: Millis) {
        let expired = |p: &Pending| {
            [p.deadline, p.hard_deadline]
                .into_iter()
                .flatten()
                .any(|d| d <= now)
        };
        while let Some(p) = self.pending.take(expired) {
            let (id, method) = (p.id, p.method);
            self.forget(p, true);
            let _ = self.events.push(ClientEvent::TimedOut { id, method });
            let _ = self.outbox.push(Outgoing::Cancelled {
                id,
                reason: "timeout",
            });
        }
    }

    /// Handles one incoming message.
    pub fn handle_input<'a>(
        &mut self,
        input: &'a [u8],
        now: Millis,
    ) -> Result<Incoming<'a>, DecodeError> {
        let msg = Message::decode_with(input, self.config.limits)?;
        let text = core::str::from_utf8(input).unwrap_or_default();
        match msg {
            Message::Response(_) | Message::Error(_) => self.handle_response(msg, text, now),
            _ => {
                let typed = McpMessage::from_message_in(msg, None, text)?;
                Ok(match typed {
                    McpMessage::ProgressNotification(p) => self.handle_progress(&p, now),
                    McpMessage::ToolListChangedNotification(_) => {
                        self.stale = true;
                        Incoming::ToolListChanged
                    }
                    other => Incoming::Other(other),
                })
            }
        }
    }

    fn handle_progress<'a>(
        &mut self,
        p: &crate::mcp::ProgressNotificationParams<'a>,
        now: Millis,
    ) -> Incoming<'a> {
        let reset = self.config.reset_timeout_on_progress;
        let token = &p.progress_token;
        let Some(entry) = self
            .pending
            .iter_mut()
            .find(|e| e.token.as_ref().is_some_and(|t| t.is_token(token)))
        else {
            let finished = self.finished_tokens.contains(|t| t.is_token(token));
            return Incoming::Late(if finished {
                Late::ProgressAfterFinish
            } else {
                Late::ProgressUnknownToken
            });
        };
        let value = p.progress.as_f64();
        if entry.last_progress.is_some_and(|last| value <= last) {
            return Incoming::Late(Late::ProgressNotIncreasing);
        }
        entry.last_progress = Some(value);
        if reset {
            entry.deadline = entry.timeout.map(|t| now.saturating_add(t));
        }
        Incoming::Progress {
            id: entry.id,
            progress: p.progress,
            total: p.total,
            message: p.message,
        }
    }

    fn handle_response<'a>(
        &mut self,
        msg: Message<'a>,
        text: &'a str,
        now: Millis,
    ) -> Result<Incoming<'a>, DecodeError> {
        let id = match msg.id() {
            Some(RequestId::Int(i)) => i,
            _ => return Ok(Incoming::Late(Late::UnknownResponse)),
        };
        let Some(p) = self.pending.take(|p| p.id == id) else {
            let late = if self.cancelled_ids.contains(|&c| c == id) {
                Late::ResponseAfterCancel
            } else if self.finished_ids.contains(|&f| f == id) {
                Late::DuplicateResponse
            } else {
                Late::UnknownResponse
            };
            return Ok(Incoming::Late(late));
        };
        let method = p.method;
        self.forget(p, false);
        let typed = McpMessage::from_message_in(msg, Some(method), text)?;
        result_type::check(&typed, text)?;
        Ok(match typed {
            McpMessage::Error(e) => {
                if self.pager.request == Some(id) {
                    self.pager.request = None;
                }
                if self.handshake == Handshake::Waiting(id) {
                    if let Some(retry) = self.retry_handshake(id, &e.error, now) {
                        return Ok(retry);
                    }
                    self.handshake = Handshake::Failed;
                }
                Incoming::Error {
                    id,
                    method,
                    error: e.error,
                }
            }
            McpMessage::CallToolResult(_, result) => Incoming::ToolResult {
                id,
                class: if result.is_tool_error() {
                    ResponseClass::ToolError
                } else {
                    ResponseClass::Success
                },
                result,
            },
            McpMessage::InputRequiredResult(_, result) => Incoming::InputRequired { id, result },
            McpMessage::ListToolsResult(_, result) => self.handle_page(id, result),
            McpMessage::InitializeResult(_, r) => {
                let version = r.protocol_version.as_str().and_then(ProtocolVersion::parse);
                self.finish_handshake(version.filter(|v| v.has_initialize()), r.tools, true)
            }
            McpMessage::DiscoverResult(_, r) => {
                let ours = self.config.version;
                let offered = r.supported_versions.iter().any(|v| v.eq_str(ours.as_str()));
                self.finish_handshake(offered.then_some(ours), r.tools, false)
            }
            other => Incoming::Other(other),
        })
    }

    fn handle_page<'a>(&mut self, id: i64, result: ListToolsResult<'a>) -> Incoming<'a> {
        if self.pager.request != Some(id) {
            return Incoming::ToolsPage {
                id,
                result,
                stop: Some(PagerStop::Failed),
            };
        }
        self.pager.pages += 1;
        self.pager.request = None;
        // "an empty string is a valid cursor and thus MUST NOT be treated as the end".
        let stop = match &result.next_cursor {
            None => {
                self.stale = false;
                Some(PagerStop::Complete)
            }
            Some(c) if self.pager.seen.iter().any(|&h| h == fnv(c)) => {
                Some(PagerStop::RepeatedCursor)
            }
            Some(_) if self.pager.pages >= self.config.max_pages => Some(PagerStop::PageCap),
            Some(c) => self.queue_next_page(c).err(),
        };
        Incoming::ToolsPage { id, result, stop }
    }

    fn queue_next_page(&mut self, cursor: &JsonStr<'_>) -> Result<(), PagerStop> {
        let text = super::text_of(cursor).ok_or(PagerStop::Failed)?;
        self.pager
            .seen
            .push(fnv(cursor))
            .map_err(|_| PagerStop::PageCap)?;
        // The follow-up inherits no time limit beyond the configured default.
        let id = self
            .register(Method::ToolsList, 0, None, None)
            .map_err(|_| PagerStop::Failed)?;
        if let Some(p) = self.pending.iter_mut().find(|p| p.id == id) {
            p.deadline = None;
            p.hard_deadline = None;
        }
        self.pager.request = Some(id);
        self.outbox
            .push(Outgoing::ListPage { id, cursor: text })
            .map_err(|_| PagerStop::Failed)
    }
}

fn write_cancelled<S: Sink + ?Sized>(sink: &mut S, id: i64, reason: Option<&str>) {
    McpMessage::CancelledNotification(CancelledNotificationParams {
        request_id: Some(RequestId::Int(id)),
        reason: reason.map(JsonStr::new),
        meta: None,
        extra: Default::default(),
    })
    .write(sink)
}

impl Encode for Option<RequestMeta<'_>> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        match self {
            Some(m) => m.write(sink),
            None => sink.put(b"{}"),
        }
    }
}
