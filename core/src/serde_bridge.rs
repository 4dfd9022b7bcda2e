//! serde, as Rust users expect it (feature `serde`, `no_std` + `alloc`):
//!
//! - [`Serialize`] for every message view and for [`Value`]: a view serializes as its
//!   canonical encoding does (same members, same order, same values), so
//!   `serde_json::to_vec(&msg)` and [`encode_to_vec`](crate::encode_to_vec) agree;
//! - [`RawJson::deserialize`]: uninterpreted JSON (tool `arguments`, `structuredContent`,
//!   `_meta`, schemas) read straight into the caller's own `Deserialize` type, borrowing from
//!   the input where the type does, with no `serde_json::Value` in between.
//!
//! Numbers: an integer serializes as the narrowest of `i64`, `u64`, `i128`, `u128` that holds
//! it, anything else as `f64` (serde's data model has no arbitrary-precision number: an
//! integer past `u128` loses digits there, while [`encode_to_vec`](crate::encode_to_vec)
//! keeps them).

use crate::json::{Kind, RawJson, Value};
use crate::mcp::Encode;
use alloc::string::String;
use serde::ser::{Error as _, SerializeMap, SerializeSeq};
use serde::{Deserialize, Serialize, Serializer};

impl<'a> RawJson<'a> {
    /// Reads this value into `T` (borrowing strings from the input where `T` borrows and the
    /// text has no escapes). The text was already checked with every rule of the core's reader
    /// (duplicate keys, lone surrogates, limits), so only `T`'s own shape can fail here.
    pub fn deserialize<T: Deserialize<'a>>(&self) -> Result<T, serde_json::Error> {
        serde_json::from_str(self.as_str())
    }
}

impl Serialize for RawJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.kind() {
            Kind::Null => s.serialize_unit(),
            Kind::Bool => s.serialize_bool(self.as_str().starts_with('t')),
            Kind::Number => serialize_number(self.as_str(), s),
            Kind::String => match self.as_json_str() {
                Some(text) => s.serialize_str(&text.to_cow()),
                None => Err(S::Error::custom("unreadable JSON string")),
            },
            Kind::Array => {
                let mut seq = s.serialize_seq(None)?;
                for item in self.items() {
                    seq.serialize_element(&item)?;
                }
                seq.end()
            }
            Kind::Object => {
                let mut map = s.serialize_map(None)?;
                for (key, value) in self.members() {
                    map.serialize_entry(&*key.to_cow(), &value)?;
                }
                map.end()
            }
        }
    }
}

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Null => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Number(n) => serialize_number(n, s),
            Value::String(text) => s.serialize_str(text),
            Value::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Value::Object(members) => {
                let mut map = s.serialize_map(Some(members.len()))?;
                for (key, value) in members {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
        }
    }
}

/// A JSON number's text as the narrowest serde number that holds it.
fn serialize_number<S: Serializer>(text: &str, s: S) -> Result<S::Ok, S::Error> {
    let integer = !text.contains(['.', 'e', 'E']);
    if integer {
        if let Ok(v) = text.parse::<i64>() {
            return s.serialize_i64(v);
        }
        if let Ok(v) = text.parse::<u64>() {
            return s.serialize_u64(v);
        }
        if let Ok(v) = text.parse::<i128>() {
            return s.serialize_i128(v);
        }
        if let Ok(v) = text.parse::<u128>() {
            return s.serialize_u128(v);
        }
    }
    match text.parse::<f64>() {
        Ok(v) => s.serialize_f64(v),
        Err(_) => Err(S::Error::custom("unreadable JSON number")),
    }
}

/// Serializes an encodable view through its canonical encoding, so the two cannot differ.
fn serialize_encoded<T: Encode + ?Sized, S: Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    let bytes = crate::encode_to_vec(v);
    let text = String::from_utf8(bytes).map_err(|_| S::Error::custom("encoder wrote non-UTF-8"))?;
    let raw = RawJson::parse_with(&text, crate::Limits::UNBOUNDED).map_err(S::Error::custom)?;
    raw.serialize(s)
}

macro_rules! serialize_as_encoded {
    ($($ty:ty),* $(,)?) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                serialize_encoded(self, s)
            }
        }
    )*};
}

use crate::jsonrpc::Message;
use crate::mcp::{
    Annotations, CallToolRequestParams, CallToolResult, CancelledNotificationParams, ContentBlock,
    DiscoverResult, InitializeRequestParams, InitializeResult, InputRequiredResult,
    ListToolsRequestParams, ListToolsResult, McpMessage, ProgressNotificationParams, Tool,
    ToolAnnotations,
};

serialize_as_encoded!(
    McpMessage<'_>,
    Message<'_>,
    Tool<'_>,
    ToolAnnotations<'_>,
    Annotations<'_>,
    ContentBlock<'_>,
    ListToolsRequestParams<'_>,
    ListToolsResult<'_>,
    CallToolRequestParams<'_>,
    CallToolResult<'_>,
    InputRequiredResult<'_>,
    ProgressNotificationParams<'_>,
    CancelledNotificationParams<'_>,
    InitializeRequestParams<'_>,
    InitializeResult<'_>,
    DiscoverResult<'_>,
);
