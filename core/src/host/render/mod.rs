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
        outcome.parts = parts::apply_budget(core::mem::take(&mut outcome.parts), b);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Limits;

    fn v(s: &str) -> Value {
        Value::parse(s.as_bytes(), Limits::DEFAULT).unwrap()
    }

    #[test]
    fn budget_cuts_the_tool_text_and_says_so_outside_the_wrapper() {
        let r =
            v(r#"{"content":[{"type":"text","text":"abcdefghij"},{"type":"text","text":"klm"}]}"#);
        let out = render_result(
            Target::Anthropic,
            &r,
            Some("t1"),
            None,
            Some(4),
            Some(("<u>", "</u>")),
        )
        .unwrap();
        let texts: Vec<&str> = tree::items(out.get("content").unwrap())
            .iter()
            .map(|b| str_at(b, "text").unwrap())
            .collect();
        assert_eq!(texts[0], "<u>abcd</u>");
        assert_eq!(
            texts[1],
            "[truncated: 6 of 10 characters cut to keep the result within 4 characters]"
        );
        assert!(
            texts[2].starts_with("[3 characters of tool output cut"),
            "{}",
            texts[2]
        );
        assert_eq!(str_at(&out, "tool_use_id"), Some("t1"));
    }

    #[test]
    fn errors_timeouts_and_cancellations_are_error_results_not_errors() {
        for (r, has) in [
            (
                r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"nope"}}"#,
                "nope",
            ),
            (r#"{"timeout":5000}"#, "timed out after 5000 ms"),
            (r#"{"cancelled":"user"}"#, "cancelled: user"),
            (
                r#"{"content":[{"type":"text","text":"bad"}],"isError":true}"#,
                "bad",
            ),
        ] {
            let a = render_result(Target::Anthropic, &v(r), None, None, None, None).unwrap();
            assert_eq!(a.get("is_error"), Some(&Value::Bool(true)), "{r}");
            let g = render_result(Target::Gemini, &v(r), None, Some("f"), None, None).unwrap();
            let resp = g
                .get("functionResponse")
                .and_then(|f| f.get("response"))
                .unwrap();
            assert!(str_at(resp, "error").unwrap().contains(has), "{r}");
            let c = render_result(Target::OpenAiChat, &v(r), None, None, None, None).unwrap();
            assert!(
                str_at(&c, "content").unwrap().starts_with("[tool error]\n"),
                "{r}"
            );
            assert!(str_at(&c, "content").unwrap().contains(has), "{r}");
        }
        assert!(render_result(Target::Anthropic, &v("[1]"), None, None, None, None).is_err());
        assert!(render_result(
            Target::Anthropic,
            &v(r#"{"content":3}"#),
            None,
            None,
            None,
            None
        )
        .is_err());
    }

    #[test]
    fn links_say_whether_to_read() {
        let r = v(
            r#"{"content":[{"type":"resource_link","uri":"file:///a.png","name":"a","mimeType":"image/png"},{"type":"resource_link","uri":"file:///b.txt","name":"b","mimeType":"text/plain"}]}"#,
        );
        let chat = links_to_read(Target::OpenAiChat, &r);
        let reads: Vec<bool> = tree::items(&chat)
            .iter()
            .map(|l| tree::bool_at(l, "read").unwrap())
            .collect();
        assert_eq!(reads, [false, true]);
        let claude = links_to_read(Target::Anthropic, &r);
        assert_eq!(tree::bool_at(&tree::items(&claude)[0], "read"), Some(true));
    }
}
