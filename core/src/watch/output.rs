//! `structuredContent` against the tool's `outputSchema`.
//!
//! "If an output schema is provided: Servers MUST provide structured results that conform to
//! this schema. Clients SHOULD validate structured results against this schema." A result
//! with `isError: true` is not checked (the tool failed; there is no output).

use super::{Ctx, InFlight, Rule};
use crate::mcp::CallToolResult;
use crate::schema::errors_to_text;
use crate::schema::tools::{check_output, OutputCheck};
use alloc::format;

/// The result of a `tools/call`.
pub(crate) fn on_result(
    catalog: &super::catalog::Catalog,
    ctx: &mut Ctx,
    entry: &InFlight,
    result: &CallToolResult<'_>,
) {
    let Some(call) = &entry.call else { return };
    let Some(Some(schemas)) = catalog.get(&call.tool) else {
        return;
    };
    let Some(schema) = &schemas.output else {
        return;
    };
    match check_output(schema, result) {
        OutputCheck::MissingStructuredContent => ctx.report(
            Rule::StructuredContentMissing,
            format!(
                "{:?} declares an outputSchema but its result has no structuredContent: servers MUST provide structured results that conform to this schema",
                call.tool
            ),
        ),
        OutputCheck::OutputSchemaMismatch(errors) => ctx.report(
            Rule::StructuredContentInvalid,
            format!(
                "structuredContent of {:?} does not fit its outputSchema:\n{}",
                call.tool,
                errors_to_text(&errors)
            ),
        ),
        OutputCheck::Skipped | OutputCheck::Valid => {}
    }
}
