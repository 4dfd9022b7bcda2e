//! Every failure mcpwire can report, and the one table that classifies it.
//!
//! An [`ErrorKind`] has a stable snake_case [`name`](ErrorKind::name) (the bindings expose it
//! verbatim) and a [`Classification`]: either a JSON-RPC error code a server answers with, or a
//! tool error (a `CallToolResult` with `isError: true` the model can read and recover from).

use core::fmt;

/// How a failure is reported on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Classification {
    /// A JSON-RPC error response with this code.
    Protocol(i64),
    /// A `CallToolResult` with `isError: true` (SEP-1303: the model sees it and can retry).
    ToolError,
    /// Not a wire failure: a local fault of the caller (for example a buffer that is too small).
    Local,
}

macro_rules! error_kinds {
    ($( $(#[$doc:meta])* $variant:ident = $name:literal => $class:expr, )*) => {
        /// The kind of a failure. Names are stable; new kinds may be added.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum ErrorKind {
            $( $(#[$doc])* $variant, )*
        }

        impl ErrorKind {
            /// Every kind, in table order.
            pub const ALL: &'static [ErrorKind] = &[$(ErrorKind::$variant,)*];

            /// The stable snake_case name, exposed verbatim by every binding.
            pub const fn name(self) -> &'static str {
                match self { $(ErrorKind::$variant => $name,)* }
            }

            /// How this failure goes on the wire (the one classification table).
            pub const fn classification(self) -> Classification {
                use Classification::*;
                match self { $(ErrorKind::$variant => $class,)* }
            }
        }
    };
}

/// JSON-RPC 2.0 and MCP error codes.
pub mod code {
    /// Invalid JSON was received.
    pub const PARSE_ERROR: i64 = -32700;
    /// The JSON sent is not a valid Request object.
    pub const INVALID_REQUEST: i64 = -32600;
    /// The method does not exist / is not available.
    pub const METHOD_NOT_FOUND: i64 = -32601;
    /// Invalid method parameter(s).
    pub const INVALID_PARAMS: i64 = -32602;
    /// Internal JSON-RPC error.
    pub const INTERNAL_ERROR: i64 = -32603;
    /// Resource not found (prose of 2025-06-18 and 2025-11-25; 2026-07-28 uses -32602).
    pub const RESOURCE_NOT_FOUND: i64 = -32002;
    /// URL elicitation required (2025-11-25).
    pub const URL_ELICITATION_REQUIRED: i64 = -32042;
    /// An HTTP header does not match the body (2026-07-28).
    pub const HEADER_MISMATCH: i64 = -32020;
    /// The request lacks a client capability the server requires (2026-07-28).
    pub const MISSING_REQUIRED_CLIENT_CAPABILITY: i64 = -32021;
    /// The server does not support the requested protocol version (2026-07-28).
    pub const UNSUPPORTED_PROTOCOL_VERSION: i64 = -32022;
}

error_kinds! {
    // ---- JSON syntax: -32700 Parse error ----
    /// The input is not UTF-8 (RFC 8259 requires it).
    InvalidUtf8 = "invalid_utf8" => Protocol(code::PARSE_ERROR),
    /// The input ends inside a value: more bytes may complete it.
    UnexpectedEnd = "unexpected_end" => Protocol(code::PARSE_ERROR),
    /// A byte that cannot start or continue a JSON token here.
    UnexpectedByte = "unexpected_byte" => Protocol(code::PARSE_ERROR),
    /// A backslash escape that JSON does not define.
    InvalidEscape = "invalid_escape" => Protocol(code::PARSE_ERROR),
    /// A `\u` escape that is a lone surrogate (not representable as Unicode text).
    LoneSurrogate = "lone_surrogate" => Protocol(code::PARSE_ERROR),
    /// An unescaped control character (U+0000..U+001F) inside a string.
    ControlCharacter = "control_character" => Protocol(code::PARSE_ERROR),
    /// A number that does not follow the JSON grammar.
    InvalidNumber = "invalid_number" => Protocol(code::PARSE_ERROR),
    /// A number too large for a double, or an integer field out of range.
    NumberOutOfRange = "number_out_of_range" => Protocol(code::PARSE_ERROR),
    /// Non-whitespace bytes after the message.
    TrailingBytes = "trailing_bytes" => Protocol(code::PARSE_ERROR),
    /// The same key twice in one object (compared after unescaping).
    DuplicateKey = "duplicate_key" => Protocol(code::PARSE_ERROR),
    /// The input is longer than `Limits::max_input_bytes`.
    InputTooLarge = "input_too_large" => Protocol(code::PARSE_ERROR),
    /// Objects and arrays nest deeper than `Limits::max_depth`.
    TooDeep = "too_deep" => Protocol(code::PARSE_ERROR),
    /// An object or array has more members than `Limits::max_members`.
    TooManyMembers = "too_many_members" => Protocol(code::PARSE_ERROR),
    /// More keys are open at once than the no-alloc key stack holds.
    TooManyOpenKeys = "too_many_open_keys" => Protocol(code::PARSE_ERROR),

    // ---- JSON-RPC envelope: -32600 Invalid Request ----
    /// The message is not a JSON object (a batch array counts here: MCP removed batching).
    NotAnObject = "not_an_object" => Protocol(code::INVALID_REQUEST),
    /// `jsonrpc` is missing or not exactly `"2.0"`.
    InvalidJsonrpcVersion = "invalid_jsonrpc_version" => Protocol(code::INVALID_REQUEST),
    /// `id` is not a string or an integer (null, fractions, booleans are refused).
    InvalidId = "invalid_id" => Protocol(code::INVALID_REQUEST),
    /// The members do not form a request, notification, response or error response.
    InvalidEnvelope = "invalid_envelope" => Protocol(code::INVALID_REQUEST),

    // ---- params / results: -32602 Invalid params ----
    /// A required field is absent.
    MissingField = "missing_field" => Protocol(code::INVALID_PARAMS),
    /// A field has the wrong JSON type.
    WrongType = "wrong_type" => Protocol(code::INVALID_PARAMS),
    /// A field has the right type but a value the spec does not allow.
    InvalidValue = "invalid_value" => Protocol(code::INVALID_PARAMS),
    /// `tools/call` names a tool the server does not have.
    UnknownTool = "unknown_tool" => Protocol(code::INVALID_PARAMS),
    /// A pagination cursor that is malformed, tampered with or stale.
    InvalidCursor = "invalid_cursor" => Protocol(code::INVALID_PARAMS),

    // ---- other protocol errors ----
    /// The method is not known, or its capability was never declared.
    MethodNotFound = "method_not_found" => Protocol(code::METHOD_NOT_FOUND),
    /// The server failed in a way that is not the tool's fault.
    InternalError = "internal_error" => Protocol(code::INTERNAL_ERROR),
    /// A Streamable HTTP header disagrees with the body (2026-07-28).
    HeaderMismatch = "header_mismatch" => Protocol(code::HEADER_MISMATCH),
    /// A client capability the server needs was not declared (2026-07-28).
    MissingRequiredClientCapability = "missing_required_client_capability"
        => Protocol(code::MISSING_REQUIRED_CLIENT_CAPABILITY),
    /// The protocol version is not supported (2026-07-28).
    UnsupportedProtocolVersion = "unsupported_protocol_version"
        => Protocol(code::UNSUPPORTED_PROTOCOL_VERSION),

    // ---- tool errors: CallToolResult with isError: true ----
    /// The arguments do not fit the tool's inputSchema (SEP-1303: the model can fix them).
    InvalidToolArguments = "invalid_tool_arguments" => ToolError,
    /// The tool ran and failed.
    ToolExecutionFailed = "tool_execution_failed" => ToolError,

    // ---- local ----
    /// The caller's output buffer is too small.
    BufferTooSmall = "buffer_too_small" => Local,
}

impl ErrorKind {
    /// The JSON-RPC code a server answers with, or `None` for tool errors and local faults.
    pub const fn code(self) -> Option<i64> {
        match self.classification() {
            Classification::Protocol(c) => Some(c),
            _ => None,
        }
    }

    /// The kind with this [`name`](Self::name).
    pub fn from_name(name: &str) -> Option<ErrorKind> {
        Self::ALL.iter().copied().find(|k| k.name() == name)
    }

    /// True when the bytes so far are a valid prefix: more input may complete the message
    /// (httparse's `Partial`).
    pub const fn is_incomplete(self) -> bool {
        matches!(self, ErrorKind::UnexpectedEnd)
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A decode failure: what went wrong, where (byte offset into the input) and, where it
/// helps, which field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecodeError {
    /// What went wrong.
    pub kind: ErrorKind,
    /// Byte offset into the input where the fault was found.
    pub offset: usize,
    /// The field or expectation involved (`"params.name"`, `"a string"`), or `""`.
    pub detail: &'static str,
}

impl DecodeError {
    /// A new error.
    pub const fn new(kind: ErrorKind, offset: usize, detail: &'static str) -> Self {
        DecodeError {
            kind,
            offset,
            detail,
        }
    }

    /// 1-based line and column (in bytes) of the offset within `input`.
    pub fn line_column(&self, input: &[u8]) -> (usize, usize) {
        let end = self.offset.min(input.len());
        let before = &input[..end];
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let col = 1 + before.iter().rev().take_while(|&&b| b != b'\n').count();
        (line, col)
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            ErrorKind::InvalidUtf8 => "input is not valid UTF-8",
            ErrorKind::UnexpectedEnd => "input ends inside a value",
            ErrorKind::UnexpectedByte => "unexpected byte",
            ErrorKind::InvalidEscape => "invalid escape sequence in string",
            ErrorKind::LoneSurrogate => "\\u escape is a lone surrogate",
            ErrorKind::ControlCharacter => "unescaped control character in string",
            ErrorKind::InvalidNumber => "malformed number",
            ErrorKind::NumberOutOfRange => "number out of range",
            ErrorKind::TrailingBytes => "trailing bytes after the message",
            ErrorKind::DuplicateKey => "duplicate key",
            ErrorKind::InputTooLarge => "input larger than the limit",
            ErrorKind::TooDeep => "nesting deeper than the limit",
            ErrorKind::TooManyMembers => "more members than the limit",
            ErrorKind::TooManyOpenKeys => "too many keys open at once for the no-alloc key stack",
            ErrorKind::NotAnObject => "message is not a JSON object",
            ErrorKind::InvalidJsonrpcVersion => "\"jsonrpc\" must be exactly \"2.0\"",
            ErrorKind::InvalidId => "id must be a string or an integer",
            ErrorKind::InvalidEnvelope => "not a JSON-RPC request, notification or response",
            ErrorKind::MissingField => "missing required field",
            ErrorKind::WrongType => "field has the wrong type",
            ErrorKind::InvalidValue => "field has a value the spec does not allow",
            ErrorKind::UnknownTool => "unknown tool",
            ErrorKind::InvalidCursor => "invalid cursor",
            ErrorKind::MethodNotFound => "method not found",
            ErrorKind::InternalError => "internal error",
            ErrorKind::HeaderMismatch => "header does not match the body",
            ErrorKind::MissingRequiredClientCapability => "missing required client capability",
            ErrorKind::UnsupportedProtocolVersion => "unsupported protocol version",
            ErrorKind::InvalidToolArguments => "invalid tool arguments",
            ErrorKind::ToolExecutionFailed => "tool execution failed",
            ErrorKind::BufferTooSmall => "buffer too small",
        };
        f.write_str(what)?;
        if !self.detail.is_empty() {
            write!(f, ": {}", self.detail)?;
        }
        write!(f, " (at byte {})", self.offset)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for DecodeError {}

/// The caller-provided buffer cannot hold the encoding; `required` bytes would.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BufferTooSmall {
    /// The number of bytes the full encoding needs.
    pub required: usize,
}

impl fmt::Display for BufferTooSmall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "buffer too small: {} bytes required", self.required)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BufferTooSmall {}

/// Shorthand for decode results.
pub type Result<T, E = DecodeError> = core::result::Result<T, E>;
