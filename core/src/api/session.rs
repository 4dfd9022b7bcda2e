//! The sans-IO sessions at the value level: what the bindings wrap as `Client`, `Server` and
//! `page`. Inputs and outputs are bytes and plain JSON values; every rule stays in `state`.

use super::ApiError;
use crate::classify::DataMember;
use crate::error::ErrorKind;
use crate::json::writer::Sink;
use crate::json::{JsonStr, Number, Reader, Value};
use crate::jsonrpc::RequestId;
use crate::limits::Limits;
use crate::mcp::{CallToolResult, Decode, Encode, ListToolsResult, ProgressToken, ProtocolVersion};
use crate::state::{
    CallOptions, Client, ClientConfig, ClientEvent, ConfigJson, CursorCodec, Incoming, Late,
    Millis, PagerStop, Server, ServerConfig, ServerError, ServerIncoming, TokenChoice, Versions,
};
use alloc::string::{String, ToString};
use alloc::vec::Vec;

fn obj(members: Vec<(&str, Value)>) -> Value {
    Value::Object(
        members
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

fn s(v: &str) -> Value {
    Value::String(v.to_string())
}

fn opt<T>(v: Option<T>, f: impl FnOnce(T) -> Value) -> Value {
    v.map_or(Value::Null, f)
}

fn int(i: i64) -> Value {
    Value::from_i64(i)
}

fn num(n: Number) -> Value {
    match n {
        Number::Int(i) => Value::from_i64(i),
        Number::Float(f) => Value::from_f64(f).unwrap_or(Value::Null),
    }
}

/// A typed view as a plain value (through its canonical bytes).
fn view<T: Encode>(v: &T) -> Value {
    Value::parse(&crate::encode_to_vec(v), Limits::UNBOUNDED).unwrap_or(Value::Null)
}

fn id_value(id: &RequestId<'_>) -> Value {
    match id {
        RequestId::Int(i) => int(*i),
        RequestId::Str(t) => Value::String(t.to_cow().into_owned()),
    }
}

fn version(v: &str) -> Result<ProtocolVersion, ApiError> {
    ProtocolVersion::parse(v).ok_or_else(|| ApiError::usage("unknown protocol version"))
}

fn config_json(v: &Value) -> Result<ConfigJson<'static>, ApiError> {
    let text = String::from_utf8(v.to_vec()).map_err(|_| ApiError::usage("not UTF-8"))?;
    Ok(ConfigJson::owned(text)?)
}

/// Reads `bytes` (the canonical form of a plain value) as a typed view and passes it on.
fn with_typed<T, R>(v: &Value, f: impl for<'a> FnOnce(T::Out<'a>) -> R) -> Result<R, ApiError>
where
    T: TypedFamily,
{
    let bytes = v.to_vec();
    let mut r = Reader::new(&bytes, Limits::DEFAULT)?;
    let typed = T::read(&mut r)?;
    r.finish()?;
    Ok(f(typed))
}

/// A family of borrowed views, for [`with_typed`].
trait TypedFamily {
    type Out<'a>;
    fn read<'a>(r: &mut Reader<'a>) -> crate::error::Result<Self::Out<'a>>;
}

struct CallToolResultFamily;
impl TypedFamily for CallToolResultFamily {
    type Out<'a> = CallToolResult<'a>;
    fn read<'a>(r: &mut Reader<'a>) -> crate::error::Result<CallToolResult<'a>> {
        CallToolResult::read(r)
    }
}

struct ListToolsResultFamily;
impl TypedFamily for ListToolsResultFamily {
    type Out<'a> = ListToolsResult<'a>;
    fn read<'a>(r: &mut Reader<'a>) -> crate::error::Result<ListToolsResult<'a>> {
        ListToolsResult::read(r)
    }
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
        if arguments.is_some_and(|a| !matches!(a, Value::Object(_))) {
            return Err(ApiError::new(
                ErrorKind::WrongType,
                "arguments must be an object",
            ));
        }
        let args_bytes = arguments.map(Value::to_vec);
        let args_text = args_bytes
            .as_deref()
            .map(core::str::from_utf8)
            .transpose()
            .map_err(|_| ApiError::usage("not UTF-8"))?;
        let args = args_text.map(crate::json::RawJson::parse).transpose()?;
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
        let mut out = Vec::new();
        let (id, token) = self.client.call_tool(
            &mut out,
            now,
            name,
            args,
            CallOptions {
                timeout,
                progress: choice,
            },
        )?;
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

/// A server's session (see [`crate::state::Server`]) with owned configuration.
pub struct ServerSession {
    server: Server<'static>,
}

fn request_id(v: &Value) -> Result<(Vec<u8>, ()), ApiError> {
    match v {
        Value::String(_) | Value::Number(_) => Ok((v.to_vec(), ())),
        _ => Err(ApiError::usage("id must be a string or an integer")),
    }
}

fn with_id<R>(id: &Value, f: impl FnOnce(&RequestId<'_>) -> R) -> Result<R, ApiError> {
    let (bytes, ()) = request_id(id)?;
    let mut r = Reader::new(&bytes, Limits::DEFAULT)?;
    let id = RequestId::read(&mut r, "id")
        .map_err(|_| ApiError::usage("id must be a string or an integer"))?;
    Ok(f(&id))
}

fn server_error(e: ServerError) -> ApiError {
    let what = match e {
        ServerError::UnknownRequest => "no request in flight has that id",
        ServerError::NoProgressToken => "the request carried no progress token",
        ServerError::ProgressNotIncreasing => "progress must increase with each notification",
        ServerError::Cancelled => "the request was cancelled",
        ServerError::AlreadyAnswered => "the request was already answered",
    };
    ApiError::new(ErrorKind::InvalidValue, what)
}

impl ServerSession {
    /// A server serving `versions`, identifying as `server_info`, declaring `capabilities`.
    pub fn new(
        versions: &[&str],
        server_info: &Value,
        capabilities: &Value,
    ) -> Result<Self, ApiError> {
        Ok(Self::with_config(Self::config(
            versions,
            server_info,
            capabilities,
        )?))
    }

    /// The setup [`new`](Self::new) makes from these values.
    pub fn config(
        versions: &[&str],
        server_info: &Value,
        capabilities: &Value,
    ) -> Result<ServerConfig<'static>, ApiError> {
        let mut list = Vec::new();
        for v in versions {
            list.push(version(v)?);
        }
        Ok(ServerConfig {
            versions: Versions::new(&list),
            server_info: config_json(server_info)?,
            capabilities: config_json(capabilities)?,
            limits: Limits::DEFAULT,
        })
    }

    /// A server set up by `config` (cheap to clone: a transport that makes a session per
    /// request keeps one config and clones it).
    pub fn with_config(config: ServerConfig<'static>) -> Self {
        ServerSession {
            server: Server::new(config),
        }
    }

    /// The transport names the protocol version of the next request (see
    /// [`Server::set_request_version`]).
    pub fn set_request_version(&mut self, version: ProtocolVersion) {
        self.server.set_request_version(version);
    }

    /// Handles one incoming message; returns what it asks for as a value with an `event`.
    pub fn handle_input(&mut self, input: &[u8], now: Millis) -> Value {
        match self.server.handle_input(input, now) {
            ServerIncoming::ListTools { id, params } => obj(alloc::vec![
                ("event", s("list_tools")),
                ("id", id_value(&id)),
                (
                    "cursor",
                    opt(params.and_then(|p| p.cursor), |c| Value::String(
                        c.to_cow().into_owned()
                    ))
                ),
            ]),
            ServerIncoming::CallTool { id, params } => {
                let token = params.meta.and_then(|m| m.progress_token);
                obj(alloc::vec![
                    ("event", s("call_tool")),
                    ("id", id_value(&id)),
                    ("name", Value::String(params.name.to_cow().into_owned())),
                    ("arguments", opt(params.arguments, |a| view(&a))),
                    ("progressToken", opt(token, |t| view(&t))),
                    // 2026-07-28: what the client declared for this request, so a tool that
                    // needs more can answer -32021 with `requiredCapabilities`.
                    (
                        "clientCapabilities",
                        opt(params.meta.and_then(|m| m.client_capabilities), |c| view(
                            &c
                        )),
                    ),
                ])
            }
            ServerIncoming::Cancelled { id, known } => obj(alloc::vec![
                ("event", s("cancelled")),
                ("id", opt(id, |i| id_value(&i))),
                ("known", Value::Bool(known)),
            ]),
            ServerIncoming::Refused { id, kind } => obj(alloc::vec![
                ("event", s("refused")),
                ("id", opt(id, |i| id_value(&i))),
                ("kind", s(kind.name())),
                ("code", opt(kind.code(), int)),
            ]),
            ServerIncoming::Handshake => obj(alloc::vec![("event", s("handshake"))]),
            ServerIncoming::Answered => obj(alloc::vec![("event", s("answered"))]),
            ServerIncoming::Other(m) => {
                obj(alloc::vec![("event", s("other")), ("message", view(&m))])
            }
        }
    }

    /// The bytes answering a `tools/call`, or `None` when the request was cancelled (its
    /// response is suppressed).
    pub fn respond_tool(
        &mut self,
        id: &Value,
        result: &Value,
    ) -> Result<Option<Vec<u8>>, ApiError> {
        let server = &mut self.server;
        with_id(id, |id| {
            with_typed::<CallToolResultFamily, _>(result, |r| {
                let mut out = Vec::new();
                match server.respond_tool(&mut out, id, &r) {
                    Ok(()) => Ok(Some(out)),
                    Err(ServerError::Cancelled) => Ok(None),
                    Err(e) => Err(server_error(e)),
                }
            })
        })??
    }

    /// The bytes answering a `tools/list` with one page.
    pub fn respond_list(&mut self, id: &Value, result: &Value) -> Result<Vec<u8>, ApiError> {
        let server = &mut self.server;
        with_id(id, |id| {
            with_typed::<ListToolsResultFamily, _>(result, |r| {
                let mut out = Vec::new();
                server.respond_list(&mut out, id, &r);
                out
            })
        })?
    }

    /// The wire form of a failure for request `id`, or `None` when it was cancelled.
    pub fn respond_failure(
        &mut self,
        id: &Value,
        kind: &str,
        message: &str,
    ) -> Result<Option<Vec<u8>>, ApiError> {
        self.respond_failure_with_data(id, kind, message, None)
    }

    /// [`respond_failure`](Self::respond_failure) with `data`'s members added to the JSON-RPC
    /// error's `data` (after `kind`), e.g. `{"requiredCapabilities":{"elicitation":{}}}` for
    /// `missing_required_client_capability` (-32021). `data` must be an object without `kind`.
    pub fn respond_failure_with_data(
        &mut self,
        id: &Value,
        kind: &str,
        message: &str,
        data: Option<&Value>,
    ) -> Result<Option<Vec<u8>>, ApiError> {
        let kind =
            ErrorKind::from_name(kind).ok_or_else(|| ApiError::usage("unknown error kind"))?;
        let members: &[(String, Value)] = match data {
            None => &[],
            Some(Value::Object(m)) if m.iter().all(|(k, _)| k != "kind") => m,
            Some(_) => return Err(ApiError::usage("data must be an object without kind")),
        };
        let writers: Vec<_> = members
            .iter()
            .map(|(k, v)| (k.as_str(), move |s: &mut dyn Sink| v.write(s)))
            .collect();
        let data: Vec<DataMember<'_>> = writers
            .iter()
            .map(|(k, f)| (*k, f as &dyn Fn(&mut dyn Sink)))
            .collect();
        let server = &mut self.server;
        with_id(id, |id| {
            let mut out = Vec::new();
            match server.respond_failure_with_data(&mut out, id, kind, &message, &data) {
                Ok(()) => Ok(Some(out)),
                Err(ServerError::Cancelled) => Ok(None),
                Err(e) => Err(server_error(e)),
            }
        })?
    }

    /// A `notifications/progress` for request `id`.
    pub fn notify_progress(
        &mut self,
        id: &Value,
        progress: f64,
        total: Option<f64>,
        message: Option<&str>,
    ) -> Result<Vec<u8>, ApiError> {
        let as_number = |f: f64| {
            if (-9e15..9e15).contains(&f) && f == (f as i64) as f64 {
                Number::Int(f as i64)
            } else {
                Number::Float(f)
            }
        };
        let server = &mut self.server;
        with_id(id, |id| {
            let mut out = Vec::new();
            server
                .notify_progress(
                    &mut out,
                    id,
                    as_number(progress),
                    total.map(as_number),
                    message,
                )
                .map(|()| out)
                .map_err(server_error)
        })?
    }

    /// The next queued message (handshake answers, refusals).
    pub fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        self.server.poll_transmit(&mut out).then_some(out)
    }

    /// The client closed the response stream of request `id` (Streamable HTTP 2026-07-28):
    /// the request is cancelled, as by `notifications/cancelled`. True when it was in flight.
    pub fn stream_closed(&mut self, id: &Value) -> Result<bool, ApiError> {
        let server = &mut self.server;
        with_id(id, |id| server.stream_closed(id))
    }

    /// Requests in flight.
    pub fn in_flight(&self) -> usize {
        self.server.in_flight()
    }
}

/// One page of a catalog of `len` items: `{start, end, nextCursor}`; `key` is the server's
/// 16-byte cursor secret, `catalog_version` changes whenever the catalog does.
pub fn page(
    key: &[u8],
    len: usize,
    page_size: usize,
    cursor: Option<&str>,
    catalog_version: u64,
) -> Result<Value, ApiError> {
    let key: [u8; 16] = key
        .try_into()
        .map_err(|_| ApiError::usage("the cursor key must be 16 bytes"))?;
    let codec = CursorCodec::new(key);
    let cursor = cursor.map(JsonStr::new);
    let p = codec.page(len, page_size, cursor.as_ref(), catalog_version)?;
    Ok(obj(alloc::vec![
        ("start", int(p.start as i64)),
        ("end", int(p.end as i64)),
        ("nextCursor", opt(p.next_cursor, |c| s(c.as_str()))),
    ]))
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
        };
        ApiError::new(e.kind(), what)
    }
}
