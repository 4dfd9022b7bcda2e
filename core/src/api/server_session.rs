//! `Server` and `page` at the value level (see `session` for the client): bytes and plain
//! JSON values in and out; every rule stays in `state`.

use super::session::{config_json, id_value, int, obj, opt, s, version, view};
use super::ApiError;
use crate::classify::DataMember;
use crate::error::ErrorKind;
use crate::json::writer::Sink;
use crate::json::{JsonStr, Number, Reader, Value};
use crate::jsonrpc::RequestId;
use crate::limits::Limits;
use crate::mcp::{CallToolResult, Decode, InputRequiredResult, ListToolsResult, ProtocolVersion};
use crate::state::{
    ClientCapability, CursorCodec, Millis, Server, ServerConfig, ServerError, ServerIncoming,
    Versions,
};
use alloc::string::String;
use alloc::vec::Vec;

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

struct InputRequiredResultFamily;
impl TypedFamily for InputRequiredResultFamily {
    type Out<'a> = InputRequiredResult<'a>;
    fn read<'a>(r: &mut Reader<'a>) -> crate::error::Result<InputRequiredResult<'a>> {
        InputRequiredResult::read(r)
    }
}

struct ListToolsResultFamily;
impl TypedFamily for ListToolsResultFamily {
    type Out<'a> = ListToolsResult<'a>;
    fn read<'a>(r: &mut Reader<'a>) -> crate::error::Result<ListToolsResult<'a>> {
        ListToolsResult::read(r)
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

/// The bytes of an answer, `None` when its request was cancelled (the answer is suppressed).
fn unless_cancelled(
    written: Result<(), ServerError>,
    out: Vec<u8>,
) -> Result<Option<Vec<u8>>, ApiError> {
    match written {
        Ok(()) => Ok(Some(out)),
        Err(ServerError::Cancelled) => Ok(None),
        Err(e) => Err(server_error(e)),
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
        ServerError::InputRequiredNotInVersion => {
            "an input_required result needs protocol version 2026-07-28"
        }
        ServerError::EmptyInputRequired => {
            "an input_required result needs inputRequests or requestState"
        }
        ServerError::InvalidInputRequest => {
            "an input request must be an object whose method is elicitation/create, \
             sampling/createMessage or roots/list"
        }
        ServerError::UndeclaredCapability(c) => {
            return ApiError::new(
                ErrorKind::MissingRequiredClientCapability,
                match c {
                    ClientCapability::Elicitation => "the client did not declare elicitation",
                    ClientCapability::Sampling => "the client did not declare sampling",
                    ClientCapability::Roots => "the client did not declare roots",
                },
            )
        }
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
                    // 2026-07-28: the retry of a call answered with an `InputRequiredResult`.
                    ("inputResponses", opt(params.input_responses, |r| view(&r))),
                    (
                        "requestState",
                        opt(params.request_state, |t| Value::String(
                            t.to_cow().into_owned()
                        ))
                    ),
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
        self.respond_call::<CallToolResultFamily>(id, result, |s, out, id, r| {
            s.respond_tool(out, id, r)
        })
    }

    /// The bytes answering a `tools/call` with `result` (an `InputRequiredResult`: its
    /// `inputRequests` and/or `requestState`; `resultType` is set), or `None` when the request
    /// was cancelled. An input request for a capability the call did not declare fails with
    /// `missing_required_client_capability`, and the call stays open for another answer.
    pub fn respond_input_required(
        &mut self,
        id: &Value,
        result: &Value,
    ) -> Result<Option<Vec<u8>>, ApiError> {
        self.respond_call::<InputRequiredResultFamily>(id, result, |s, out, id, r| {
            s.respond_input_required(out, id, r)
        })
    }

    /// The bytes `respond` writes answering `tools/call` `id` with `result` read as a `T`, or
    /// `None` when the request was cancelled.
    fn respond_call<T: TypedFamily>(
        &mut self,
        id: &Value,
        result: &Value,
        respond: impl for<'a> FnOnce(
            &mut Server<'static>,
            &mut Vec<u8>,
            &RequestId<'_>,
            &T::Out<'a>,
        ) -> Result<(), ServerError>,
    ) -> Result<Option<Vec<u8>>, ApiError> {
        let server = &mut self.server;
        with_id(id, |id| {
            with_typed::<T, _>(result, |r| {
                let mut out = Vec::new();
                let written = respond(server, &mut out, id, &r);
                unless_cancelled(written, out)
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
            let written = server.respond_failure_with_data(&mut out, id, kind, &message, &data);
            unless_cancelled(written, out)
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
