//! `tools/call` arguments against the listed tool's `inputSchema`.
//!
//! `inputSchema` is the JSON Schema "defining expected parameters"; 2025-11-25 tools:
//! "Servers MUST: Validate all tool inputs" — the tap validates them on the way in, so the
//! user sees which call was wrong before the server answers.

use super::{Call, Ctx, InFlight, Rule};
use crate::mcp::CallToolRequestParams;
use crate::schema::errors_to_text;
use crate::schema::tools::check_arguments;
use alloc::format;

/// A `tools/call` request: its arguments are checked, and what the response must look like
/// is remembered on the entry.
pub(crate) fn on_call(
    catalog: &super::catalog::Catalog,
    ctx: &mut Ctx,
    params: &CallToolRequestParams<'_>,
    entry: &mut InFlight,
) {
    let tool = params.name.to_cow().into_owned();
    let mut call = Call {
        tool,
        ..Call::default()
    };
    match catalog.get(&call.tool) {
        Some(Some(schemas)) => {
            if let Err(invalid) = check_arguments(&schemas.input, params) {
                ctx.report(
                    Rule::InvalidArguments,
                    format!(
                        "arguments of {:?} do not fit its inputSchema:\n{}",
                        call.tool,
                        errors_to_text(&invalid.errors)
                    ),
                );
                call.invalid_arguments = true;
            }
        }
        Some(None) => {}
        None if catalog.is_complete() => {
            ctx.report(
                Rule::UnknownTool,
                format!("tool {:?} is not in the server's tools/list", call.tool),
            );
            call.unknown_tool = true;
        }
        None => {}
    }
    entry.call = Some(call);
}
