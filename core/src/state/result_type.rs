//! 2026-07-28's `resultType`, as a client reads it: which values a result may carry.

use crate::error::{DecodeError, ErrorKind};
use crate::mcp::{McpMessage, ResultType};

/// "A `resultType` of any value unrecognized by the client **MUST** be considered invalid"
/// (the core protocol's `complete` and `input_required`; this client advertises no extension
/// that adds one). An absent `resultType` is `complete` ("clients **MUST** treat an absent
/// `resultType` as `\"complete\"`"). `input_required` answers only `tools/call` here
/// ("Servers MUST NOT send InputRequiredResult responses on any client requests other than
/// the supported ones"). The error's offset is the value's.
pub(crate) fn check(typed: &McpMessage<'_>, text: &str) -> Result<(), DecodeError> {
    let (result_type, input_required_allowed) = match typed {
        McpMessage::CallToolResult(_, r) => (r.result_type, true),
        McpMessage::InputRequiredResult(_, r) => (r.result_type, true),
        McpMessage::ListToolsResult(_, r) => (r.result_type, false),
        McpMessage::DiscoverResult(_, r) => (r.result_type, false),
        _ => (None, true),
    };
    let at = match result_type {
        // The view's text lies in `text`, after the opening quote.
        Some(ResultType::Other(s)) => (s.source().as_ptr() as usize)
            .saturating_sub(text.as_ptr() as usize)
            .saturating_sub(1),
        Some(ResultType::InputRequired) if !input_required_allowed => {
            text.find("\"input_required\"").unwrap_or(0)
        }
        _ => return Ok(()),
    };
    Err(DecodeError::new(ErrorKind::InvalidValue, at, "resultType"))
}
