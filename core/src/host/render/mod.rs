//! Rendering a tool call's outcome for a model: a `CallToolResult`, a JSON-RPC error
//! answer, a timeout or a cancellation, in each target's tool-result shape.
//!
//! - OpenAI Chat: `{role: "tool", tool_call_id, content}`; `content` is one text (Chat takes
//!   text parts only, and many gateways only a string): images, audio and binary resources
//!   become a note saying they were left out.
//! - OpenAI Responses: `{type: "function_call_output", call_id, output}`; `output` is the
//!   text when there is only text, else a list of `input_text` / `input_image` (data URL) /
//!   `input_file` (`filename`, data URL).
//! - Anthropic: `{type: "tool_result", tool_use_id, content: [...], is_error?}` with `text`,
//!   `image` (jpeg, png, gif, webp) and `document` blocks (PDF as base64, text resources as
//!   text); audio and other binaries become a note.
//! - Gemini: the `Part` `{functionResponse: {id?, name, response: {output} | {error},
//!   parts?}}`, images and PDFs as `parts[].inlineData` (multimodal function responses,
//!   Gemini 3 and later).
//!
//! `isError` is carried natively by Anthropic (`is_error`) and Gemini (`error`); OpenAI's
//! shapes get a text marked `[tool error]` first. A protocol error, a timeout or a
//! cancellation is an error result whose note tells the model the call did not complete.
//! `structuredContent` is sent as JSON text when `content` is empty. `resource_link`s are
//! shown as text (name, URI, type, description); [`links_to_read`] lists them for a host that
//! reads resources. `budget` counts the characters of the tool's texts (notes written here and
//! the wrapper are not counted); `untrusted` is put around every text the tool wrote. A
//! result with no content at all is shown as `(the tool returned no content)`. Without
//! `call_id` (or `name` for Gemini) the member is left out for the host to fill.

mod parts;
mod shapes;

use super::tree::{self, object, str_at, text};
use super::Target;
use crate::api::ApiError;
use crate::json::Value;
use alloc::vec::Vec;
use parts::Part;

/// The target's tool-result JSON for `result` (a `tools/call` response message, a
/// `CallToolResult`, `{"timeout": ms}` or `{"cancelled": reason}`). Protocol errors,
/// timeouts and cancellations are rendered as error results; only a `result` that is none of
/// these is an error.
pub fn render_result(
    target: Target,
    result: &Value,
    call_id: Option<&str>,
    name: Option<&str>,
    budget: Option<usize>,
    untrusted: Option<(&str, &str)>,
) -> Result<Value, ApiError> {
    let mut outcome = parts::read(result)?;
    if let Some(b) = budget {
        parts::apply_budget(&mut outcome.parts, b);
    }
    if let Some((before, after)) = untrusted {
        parts::wrap_untrusted(&mut outcome.parts, before, after);
    }
    if outcome.parts.is_empty() {
        outcome.parts.push(Part::Text {
            text: "(the tool returned no content)".into(),
            tool: false,
        });
    }
    Ok(match target {
        Target::OpenAiChat => shapes::chat(outcome, call_id),
        Target::OpenAiResponses => shapes::responses(outcome, call_id),
        Target::Anthropic => shapes::anthropic(outcome, call_id),
        Target::Gemini | Target::GeminiJsonSchema => shapes::gemini(outcome, call_id, name),
    })
}

/// The `resource_link`s of a result, each `{uri, name, mimeType, read, reason}`: `read` is
/// true for text and for the media the target takes (the host may `resources/read` them
/// and add them to the conversation), false for the rest.
pub fn links_to_read(target: Target, result: &Value) -> Value {
    let call = result.get("result").unwrap_or(result);
    let content = call.get("content").map(tree::items).unwrap_or_default();
    let links: Vec<Value> = content
        .iter()
        .filter(|b| str_at(b, "type") == Some("resource_link"))
        .map(|b| {
            let mime = str_at(b, "mimeType").unwrap_or("");
            let (read, reason) = shapes::takes_link(target, mime);
            object([
                ("uri", text(str_at(b, "uri").unwrap_or(""))),
                ("name", text(str_at(b, "name").unwrap_or(""))),
                (
                    "mimeType",
                    b.get("mimeType").cloned().unwrap_or(Value::Null),
                ),
                ("read", Value::Bool(read)),
                ("reason", text(reason)),
            ])
        })
        .collect();
    Value::Array(links)
}
