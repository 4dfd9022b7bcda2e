//! The headers of a client's POST, from the message it carries.

use super::value_encoding::{encode_header_value, is_field_value};
use super::x_mcp_header::ToolHeaders;
use crate::api::ApiError;
use crate::json::Value;
use crate::mcp::ProtocolVersion;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// Both media types, as the pages require: "The client **MUST** include an `Accept` header
/// listing both `application/json` and `text/event-stream`".
pub const ACCEPT: &str = "application/json, text/event-stream";

/// Methods whose requests carry `Mcp-Name` (from `params.name` or `params.uri`).
pub const NAMED_METHODS: &[&str] = &["tools/call", "resources/read", "prompts/get"];

/// The name a request's `Mcp-Name` mirrors: `params.name`, else `params.uri`.
pub fn name_of(message: &Value) -> Option<&Value> {
    let params = message.get("params")?;
    params.get("name").or_else(|| params.get("uri"))
}

/// The version a 2026-07-28 body names in `_meta`.
pub fn body_version(message: &Value) -> Option<&Value> {
    message
        .get("params")?
        .get("_meta")?
        .get("io.modelcontextprotocol/protocolVersion")
}

/// The headers of the POST that carries `message` (a request or notification as a value).
///
/// - `Content-Type: application/json` and `Accept` with both media types, always.
/// - `MCP-Protocol-Version`: the version in the body's `_meta` when it has one, else
///   `version` (the negotiated one); not on `initialize` (the 2025-11-25 page sends it on
///   the requests after it).
/// - On the 2026-07-28 wire, for a request: `Mcp-Method`, `Mcp-Name` for `tools/call`,
///   `resources/read` and `prompts/get`, and for `tools/call` the `Mcp-Param-{Name}` headers
///   of `tool` (the called tool's annotations; see [`ToolHeaders`]). Values that are not
///   plain ASCII go as `=?base64?…?=`.
/// - `Mcp-Session-Id` when `session_id` is given (the 2025-11-25 wire).
///
/// A response (to a request the server sent) carries only the first two and the session's
/// headers: it has no method.
pub fn client_request_headers(
    message: &Value,
    version: ProtocolVersion,
    tool: Option<&ToolHeaders>,
    session_id: Option<&str>,
) -> Result<Vec<(String, String)>, ApiError> {
    let mut out: Vec<(String, String)> = alloc::vec![
        ("Content-Type".into(), "application/json".into()),
        ("Accept".into(), ACCEPT.into()),
    ];
    let method = match message.get("method") {
        Some(Value::String(m)) => m.as_str(),
        None if is_response(message) => {
            out.extend(session_headers(version, session_id)?);
            return Ok(out);
        }
        _ => return Err(ApiError::usage("the message has no method")),
    };
    let wire_version = match body_version(message) {
        Some(Value::String(v)) => v.clone(),
        _ => version.as_str().to_string(),
    };
    if method != "initialize" {
        out.push(("MCP-Protocol-Version".into(), wire_version.clone()));
    }
    out.extend(session_id_header(session_id)?);
    let modern = ProtocolVersion::parse(&wire_version).is_some_and(|v| !v.has_initialize());
    let is_request = message.get("id").is_some();
    if !modern || !is_request {
        return Ok(out);
    }
    if !is_field_value(method.as_bytes()) {
        return Err(ApiError::usage("the method is not a header-safe value"));
    }
    out.push(("Mcp-Method".into(), method.into()));
    if NAMED_METHODS.contains(&method) {
        match name_of(message) {
            Some(Value::String(name)) => {
                out.push(("Mcp-Name".into(), encode_header_value(name).into_owned()))
            }
            _ => {
                return Err(ApiError::usage(
                    "the request has no params.name or params.uri",
                ))
            }
        }
    }
    if let (Some(tool), "tools/call") = (tool, method) {
        let arguments = message.get("params").and_then(|p| p.get("arguments"));
        out.extend(tool.headers_for(arguments)?);
    }
    Ok(out)
}

fn is_response(message: &Value) -> bool {
    message.get("id").is_some()
        && (message.get("result").is_some() || message.get("error").is_some())
}

/// True for a session id the 2025-11-25 page allows: "**MUST** only contain visible ASCII
/// characters (ranging from 0x21 to 0x7E)".
pub fn is_session_id(id: &[u8]) -> bool {
    !id.is_empty() && id.iter().all(|b| (0x21..=0x7e).contains(b))
}

fn session_id_header(session_id: Option<&str>) -> Result<Option<(String, String)>, ApiError> {
    match session_id {
        Some(id) if !is_session_id(id.as_bytes()) => {
            Err(ApiError::usage("a session id is visible ASCII"))
        }
        Some(id) => Ok(Some(("Mcp-Session-Id".into(), id.into()))),
        None => Ok(None),
    }
}

/// `MCP-Protocol-Version` and, when given, `Mcp-Session-Id`: the headers every request
/// after `initialize` carries on the 2025-11-25 wire (a DELETE has only these).
pub fn session_headers(
    version: ProtocolVersion,
    session_id: Option<&str>,
) -> Result<Vec<(String, String)>, ApiError> {
    let mut out = alloc::vec![("MCP-Protocol-Version".into(), version.as_str().into())];
    out.extend(session_id_header(session_id)?);
    Ok(out)
}

/// The headers of the GET that opens the server's stream, or resumes one after
/// `last_event_id`: "The client **MUST** include an `Accept` header, listing
/// `text/event-stream`", and `Last-Event-ID` "to indicate the last event ID it received".
pub fn client_stream_headers(
    version: ProtocolVersion,
    session_id: Option<&str>,
    last_event_id: Option<&str>,
) -> Result<Vec<(String, String)>, ApiError> {
    let mut out: Vec<(String, String)> = alloc::vec![("Accept".into(), "text/event-stream".into())];
    out.extend(session_headers(version, session_id)?);
    if let Some(id) = last_event_id {
        if !is_field_value(id.as_bytes()) {
            return Err(ApiError::usage("an event id is not a header-safe value"));
        }
        out.push(("Last-Event-ID".into(), id.into()));
    }
    Ok(out)
}
