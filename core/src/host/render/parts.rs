//! A tool call's outcome read into parts: the tool's texts and media, in order, with the
//! size budget applied and the untrusted-data wrapper put around every text the tool wrote.

use crate::api::ApiError;
use crate::error::ErrorKind;
use crate::host::tree::{self, json_text, str_at};
use crate::json::Value;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// One piece of what the model is shown.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Part {
    /// Text. `tool` when the tool wrote it (it gets the budget and the wrapper), else a
    /// note written here.
    Text { text: String, tool: bool },
    /// Base64 media (`image` or `audio` blocks, `resource` blobs).
    Media {
        kind: MediaKind,
        mime: String,
        data: String,
        uri: Option<String>,
    },
    /// An embedded text resource.
    Document {
        uri: String,
        mime: Option<String>,
        text: String,
    },
}

/// Where a media part came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MediaKind {
    Image,
    Audio,
    Blob,
}

/// What happened to the call.
pub(crate) struct Outcome {
    pub parts: Vec<Part>,
    pub is_error: bool,
}

fn note(text: String) -> Part {
    Part::Text { text, tool: false }
}

fn tool_text(text: String) -> Part {
    Part::Text { text, tool: true }
}

/// Reads a `tools/call` response message, a `CallToolResult`, `{"timeout": ms}` or
/// `{"cancelled": reason}`.
pub(crate) fn read(result: &Value) -> Result<Outcome, ApiError> {
    if !matches!(result, Value::Object(_)) {
        return Err(ApiError::new(ErrorKind::WrongType, "a result is an object"));
    }
    if let Some(err) = result
        .get("error")
        .filter(|_| result.get("jsonrpc").is_some() || result.get("id").is_some())
    {
        let code = match err.get("code") {
            Some(Value::Number(n)) => n.clone(),
            _ => "?".into(),
        };
        let message = str_at(err, "message").unwrap_or("(no message)");
        return Ok(Outcome {
            parts: alloc::vec![
                note(format!("The tool call failed: the server answered with a protocol error ({code}). Its message:")),
                tool_text(message.into()),
            ],
            is_error: true,
        });
    }
    if let Some(ms) = result.get("timeout") {
        let ms = match ms {
            Value::Number(n) => format!(" after {n} ms"),
            _ => String::new(),
        };
        return Ok(Outcome {
            parts: alloc::vec![note(format!("The tool call timed out{ms} and was given up; it may still have run on the server. Do not assume it succeeded."))],
            is_error: true,
        });
    }
    if let Some(reason) = result.get("cancelled") {
        let why = match reason {
            Value::String(s) if !s.is_empty() => format!(": {s}"),
            _ => String::new(),
        };
        return Ok(Outcome {
            parts: alloc::vec![note(format!(
                "The tool call was cancelled{why}. It may have partly run on the server."
            ))],
            is_error: true,
        });
    }
    let call = match result.get("result") {
        Some(r @ Value::Object(_))
            if result.get("jsonrpc").is_some() || result.get("id").is_some() =>
        {
            r
        }
        _ => result,
    };
    call_tool_result(call)
}

fn call_tool_result(r: &Value) -> Result<Outcome, ApiError> {
    let content = match r.get("content") {
        Some(Value::Array(c)) => c.as_slice(),
        None => &[],
        Some(_) => {
            return Err(ApiError::new(
                ErrorKind::WrongType,
                "`content` must be an array",
            ))
        }
    };
    if content.is_empty() && r.get("structuredContent").is_none() && r.get("content").is_none() {
        return Err(ApiError::new(
            ErrorKind::MissingField,
            "a CallToolResult has `content`",
        ));
    }
    let mut parts: Vec<Part> = content.iter().map(block).collect();
    if parts.is_empty() {
        if let Some(s) = r.get("structuredContent") {
            parts.push(tool_text(json_text(s)));
        }
    }
    Ok(Outcome {
        parts,
        is_error: tree::bool_at(r, "isError") == Some(true),
    })
}

fn block(b: &Value) -> Part {
    let s = |k: &str| str_at(b, k).unwrap_or("").into();
    match str_at(b, "type") {
        Some("text") => tool_text(s("text")),
        Some(kind @ ("image" | "audio")) => Part::Media {
            kind: if kind == "image" {
                MediaKind::Image
            } else {
                MediaKind::Audio
            },
            mime: s("mimeType"),
            data: s("data"),
            uri: None,
        },
        Some("resource_link") => {
            let mut t = format!("Resource link: {} <{}>", s("name"), s("uri"));
            if let Some(m) = str_at(b, "mimeType") {
                t.push_str(&format!(" ({m})"));
            }
            if let Some(d) = str_at(b, "description") {
                t.push_str(&format!(": {d}"));
            }
            tool_text(t)
        }
        Some("resource") => {
            let r = b.get("resource").unwrap_or(&Value::Null);
            let uri: String = str_at(r, "uri").unwrap_or("").into();
            let mime = str_at(r, "mimeType").map(String::from);
            match (str_at(r, "text"), str_at(r, "blob")) {
                (Some(text), _) => Part::Document {
                    uri,
                    mime,
                    text: text.into(),
                },
                (None, Some(blob)) => Part::Media {
                    kind: MediaKind::Blob,
                    mime: mime.unwrap_or_else(|| "application/octet-stream".into()),
                    data: blob.into(),
                    uri: Some(uri),
                },
                _ => tool_text(json_text(b)),
            }
        }
        // An unknown block kind is kept: the model sees its JSON.
        _ => tool_text(json_text(b)),
    }
}

/// Cuts the tool's texts to `budget` characters in all; a note after each cut text says
/// what was cut (notes are not the tool's text: they get no wrapper).
pub(crate) fn apply_budget(parts: Vec<Part>, budget: usize) -> Vec<Part> {
    let mut left = budget;
    let mut out = Vec::with_capacity(parts.len() + 1);
    for mut p in parts {
        let text = match &mut p {
            Part::Text { text, tool: true } => text,
            Part::Document { text, .. } => text,
            _ => {
                out.push(p);
                continue;
            }
        };
        let n = text.chars().count();
        if n <= left {
            left -= n;
            out.push(p);
            continue;
        }
        let cut = n - left;
        if left == 0 {
            out.push(note(format!(
                "[{cut} characters of tool output cut: the result's budget of {budget} characters is used up]"
            )));
            continue;
        }
        *text = text.chars().take(left).collect();
        left = 0;
        out.push(p);
        out.push(note(format!(
            "[truncated: {cut} of {n} characters cut to keep the result within {budget} characters]"
        )));
    }
    out
}

/// Puts `before` and `after` around every text the tool wrote.
pub(crate) fn wrap_untrusted(parts: &mut [Part], before: &str, after: &str) {
    for p in parts.iter_mut() {
        if let Part::Text { text, tool: true } | Part::Document { text, .. } = p {
            *text = format!("{before}{text}{after}");
        }
    }
}
