//! The transports at the value level, for the bindings: owned frames and events, strings
//! for versions, JSON values for messages and tools (errors as [`ApiError`], like the rest of
//! the value-level surface in [`crate::api`]).

use super::http::{self, EndpointConfig, ToolHeaders};
use super::sse::{self, EventDecoder, SseItem};
use super::stdio::{self, Frame, LineFramer};
use crate::api::ApiError;
use crate::error::ErrorKind;
use crate::json::Value;
use crate::mcp::ProtocolVersion;
use crate::state::Millis;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// One frame of a stdio stream, owned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OwnedFrame {
    /// A line without its line end.
    Line(Vec<u8>),
    /// A line over the limit, skipped; its length.
    TooLong(usize),
}

fn own_frame(f: Frame<'_>) -> OwnedFrame {
    match f {
        Frame::Line(l) => OwnedFrame::Line(l.to_vec()),
        Frame::TooLong { len } => OwnedFrame::TooLong(len),
    }
}

/// A stdio line framer with a growable buffer, fed whole chunks.
pub struct Lines {
    framer: LineFramer<Vec<u8>>,
}

impl Lines {
    /// Lines up to `max_line` bytes.
    pub fn new(max_line: usize) -> Self {
        Lines {
            framer: LineFramer::with_limit(max_line),
        }
    }

    /// Every frame that ends in `chunk`.
    pub fn feed(&mut self, mut chunk: &[u8]) -> Vec<OwnedFrame> {
        let mut out = Vec::new();
        while !chunk.is_empty() {
            let (taken, frame) = self.framer.feed(chunk);
            if let Some(f) = frame {
                out.push(own_frame(f));
            }
            chunk = &chunk[taken..];
        }
        out
    }

    /// End of input: the partial last line, if any.
    pub fn finish(&mut self) -> Option<OwnedFrame> {
        self.framer.finish().map(own_frame)
    }
}

/// One message and its `\n`; a raw CR or LF in it is refused.
pub fn write_line(message: &[u8]) -> Result<Vec<u8>, ApiError> {
    let mut out = Vec::with_capacity(message.len() + 1);
    stdio::write_line(message, &mut out)?;
    Ok(out)
}

/// One SSE event, owned; text decoded from UTF-8 lossily, as WHATWG does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnedEvent {
    /// The event type (`message` when the stream gave none).
    pub event: String,
    /// The data lines joined with LF.
    pub data: String,
    /// The last event id.
    pub id: String,
    /// This event's `retry`, if any.
    pub retry: Option<u64>,
}

/// What an event stream yields, owned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OwnedSseItem {
    /// An event.
    Event(OwnedEvent),
    /// An event over the limit, skipped; its size.
    TooLong(usize),
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// An SSE decoder with a growable buffer, fed whole chunks.
pub struct Events {
    decoder: EventDecoder<Vec<u8>>,
}

impl Events {
    /// Events up to `max_event` bytes.
    pub fn new(max_event: usize) -> Self {
        Events {
            decoder: EventDecoder::with_limit(max_event),
        }
    }

    /// Every event that ends in `chunk`.
    pub fn feed(&mut self, mut chunk: &[u8]) -> Vec<OwnedSseItem> {
        let mut out = Vec::new();
        while !chunk.is_empty() {
            let (taken, item) = self.decoder.feed(chunk);
            match item {
                Some(SseItem::Event(e)) => out.push(OwnedSseItem::Event(OwnedEvent {
                    event: text(e.kind()),
                    data: text(e.data),
                    id: text(e.id),
                    retry: e.retry,
                })),
                Some(SseItem::TooLong { len }) => out.push(OwnedSseItem::TooLong(len)),
                None => {}
            }
            chunk = &chunk[taken..];
        }
        out
    }

    /// End of the stream; true when an unterminated event was dropped.
    pub fn finish(&mut self) -> bool {
        self.decoder.finish()
    }

    /// The last event id seen.
    pub fn last_event_id(&self) -> String {
        text(self.decoder.last_event_id())
    }

    /// The stream's reconnection time, if it set one.
    pub fn retry(&self) -> Option<u64> {
        self.decoder.retry()
    }
}

/// The bytes of one SSE event (`event` and `id` omitted when empty).
pub fn write_event(
    data: &str,
    event: &str,
    id: &str,
    retry: Option<u64>,
) -> Result<Vec<u8>, ApiError> {
    let mut out = Vec::new();
    let e = sse::Event {
        event: event.as_bytes(),
        data: data.as_bytes(),
        id: id.as_bytes(),
        retry,
    };
    sse::write_event(&mut out, &e)?;
    Ok(out)
}

/// The bytes of one SSE comment line.
pub fn write_comment(text: &str) -> Result<Vec<u8>, ApiError> {
    let mut out = Vec::new();
    sse::write_comment(&mut out, text.as_bytes())?;
    Ok(out)
}

fn version(v: &str) -> Result<ProtocolVersion, ApiError> {
    ProtocolVersion::parse(v).ok_or_else(|| ApiError::usage("unknown protocol version"))
}

/// The `x-mcp-header` annotations of a tool definition (its `inputSchema`'s), for the
/// `Mcp-Param-*` headers of a call.
pub fn tool_headers(tool: Option<&Value>) -> Result<Option<ToolHeaders>, ApiError> {
    let Some(t) = tool else {
        return Ok(None);
    };
    let schema = t.get("inputSchema").unwrap_or(&Value::Null);
    ToolHeaders::from_input_schema(schema)
        .map(Some)
        .map_err(|why| ApiError::new(ErrorKind::InvalidValue, &why))
}

/// The headers of a client's POST carrying `message`; `tool` is the called tool's
/// definition (for `Mcp-Param-*`).
pub fn client_request_headers(
    message: &Value,
    protocol_version: &str,
    tool: Option<&Value>,
    session_id: Option<&str>,
) -> Result<Vec<(String, String)>, ApiError> {
    let headers = tool_headers(tool)?;
    http::client_request_headers(
        message,
        version(protocol_version)?,
        headers.as_ref(),
        session_id,
    )
}

/// An [`http::HttpClient`] speaking `protocol_version`, accepting messages up to
/// `max_message` bytes (default: `Limits::DEFAULT`'s).
pub fn http_client(
    protocol_version: &str,
    max_message: Option<usize>,
) -> Result<http::HttpClient, ApiError> {
    let mut limits = crate::limits::Limits::DEFAULT;
    if let Some(n) = max_message {
        limits.max_input_bytes = n;
    }
    Ok(http::HttpClient::new(version(protocol_version)?, limits))
}

/// `{"tools": [kept...], "rejected": [{"tool", "reason"}...]}` for a list of tools.
pub fn http_tool_catalog(tools: &Value) -> Result<Value, ApiError> {
    let Value::Array(list) = tools else {
        return Err(ApiError::usage("tools must be a list"));
    };
    let (kept, rejected) = http::http_tool_catalog(list);
    let rejected = rejected
        .into_iter()
        .map(|r| {
            Value::Object(alloc::vec![
                ("tool".to_string(), Value::String(r.tool)),
                ("reason".to_string(), Value::String(r.reason)),
            ])
        })
        .collect();
    Ok(Value::Object(alloc::vec![
        ("tools".to_string(), Value::Array(kept)),
        ("rejected".to_string(), Value::Array(rejected)),
    ]))
}

/// A header value decoded from the `=?base64?…?=` form (or as is).
pub fn decode_header_value(raw: &[u8]) -> Result<String, ApiError> {
    http::decode_header_value(raw)
        .map(|c| c.into_owned())
        .map_err(|e| ApiError::new(ErrorKind::HeaderMismatch, e.as_str()))
}

/// The options of an [`http::HttpEndpoint`], from binding values.
pub struct EndpointOptions<'a> {
    /// Versions served, preferred first (default: every version).
    pub versions: Option<Vec<&'a str>>,
    /// The server's `Implementation`.
    pub server_info: &'a Value,
    /// The server's capabilities.
    pub capabilities: &'a Value,
    /// The tool definitions (a list), for the `Mcp-Param-*` checks.
    pub tools: Option<&'a Value>,
    /// Accepted `Origin` values (`*`: any).
    pub allowed_origins: Vec<String>,
    /// Idle time that ends a session, in milliseconds.
    pub session_idle_ms: Option<Millis>,
    /// The most sessions at once.
    pub max_sessions: Option<usize>,
}

/// An endpoint from binding values.
pub fn http_endpoint(o: EndpointOptions<'_>) -> Result<http::HttpEndpoint, ApiError> {
    let mut config = EndpointConfig::new(o.server_info.clone(), o.capabilities.clone());
    if let Some(list) = o.versions {
        config.versions = list.iter().map(|v| version(v)).collect::<Result<_, _>>()?;
    }
    match o.tools {
        Some(Value::Array(tools)) => config.tools = tools.clone(),
        Some(Value::Null) | None => {}
        Some(_) => return Err(ApiError::usage("tools must be a list")),
    }
    config.allowed_origins = o.allowed_origins;
    if let Some(ms) = o.session_idle_ms {
        config.session_idle_ms = ms;
    }
    if let Some(n) = o.max_sessions {
        config.max_sessions = n;
    }
    http::HttpEndpoint::new(config)
}
