//! The header value encoding of 2026-07-28 (`Mcp-Name`, `Mcp-Param-{Name}`): a value that is
//! not a safe plain ASCII header value travels as `=?base64?{Base64 of its UTF-8}?=`.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;

const PREFIX: &str = "=?base64?";
const SUFFIX: &str = "?=";

/// True when `value` "matches the sentinel pattern (i.e., starts with `=?base64?` and ends
/// with `?=`)".
fn looks_like_sentinel(value: &str) -> bool {
    value.len() >= PREFIX.len() + SUFFIX.len()
        && value.starts_with(PREFIX)
        && value.ends_with(SUFFIX)
}

/// RFC 9110 field-value bytes: visible ASCII (0x21-0x7E), space and horizontal tab.
pub fn is_field_value(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .all(|&b| matches!(b, 0x21..=0x7e | b' ' | b'\t'))
}

/// The header value for `value`: as is when it is plain ASCII, else the Base64 sentinel.
///
/// The page: values that "cannot be safely represented as a plain ASCII header value (e.g.,
/// it contains non-ASCII characters, control characters, or has leading/trailing
/// whitespace), clients **MUST** use Base64 encoding", and clients "**MUST** also
/// Base64-encode any plain-ASCII value that matches the sentinel pattern".
pub fn encode_header_value(value: &str) -> Cow<'_, str> {
    let edge_space = |b: Option<&u8>| matches!(b, Some(b' ' | b'\t'));
    let bytes = value.as_bytes();
    let plain = is_field_value(bytes)
        && !edge_space(bytes.first())
        && !edge_space(bytes.last())
        && !looks_like_sentinel(value);
    if plain {
        return Cow::Borrowed(value);
    }
    let mut out = String::with_capacity(PREFIX.len() + value.len() * 4 / 3 + 4 + SUFFIX.len());
    out.push_str(PREFIX);
    STANDARD.encode_string(bytes, &mut out);
    out.push_str(SUFFIX);
    Cow::Owned(out)
}

/// Why a header value is malformed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueError {
    /// A byte outside visible ASCII, space and tab.
    InvalidCharacters,
    /// The sentinel with a payload that is not canonical padded Base64.
    InvalidBase64,
    /// The sentinel with a payload that is not UTF-8.
    InvalidUtf8,
}

impl ValueError {
    /// Words for an error message.
    pub fn as_str(self) -> &'static str {
        match self {
            ValueError::InvalidCharacters => "contains invalid characters",
            ValueError::InvalidBase64 => "is not valid Base64 inside =?base64?…?=",
            ValueError::InvalidUtf8 => "decodes to bytes that are not UTF-8",
        }
    }
}

/// The value a received header carries: its text, or the decoded sentinel ("servers
/// **MUST** decode an encoded `Mcp-Name` or `Mcp-Param-{Name}` value before comparing it").
/// The markers are case-sensitive: `=?BASE64?…?=` is a plain value.
pub fn decode_header_value(raw: &[u8]) -> Result<Cow<'_, str>, ValueError> {
    if !is_field_value(raw) {
        return Err(ValueError::InvalidCharacters);
    }
    let text = core::str::from_utf8(raw).map_err(|_| ValueError::InvalidCharacters)?;
    if !looks_like_sentinel(text) {
        return Ok(Cow::Borrowed(text));
    }
    let payload = &text[PREFIX.len()..text.len() - SUFFIX.len()];
    let bytes: Vec<u8> = STANDARD
        .decode(payload)
        .map_err(|_| ValueError::InvalidBase64)?;
    String::from_utf8(bytes)
        .map(Cow::Owned)
        .map_err(|_| ValueError::InvalidUtf8)
}
