//! One typed view over any message: tool-related methods get their types, everything else
//! stays a valid envelope-level [`Message`].

use super::result::AnyResult;
use super::{
    CallToolRequestParams, CallToolResult, CancelledNotificationParams, Decode, DiscoverResult,
    Encode, InitializeRequestParams, InitializeResult, InputRequiredResult, ListToolsRequestParams,
    ListToolsResult, ProgressNotificationParams,
};
use crate::error::{DecodeError, Result};
use crate::json::writer::{write_raw, Sink};
use crate::json::{JsonStr, RawJson, Reader};
use crate::jsonrpc::{self, ErrorResponse, Message, Notification, Payload, Request, RequestId};
use crate::limits::Limits;

macro_rules! methods {
    ($( $(#[$doc:meta])* $variant:ident = $name:literal, )*) => {
        /// A method mcpwire knows by name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Method {
            $( $(#[$doc])* $variant, )*
        }

        impl Method {
            /// The method name on the wire.
            pub const fn name(self) -> &'static str {
                match self { $(Method::$variant => $name,)* }
            }

            /// True when mcpwire types this method's result.
            pub const fn has_typed_result(self) -> bool {
                super::result::Shape::of(self).is_some()
            }

            /// The method with this name, if mcpwire knows it.
            pub fn from_name(name: &JsonStr<'_>) -> Option<Method> {
                match name.as_str() {
                    $(Some($name) => Some(Method::$variant),)*
                    Some(_) => None,
                    None => [$(Method::$variant,)*].into_iter().find(|m| name.eq_str(m.name())),
                }
            }
        }
    };
}

methods! {
    /// `initialize` (2025 versions)
    Initialize = "initialize",
    /// `notifications/initialized` (2025 versions)
    Initialized = "notifications/initialized",
    /// `server/discover` (2026-07-28)
    ServerDiscover = "server/discover",
    /// `ping`
    Ping = "ping",
    /// `tools/list`
    ToolsList = "tools/list",
    /// `tools/call`
    ToolsCall = "tools/call",
    /// `notifications/progress`
    Progress = "notifications/progress",
    /// `notifications/cancelled`
    Cancelled = "notifications/cancelled",
    /// `notifications/tools/list_changed`
    ToolListChanged = "notifications/tools/list_changed",
}

/// A decoded message with typed views for the tool-related ones.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum McpMessage<'a> {
    /// `tools/list` request (params optional before 2026-07-28).
    ListToolsRequest(RequestId<'a>, Option<ListToolsRequestParams<'a>>),
    /// `tools/call` request.
    CallToolRequest(RequestId<'a>, CallToolRequestParams<'a>),
    /// `initialize` request.
    InitializeRequest(RequestId<'a>, InitializeRequestParams<'a>),
    /// `notifications/progress`.
    ProgressNotification(ProgressNotificationParams<'a>),
    /// `notifications/cancelled`.
    CancelledNotification(CancelledNotificationParams<'a>),
    /// `notifications/tools/list_changed` (params only carry `_meta`).
    ToolListChangedNotification(Option<RawJson<'a>>),
    /// Result of `tools/list`.
    ListToolsResult(RequestId<'a>, ListToolsResult<'a>),
    /// Result of `tools/call`.
    CallToolResult(RequestId<'a>, CallToolResult<'a>),
    /// 2026-07-28: the request needs more input.
    InputRequiredResult(RequestId<'a>, InputRequiredResult<'a>),
    /// Result of `initialize`.
    InitializeResult(RequestId<'a>, InitializeResult<'a>),
    /// Result of `server/discover`.
    DiscoverResult(RequestId<'a>, DiscoverResult<'a>),
    /// An error response.
    Error(ErrorResponse<'a>),
    /// Any other valid message (methods mcpwire does not type, untyped results).
    Other(Message<'a>),
}

/// The spec's name for what a message decoded to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageType {
    /// `ListToolsRequest`
    ListToolsRequest,
    /// `CallToolRequest`
    CallToolRequest,
    /// `InitializeRequest`
    InitializeRequest,
    /// `ProgressNotification`
    ProgressNotification,
    /// `CancelledNotification`
    CancelledNotification,
    /// `ToolListChangedNotification`
    ToolListChangedNotification,
    /// `ListToolsResult`
    ListToolsResult,
    /// `CallToolResult`
    CallToolResult,
    /// `InputRequiredResult`
    InputRequiredResult,
    /// `InitializeResult`
    InitializeResult,
    /// `DiscoverResult`
    DiscoverResult,
    /// `JSONRPCErrorResponse`
    ErrorResponse,
    /// `JSONRPCRequest` (a method mcpwire does not type)
    Request,
    /// `JSONRPCNotification`
    Notification,
    /// `JSONRPCResultResponse` (a result mcpwire does not type)
    ResultResponse,
}

impl MessageType {
    /// The name as the spec's schema spells it.
    pub const fn name(self) -> &'static str {
        match self {
            MessageType::ListToolsRequest => "ListToolsRequest",
            MessageType::CallToolRequest => "CallToolRequest",
            MessageType::InitializeRequest => "InitializeRequest",
            MessageType::ProgressNotification => "ProgressNotification",
            MessageType::CancelledNotification => "CancelledNotification",
            MessageType::ToolListChangedNotification => "ToolListChangedNotification",
            MessageType::ListToolsResult => "ListToolsResult",
            MessageType::CallToolResult => "CallToolResult",
            MessageType::InputRequiredResult => "InputRequiredResult",
            MessageType::InitializeResult => "InitializeResult",
            MessageType::DiscoverResult => "DiscoverResult",
            MessageType::ErrorResponse => "JSONRPCErrorResponse",
            MessageType::Request => "JSONRPCRequest",
            MessageType::Notification => "JSONRPCNotification",
            MessageType::ResultResponse => "JSONRPCResultResponse",
        }
    }
}

/// Byte offset of `inner` within `outer` (both views of one buffer).
fn offset_in(outer: &str, inner: &str) -> usize {
    (inner.as_ptr() as usize).saturating_sub(outer.as_ptr() as usize)
}

fn rebase(e: DecodeError, input: &str, raw: &RawJson<'_>) -> DecodeError {
    DecodeError::new(e.kind, e.offset + offset_in(input, raw.as_str()), e.detail)
}

fn typed<'a, T: Decode<'a>>(raw: &RawJson<'a>, input: &'a str) -> Result<T> {
    T::decode_raw(raw).map_err(|e| rebase(e, input, raw))
}

fn typed_opt<'a, T: Decode<'a>>(raw: &Option<RawJson<'a>>, input: &'a str) -> Result<Option<T>> {
    raw.as_ref().map(|p| typed(p, input)).transpose()
}

fn typed_result<'a>(
    raw: &RawJson<'a>,
    expect: Option<Method>,
    input: &'a str,
) -> Result<Option<AnyResult<'a>>> {
    let mut r = raw.reader();
    let any = AnyResult::read(&mut r, expect).map_err(|e| rebase(e, input, raw))?;
    Ok(any)
}

/// Params the spec requires; when absent the fault is the message's (offset 0).
fn params<'a>(raw: &Option<RawJson<'a>>) -> Result<RawJson<'a>> {
    raw.ok_or(DecodeError::new(
        crate::ErrorKind::MissingField,
        0,
        "params",
    ))
}

/// What the envelope's single pass typed (into [`TypedPayload::out`]).
#[derive(Clone, Copy)]
enum Typed {
    /// A request's params: the message still needs the request's id.
    Request,
    /// A notification's params.
    Notification,
    /// A result (`true`: of a type mcpwire has; the message needs the response's id).
    Result(bool),
}

/// Types `params` or `result` during the envelope's pass, straight into the message decoded:
/// params and results are hundreds of bytes, and each move of one is a copy.
struct TypedPayload<'a, 'o> {
    expect: Option<Method>,
    out: &'o mut McpMessage<'a>,
    typed: Option<Typed>,
}

/// The id of a typed request or result before the envelope's `id` is known.
const NO_ID: RequestId<'static> = RequestId::Int(0);

/// Generates the two ways params are typed from one table: in the envelope's pass
/// (`read_params_in_pass`, when `method` came before `params`) and from a whole envelope
/// (`type_request`, `type_notification`). A row's form says how its params are read:
/// `optional` (may be absent), `required`, `in_place(T)` (required, read into the message
/// with `T::read_into`: a large struct returned by value is copied on its way in) or `raw`
/// (kept unparsed: typed only from a whole envelope).
macro_rules! typed_params {
    (
        requests { $($rq:ident => $rv:ident: $rform:ident $(($rty:ty))?,)* }
        notifications { $($nm:ident => $nv:ident: $nform:ident $(($nty:ty))?,)* }
    ) => {
        /// Types the params of a request or notification of `method` in the envelope's pass,
        /// into `out`; `None`: left to be typed from the whole envelope, or not typed.
        #[inline(always)]
        fn read_params_in_pass<'a>(
            out: &mut McpMessage<'a>,
            r: &mut Reader<'a>,
            method: Method,
        ) -> Result<Option<Typed>> {
            Ok(match method {
                $(Method::$rq => {
                    typed_params!(@pass out r (NO_ID,) Typed::Request, $rv $rform $(($rty))?)
                })*
                $(Method::$nm => {
                    typed_params!(@pass out r () Typed::Notification, $nv $nform $(($nty))?)
                })*
                _ => None,
            })
        }

        /// A request of `method` with its params typed; `None` when mcpwire does not type it.
        fn type_request<'a>(
            method: Method,
            req: Request<'a>,
            input: &'a str,
        ) -> Result<Option<McpMessage<'a>>> {
            Ok(Some(match method {
                $(Method::$rq => McpMessage::$rv(
                    req.id,
                    typed_params!(@whole (req.params) input $rform),
                ),)*
                _ => return Ok(None),
            }))
        }

        /// A notification of `method` with its params typed; `None` when mcpwire does not
        /// type it.
        fn type_notification<'a>(
            method: Method,
            n: Notification<'a>,
            input: &'a str,
        ) -> Result<Option<McpMessage<'a>>> {
            Ok(Some(match method {
                $(Method::$nm => McpMessage::$nv(typed_params!(@whole (n.params) input $nform)),)*
                _ => return Ok(None),
            }))
        }
    };
    (@pass $out:ident $r:ident ($($id:expr,)?) $t:expr, $v:ident optional) => {{
        *$out = McpMessage::$v($($id,)? Some(Decode::read($r)?));
        Some($t)
    }};
    (@pass $out:ident $r:ident ($($id:expr,)?) $t:expr, $v:ident required) => {{
        *$out = McpMessage::$v($($id,)? Decode::read($r)?);
        Some($t)
    }};
    (@pass $out:ident $r:ident ($($id:expr,)?) $t:expr, $v:ident in_place ($ty:ty)) => {{
        *$out = const { McpMessage::$v($($id,)? <$ty>::EMPTY) };
        if let McpMessage::$v(.., p) = $out {
            p.read_into($r)?;
        }
        Some($t)
    }};
    (@pass $out:ident $r:ident ($($id:expr,)?) $t:expr, $v:ident raw) => {
        None
    };
    (@whole ($params:expr) $input:ident optional) => { typed_opt(&$params, $input)? };
    (@whole ($params:expr) $input:ident raw) => { $params };
    (@whole ($params:expr) $input:ident $form:ident) => { typed(&params(&$params)?, $input)? };
}

typed_params! {
    requests {
        ToolsList => ListToolsRequest: optional,
        ToolsCall => CallToolRequest: in_place(CallToolRequestParams),
        Initialize => InitializeRequest: required,
    }
    notifications {
        Progress => ProgressNotification: in_place(ProgressNotificationParams),
        Cancelled => CancelledNotification: required,
        ToolListChanged => ToolListChangedNotification: raw,
    }
}

impl<'a> Payload<'a> for TypedPayload<'a, '_> {
    fn read(
        &mut self,
        r: &mut Reader<'a>,
        method: Option<JsonStr<'a>>,
        is_result: bool,
    ) -> Result<bool> {
        let out = &mut *self.out;
        if is_result {
            if self.expect.is_some_and(|m| !m.has_typed_result()) {
                return Ok(false);
            }
            let any = AnyResult::read(r, self.expect)?;
            self.typed = Some(Typed::Result(any.is_some()));
            if let Some(any) = any {
                *out = (NO_ID, any).into();
            }
            return Ok(true);
        }
        let Some(method) = method.and_then(|m| Method::from_name(&m)) else {
            return Ok(false);
        };
        self.typed = read_params_in_pass(out, r, method)?;
        Ok(self.typed.is_some())
    }
}

impl<'a> From<(RequestId<'a>, AnyResult<'a>)> for McpMessage<'a> {
    fn from((id, any): (RequestId<'a>, AnyResult<'a>)) -> Self {
        match any {
            AnyResult::ListTools(r) => McpMessage::ListToolsResult(id, r),
            AnyResult::CallTool(r) => McpMessage::CallToolResult(id, r),
            AnyResult::InputRequired(r) => McpMessage::InputRequiredResult(id, r),
            AnyResult::Initialize(r) => McpMessage::InitializeResult(id, r),
            AnyResult::Discover(r) => McpMessage::DiscoverResult(id, r),
        }
    }
}

impl<'a> McpMessage<'a> {
    /// Decodes one message with default limits, guessing the type of a result from its shape.
    pub fn decode(input: &'a [u8]) -> Result<Self> {
        Self::decode_with(input, Limits::DEFAULT, None)
    }

    /// Decodes one message. `expect` is the method of the request a response answers (from
    /// your own correlation); without it a result's type is guessed from its members.
    /// Params are typed in the same pass as the envelope when `method` precedes them (as
    /// every SDK writes it), otherwise in a second pass.
    #[inline]
    pub fn decode_with(input: &'a [u8], limits: Limits, expect: Option<Method>) -> Result<Self> {
        let mut out = McpMessage::ToolListChangedNotification(None);
        Self::decode_into(
            input,
            limits,
            expect,
            &mut out,
            #[cfg(feature = "tape-fragments")]
            None,
        )?;
        Ok(out)
    }

    /// [`decode_with`](Self::decode_with) (no method expected), with `recorder` recording
    /// the values it reads (the JS bindings' tape: `js::decode_tape`).
    #[cfg(feature = "tape-fragments")]
    pub(crate) fn decode_recording(
        input: &'a [u8],
        limits: Limits,
        recorder: &'a mut (dyn crate::json::reader::SkipRecorder + 'static),
    ) -> Result<()> {
        let mut out = McpMessage::ToolListChangedNotification(None);
        Self::decode_into(input, limits, None, &mut out, Some(recorder))
    }

    /// [`decode_with`](Self::decode_with) into `out`, where typed params and results are
    /// written as they are read.
    fn decode_into(
        input: &'a [u8],
        limits: Limits,
        expect: Option<Method>,
        out: &mut Self,
        #[cfg(feature = "tape-fragments")] recorder: Option<
            &'a mut (dyn crate::json::reader::SkipRecorder + 'static),
        >,
    ) -> Result<()> {
        let mut r = Reader::new(input, limits)?;
        #[cfg(feature = "tape-fragments")]
        if let Some(recorder) = recorder {
            r.record(recorder);
        }
        let mut payload = TypedPayload {
            expect,
            out,
            typed: None,
        };
        let msg = Message::read_with(&mut r, &mut payload)?;
        r.finish()?;
        let (out, typed) = (payload.out, payload.typed);
        match (&msg, typed) {
            (Message::Request(q), Some(Typed::Request)) => out.set_id(q.id),
            (Message::Response(resp), Some(Typed::Result(true))) => out.set_id(resp.id),
            (Message::Notification(_), Some(Typed::Notification)) => {}
            (Message::Response(_), Some(Typed::Result(false))) => *out = McpMessage::Other(msg),
            // What `from_message_in` gives, without the copy of its `Result` (filling `out`
            // inside `from_message_in` instead measured 3% more instructions here).
            (Message::Error(e), _) => *out = McpMessage::Error(*e),
            _ => *out = Self::from_message_in(msg, expect, r.input())?,
        }
        Ok(())
    }

    /// Sets the id of a request or result typed before the envelope was complete.
    fn set_id(&mut self, id: RequestId<'a>) {
        use McpMessage as M;
        match self {
            M::ListToolsRequest(i, _)
            | M::CallToolRequest(i, _)
            | M::InitializeRequest(i, _)
            | M::ListToolsResult(i, _)
            | M::CallToolResult(i, _)
            | M::InputRequiredResult(i, _)
            | M::InitializeResult(i, _)
            | M::DiscoverResult(i, _) => *i = id,
            _ => {}
        }
    }

    /// Types an envelope-level message. Offsets in errors are relative to `input`, the text
    /// `msg` was decoded from.
    pub fn from_message_in(
        msg: Message<'a>,
        expect: Option<Method>,
        input: &'a str,
    ) -> Result<Self> {
        Ok(match msg {
            Message::Request(req) => match Method::from_name(&req.method) {
                Some(m) => type_request(m, req, input)?.unwrap_or(McpMessage::Other(msg)),
                None => McpMessage::Other(msg),
            },
            Message::Notification(n) => match Method::from_name(&n.method) {
                Some(m) => type_notification(m, n, input)?.unwrap_or(McpMessage::Other(msg)),
                None => McpMessage::Other(msg),
            },
            Message::Response(resp) => {
                if expect.is_some_and(|m| !m.has_typed_result()) {
                    return Ok(McpMessage::Other(msg));
                }
                match typed_result(&resp.result, expect, input)? {
                    Some(any) => (resp.id, any).into(),
                    None => McpMessage::Other(msg),
                }
            }
            Message::Error(e) => McpMessage::Error(e),
        })
    }

    /// What the message decoded to, in the spec's words.
    pub fn message_type(&self) -> MessageType {
        use McpMessage as M;
        match self {
            M::ListToolsRequest(..) => MessageType::ListToolsRequest,
            M::CallToolRequest(..) => MessageType::CallToolRequest,
            M::InitializeRequest(..) => MessageType::InitializeRequest,
            M::ProgressNotification(_) => MessageType::ProgressNotification,
            M::CancelledNotification(_) => MessageType::CancelledNotification,
            M::ToolListChangedNotification(_) => MessageType::ToolListChangedNotification,
            M::ListToolsResult(..) => MessageType::ListToolsResult,
            M::CallToolResult(..) => MessageType::CallToolResult,
            M::InputRequiredResult(..) => MessageType::InputRequiredResult,
            M::InitializeResult(..) => MessageType::InitializeResult,
            M::DiscoverResult(..) => MessageType::DiscoverResult,
            M::Error(_) => MessageType::ErrorResponse,
            M::Other(Message::Request(_)) => MessageType::Request,
            M::Other(Message::Notification(_)) => MessageType::Notification,
            M::Other(Message::Response(_)) => MessageType::ResultResponse,
            M::Other(Message::Error(_)) => MessageType::ErrorResponse,
        }
    }
}

fn write_request<S: Sink + ?Sized, P: Encode>(
    sink: &mut S,
    id: Option<&RequestId<'_>>,
    m: Method,
    params: Option<&P>,
) {
    let params = params.map(|p| move |s: &mut S| p.write(s));
    jsonrpc::write_request(sink, id, m.name(), params)
}

fn write_response<S: Sink + ?Sized, R: Encode>(sink: &mut S, id: &RequestId<'_>, result: &R) {
    jsonrpc::write_response(sink, Some(id), |s| result.write(s))
}

impl Encode for RawJson<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        write_raw(sink, self)
    }
}

impl Encode for McpMessage<'_> {
    /// The size of the large parts read from input: the typed lists and raw values of results.
    fn size_hint(&self) -> usize {
        let raw_len = |r: &Option<RawJson<'_>>| r.map_or(0, |r| r.as_str().len());
        match self {
            McpMessage::ListToolsResult(_, r) => r.tools.source_len() + raw_len(&r.meta) + 128,
            McpMessage::CallToolResult(_, r) => {
                r.content.source_len() + raw_len(&r.structured_content) + raw_len(&r.meta) + 128
            }
            McpMessage::CallToolRequest(_, p) => raw_len(&p.arguments) + 192,
            McpMessage::Other(Message::Response(r)) => r.result.as_str().len() + 64,
            _ => 0,
        }
    }

    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        use McpMessage as M;
        match self {
            M::ListToolsRequest(id, p) => {
                write_request(sink, Some(id), Method::ToolsList, p.as_ref())
            }
            M::CallToolRequest(id, p) => write_request(sink, Some(id), Method::ToolsCall, Some(p)),
            M::InitializeRequest(id, p) => {
                write_request(sink, Some(id), Method::Initialize, Some(p))
            }
            M::ProgressNotification(p) => write_request(sink, None, Method::Progress, Some(p)),
            M::CancelledNotification(p) => write_request(sink, None, Method::Cancelled, Some(p)),
            M::ToolListChangedNotification(p) => {
                write_request(sink, None, Method::ToolListChanged, p.as_ref())
            }
            M::ListToolsResult(id, r) => write_response(sink, id, r),
            M::CallToolResult(id, r) => write_response(sink, id, r),
            M::InputRequiredResult(id, r) => write_response(sink, id, r),
            M::InitializeResult(id, r) => write_response(sink, id, r),
            M::DiscoverResult(id, r) => write_response(sink, id, r),
            M::Error(e) => Message::Error(*e).write(sink),
            M::Other(m) => m.write(sink),
        }
    }
}

impl Encode for Message<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        Message::write(self, sink)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each typed method reads the same in the envelope's pass (`method` before `params`)
    /// and from the whole envelope (`params` first).
    #[test]
    fn both_ways_of_typing_params_agree() {
        for (id, method, params) in [
            (r#""id":1,"#, "tools/list", r#"{"cursor":"c"}"#),
            (
                r#""id":1,"#,
                "tools/call",
                r#"{"name":"t","arguments":{"a":1}}"#,
            ),
            (
                r#""id":1,"#,
                "initialize",
                r#"{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{}}"#,
            ),
            (
                "",
                "notifications/progress",
                r#"{"progressToken":1,"progress":2}"#,
            ),
            ("", "notifications/cancelled", r#"{"requestId":1}"#),
            ("", "notifications/tools/list_changed", r#"{"_meta":{}}"#),
        ] {
            let first =
                alloc::format!(r#"{{"jsonrpc":"2.0",{id}"method":"{method}","params":{params}}}"#);
            let last =
                alloc::format!(r#"{{"params":{params},"jsonrpc":"2.0",{id}"method":"{method}"}}"#);
            let a = McpMessage::decode(first.as_bytes()).unwrap();
            let b = McpMessage::decode(last.as_bytes()).unwrap();
            assert!(!matches!(a, McpMessage::Other(_)), "{first}");
            assert_eq!(a, b, "{method}");
        }
    }
}
