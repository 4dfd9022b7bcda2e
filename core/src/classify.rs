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
use crate::json::writer::{write_plain_str, Sink};
use crate::json::Reader;
use crate::jsonrpc::{self, ErrorResponseId, Message, RequestId};
use crate::limits::Limits;
use crate::mcp::{
    CallToolResult, DisplayText, Extra, List, McpMessage, ProtocolVersion, ResultType,
};
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

pub use crate::json::writer::write_display_str;

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
    match kind.classification() {
        Classification::ToolError => jsonrpc::write_response(sink, id, |s| {
            tool_error(version).write_with_content(s, &DisplayText(message))
        }),
        class => {
            let code = match class {
                Classification::Protocol(c) => c,
                _ => code::INTERNAL_ERROR,
            };
            let id = id.map_or(ErrorResponseId::Absent, |id| ErrorResponseId::Id(*id));
            let message = |s: &mut S| write_display_str(s, message);
            let data = Some(|s: &mut S| write_data(s, kind, data));
            jsonrpc::write_error_response(sink, id, |s| {
                jsonrpc::write_error_object(s, code, message, data)
            })
        }
    }
}

/// The `CallToolResult` of a tool error, its content aside: `isError: true`, and
/// `resultType: "complete"` where the version has it.
fn tool_error(version: ProtocolVersion) -> CallToolResult<'static> {
    CallToolResult {
        content: List::Slice(&[]),
        structured_content: None,
        is_error: Some(true),
        result_type: version.has_result_type().then_some(ResultType::Complete),
        meta: None,
        extra: Extra::NONE,
    }
}

/// Writes a JSON-RPC error's `data`: `{"kind":…}` and the members of `data`.
fn write_data<S: Sink + ?Sized>(sink: &mut S, kind: ErrorKind, data: DataMembers<'_>) {
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

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;
    use crate::jsonrpc::{ErrorObject, ErrorResponse};
    use crate::mcp::{ContentBlock, TextContent};
    use alloc::vec::Vec;

    fn failure(kind: ErrorKind, version: ProtocolVersion) -> Vec<u8> {
        let mut out = Vec::new();
        write_failure(
            &mut out,
            Some(&RequestId::Int(7)),
            kind,
            &"a \"b\"",
            version,
        );
        out
    }

    /// A tool error is the `CallToolResult` its typed encoder writes.
    #[test]
    fn a_tool_error_is_written_as_its_typed_message() {
        for version in [ProtocolVersion::V2025_06_18, ProtocolVersion::LATEST] {
            let text = TextContent {
                text: crate::json::JsonStr::new("a \"b\""),
                annotations: None,
                meta: None,
                extra: Extra::NONE,
            };
            let blocks = [ContentBlock::Text(text)];
            let result = CallToolResult {
                content: List::Slice(&blocks),
                ..tool_error(version)
            };
            let typed = McpMessage::CallToolResult(RequestId::Int(7), result);
            let kind = ErrorKind::ToolExecutionFailed;
            assert_eq!(failure(kind, version), crate::encode_to_vec(&typed));
        }
    }

    /// A protocol error is the error response its typed encoder writes.
    #[test]
    fn a_protocol_error_is_written_as_its_typed_message() {
        let kind = ErrorKind::MissingField;
        let data = alloc::format!(r#"{{"kind":"{}"}}"#, kind.name());
        let code = match kind.classification() {
            Classification::Protocol(c) => c,
            _ => code::INTERNAL_ERROR,
        };
        let typed = Message::Error(ErrorResponse {
            id: ErrorResponseId::Id(RequestId::Int(7)),
            error: ErrorObject {
                code,
                message: crate::json::JsonStr::new("a \"b\""),
                data: Some(crate::json::RawJson::from_source(&data, false)),
            },
        });
        let out = failure(kind, ProtocolVersion::LATEST);
        assert_eq!(out, crate::encode_to_vec(&typed));
    }
}
