//! Classification on both sides of a `tools/call`.
//!
//! Host side: [`ResponseClass`] says whether a response is a success, a tool error the model
//! should see, a protocol error (with its code) or a request for more input.
//!
//! Server side: [`write_failure`] turns an [`ErrorKind`] into the right wire form, following
//! the one table in [`crate::error`]: protocol errors become JSON-RPC error responses, tool
//! errors become a `CallToolResult` with `isError: true` (SEP-1303: "Any errors that
//! originate from the tool SHOULD be reported inside the result object").

use crate::error::{code, Classification, DecodeError, ErrorKind};
use crate::json::writer::{write_escaped_body, write_i64, write_plain_str, ObjectWriter, Sink};
use crate::json::Reader;
use crate::jsonrpc::{Message, RequestId};
use crate::limits::Limits;
use crate::mcp::{McpMessage, ProtocolVersion};
use core::fmt;

/// What a response means to the host that sent the request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResponseClass {
    /// A result (for `tools/call`: `isError` absent or false).
    Success,
    /// A `CallToolResult` with `isError: true`: the model should see it and may retry.
    ToolError,
    /// 2026-07-28: an `InputRequiredResult`; answer its requests and retry.
    InputRequired,
    /// A JSON-RPC error response with this code.
    ProtocolError(i64),
}

impl ResponseClass {
    /// The snake_case name (`success`, `tool_error`, `input_required`, `protocol_error`).
    pub const fn name(self) -> &'static str {
        match self {
            ResponseClass::Success => "success",
            ResponseClass::ToolError => "tool_error",
            ResponseClass::InputRequired => "input_required",
            ResponseClass::ProtocolError(_) => "protocol_error",
        }
    }

    /// The error code, for protocol errors.
    pub const fn code(self) -> Option<i64> {
        match self {
            ResponseClass::ProtocolError(c) => Some(c),
            _ => None,
        }
    }
}

impl McpMessage<'_> {
    /// The class of a response; `None` for requests and notifications.
    pub fn response_class(&self) -> Option<ResponseClass> {
        Some(match self {
            McpMessage::CallToolResult(_, r) if r.is_tool_error() => ResponseClass::ToolError,
            McpMessage::InputRequiredResult(..) => ResponseClass::InputRequired,
            McpMessage::Error(e) => ResponseClass::ProtocolError(e.error.code),
            McpMessage::CallToolResult(..)
            | McpMessage::ListToolsResult(..)
            | McpMessage::InitializeResult(..)
            | McpMessage::DiscoverResult(..)
            | McpMessage::Other(Message::Response(_)) => ResponseClass::Success,
            McpMessage::Other(Message::Error(e)) => ResponseClass::ProtocolError(e.error.code),
            _ => return None,
        })
    }
}

/// Best effort: the `id` of a message that failed to decode, when its envelope got that far
/// (so the error response can name the request).
pub fn recover_id(input: &[u8]) -> Option<RequestId<'_>> {
    let mut r = Reader::new(input, Limits::DEFAULT).ok()?;
    let mut st = r.begin_object("").ok()?;
    while let Some(key) = r.next_key(&mut st).ok()? {
        if key.eq_str("id") {
            return RequestId::read(&mut r, "id").ok();
        }
        r.skip_value().ok()?;
    }
    None
}

/// Adapts a [`Sink`] to `fmt::Write`, escaping as a JSON string body.
struct JsonText<'s, S: Sink + ?Sized>(&'s mut S);

impl<S: Sink + ?Sized> fmt::Write for JsonText<'_, S> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        write_escaped_body(self.0, s);
        Ok(())
    }
}

/// Writes `value` (anything `Display`) as a JSON string.
pub fn write_display_str<S: Sink + ?Sized>(sink: &mut S, value: &dyn fmt::Display) {
    sink.put(b"\"");
    let _ = fmt::write(&mut JsonText(sink), format_args!("{value}"));
    sink.put(b"\"");
}

/// Writes the response a server sends for a failure of `kind` while handling request `id`
/// (`None` when the id could not be read: the `id` member is then omitted, as 2025-11-25
/// allows). `message` is shown to the model (tool errors) or the client (protocol errors).
pub fn write_failure<S: Sink + ?Sized>(
    sink: &mut S,
    id: Option<&RequestId<'_>>,
    kind: ErrorKind,
    message: &dyn fmt::Display,
    version: ProtocolVersion,
) {
    write_failure_with_data(sink, id, kind, message, version, &[]);
}

/// More members of a JSON-RPC error's `data`, after `kind`: each name with the function that
/// writes its value (for example `supported` and `requested` of an
/// `UnsupportedProtocolVersionError`).
pub type DataMembers<'d> = &'d [DataMember<'d>];

/// One member of [`DataMembers`]: its name and the function writing its value.
pub type DataMember<'d> = (&'d str, &'d dyn Fn(&mut dyn Sink));

/// [`write_failure`] with more members in the error's `data` (ignored for tool errors).
pub fn write_failure_with_data<S: Sink + ?Sized>(
    sink: &mut S,
    id: Option<&RequestId<'_>>,
    kind: ErrorKind,
    message: &dyn fmt::Display,
    version: ProtocolVersion,
    data: DataMembers<'_>,
) {
    let mut o = ObjectWriter::open(sink);
    o.key(sink, "jsonrpc");
    sink.put(b"\"2.0\"");
    if let Some(id) = id {
        o.key(sink, "id");
        id.write(sink);
    }
    match kind.classification() {
        Classification::ToolError => {
            o.key(sink, "result");
            let mut r = ObjectWriter::open(sink);
            if version.has_result_type() {
                r.key(sink, "resultType");
                sink.put(b"\"complete\"");
            }
            r.key(sink, "content");
            sink.put(b"[{\"type\":\"text\",\"text\":");
            write_display_str(sink, message);
            sink.put(b"}]");
            r.key(sink, "isError");
            sink.put(b"true");
            r.close(sink);
        }
        class => {
            let code = match class {
                Classification::Protocol(c) => c,
                _ => code::INTERNAL_ERROR,
            };
            o.key(sink, "error");
            let mut e = ObjectWriter::open(sink);
            e.key(sink, "code");
            write_i64(sink, code);
            e.key(sink, "message");
            write_display_str(sink, message);
            e.key(sink, "data");
            sink.put(b"{\"kind\":\"");
            sink.put(kind.name().as_bytes());
            sink.put(b"\"");
            for (name, write) in data {
                sink.put(b",");
                write_plain_str(sink, name);
                sink.put(b":");
                write(&mut Forward(sink));
            }
            sink.put(b"}");
            e.close(sink);
        }
    }
    o.close(sink);
}

/// A `dyn Sink` over any sink.
struct Forward<'s, S: Sink + ?Sized>(&'s mut S);

impl<S: Sink + ?Sized> Sink for Forward<'_, S> {
    fn put(&mut self, bytes: &[u8]) {
        self.0.put(bytes);
    }
}

/// Writes the error response for input that failed to decode: the code from the table, the
/// id when it can be recovered, the decode error as the message.
pub fn write_decode_failure<S: Sink + ?Sized>(
    sink: &mut S,
    input: &[u8],
    err: &DecodeError,
    version: ProtocolVersion,
) {
    let id = recover_id(input);
    write_failure(sink, id.as_ref(), err.kind, err, version);
}
