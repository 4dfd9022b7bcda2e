//! The JSON-RPC 2.0 envelope: request, notification, response, error response.

use crate::error::{DecodeError, ErrorKind, Result};
use crate::json::reader::{member_names, MemberKey};
use crate::json::writer::{write_i64, write_known_str, write_raw, write_str, Sink};
use crate::json::{JsonStr, Kind, RawJson, Reader};
use crate::limits::Limits;

/// A request id: a string or an integer. MCP: "MUST be a string or integer" and "MUST NOT be
/// null".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestId<'a> {
    /// A string id.
    Str(JsonStr<'a>),
    /// An integer id.
    Int(i64),
}

impl<'a> RequestId<'a> {
    /// Reads an id (or a progress token, which has the same type).
    pub fn read(r: &mut Reader<'a>, detail: &'static str) -> Result<Self> {
        let at = r.offset();
        match r.peek_kind()? {
            Kind::String => Ok(RequestId::Str(r.read_str(detail)?)),
            Kind::Number => {
                if let Some(v) = r.read_plain_int() {
                    return Ok(RequestId::Int(v));
                }
                let n = r.read_number(detail)?;
                n.as_i64().map(RequestId::Int).ok_or(DecodeError::new(
                    ErrorKind::InvalidId,
                    at,
                    detail,
                ))
            }
            _ => Err(r.error(ErrorKind::InvalidId, detail)),
        }
    }

    /// Writes the id.
    pub fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        match self {
            RequestId::Str(s) => write_str(sink, s),
            RequestId::Int(i) => write_i64(sink, *i),
        }
    }
}

impl From<i64> for RequestId<'_> {
    fn from(v: i64) -> Self {
        RequestId::Int(v)
    }
}

impl<'a> From<&'a str> for RequestId<'a> {
    fn from(v: &'a str) -> Self {
        RequestId::Str(JsonStr::new(v))
    }
}

/// The `id` of an error response: since 2025-11-25 it may be absent (the request's id could
/// not be read); JSON-RPC 2.0 peers send `null` for the same case, which is accepted too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorResponseId<'a> {
    /// The id of the request that failed.
    Id(RequestId<'a>),
    /// `"id": null`.
    Null,
    /// No `id` member.
    Absent,
}

/// A request: expects a response with the same id.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Request<'a> {
    /// The id.
    pub id: RequestId<'a>,
    /// The method name.
    pub method: JsonStr<'a>,
    /// The params object, unparsed.
    pub params: Option<RawJson<'a>>,
}

/// A notification: no id, no response.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Notification<'a> {
    /// The method name.
    pub method: JsonStr<'a>,
    /// The params object, unparsed.
    pub params: Option<RawJson<'a>>,
}

/// A successful response.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Response<'a> {
    /// The id of the request answered.
    pub id: RequestId<'a>,
    /// The result object, unparsed.
    pub result: RawJson<'a>,
}

/// The `error` member of an error response.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ErrorObject<'a> {
    /// The error code.
    pub code: i64,
    /// A short description.
    pub message: JsonStr<'a>,
    /// Additional information, unparsed.
    pub data: Option<RawJson<'a>>,
}

/// An error response.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ErrorResponse<'a> {
    /// The id of the request that failed, if known.
    pub id: ErrorResponseId<'a>,
    /// The error.
    pub error: ErrorObject<'a>,
}

/// Any single JSON-RPC message.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Message<'a> {
    /// A request.
    Request(Request<'a>),
    /// A notification.
    Notification(Notification<'a>),
    /// A successful response.
    Response(Response<'a>),
    /// An error response.
    Error(ErrorResponse<'a>),
}

/// The kind of a message, as `check` reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageKind {
    /// `request`
    Request,
    /// `notification`
    Notification,
    /// `response`
    Response,
    /// `error`
    Error,
}

impl MessageKind {
    /// The lowercase name.
    pub const fn name(self) -> &'static str {
        match self {
            MessageKind::Request => "request",
            MessageKind::Notification => "notification",
            MessageKind::Response => "response",
            MessageKind::Error => "error",
        }
    }
}

impl<'a> Message<'a> {
    /// Decodes one message with the default [`Limits`].
    pub fn decode(input: &'a [u8]) -> Result<Self> {
        Self::decode_with(input, Limits::DEFAULT)
    }

    /// Decodes one message: the whole input must be exactly one JSON-RPC message.
    pub fn decode_with(input: &'a [u8], limits: Limits) -> Result<Self> {
        let mut r = Reader::new(input, limits)?;
        let msg = Self::read(&mut r)?;
        r.finish()?;
        Ok(msg)
    }

    /// The kind of message.
    pub fn kind(&self) -> MessageKind {
        match self {
            Message::Request(_) => MessageKind::Request,
            Message::Notification(_) => MessageKind::Notification,
            Message::Response(_) => MessageKind::Response,
            Message::Error(_) => MessageKind::Error,
        }
    }

    /// The method, for requests and notifications.
    pub fn method(&self) -> Option<JsonStr<'a>> {
        match self {
            Message::Request(r) => Some(r.method),
            Message::Notification(n) => Some(n.method),
            _ => None,
        }
    }

    /// The id, for requests, responses and error responses that have one.
    pub fn id(&self) -> Option<RequestId<'a>> {
        match self {
            Message::Request(r) => Some(r.id),
            Message::Response(r) => Some(r.id),
            Message::Error(ErrorResponse {
                id: ErrorResponseId::Id(id),
                ..
            }) => Some(*id),
            _ => None,
        }
    }

    fn read(r: &mut Reader<'a>) -> Result<Self> {
        Self::read_with(r, &mut NoPayload)
    }

    /// Reads one message; `payload` may decode `params` or `result` in the same pass (when the
    /// method, or the expected result, is already known).
    pub(crate) fn read_with<P: Payload<'a>>(r: &mut Reader<'a>, payload: &mut P) -> Result<Self> {
        let start = r.offset();
        if r.peek_kind()? != Kind::Object {
            // Bytes that are not JSON at all are a parse error, not an invalid request.
            r.skip_value()?;
            r.finish()?;
            return Err(DecodeError::new(ErrorKind::NotAnObject, start, ""));
        }
        let mut env = Envelope::default();
        let mut st = r.begin_object("")?;
        while let Some(key) = r.next_key_in(&mut st, ENVELOPE_KEYS)? {
            let at = r.offset();
            match key {
                MemberKey::Named(envelope_key::JSONRPC) => {
                    // JSON-RPC 2.0: "A String specifying the version of the JSON-RPC protocol.
                    // MUST be exactly "2.0"."
                    let v = r.read_str("jsonrpc").map_err(|e| version_error(e, at))?;
                    if !v.eq_str("2.0") {
                        return Err(DecodeError::new(ErrorKind::InvalidJsonrpcVersion, at, ""));
                    }
                    env.jsonrpc = true;
                }
                MemberKey::Named(envelope_key::ID) => {
                    env.id = Some(if r.peek_kind()? == Kind::Null {
                        r.read_null()?;
                        ErrorResponseId::Null
                    } else {
                        ErrorResponseId::Id(RequestId::read(r, "id")?)
                    });
                    env.id_at = at;
                }
                MemberKey::Named(envelope_key::METHOD) => {
                    env.method = Some(envelope_str(r, "method")?)
                }
                MemberKey::Named(envelope_key::PARAMS) => {
                    env.params = Some(payload_object(r, "params", payload, env.method)?)
                }
                MemberKey::Named(envelope_key::RESULT) => {
                    env.result = Some(payload_object(r, "result", payload, None)?)
                }
                MemberKey::Named(envelope_key::ERROR) => env.error = Some(read_error_object(r)?),
                _ => {
                    r.skip_value()?;
                }
            }
        }
        env.build(start)
    }

    /// Writes the message in canonical form.
    pub fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        match self {
            Message::Request(req) => write_request_by(
                sink,
                Some(&req.id),
                |s| write_str(s, &req.method),
                raw(&req.params),
            ),
            Message::Notification(n) => {
                write_request_by(sink, None, |s| write_str(s, &n.method), raw(&n.params))
            }
            Message::Response(resp) => {
                write_response(sink, Some(&resp.id), |s| write_raw(s, &resp.result))
            }
            Message::Error(e) => write_error_response(sink, e.id, |s| e.error.write(s)),
        }
    }
}

member_names!(ENVELOPE_KEYS, envelope_key {
    JSONRPC = "jsonrpc",
    ID = "id",
    METHOD = "method",
    PARAMS = "params",
    RESULT = "result",
    ERROR = "error",
});
member_names!(ERROR_KEYS, error_key {
    CODE = "code",
    MESSAGE = "message",
    DATA = "data",
});

impl ErrorObject<'_> {
    /// Writes `{"code":…,"message":…,"data":…}`.
    pub fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        let data = self.data.as_ref().map(|d| move |s: &mut S| write_raw(s, d));
        write_error_object(sink, self.code, |s| write_str(s, &self.message), data);
    }
}

/// Writes an error object, `{"code":…,"message":…[,"data":…]}`: `message` writes the
/// message's string, `data` the value of `data`.
pub fn write_error_object<S, M, D>(sink: &mut S, code: i64, message: M, data: Option<D>)
where
    S: Sink + ?Sized,
    M: FnOnce(&mut S),
    D: FnOnce(&mut S),
{
    sink.put(b"{\"code\":");
    write_i64(sink, code);
    sink.put(b",\"message\":");
    message(sink);
    if let Some(data) = data {
        sink.put(b",\"data\":");
        data(sink);
    }
    sink.put(b"}");
}

// The envelope's writers: every message mcpwire writes opens and closes its
// `"jsonrpc":"2.0"` envelope here. The constant parts go out in one piece each.

/// Writes a request (with `id`) or a notification (without):
/// `{"jsonrpc":"2.0",["id":…,]"method":"…"[,"params":…]}`. `method` must need no escaping
/// (a method name of the spec); `params` writes the params object.
pub fn write_request<S, P>(
    sink: &mut S,
    id: Option<&RequestId<'_>>,
    method: &str,
    params: Option<P>,
) where
    S: Sink + ?Sized,
    P: FnOnce(&mut S),
{
    write_request_by(sink, id, |s| write_known_str(s, method), params)
}

/// [`write_request`] with the method written by `method`.
fn write_request_by<S, M, P>(sink: &mut S, id: Option<&RequestId<'_>>, method: M, params: Option<P>)
where
    S: Sink + ?Sized,
    M: FnOnce(&mut S),
    P: FnOnce(&mut S),
{
    match id {
        Some(id) => {
            sink.put(b"{\"jsonrpc\":\"2.0\",\"id\":");
            id.write(sink);
            sink.put(b",\"method\":");
        }
        None => sink.put(b"{\"jsonrpc\":\"2.0\",\"method\":"),
    }
    method(sink);
    if let Some(params) = params {
        sink.put(b",\"params\":");
        params(sink);
    }
    sink.put(b"}");
}

/// Writes a response, `{"jsonrpc":"2.0","id":…,"result":…}`: `result` writes the result
/// object. Without `id` the member is left out (only for a tool error answering a request
/// whose id could not be read: see `classify::write_failure`).
pub fn write_response<S, R>(sink: &mut S, id: Option<&RequestId<'_>>, result: R)
where
    S: Sink + ?Sized,
    R: FnOnce(&mut S),
{
    match id {
        Some(id) => {
            sink.put(b"{\"jsonrpc\":\"2.0\",\"id\":");
            id.write(sink);
            sink.put(b",\"result\":");
        }
        None => sink.put(b"{\"jsonrpc\":\"2.0\",\"result\":"),
    }
    result(sink);
    sink.put(b"}");
}

/// Writes an error response, `{"jsonrpc":"2.0",["id":…,]"error":…}`: `error` writes the
/// error object (see [`write_error_object`]).
pub fn write_error_response<S, E>(sink: &mut S, id: ErrorResponseId<'_>, error: E)
where
    S: Sink + ?Sized,
    E: FnOnce(&mut S),
{
    match id {
        ErrorResponseId::Id(id) => {
            sink.put(b"{\"jsonrpc\":\"2.0\",\"id\":");
            id.write(sink);
            sink.put(b",\"error\":");
        }
        ErrorResponseId::Null => sink.put(b"{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":"),
        ErrorResponseId::Absent => sink.put(b"{\"jsonrpc\":\"2.0\",\"error\":"),
    }
    error(sink);
    sink.put(b"}");
}

/// `params` as a writer, for [`write_request_by`].
fn raw<'r, S: Sink + ?Sized>(params: &'r Option<RawJson<'_>>) -> Option<impl FnOnce(&mut S) + 'r> {
    params.as_ref().map(|p| move |s: &mut S| write_raw(s, p))
}

fn version_error(e: DecodeError, at: usize) -> DecodeError {
    if e.kind == ErrorKind::WrongType {
        DecodeError::new(ErrorKind::InvalidJsonrpcVersion, at, "")
    } else {
        e
    }
}

fn envelope_kind(e: DecodeError) -> DecodeError {
    if e.kind == ErrorKind::WrongType {
        DecodeError::new(ErrorKind::InvalidEnvelope, e.offset, e.detail)
    } else {
        e
    }
}

fn envelope_str<'a>(r: &mut Reader<'a>, field: &'static str) -> Result<JsonStr<'a>> {
    r.read_str(field).map_err(envelope_kind)
}

/// Decodes `params` or `result` in the envelope's pass when the caller can type it now.
pub(crate) trait Payload<'a> {
    /// Reads the value typed and returns true, or returns false to leave it to be skipped.
    /// `method` is the request's method when it came before `params`; `is_result` is true
    /// for `result`.
    fn read(
        &mut self,
        r: &mut Reader<'a>,
        method: Option<JsonStr<'a>>,
        is_result: bool,
    ) -> Result<bool>;
}

struct NoPayload;

impl<'a> Payload<'a> for NoPayload {
    fn read(&mut self, _: &mut Reader<'a>, _: Option<JsonStr<'a>>, _: bool) -> Result<bool> {
        Ok(false)
    }
}

fn payload_object<'a, P: Payload<'a>>(
    r: &mut Reader<'a>,
    field: &'static str,
    payload: &mut P,
    method: Option<JsonStr<'a>>,
) -> Result<RawJson<'a>> {
    // MCP: params and result are objects (JSON-RPC's by-position arrays are not used).
    if r.peek_kind()? != Kind::Object {
        return Err(r.error(ErrorKind::InvalidEnvelope, field));
    }
    let start = r.offset();
    if payload.read(r, method, field == "result")? {
        let text = r.input().get(start..r.offset()).unwrap_or("{}");
        return Ok(RawJson::from_source(text, false));
    }
    r.skip_value()
}

fn read_error_object<'a>(r: &mut Reader<'a>) -> Result<ErrorObject<'a>> {
    let start = r.offset();
    let mut st = r.begin_object("error").map_err(envelope_kind)?;
    let (mut code, mut message, mut data) = (None, None, None);
    while let Some(key) = r.next_key_in(&mut st, ERROR_KEYS)? {
        let at = r.offset();
        match key {
            MemberKey::Named(error_key::CODE) => {
                let n = r.read_number("error.code").map_err(envelope_kind)?;
                code = Some(n.as_i64().ok_or(DecodeError::new(
                    ErrorKind::InvalidEnvelope,
                    at,
                    "error.code must be an integer",
                ))?);
            }
            MemberKey::Named(error_key::MESSAGE) => {
                message = Some(envelope_str(r, "error.message")?)
            }
            MemberKey::Named(error_key::DATA) => data = Some(r.skip_value()?),
            _ => {
                r.skip_value()?;
            }
        }
    }
    match (code, message) {
        (Some(code), Some(message)) => Ok(ErrorObject {
            code,
            message,
            data,
        }),
        (None, _) => Err(DecodeError::new(
            ErrorKind::InvalidEnvelope,
            start,
            "error.code",
        )),
        (_, None) => Err(DecodeError::new(
            ErrorKind::InvalidEnvelope,
            start,
            "error.message",
        )),
    }
}

#[derive(Default)]
struct Envelope<'a> {
    jsonrpc: bool,
    id: Option<ErrorResponseId<'a>>,
    id_at: usize,
    method: Option<JsonStr<'a>>,
    params: Option<RawJson<'a>>,
    result: Option<RawJson<'a>>,
    error: Option<ErrorObject<'a>>,
}

impl<'a> Envelope<'a> {
    #[inline(always)]
    fn build(self, start: usize) -> Result<Message<'a>> {
        let bad = |detail| Err(DecodeError::new(ErrorKind::InvalidEnvelope, start, detail));
        if !self.jsonrpc {
            return Err(DecodeError::new(
                ErrorKind::InvalidJsonrpcVersion,
                start,
                "missing \"jsonrpc\"",
            ));
        }
        let id = match self.id {
            Some(ErrorResponseId::Null) if self.error.is_none() => {
                return Err(DecodeError::new(ErrorKind::InvalidId, self.id_at, "null"))
            }
            Some(ErrorResponseId::Id(id)) => Some(id),
            _ => None,
        };
        match (self.method, self.result, self.error) {
            (Some(method), None, None) => {
                if self.params.is_some_and(|p| p.kind() != Kind::Object) {
                    return bad("params must be an object");
                }
                Ok(match id {
                    Some(id) => Message::Request(Request {
                        id,
                        method,
                        params: self.params,
                    }),
                    None => Message::Notification(Notification {
                        method,
                        params: self.params,
                    }),
                })
            }
            (None, Some(result), None) if self.params.is_none() => match id {
                Some(id) => Ok(Message::Response(Response { id, result })),
                None => bad("a response needs an id"),
            },
            (None, None, Some(error)) if self.params.is_none() => {
                Ok(Message::Error(ErrorResponse {
                    id: self.id.unwrap_or(ErrorResponseId::Absent),
                    error,
                }))
            }
            (None, None, None) => bad("no method, result or error"),
            _ => bad("method, result and error do not combine"),
        }
    }
}
