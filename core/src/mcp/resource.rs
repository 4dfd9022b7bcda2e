//! The contents of a resource embedded in a result: text or binary (base64 `blob`).

use super::{
    missing, read_object_ordered, read_raw_object, required, Decode, Encode, Extra, ObjectWriterExt,
};
use crate::error::Result;
use crate::json::writer::{write_str, ObjectWriter, Sink};
use crate::json::{JsonStr, RawJson, Reader};

/// Text contents of a resource.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextResourceContents<'a> {
    /// The resource URI.
    pub uri: JsonStr<'a>,
    /// MIME type.
    pub mime_type: Option<JsonStr<'a>>,
    /// The text.
    pub text: JsonStr<'a>,
    /// `_meta`.
    pub meta: Option<RawJson<'a>>,
    /// Unknown members.
    pub extra: Extra<'a>,
}

/// Binary contents of a resource.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BlobResourceContents<'a> {
    /// The resource URI.
    pub uri: JsonStr<'a>,
    /// MIME type.
    pub mime_type: Option<JsonStr<'a>>,
    /// Base64 data.
    pub blob: JsonStr<'a>,
    /// `_meta`.
    pub meta: Option<RawJson<'a>>,
    /// Unknown members.
    pub extra: Extra<'a>,
}

/// The contents of an embedded resource.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ResourceContents<'a> {
    /// Has `text`.
    Text(TextResourceContents<'a>),
    /// Has `blob`.
    Blob(BlobResourceContents<'a>),
}

const TEXT_RESOURCE_KEYS: &[&str] = &["uri", "mimeType", "text", "_meta"];
const BLOB_RESOURCE_KEYS: &[&str] = &["uri", "mimeType", "blob", "_meta"];
/// In the encoder's order (for `read_object_ordered`).
const RESOURCE_KEYS: &[&str] = &["_meta", "uri", "mimeType", "text", "blob"];

impl<'a> Decode<'a> for ResourceContents<'a> {
    fn read(r: &mut Reader<'a>) -> Result<Self> {
        Ok(Self::read_ordered(r)?.0)
    }

    fn read_ordered(r: &mut Reader<'a>) -> Result<(Self, bool)> {
        let (mut uri, mut mime_type, mut text, mut blob, mut meta) = (None, None, None, None, None);
        let (start, extra, ordered) = read_object_ordered(r, "resource", RESOURCE_KEYS, |r, k| {
            match k {
                "uri" => uri = Some(r.read_str("uri")?),
                "mimeType" => mime_type = Some(r.read_str("mimeType")?),
                "text" => text = Some(r.read_str("text")?),
                "blob" => blob = Some(r.read_str("blob")?),
                "_meta" => meta = Some(read_raw_object(r, "_meta")?),
                _ => return Ok(false),
            }
            Ok(true)
        })?;
        let uri = required(uri, start, "uri")?;
        // Both `text` and `blob` would leave one as an unknown member: keep it in `extra`.
        let known = if text.is_some() {
            TEXT_RESOURCE_KEYS
        } else {
            BLOB_RESOURCE_KEYS
        };
        let foreign = text.is_some() && blob.is_some();
        let extra = Extra::capture(r, start, foreign || !extra.is_empty(), known);
        let contents = match (text, blob) {
            (Some(text), _) => ResourceContents::Text(TextResourceContents {
                uri,
                mime_type,
                text,
                meta,
                extra,
            }),
            (None, Some(blob)) => ResourceContents::Blob(BlobResourceContents {
                uri,
                mime_type,
                blob,
                meta,
                extra,
            }),
            (None, None) => return Err(missing(start, "text or blob")),
        };
        Ok((contents, ordered && !foreign))
    }
}

impl Encode for ResourceContents<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        let mut o = ObjectWriter::open(sink);
        let (uri, mime, meta, extra, (key, value)) = match self {
            ResourceContents::Text(t) => (t.uri, t.mime_type, t.meta, t.extra, ("text", t.text)),
            ResourceContents::Blob(b) => (b.uri, b.mime_type, b.meta, b.extra, ("blob", b.blob)),
        };
        o.raw_field(sink, "_meta", &meta);
        o.key(sink, "uri");
        write_str(sink, &uri);
        o.str_field(sink, "mimeType", &mime);
        o.key(sink, key);
        write_str(sink, &value);
        extra.write(&mut o, sink);
        o.close(sink);
    }
}
