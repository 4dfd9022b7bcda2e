//! `_meta` of requests: the progress token and 2026-07-28's per-request protocol keys.

use super::{read_in_place, read_object, read_raw_object, Decode, Encode};
use crate::error::{ErrorKind, Result};
use crate::json::writer::{write_i64, write_raw, write_str, ObjectWriter, Sink};
use crate::json::{JsonStr, Kind, RawJson, Reader};

/// A progress token: a string or an integer, chosen by the requester.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgressToken<'a> {
    /// A string token (the empty string is a valid token).
    Str(JsonStr<'a>),
    /// An integer token (`0` is a valid token).
    Int(i64),
}

impl<'a> Decode<'a> for ProgressToken<'a> {
    fn read(r: &mut Reader<'a>) -> Result<Self> {
        match r.peek_kind()? {
            Kind::String => Ok(ProgressToken::Str(r.read_str("progressToken")?)),
            Kind::Number => {
                if let Some(v) = r.read_plain_int() {
                    return Ok(ProgressToken::Int(v));
                }
                let at = r.offset();
                let n = r.read_number("progressToken")?;
                n.as_i64()
                    .map(ProgressToken::Int)
                    .ok_or(crate::DecodeError::new(
                        ErrorKind::WrongType,
                        at,
                        "progressToken must be a string or an integer",
                    ))
            }
            _ => Err(r.wrong_type("progressToken must be a string or an integer")),
        }
    }
}

impl Encode for ProgressToken<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        match self {
            ProgressToken::Str(s) => write_str(sink, s),
            ProgressToken::Int(i) => write_i64(sink, *i),
        }
    }
}

/// The `_meta` of a request. Decoded, it keeps its raw text and re-encodes as it came (in
/// canonical form); built with [`RequestMeta::default`], it encodes its fields.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RequestMeta<'a> {
    /// `progressToken`: the requester wants `notifications/progress` for this request.
    pub progress_token: Option<ProgressToken<'a>>,
    /// `io.modelcontextprotocol/protocolVersion` (2026-07-28: required).
    pub protocol_version: Option<JsonStr<'a>>,
    /// `io.modelcontextprotocol/clientCapabilities` (2026-07-28: required).
    pub client_capabilities: Option<RawJson<'a>>,
    /// `io.modelcontextprotocol/clientInfo`.
    pub client_info: Option<RawJson<'a>>,
    /// `io.modelcontextprotocol/logLevel`.
    pub log_level: Option<JsonStr<'a>>,
    /// The whole `_meta` as decoded (other keys included); `None` when built by the caller.
    pub raw: Option<RawJson<'a>>,
}

/// The 2026-07-28 key for the protocol version in request `_meta`.
pub(super) const PROTOCOL_VERSION_KEY: &str = "io.modelcontextprotocol/protocolVersion";
/// The 2026-07-28 key for client capabilities in request `_meta`.
pub(super) const CLIENT_CAPABILITIES_KEY: &str = "io.modelcontextprotocol/clientCapabilities";
/// The 2026-07-28 key for client info in request `_meta`.
pub(super) const CLIENT_INFO_KEY: &str = "io.modelcontextprotocol/clientInfo";
/// The 2026-07-28 key for the log level in request `_meta`.
pub(super) const LOG_LEVEL_KEY: &str = "io.modelcontextprotocol/logLevel";

const META_KEYS: &[&str] = &[
    "progressToken",
    PROTOCOL_VERSION_KEY,
    CLIENT_CAPABILITIES_KEY,
    CLIENT_INFO_KEY,
    LOG_LEVEL_KEY,
];

impl<'a> RequestMeta<'a> {
    /// Reads a `_meta` into `self` (a default value), its fields written where they stay: a
    /// value returned by value would be copied on its way into the params.
    pub(crate) fn read_into(&mut self, r: &mut Reader<'a>) -> Result<()> {
        let outer = r.begin_span();
        let (start, _) = read_object(r, "_meta", META_KEYS, |r, k| {
            match k {
                "progressToken" => self.progress_token = Some(ProgressToken::read(r)?),
                PROTOCOL_VERSION_KEY => {
                    self.protocol_version = Some(r.read_str(PROTOCOL_VERSION_KEY)?)
                }
                CLIENT_CAPABILITIES_KEY => {
                    self.client_capabilities = Some(read_raw_object(r, CLIENT_CAPABILITIES_KEY)?)
                }
                CLIENT_INFO_KEY => self.client_info = Some(read_raw_object(r, CLIENT_INFO_KEY)?),
                LOG_LEVEL_KEY => self.log_level = Some(r.read_str(LOG_LEVEL_KEY)?),
                _ => return Ok(false),
            }
            Ok(true)
        })?;
        let (canonical, _) = r.end_span(outer);
        let text = r.input().get(start..r.offset()).unwrap_or("{}");
        self.raw = Some(RawJson::from_source(text, canonical));
        Ok(())
    }
}

impl<'a> Decode<'a> for RequestMeta<'a> {
    fn read(r: &mut Reader<'a>) -> Result<Self> {
        read_in_place(RequestMeta::default(), r, Self::read_into)
    }
}

impl Encode for RequestMeta<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        if let Some(raw) = &self.raw {
            return write_raw(sink, raw);
        }
        let mut o = ObjectWriter::open(sink);
        if let Some(t) = &self.progress_token {
            o.key(sink, "progressToken");
            t.write(sink);
        }
        use super::ObjectWriterExt;
        o.str_field(sink, PROTOCOL_VERSION_KEY, &self.protocol_version);
        o.raw_field(sink, CLIENT_CAPABILITIES_KEY, &self.client_capabilities);
        o.raw_field(sink, CLIENT_INFO_KEY, &self.client_info);
        o.str_field(sink, LOG_LEVEL_KEY, &self.log_level);
        o.close(sink);
    }
}
