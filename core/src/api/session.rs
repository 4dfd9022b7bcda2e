//! The sans-IO sessions at the value level: what the bindings wrap as `Client` (here) and
//! `Server` and `page` (`server_session`). Inputs and outputs are bytes and plain JSON
//! values; every rule stays in `state`.

use super::ApiError;
use crate::error::ErrorKind;
use crate::json::{JsonStr, Number, Reader, Value};
use crate::jsonrpc::RequestId;
use crate::limits::Limits;
use crate::mcp::{Decode, Encode, ProgressToken, ProtocolVersion};
use crate::state::{
    CallOptions, Client, ClientConfig, ClientEvent, ConfigJson, Incoming, InputResponses, Late,
    Millis, PagerStop, TokenChoice,
};
use alloc::string::{String, ToString};
use alloc::vec::Vec;

pub(super) fn obj(members: Vec<(&str, Value)>) -> Value {
    Value::Object(
        members
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

pub(super) fn s(v: &str) -> Value {
    Value::String(v.to_string())
}

pub(super) fn opt<T>(v: Option<T>, f: impl FnOnce(T) -> Value) -> Value {
    v.map_or(Value::Null, f)
}

pub(super) fn int(i: i64) -> Value {
    Value::from_i64(i)
}

pub(super) fn num(n: Number) -> Value {
    match n {
        Number::Int(i) => Value::from_i64(i),
        Number::Float(f) => Value::from_f64(f).unwrap_or(Value::Null),
    }
}

/// A typed view as a plain value (through its canonical bytes).
pub(super) fn view<T: Encode>(v: &T) -> Value {
    Value::parse(&crate::encode_to_vec(v), Limits::UNBOUNDED).unwrap_or(Value::Null)
}

pub(super) fn id_value(id: &RequestId<'_>) -> Value {
    match id {
        RequestId::Int(i) => int(*i),
        RequestId::Str(t) => Value::String(t.to_cow().into_owned()),
    }
}

pub(super) fn version(v: &str) -> Result<ProtocolVersion, ApiError> {
    ProtocolVersion::parse(v).ok_or_else(|| ApiError::usage("unknown protocol version"))
}

pub(super) fn config_json(v: &Value) -> Result<ConfigJson<'static>, ApiError> {
    let text = String::from_utf8(v.to_vec()).map_err(|_| ApiError::usage("not UTF-8"))?;
    Ok(ConfigJson::owned(text)?)
}

/// A raw view of canonical JSON bytes made from a value.
fn raw_of(bytes: Option<&[u8]>) -> Result<Option<crate::json::RawJson<'_>>, ApiError> {
    let text = bytes
        .map(core::str::from_utf8)
        .transpose()
        .map_err(|_| ApiError::usage("not UTF-8"))?;
    Ok(text.map(crate::json::RawJson::parse).transpose()?)
}

/// Options of a [`ClientSession`].
#[derive(Clone, Debug, Default)]
pub struct ClientOptions {
    /// Time limit for requests without their own.
    pub default_timeout: Option<Millis>,
    /// Limit progress never extends.
    pub max_timeout: Option<Millis>,
    /// Restart a request's time limit when its progress arrives.
    pub reset_timeout_on_progress: bool,
    /// Most pages one listing fetches.
    pub max_pages: Option<u32>,
}

/// A host's session (see [`crate::state::Client`]) with owned configuration.
pub struct ClientSession {
    client: Client<'static>,
}

fn late_name(l: Late) -> &'static str {
    match l {
        Late::UnknownResponse => "unknown_response",
        Late::DuplicateResponse => "duplicate_response",
        Late::ResponseAfterCancel => "response_after_cancel",
        Late::ProgressUnknownToken => "progress_unknown_token",
        Late::ProgressAfterFinish => "progress_after_finish",
        Late::ProgressNotIncreasing => "progress_not_increasing",
    }
}

fn stop_name(s: PagerStop) -> &'static str {
    match s {
        PagerStop::Complete => "complete",
        PagerStop::RepeatedCursor => "repeated_cursor",
        PagerStop::PageCap => "page_cap",
        PagerStop::Failed => "failed",
    }
}

fn incoming_value(i: &Incoming<'_>) -> Value {
    match i {
        Incoming::Ready { version, tools } => obj(alloc::vec![
            ("event", s("ready")),
            ("version", s(version.as_str())),
            (
                "tools",
                opt(*tools, |t| obj(alloc::vec![(
                    "listChanged",
                    Value::Bool(t.list_changed)
                )]))
            ),
        ]),
        Incoming::HandshakeFailed => obj(alloc::vec![("event", s("handshake_failed"))]),
        Incoming::VersionRetry { id, version } => obj(alloc::vec![
            ("event", s("version_retry")),
            ("id", int(*id)),
            ("version", s(version.as_str())),
        ]),
        Incoming::ToolsPage { id, result, stop } => obj(alloc::vec![
            ("event", s("tools_page")),
            ("id", int(*id)),
            ("result", view(result)),
            ("stop", opt(*stop, |p| s(stop_name(p)))),
        ]),
        Incoming::ToolResult { id, result, class } => obj(alloc::vec![
            ("event", s("tool_result")),
            ("id", int(*id)),
            ("class", s(class.name())),
            ("result", view(result)),
        ]),
        Incoming::InputRequired { id, result } => obj(alloc::vec![
            ("event", s("input_required")),
            ("id", int(*id)),
            ("result", view(result)),
        ]),
        Incoming::Error { id, method, error } => {
            let mut e = Vec::new();
            error.write(&mut e);
            obj(alloc::vec![
                ("event", s("error")),
                ("id", int(*id)),
                ("method", s(method.name())),
                (
                    "error",
                    Value::parse(&e, Limits::UNBOUNDED).unwrap_or(Value::Null)
                ),
            ])
        }
        Incoming::Progress {
            id,
            progress,
            total,
            message,
        } => obj(alloc::vec![
            ("event", s("progress")),
            ("id", int(*id)),
            ("progress", num(*progress)),
            ("total", opt(*total, num)),
            (
                "message",
                opt(*message, |m| Value::String(m.to_cow().into_owned()))
            ),
        ]),
        Incoming::ToolListChanged => obj(alloc::vec![("event", s("tool_list_changed"))]),
        Incoming::Late(l) => obj(alloc::vec![
            ("event", s("late")),
            ("reason", s(late_name(*l)))
        ]),
        Incoming::Other(m) => obj(alloc::vec![("event", s("other")), ("message", view(m))]),
    }
}

fn token_choice(progress: &Value) -> Result<(TokenChoice<'static>, Option<Vec<u8>>), ApiError> {
    Ok(match progress {
        Value::Null | Value::Bool(false) => (TokenChoice::None, None),
        Value::Bool(true) => (TokenChoice::Auto, None),
        Value::String(_) | Value::Number(_) => (TokenChoice::None, Some(progress.to_vec())),
        _ => {
            return Err(ApiError::usage(
                "progress must be true, a string or an integer",
            ))
        }
    })
}

impl ClientSession {
    /// A client speaking `version`, identifying as `client_info`.
    pub fn new(
        version_name: &str,
        client_info: &Value,
        capabilities: Option<&Value>,
        opts: &ClientOptions,
    ) -> Result<Self, ApiError> {
        let info = config_json(client_info)?;
        let mut config = ClientConfig::new(
            version(version_name)?,
            crate::json::RawJson::from_source("{}", true),
        );
        config.client_info = info;
        if let Some(c) = capabilities {
            config.capabilities = config_json(c)?;
        }
        config.default_timeout = opts.default_timeout;
        config.max_timeout = opts.max_timeout;
        config.reset_timeout_on_progress = opts.reset_timeout_on_progress;
        if let Some(p) = opts.max_pages {
            config.max_pages = p;
        }
        Ok(ClientSession {
            client: Client::new(config),
        })
    }

    /// Starts the handshake; returns the request id and the bytes to send.
    pub fn start(&mut self, now: Millis) -> Result<(i64, Vec<u8>), ApiError> {
        let mut out = Vec::new();
        let id = self.client.start(&mut out, now)?;
        Ok((id, out))
    }

    /// Skips the handshake: the server's tools capability is known.
    pub fn assume_ready(&mut self, tools: bool, list_changed: bool) {
        self.client
            .assume_ready(tools.then_some(crate::mcp::ToolsCapability { list_changed }));
    }

    /// Starts listing the catalog; returns the request id and the bytes to send.
    pub fn list_tools(&mut self, now: Millis) -> Result<(i64, Vec<u8>), ApiError> {
        let mut out = Vec::new();
        let id = self.client.list_tools(&mut out, now)?;
        Ok((id, out))
    }

    /// Sends `tools/call`; `progress` is `null`/`false` (none), `true` (a fresh token) or a
    /// string/integer token. Returns the id, the token used and the bytes to send.
    pub fn call_tool(
        &mut self,
        now: Millis,
        name: &str,
        arguments: Option<&Value>,
        timeout: Option<Millis>,
        progress: &Value,
    ) -> Result<(i64, Value, Vec<u8>), ApiError> {
        self.send_call(now, name, arguments, None, timeout, progress)
    }

    /// Retries a `tools/call` answered with an `input_required` event (2026-07-28):
    /// `input_responses` (an object: the client's result for each input request, by key) and
    /// the `requestState` the server sent, if any. A new request with a new id; otherwise as
    /// [`call_tool`](Self::call_tool).
    #[allow(clippy::too_many_arguments)]
    pub fn retry_tool(
        &mut self,
        now: Millis,
        name: &str,
        arguments: Option<&Value>,
        input_responses: &Value,
        request_state: Option<&str>,
        timeout: Option<Millis>,
        progress: &Value,
    ) -> Result<(i64, Value, Vec<u8>), ApiError> {
        let retry = (input_responses, request_state);
        self.send_call(now, name, arguments, Some(retry), timeout, progress)
    }

    fn send_call(
        &mut self,
        now: Millis,
        name: &str,
        arguments: Option<&Value>,
        retry: Option<(&Value, Option<&str>)>,
        timeout: Option<Millis>,
        progress: &Value,
    ) -> Result<(i64, Value, Vec<u8>), ApiError> {
        let object = |v: Option<&Value>, what: &str| match v {
            Some(v) if !matches!(v, Value::Object(_)) => {
                Err(ApiError::new(ErrorKind::WrongType, what))
            }
            _ => Ok(v.map(Value::to_vec)),
        };
        let args_bytes = object(arguments, "arguments must be an object")?;
        let responses_bytes = object(retry.map(|r| r.0), "inputResponses must be an object")?;
        let args = raw_of(args_bytes.as_deref())?;
        let responses = raw_of(responses_bytes.as_deref())?;
        let (mut choice, token_bytes) = token_choice(progress)?;
        let token_text = token_bytes
            .as_deref()
            .map(core::str::from_utf8)
            .transpose()
            .map_err(|_| ApiError::usage("not UTF-8"))?;
        let mut token_reader = token_text.map(|t| Reader::from_str(t, Limits::DEFAULT));
        if let Some(r) = token_reader.as_mut() {
            let t = ProgressToken::read(r)
                .map_err(|_| ApiError::usage("progress token must be a string or an integer"))?;
            choice = TokenChoice::Given(t);
        }
        let opts = CallOptions {
            timeout,
            progress: choice,
        };
        let mut out = Vec::new();
        let (id, token) = match retry {
            None => self.client.call_tool(&mut out, now, name, args, opts)?,
            Some((_, state)) => {
                let input = InputResponses {
                    input_responses: responses,
                    request_state: state.map(JsonStr::new),
                };
                self.client
                    .retry_tool(&mut out, now, name, args, input, opts)?
            }
        };
        let token = opt(token, |t| match t {
            crate::state::Key::Int(i) => int(i),
            crate::state::Key::Str(s) => Value::String(s),
        });
        Ok((id, token, out))
    }

    /// Cancels a request in flight; the bytes to send, or `None` when it was not in flight.
    pub fn cancel(&mut self, id: i64, reason: Option<&str>) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        self.client.cancel(&mut out, id, reason).then_some(out)
    }

    /// The response to a request the server sent (an `other` event: `elicitation/create`,
    /// `ping`, … on 2025-11-25): `result` (an object) under the request's `id`. The result's
    /// shape depends on the request's method, which the caller knows; it is written as given.
    /// A refusal is a `failure_response` instead.
    pub fn respond(&self, id: &Value, result: &Value) -> Result<Vec<u8>, ApiError> {
        if !matches!(result, Value::Object(_)) {
            return Err(ApiError::usage("a result must be an object"));
        }
        let id_bytes = id.to_vec();
        let mut r = Reader::new(&id_bytes, Limits::DEFAULT)?;
        let id = RequestId::read(&mut r, "id").map_err(|_| {
            ApiError::new(ErrorKind::InvalidId, "id must be a string or an integer")
        })?;
        let mut out = Vec::new();
        crate::jsonrpc::write_response(&mut out, Some(&id), |s| result.write(s));
        Ok(out)
    }

    /// Handles one incoming message; returns what it meant as a value with an `event`.
    pub fn handle_input(&mut self, input: &[u8], now: Millis) -> Result<Value, ApiError> {
        let incoming = self.client.handle_input(input, now)?;
        Ok(incoming_value(&incoming))
    }

    /// The next queued message to send.
    pub fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        self.client.poll_transmit(&mut out).then_some(out)
    }

    /// The next timer event (`{"event":"timed_out","id":…,"method":…}`).
    pub fn poll_event(&mut self) -> Option<Value> {
        self.client
            .poll_event()
            .map(|ClientEvent::TimedOut { id, method }| {
                obj(alloc::vec![
                    ("event", s("timed_out")),
                    ("id", int(id)),
                    ("method", s(method.name()))
                ])
            })
    }

    /// When `handle_timeout` must next be called.
    pub fn poll_timeout(&self) -> Option<Millis> {
        self.client.poll_timeout()
    }

    /// Expires requests whose time limit passed.
    pub fn handle_timeout(&mut self, now: Millis) {
        self.client.handle_timeout(now)
    }

    /// Requests in flight.
    pub fn in_flight(&self) -> usize {
        self.client.in_flight()
    }

    /// True when the catalog must be (re)listed.
    pub fn catalog_stale(&self) -> bool {
        self.client.catalog_stale()
    }

    /// True once the handshake completed.
    pub fn is_ready(&self) -> bool {
        self.client.is_ready()
    }
}

impl From<crate::state::ClientError> for ApiError {
    fn from(e: crate::state::ClientError) -> Self {
        let what = match e {
            crate::state::ClientError::MethodNotFound => {
                "Method not found: the server did not declare tools"
            }
            crate::state::ClientError::DuplicateProgressToken => {
                "progress token already used by a request in flight"
            }
            crate::state::ClientError::Capacity => "session table full",
            crate::state::ClientError::NotInVersion => {
                "a retry with inputResponses needs protocol version 2026-07-28"
            }
        };
        ApiError::new(e.kind(), what)
    }
}
