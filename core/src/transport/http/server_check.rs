//! The 2026-07-28 server's check of a POST: media types, the request metadata headers
//! against the body, and the error answers (`400` + `HeaderMismatch` -32020, `400` +
//! `UnsupportedProtocolVersionError`, `405`, `406`, `415`).

use super::client_headers::{body_version, name_of, NAMED_METHODS};
use super::reply::HttpReply;
use super::value_encoding::{decode_header_value, is_field_value};
use super::x_mcp_header::{integer_of, ToolHeaders};
use super::{find_header, HeaderError, Headers};
use crate::classify::{recover_id, write_decode_failure, write_failure, write_failure_with_data};
use crate::error::ErrorKind;
use crate::json::writer::{write_plain_str, Sink};
use crate::json::Value;
use crate::jsonrpc::{Message, MessageKind};
use crate::limits::Limits;
use crate::mcp::ProtocolVersion;
use crate::state::Versions;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// A POST that passed the check: the message to hand to the server session.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckedPost {
    /// The body as a value.
    pub message: Value,
    /// Request or notification.
    pub kind: MessageKind,
    /// The protocol version the headers (and body) name.
    pub version: ProtocolVersion,
}

/// A `HeaderMismatch` answer: `400 Bad Request` with the -32020 error (the page: servers
/// "**MUST** return HTTP status `400 Bad Request` and **MUST** include a JSON-RPC error
/// response using the following error code: -32020").
pub fn header_mismatch(body: &[u8], message: &str) -> HttpReply {
    let mut out = Vec::new();
    let id = recover_id(body);
    write_failure(
        &mut out,
        id.as_ref(),
        ErrorKind::HeaderMismatch,
        &format_args!("Header mismatch: {message}"),
        ProtocolVersion::LATEST,
    );
    HttpReply::json(400, out)
}

/// The `400` + `UnsupportedProtocolVersionError` answer, listing `supported` and what was
/// `requested`.
pub fn unsupported_version(body: &[u8], requested: &str, supported: &Versions) -> HttpReply {
    let mut out = Vec::new();
    let id = recover_id(body);
    let write_supported = |s: &mut dyn Sink| {
        s.put(b"[");
        for (i, v) in supported.as_slice().iter().enumerate() {
            if i > 0 {
                s.put(b",");
            }
            write_plain_str(s, v.as_str());
        }
        s.put(b"]");
    };
    let write_requested = |s: &mut dyn Sink| write_plain_str(s, requested);
    write_failure_with_data(
        &mut out,
        id.as_ref(),
        ErrorKind::UnsupportedProtocolVersion,
        &"Unsupported protocol version",
        ProtocolVersion::LATEST,
        &[
            ("supported", &write_supported),
            ("requested", &write_requested),
        ],
    );
    HttpReply::json(400, out)
}

/// Checks the media types of a POST: `Content-Type` must be `application/json` (else
/// `415 Unsupported Media Type`) and `Accept` must list both `application/json` and
/// `text/event-stream` (else `406 Not Acceptable`; the pages' "The client **MUST** include an
/// `Accept` header listing both"). `*/*` and `type/*` ranges count.
pub fn check_media_types(headers: &Headers<'_>) -> Result<(), HttpReply> {
    let content_type = find_header(headers, "content-type").ok().flatten();
    let json =
        content_type.is_some_and(|v| media_type(v).eq_ignore_ascii_case(b"application/json"));
    if !json {
        return Err(HttpReply::empty(415));
    }
    let accept = find_header(headers, "accept")
        .ok()
        .flatten()
        .unwrap_or_default();
    if !(accepts(accept, "application", "json") && accepts(accept, "text", "event-stream")) {
        return Err(HttpReply::empty(406));
    }
    Ok(())
}

/// The media type of a `Content-Type` value, without parameters.
fn media_type(value: &[u8]) -> &[u8] {
    let end = memchr::memchr(b';', value).unwrap_or(value.len());
    value[..end].trim_ascii()
}

/// True when the `Accept` value lists a range covering `kind/sub`.
pub fn accepts(accept: &[u8], kind: &str, sub: &str) -> bool {
    accept.split(|&b| b == b',').any(|range| {
        let range = media_type(range);
        let mut parts = range.splitn(2, |&b| b == b'/');
        let (k, s) = (
            parts.next().unwrap_or_default(),
            parts.next().unwrap_or_default(),
        );
        (k == b"*" && s == b"*")
            || (k.eq_ignore_ascii_case(kind.as_bytes())
                && (s == b"*" || s.eq_ignore_ascii_case(sub.as_bytes())))
    })
}

/// The whole check of a 2026-07-28 POST (after the caller chose this wire): media types,
/// the body (a request or notification, never a response), the protocol version, and the
/// request metadata headers against the body. `tool_headers` gives the annotated
/// parameters of a tool the server has, by name.
///
/// `Mcp-Session-Id` and `Last-Event-ID` are not looked at: the page says to ignore them.
pub fn check_post(
    headers: &Headers<'_>,
    body: &[u8],
    versions: &Versions,
    limits: Limits,
    tool_headers: &dyn Fn(&str) -> Option<ToolHeaders>,
) -> Result<CheckedPost, HttpReply> {
    check_media_types(headers)?;
    let kind = match Message::decode_with(body, limits) {
        Ok(m) => m.kind(),
        Err(e) => return Err(decode_failure(body, &e)),
    };
    let message = Value::parse(body, limits).map_err(|e| decode_failure(body, &e))?;
    if !matches!(kind, MessageKind::Request | MessageKind::Notification) {
        // "The client **MUST NOT** send JSON-RPC _responses_."
        let mut out = Vec::new();
        write_failure(
            &mut out,
            None,
            ErrorKind::InvalidEnvelope,
            &"a client sends requests and notifications, not responses",
            ProtocolVersion::LATEST,
        );
        return Err(HttpReply::json(400, out));
    }
    let version = check_version(headers, body, &message, versions)?;
    if kind == MessageKind::Request {
        check_method_and_name(headers, body, &message)?;
        check_params(headers, body, &message, tool_headers)?;
    }
    Ok(CheckedPost {
        message,
        kind,
        version,
    })
}

fn decode_failure(body: &[u8], e: &crate::error::DecodeError) -> HttpReply {
    let mut out = Vec::new();
    write_decode_failure(&mut out, body, e, ProtocolVersion::LATEST);
    let status = if e.kind == ErrorKind::InputTooLarge {
        413
    } else {
        400
    };
    HttpReply::json(status, out)
}

/// A single header's text, or the mismatch answer when it is repeated or not a field value.
fn header_text<'h>(
    headers: &Headers<'h>,
    name: &str,
    body: &[u8],
) -> Result<Option<&'h str>, HttpReply> {
    let value = find_header(headers, name).map_err(|HeaderError::Repeated| {
        header_mismatch(body, &format!("{} header is repeated", display_name(name)))
    })?;
    match value {
        None => Ok(None),
        Some(v) if is_field_value(v) => Ok(core::str::from_utf8(v).ok()),
        Some(_) => Err(header_mismatch(
            body,
            &format!(
                "{} header value contains invalid characters",
                display_name(name)
            ),
        )),
    }
}

fn display_name(lower: &str) -> &str {
    match lower {
        "mcp-protocol-version" => "MCP-Protocol-Version",
        "mcp-method" => "Mcp-Method",
        "mcp-name" => "Mcp-Name",
        other => other,
    }
}

fn body_str(v: Option<&Value>) -> Option<&str> {
    match v {
        Some(Value::String(s)) => Some(s),
        _ => None,
    }
}

/// "Every POST request to the MCP endpoint **MUST** include an `MCP-Protocol-Version`
/// header", which "**MUST** match the `io.modelcontextprotocol/protocolVersion` field";
/// a version the server does not implement gets `400` and `UnsupportedProtocolVersionError`.
fn check_version(
    headers: &Headers<'_>,
    body: &[u8],
    message: &Value,
    versions: &Versions,
) -> Result<ProtocolVersion, HttpReply> {
    let Some(header) = header_text(headers, "mcp-protocol-version", body)? else {
        return Err(header_mismatch(
            body,
            "required MCP-Protocol-Version header is missing",
        ));
    };
    let version = ProtocolVersion::parse(header).filter(|v| versions.contains(*v));
    let Some(version) = version else {
        return Err(unsupported_version(body, header, versions));
    };
    if message.get("id").is_none() {
        // Header requirements for notification POSTs are not defined by this revision.
        return Ok(version);
    }
    match body_str(body_version(message)) {
        Some(v) if v == header => Ok(version),
        Some(v) => Err(header_mismatch(
            body,
            &format!(
                "MCP-Protocol-Version header value '{header}' does not match body value '{v}'"
            ),
        )),
        // No body value: the request lacks a required `_meta` field, which the server session
        // refuses with -32602 ("A request missing any required field is malformed"), not a
        // mismatch.
        None => Ok(version),
    }
}

/// `Mcp-Method` (all requests) and `Mcp-Name` (`tools/call`, `resources/read`,
/// `prompts/get`): present, and equal to the body after decoding the sentinel.
fn check_method_and_name(
    headers: &Headers<'_>,
    body: &[u8],
    message: &Value,
) -> Result<(), HttpReply> {
    let method = body_str(message.get("method")).unwrap_or_default();
    match header_text(headers, "mcp-method", body)? {
        None => {
            return Err(header_mismatch(
                body,
                "required Mcp-Method header is missing",
            ))
        }
        Some(h) if h != method => {
            return Err(header_mismatch(
                body,
                &format!("Mcp-Method header value '{h}' does not match body value '{method}'"),
            ))
        }
        Some(_) => {}
    }
    let name = body_str(name_of(message));
    let raw = find_header(headers, "mcp-name")
        .map_err(|HeaderError::Repeated| header_mismatch(body, "Mcp-Name header is repeated"))?;
    match (raw, name) {
        (None, _) if NAMED_METHODS.contains(&method) => {
            Err(header_mismatch(body, "required Mcp-Name header is missing"))
        }
        (None, _) => Ok(()),
        (Some(raw), name) => {
            let decoded = decode_header_value(raw).map_err(|e| {
                header_mismatch(body, &format!("Mcp-Name header value {}", e.as_str()))
            })?;
            match name {
                Some(n) if n == decoded => Ok(()),
                Some(n) => Err(header_mismatch(
                    body,
                    &format!("Mcp-Name header value '{decoded}' does not match body value '{n}'"),
                )),
                None => Err(header_mismatch(
                    body,
                    &format!("Mcp-Name header value '{decoded}' has no params.name or params.uri in the body"),
                )),
            }
        }
    }
}

/// The `Mcp-Param-{Name}` headers of a `tools/call`, for the tool's annotated parameters:
/// "Server MUST validate header matches body"; a value in the body without its header is
/// "Non-conforming client: Server MUST reject the request"; a header whose parameter has no
/// value in the body does not match it either. Headers the tool does not annotate are
/// ignored, as the page says.
fn check_params(
    headers: &Headers<'_>,
    body: &[u8],
    message: &Value,
    tool_headers: &dyn Fn(&str) -> Option<ToolHeaders>,
) -> Result<(), HttpReply> {
    if body_str(message.get("method")) != Some("tools/call") {
        return Ok(());
    }
    let Some(tool) =
        body_str(message.get("params").and_then(|p| p.get("name"))).and_then(tool_headers)
    else {
        return Ok(());
    };
    let arguments = message.get("params").and_then(|p| p.get("arguments"));
    for p in &tool.params {
        let name = p.header_name();
        let lower = name.to_ascii_lowercase();
        let raw = find_header(headers, &lower).map_err(|HeaderError::Repeated| {
            header_mismatch(body, &format!("{name} header is repeated"))
        })?;
        let value = p.value_in(arguments);
        match (raw, value) {
            (None, None) => {}
            (None, Some(_)) => {
                return Err(header_mismatch(
                    body,
                    &format!("required {name} header is missing"),
                ))
            }
            (Some(raw), value) => {
                let decoded = decode_header_value(raw).map_err(|e| {
                    header_mismatch(body, &format!("{name} header value {}", e.as_str()))
                })?;
                if !value.is_some_and(|v| same_value(&decoded, v)) {
                    let shown = value.map(|v| String::from_utf8_lossy(&v.to_vec()).into_owned());
                    return Err(header_mismatch(
                        body,
                        &format!(
                            "{name} header value '{decoded}' does not match body value '{}'",
                            shown.as_deref().unwrap_or("(absent)")
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// A header's decoded text against a body value: strings as text, booleans as
/// `true`/`false`, integers numerically (the page: "servers **SHOULD** compare the header
/// value and the body value numerically rather than as strings (e.g., `42.0` and `42` are
/// considered equal)").
fn same_value(header: &str, body: &Value) -> bool {
    match body {
        Value::String(s) => s == header,
        Value::Bool(b) => header == if *b { "true" } else { "false" },
        Value::Number(n) => match (integer_of(header), integer_of(n)) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        },
        _ => false,
    }
}
