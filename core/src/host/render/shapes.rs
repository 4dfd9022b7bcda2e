//! Each target's tool-result shape, from the parts.

use super::parts::{MediaKind, Outcome, Part};
use crate::host::tree::{self, object, text};
use crate::json::Value;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

const ERROR_MARK: &str = "[tool error]";

fn left_out(kind: MediaKind, mime: &str, data: &str, target: &str) -> String {
    let what = match kind {
        MediaKind::Image => "image",
        MediaKind::Audio => "audio",
        MediaKind::Blob => "binary resource",
    };
    // Base64: 4 characters for 3 bytes.
    let bytes = data.len() / 4 * 3;
    format!("[{what} ({mime}, about {bytes} bytes) left out: {target} does not take it in a tool result]")
}

fn data_url(mime: &str, data: &str) -> String {
    format!("data:{mime};base64,{data}")
}

fn anthropic_image(mime: &str) -> bool {
    matches!(
        mime,
        "image/jpeg" | "image/png" | "image/gif" | "image/webp"
    )
}

fn gemini_inline(mime: &str) -> bool {
    mime.starts_with("image/") || mime == "application/pdf"
}

/// Whether a linked resource of type `mime` is worth reading for `target`, and why.
pub(crate) fn takes_link(target: crate::host::Target, mime: &str) -> (bool, &'static str) {
    use crate::host::Target::*;
    if mime.starts_with("text/") || mime == "application/json" || mime.is_empty() {
        return (true, "text: every target takes it");
    }
    let media = match target {
        OpenAiChat => false,
        OpenAiResponses => true,
        Anthropic => anthropic_image(mime) || mime == "application/pdf",
        Gemini | GeminiJsonSchema => gemini_inline(mime),
    };
    match media {
        true => (true, "the target takes this media type in tool results"),
        false => (
            false,
            "the target does not take this media type in tool results",
        ),
    }
}

/// All parts as text (media left out with a note).
fn as_text(parts: &[Part], target: &str) -> String {
    let texts: Vec<String> = parts
        .iter()
        .map(|p| match p {
            Part::Text { text, .. } => text.clone(),
            Part::Document { uri, text, .. } => format!("Resource {uri}:\n{text}"),
            Part::Media {
                kind, mime, data, ..
            } => left_out(*kind, mime, data, target),
        })
        .collect();
    texts.join("\n")
}

fn mark_error(mut s: String, is_error: bool) -> String {
    if is_error {
        s.insert_str(0, &format!("{ERROR_MARK}\n"));
    }
    s
}

fn with_id(mut v: Value, key: &str, id: Option<&str>) -> Value {
    if let Some(id) = id {
        tree::set(&mut v, key, text(id));
    }
    v
}

/// `{role: "tool", tool_call_id, content: text}`.
pub(crate) fn chat(o: Outcome, call_id: Option<&str>) -> Value {
    let content = mark_error(as_text(&o.parts, "OpenAI Chat Completions"), o.is_error);
    let mut v = object([("role", text("tool"))]);
    v = with_id(v, "tool_call_id", call_id);
    tree::set(&mut v, "content", Value::String(content));
    v
}

/// `{type: "function_call_output", call_id, output}`.
pub(crate) fn responses(o: Outcome, call_id: Option<&str>) -> Value {
    let mut v = with_id(
        object([("type", text("function_call_output"))]),
        "call_id",
        call_id,
    );
    let text_only = o.parts.iter().all(|p| {
        !matches!(
            p,
            Part::Media {
                kind: MediaKind::Image | MediaKind::Blob,
                ..
            }
        )
    });
    if text_only {
        let s = mark_error(as_text(&o.parts, "OpenAI Responses"), o.is_error);
        tree::set(&mut v, "output", Value::String(s));
        return v;
    }
    let mut items = Vec::new();
    if o.is_error {
        items.push(object([
            ("type", text("input_text")),
            ("text", text(ERROR_MARK)),
        ]));
    }
    for p in &o.parts {
        items.push(match p {
            Part::Media {
                kind: MediaKind::Image,
                mime,
                data,
                ..
            } => object([
                ("type", text("input_image")),
                ("image_url", Value::String(data_url(mime, data))),
            ]),
            Part::Media {
                kind: MediaKind::Blob,
                mime,
                data,
                uri,
            } if mime.starts_with("image/") => {
                let _ = uri;
                object([
                    ("type", text("input_image")),
                    ("image_url", Value::String(data_url(mime, data))),
                ])
            }
            Part::Media {
                kind: MediaKind::Blob,
                mime,
                data,
                uri,
            } => object([
                ("type", text("input_file")),
                ("filename", Value::String(file_name(uri.as_deref()))),
                ("file_data", Value::String(data_url(mime, data))),
            ]),
            other => object([
                ("type", text("input_text")),
                (
                    "text",
                    Value::String(as_text(core::slice::from_ref(other), "OpenAI Responses")),
                ),
            ]),
        });
    }
    tree::set(&mut v, "output", Value::Array(items));
    v
}

fn file_name(uri: Option<&str>) -> String {
    let uri = uri.unwrap_or("");
    let last = uri.rsplit('/').next().unwrap_or("");
    if last.is_empty() {
        "resource".into()
    } else {
        last.into()
    }
}

/// `{type: "tool_result", tool_use_id, content: [...], is_error?}`.
pub(crate) fn anthropic(o: Outcome, call_id: Option<&str>) -> Value {
    let blocks: Vec<Value> = o
        .parts
        .iter()
        .map(|p| match p {
            Part::Text { text: t, .. } => object([("type", text("text")), ("text", text(t))]),
            Part::Document { uri, text: t, .. } => object([
                ("type", text("document")),
                (
                    "source",
                    object([
                        ("type", text("text")),
                        ("media_type", text("text/plain")),
                        ("data", text(t)),
                    ]),
                ),
                ("title", text(uri)),
            ]),
            Part::Media {
                kind: MediaKind::Image | MediaKind::Blob,
                mime,
                data,
                ..
            } if anthropic_image(mime) => object([
                ("type", text("image")),
                (
                    "source",
                    object([
                        ("type", text("base64")),
                        ("media_type", text(mime)),
                        ("data", text(data)),
                    ]),
                ),
            ]),
            Part::Media {
                kind: MediaKind::Blob,
                mime,
                data,
                ..
            } if mime == "application/pdf" => object([
                ("type", text("document")),
                (
                    "source",
                    object([
                        ("type", text("base64")),
                        ("media_type", text(mime)),
                        ("data", text(data)),
                    ]),
                ),
            ]),
            Part::Media {
                kind, mime, data, ..
            } => object([
                ("type", text("text")),
                (
                    "text",
                    Value::String(left_out(*kind, mime, data, "Anthropic")),
                ),
            ]),
        })
        .collect();
    let mut v = with_id(
        object([("type", text("tool_result"))]),
        "tool_use_id",
        call_id,
    );
    tree::set(&mut v, "content", Value::Array(blocks));
    if o.is_error {
        tree::set(&mut v, "is_error", Value::Bool(true));
    }
    v
}

/// `{functionResponse: {id?, name?, response: {output} | {error}, parts?}}`.
pub(crate) fn gemini(o: Outcome, call_id: Option<&str>, name: Option<&str>) -> Value {
    let mut inline = Vec::new();
    let mut rest = Vec::new();
    for p in o.parts {
        match p {
            Part::Media { mime, data, .. } if gemini_inline(&mime) => {
                rest.push(Part::Text {
                    text: format!("[{mime} attached as an inline part]"),
                    tool: false,
                });
                inline.push(object([(
                    "inlineData",
                    object([("mimeType", text(&mime)), ("data", Value::String(data))]),
                )]));
            }
            other => rest.push(other),
        }
    }
    let body = as_text(&rest, "Gemini");
    let key = if o.is_error { "error" } else { "output" };
    let mut fr = with_id(Value::Object(Vec::new()), "id", call_id);
    fr = with_id(fr, "name", name);
    tree::set(&mut fr, "response", object([(key, Value::String(body))]));
    if !inline.is_empty() {
        tree::set(&mut fr, "parts", Value::Array(inline));
    }
    object([("functionResponse", fr)])
}
