//! `isError` versus protocol errors.
//!
//! 2025-11-25 tools, Error Handling: protocol errors (JSON-RPC errors) are for "Unknown
//! tools", "Malformed requests", "Server errors"; tool execution errors (`isError: true`) are
//! for "API failures", "Input validation errors", "Business logic errors" (SEP-1303: errors
//! that originate from the tool SHOULD be reported inside the result, so the model can fix
//! its call). The tap knows a call's arguments failed the schema, or its tool was not
//! listed, and checks the response used the matching form.

use super::{Ctx, InFlight, Rule};
use crate::mcp::McpMessage;
use alloc::format;

/// The response to a request.
pub(crate) fn on_response(ctx: &mut Ctx, entry: &InFlight, typed: Option<&McpMessage<'_>>) {
    let Some(call) = &entry.call else { return };
    match typed {
        Some(McpMessage::Error(e)) if call.invalid_arguments => ctx.report(
            Rule::ArgumentsErrorAsProtocolError,
            format!(
                "arguments that fail {:?}'s inputSchema were answered with JSON-RPC error {}: input validation errors are tool execution errors (a result with isError: true the model can read)",
                call.tool, e.error.code
            ),
        ),
        Some(McpMessage::CallToolResult(_, r)) if call.unknown_tool && r.is_tool_error() => {
            ctx.report(
                Rule::UnknownToolAsToolError,
                format!(
                    "unknown tool {:?} was answered with isError: true: unknown tools are protocol errors (JSON-RPC error -32602)",
                    call.tool
                ),
            )
        }
        _ => {}
    }
}
