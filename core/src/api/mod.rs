//! The value-level surface every binding wraps (with `alloc`): plain JSON values in and out,
//! all rules applied here, so Python, Node and WASM only convert values and map errors.

use crate::error::{DecodeError, ErrorKind, Result};
use crate::json::{Reader, Value};
use crate::jsonrpc::RequestId;
use crate::limits::Limits;
use crate::mcp::{McpMessage, ProtocolVersion};
use crate::report::Report;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

mod elicitation;
mod failure;
mod input_required;
mod server_session;
mod session;
pub use elicitation::apply_elicitation_defaults;
pub use failure::Failure;
pub use input_required::{declared_input_requests, open_request_state, seal_request_state};
pub use server_session::{page, ServerSession};
pub use session::{ClientOptions, ClientSession};

/// A failure of a value-level call: a decode error, or a misuse (wrong argument) with the
/// kind that best names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The kind (its name and code are what bindings expose).
    pub kind: ErrorKind,
    /// Byte offset into the input, for decode errors (0 otherwise).
    pub offset: usize,
    /// A readable message.
    pub message: String,
}

impl ApiError {
    /// An error of `kind` with a message.
    pub fn new(kind: ErrorKind, message: &str) -> Self {
        ApiError {
            kind,
            offset: 0,
            message: message.to_string(),
        }
    }

    /// A wrong argument.
    pub fn usage(message: &str) -> Self {
        Self::new(ErrorKind::InvalidValue, message)
    }
}

impl From<DecodeError> for ApiError {
    fn from(e: DecodeError) -> Self {
        ApiError {
            kind: e.kind,
            offset: e.offset,
            message: e.to_string(),
        }
    }
}

/// Checks one message with every rule, building nothing (a binding that lets its engine's
/// own JSON parser build the result calls this first).
pub fn validate(input: &[u8], limits: Limits) -> Result<()> {
    McpMessage::decode_with(input, limits, None).map(|_| ())
}

/// Checks one message with every rule, then builds it with the caller's builder (a binding's
/// native objects), with no intermediate tree.
pub fn decode_build<'a, B: crate::json::Build<'a>>(
    input: &'a [u8],
    limits: Limits,
    builder: &mut B,
) -> core::result::Result<B::Node, crate::json::BuildError<B::Error>> {
    McpMessage::decode_with(input, limits, None)?;
    // Every rule held: build without looking for duplicate keys again.
    crate::json::build::build_checked(input, limits, builder)
}

/// Checks one message with every rule and returns it as a plain JSON value (what a
/// `JSON.parse` / `json.loads` of the same bytes gives for a valid message).
pub fn decode_value(input: &[u8], limits: Limits) -> Result<Value> {
    decode_build(input, limits, &mut crate::json::value::ValueBuilder).map_err(|e| match e {
        crate::json::BuildError::Decode(d) => d,
        crate::json::BuildError::Builder(never) => match never {},
    })
}

/// Checks a message given as a plain value and returns its canonical bytes (the same bytes
/// the Rust encoder writes for the decoded message).
pub fn encode_value(message: &Value, limits: Limits) -> Result<Vec<u8>> {
    let compact = message.to_vec();
    let msg = McpMessage::decode_with(&compact, limits, None)?;
    Ok(crate::encode_to_vec(&msg))
}

/// Canonical bytes of one message given as bytes.
pub fn canonicalize(input: &[u8], limits: Limits) -> Result<Vec<u8>> {
    let msg = McpMessage::decode_with(input, limits, None)?;
    Ok(crate::encode_to_vec(&msg))
}

/// The facts `mcpwire check --json` prints for one line (without `line`), as a value.
pub fn classify_value(input: &[u8], limits: Limits) -> Value {
    let mut out = Vec::new();
    Report::of(input, limits, None).write_json(&mut out, None);
    // The report writer only emits valid JSON; a failure here would be a bug, shown as Null.
    Value::parse(&out, Limits::UNBOUNDED).unwrap_or(Value::Null)
}

/// The error of a failed decode as a value: `{kind, code, offset, message}`.
pub fn error_value(e: &DecodeError) -> Value {
    let mut out = Vec::new();
    crate::report::write_error(&mut out, e);
    Value::parse(&out, Limits::UNBOUNDED).unwrap_or(Value::Null)
}

/// The wire response a server sends for a failure of `kind` on request `id` (a string or
/// integer value, or `None` when unknown): a JSON-RPC error response for protocol errors, a
/// `CallToolResult` with `isError: true` for tool errors. `kind` is an [`ErrorKind`] name.
pub fn failure_response(
    id: Option<&Value>,
    kind: &str,
    message: &str,
    version: &str,
) -> core::result::Result<Value, &'static str> {
    let kind = ErrorKind::from_name(kind).ok_or("unknown error kind")?;
    let version = ProtocolVersion::parse(version).ok_or("unknown protocol version")?;
    let id_bytes = id.map(Value::to_vec);
    let id = match &id_bytes {
        Some(bytes) => {
            let mut r = Reader::new(bytes, Limits::DEFAULT).map_err(|_| "bad id")?;
            Some(RequestId::read(&mut r, "id").map_err(|_| "id must be a string or an integer")?)
        }
        None => None,
    };
    let mut out = Vec::new();
    crate::classify::write_failure(&mut out, id.as_ref(), kind, &message, version);
    Value::parse(&out, Limits::UNBOUNDED).map_err(|_| "internal: bad failure encoding")
}
