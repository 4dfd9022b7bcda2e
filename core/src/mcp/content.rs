//! Content blocks (text, image, audio, resource_link, embedded resource), annotations, icons.

use super::ResourceContents;
use super::{
    read_named, read_number, read_object_ordered, read_raw_object, read_uint, required, Decode,
    Encode, Extra, List, ObjectWriterExt,
};
use crate::error::{DecodeError, ErrorKind, Result};
use crate::json::writer::{
    write_display_str, write_known_str, write_raw, write_str, ObjectWriter, Sink,
};
use crate::json::{JsonStr, Number, RawJson, Reader};
use core::fmt;

/// A role in `Annotations.audience`. The set is open: an unknown role is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role<'a> {
    /// `"user"`
    User,
    /// `"assistant"`
    Assistant,
    /// Any other value, kept as sent.
    Other(JsonStr<'a>),
}

impl<'a> Decode<'a> for Role<'a> {
    fn read(r: &mut Reader<'a>) -> Result<Self> {
        let s = r.read_str("role")?;
        Ok(match s.as_str() {
            Some("user") => Role::User,
            Some("assistant") => Role::Assistant,
            _ => Role::Other(s),
        })
    }

    fn read_ordered(r: &mut Reader<'a>) -> Result<(Self, bool)> {
        Ok((Self::read(r)?, true))
    }
}

impl Encode for Role<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        match self {
            Role::User => sink.put(b"\"user\""),
            Role::Assistant => sink.put(b"\"assistant\""),
            Role::Other(s) => write_str(sink, s),
        }
    }
}

/// Hints for the client about how to use or show an object.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Annotations<'a> {
    /// Who the data is for.
    pub audience: Option<List<'a, Role<'a>>>,
    /// Importance from 0 (optional) to 1 (required).
    pub priority: Option<Number>,
    /// ISO 8601 time of last modification (2025-06-18+).
    pub last_modified: Option<JsonStr<'a>>,
    /// Unknown members.
    pub extra: Extra<'a>,
}

const ANNOTATIONS_KEYS: &[&str] = &["audience", "priority", "lastModified"];

impl<'a> Decode<'a> for Annotations<'a> {
    fn read(r: &mut Reader<'a>) -> Result<Self> {
        Ok(Self::read_ordered(r)?.0)
    }

    fn read_ordered(r: &mut Reader<'a>) -> Result<(Self, bool)> {
        let mut a = Annotations::default();
        let (_, extra, ordered) =
            read_object_ordered(r, "annotations", ANNOTATIONS_KEYS, |r, k| {
                match k {
                    "audience" => a.audience = Some(List::read(r, "audience")?),
                    "priority" => {
                        let at = r.offset();
                        let p = read_number(r, "priority")?;
                        // Schema: "minimum": 0, "maximum": 1.
                        if !(0.0..=1.0).contains(&p.as_f64()) {
                            return Err(DecodeError::new(ErrorKind::InvalidValue, at, "priority"));
                        }
                        a.priority = Some(p);
                    }
                    "lastModified" => a.last_modified = Some(r.read_str("lastModified")?),
                    _ => return Ok(false),
                }
                Ok(true)
            })?;
        a.extra = extra;
        let audience_ordered = a.audience.is_none_or(|l| l.is_ordered());
        Ok((a, ordered && audience_ordered))
    }
}

impl Encode for Annotations<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        let mut o = ObjectWriter::open(sink);
        o.enc_field(sink, "audience", &self.audience);
        o.enc_field(sink, "priority", &self.priority);
        o.str_field(sink, "lastModified", &self.last_modified);
        self.extra.write(&mut o, sink);
        o.close(sink);
    }
}

/// An icon a client may show (2025-11-25+).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Icon<'a> {
    /// URI of the image (HTTP(S) or `data:`).
    pub src: JsonStr<'a>,
    /// MIME type override.
    pub mime_type: Option<JsonStr<'a>>,
    /// Sizes such as `"48x48"` or `"any"`.
    pub sizes: Option<List<'a, JsonStr<'a>>>,
    /// `"light"` or `"dark"`.
    pub theme: Option<JsonStr<'a>>,
    /// Unknown members.
    pub extra: Extra<'a>,
}

const ICON_KEYS: &[&str] = &["src", "mimeType", "sizes", "theme"];

impl<'a> Decode<'a> for Icon<'a> {
    fn read(r: &mut Reader<'a>) -> Result<Self> {
        Ok(Self::read_ordered(r)?.0)
    }

    fn read_ordered(r: &mut Reader<'a>) -> Result<(Self, bool)> {
        let (mut src, mut mime_type, mut sizes, mut theme) = (None, None, None, None);
        let (start, extra, ordered) = read_object_ordered(r, "icon", ICON_KEYS, |r, k| {
            match k {
                "src" => src = Some(r.read_str("src")?),
                "mimeType" => mime_type = Some(r.read_str("mimeType")?),
                "sizes" => sizes = Some(List::read(r, "sizes")?),
                "theme" => {
                    let at = r.offset();
                    let t = r.read_str("theme")?;
                    if !(t.eq_str("light") || t.eq_str("dark")) {
                        return Err(DecodeError::new(ErrorKind::InvalidValue, at, "theme"));
                    }
                    theme = Some(t);
                }
                _ => return Ok(false),
            }
            Ok(true)
        })?;
        let sizes_ordered = sizes.is_none_or(|l: List<'a, JsonStr<'a>>| l.is_ordered());
        let icon = Icon {
            src: required(src, start, "src")?,
            mime_type,
            sizes,
            theme,
            extra,
        };
        Ok((icon, ordered && sizes_ordered))
    }
}

impl Encode for Icon<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        let mut o = ObjectWriter::open(sink);
        o.key(sink, "src");
        write_str(sink, &self.src);
        o.str_field(sink, "mimeType", &self.mime_type);
        o.enc_field(sink, "sizes", &self.sizes);
        o.str_field(sink, "theme", &self.theme);
        self.extra.write(&mut o, sink);
        o.close(sink);
    }
}

/// Text content.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextContent<'a> {
    /// The text.
    pub text: JsonStr<'a>,
    /// Annotations.
    pub annotations: Option<Annotations<'a>>,
    /// `_meta`.
    pub meta: Option<RawJson<'a>>,
    /// Unknown members.
    pub extra: Extra<'a>,
}

/// Image or audio content: base64 `data` with a `mimeType`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MediaContent<'a> {
    /// Base64 data.
    pub data: JsonStr<'a>,
    /// MIME type.
    pub mime_type: JsonStr<'a>,
    /// Annotations.
    pub annotations: Option<Annotations<'a>>,
    /// `_meta`.
    pub meta: Option<RawJson<'a>>,
    /// Unknown members.
    pub extra: Extra<'a>,
}

/// Image content (`"type": "image"`).
pub type ImageContent<'a> = MediaContent<'a>;
/// Audio content (`"type": "audio"`).
pub type AudioContent<'a> = MediaContent<'a>;

/// A link to a resource the server can read (2025-06-18+).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ResourceLink<'a> {
    /// The resource URI.
    pub uri: JsonStr<'a>,
    /// Programmatic name.
    pub name: JsonStr<'a>,
    /// Display title.
    pub title: Option<JsonStr<'a>>,
    /// Description.
    pub description: Option<JsonStr<'a>>,
    /// MIME type.
    pub mime_type: Option<JsonStr<'a>>,
    /// Size in bytes.
    pub size: Option<i64>,
    /// Icons (2025-11-25+).
    pub icons: Option<List<'a, Icon<'a>>>,
    /// Annotations.
    pub annotations: Option<Annotations<'a>>,
    /// `_meta`.
    pub meta: Option<RawJson<'a>>,
    /// Unknown members.
    pub extra: Extra<'a>,
}

/// A resource embedded in a result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EmbeddedResource<'a> {
    /// Its contents.
    pub resource: ResourceContents<'a>,
    /// Annotations.
    pub annotations: Option<Annotations<'a>>,
    /// `_meta`.
    pub meta: Option<RawJson<'a>>,
    /// Unknown members.
    pub extra: Extra<'a>,
}

/// One content block. The set of types is open: an unknown `type` is kept whole.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ContentBlock<'a> {
    /// `"type": "text"`
    Text(TextContent<'a>),
    /// `"type": "image"`
    Image(ImageContent<'a>),
    /// `"type": "audio"`
    Audio(AudioContent<'a>),
    /// `"type": "resource_link"`
    ResourceLink(ResourceLink<'a>),
    /// `"type": "resource"`
    Resource(EmbeddedResource<'a>),
    /// Any other type: its name and the whole block as sent.
    Other(JsonStr<'a>, RawJson<'a>),
}

/// Every member any block type knows; read in one pass, then sorted out by `type`.
const BLOCK_KEYS: &[&str] = &[
    "type",
    "text",
    "data",
    "mimeType",
    "uri",
    "name",
    "title",
    "description",
    "size",
    "icons",
    "resource",
    "annotations",
    "_meta",
];
const TEXT_KEYS: &[&str] = &["type", "text", "annotations", "_meta"];
const MEDIA_KEYS: &[&str] = &["type", "data", "mimeType", "annotations", "_meta"];
const LINK_KEYS: &[&str] = &[
    "type",
    "uri",
    "name",
    "title",
    "description",
    "mimeType",
    "size",
    "icons",
    "annotations",
    "_meta",
];
const EMBEDDED_KEYS: &[&str] = &["type", "resource", "annotations", "_meta"];
const TEXT_BITS: u16 = key_bits(TEXT_KEYS);
const MEDIA_BITS: u16 = key_bits(MEDIA_KEYS);
const LINK_BITS: u16 = key_bits(LINK_KEYS);
const EMBEDDED_BITS: u16 = key_bits(EMBEDDED_KEYS);

/// The bits of `keys` by their place in `BLOCK_KEYS` (at compile time).
const fn key_bits(keys: &[&str]) -> u16 {
    let mut bits = 0;
    let mut k = 0;
    while k < keys.len() {
        let mut i = 0;
        while i < BLOCK_KEYS.len() {
            if crate::json::const_eq(BLOCK_KEYS[i].as_bytes(), keys[k].as_bytes()) {
                bits |= 1 << i;
            }
            i += 1;
        }
        k += 1;
    }
    bits
}

#[derive(Default)]
struct BlockFields<'a> {
    kind: Option<JsonStr<'a>>,
    text: Option<JsonStr<'a>>,
    data: Option<JsonStr<'a>>,
    mime_type: Option<JsonStr<'a>>,
    uri: Option<JsonStr<'a>>,
    name: Option<JsonStr<'a>>,
    title: Option<JsonStr<'a>>,
    description: Option<JsonStr<'a>>,
    size: Option<i64>,
    icons: Option<List<'a, Icon<'a>>>,
    resource: Option<ResourceContents<'a>>,
    annotations: Option<Annotations<'a>>,
    meta: Option<RawJson<'a>>,
    present: u16,
    /// A member came out of `BLOCK_KEYS` order, or a nested value will not encode as read.
    unordered: bool,
}

impl<'a> BlockFields<'a> {
    /// Reads the member named `BLOCK_KEYS[i]`.
    fn read_field(&mut self, r: &mut Reader<'a>, i: usize) -> Result<bool> {
        match i {
            0 => self.kind = Some(r.read_str("type")?),
            1 => self.text = Some(r.read_str("text")?),
            2 => self.data = Some(r.read_str("data")?),
            3 => self.mime_type = Some(r.read_str("mimeType")?),
            4 => self.uri = Some(r.read_str("uri")?),
            5 => self.name = Some(r.read_str("name")?),
            6 => self.title = Some(r.read_str("title")?),
            7 => self.description = Some(r.read_str("description")?),
            8 => self.size = Some(read_uint(r, "size")?),
            9 => {
                let list = List::read(r, "icons")?;
                self.icons = self.nested((list, list.is_ordered()));
            }
            10 => self.resource = self.nested(ResourceContents::read_ordered(r)?),
            11 => self.annotations = self.nested(Annotations::read_ordered(r)?),
            12 => self.meta = Some(read_raw_object(r, "_meta")?),
            _ => return Ok(false),
        }
        // Keys are unique, so a set bit at or above this one means out of order.
        self.unordered |= self.present >> i != 0;
        self.present |= 1 << i;
        Ok(true)
    }

    /// Keeps a nested value read with `read_ordered`, noting whether it was in order.
    fn nested<T>(&mut self, (value, ordered): (T, bool)) -> Option<T> {
        self.unordered |= !ordered;
        Some(value)
    }

    /// True when a member outside `known` (bits of `BLOCK_KEYS`, [`key_bits`]) was present.
    fn has_foreign(&self, known: u16) -> bool {
        self.present & !known != 0
    }
}

impl<'a> Decode<'a> for ContentBlock<'a> {
    fn read(r: &mut Reader<'a>) -> Result<Self> {
        Ok(Self::read_ordered(r)?.0)
    }

    fn read_ordered(r: &mut Reader<'a>) -> Result<(Self, bool)> {
        let mut f = BlockFields::default();
        let (start, extra) = read_named(r, "content block", BLOCK_KEYS, |r, i| f.read_field(r, i))?;
        let kind = required(f.kind, start, "type")?;
        let whole = RawJson::from_source(r.input().get(start..r.offset()).unwrap_or("{}"), false);
        let keep = |known: &'static [&'static str], bits: u16| -> Extra<'a> {
            Extra::capture(r, start, f.has_foreign(bits) || !extra.is_empty(), known)
        };
        // By value, so an escaped `"t\u0065xt"` is a text block too (and encodes as one).
        let types = ["text", "image", "audio", "resource_link", "resource"];
        let block = match kind.known(&types) {
            Some("text") => ContentBlock::Text(TextContent {
                text: required(f.text, start, "text")?,
                annotations: f.annotations,
                meta: f.meta,
                extra: keep(TEXT_KEYS, TEXT_BITS),
            }),
            Some(t @ ("image" | "audio")) => {
                let m = MediaContent {
                    data: required(f.data, start, "data")?,
                    mime_type: required(f.mime_type, start, "mimeType")?,
                    annotations: f.annotations,
                    meta: f.meta,
                    extra: keep(MEDIA_KEYS, MEDIA_BITS),
                };
                if t == "image" {
                    ContentBlock::Image(m)
                } else {
                    ContentBlock::Audio(m)
                }
            }
            Some("resource_link") => ContentBlock::ResourceLink(ResourceLink {
                uri: required(f.uri, start, "uri")?,
                name: required(f.name, start, "name")?,
                title: f.title,
                description: f.description,
                mime_type: f.mime_type,
                size: f.size,
                icons: f.icons,
                annotations: f.annotations,
                meta: f.meta,
                extra: keep(LINK_KEYS, LINK_BITS),
            }),
            Some("resource") => ContentBlock::Resource(EmbeddedResource {
                resource: required(f.resource, start, "resource")?,
                annotations: f.annotations,
                meta: f.meta,
                extra: keep(EMBEDDED_KEYS, EMBEDDED_BITS),
            }),
            _ => ContentBlock::Other(kind, whole),
        };
        Ok((block, !f.unordered && block.encodes_as_read()))
    }
}

impl ContentBlock<'_> {
    /// For a block just read in `BLOCK_KEYS` order: true when the encoder writes its members
    /// in that same order, with nothing left over for `extra`.
    fn encodes_as_read(&self) -> bool {
        let no_extra = |e: &Extra<'_>| e.raw.is_none();
        match self {
            ContentBlock::Text(t) => no_extra(&t.extra),
            ContentBlock::Image(m) | ContentBlock::Audio(m) => no_extra(&m.extra),
            // The encoder writes `mimeType` after `description`, not where BLOCK_KEYS has it.
            ContentBlock::ResourceLink(l) => no_extra(&l.extra) && l.mime_type.is_none(),
            ContentBlock::Resource(e) => no_extra(&e.extra),
            ContentBlock::Other(..) => true,
        }
    }

    /// The block's `type`.
    pub fn type_name(&self) -> &str {
        match self {
            ContentBlock::Text(_) => "text",
            ContentBlock::Image(_) => "image",
            ContentBlock::Audio(_) => "audio",
            ContentBlock::ResourceLink(_) => "resource_link",
            ContentBlock::Resource(_) => "resource",
            ContentBlock::Other(t, _) => t.as_str().unwrap_or(t.source()),
        }
    }
}

impl Encode for ContentBlock<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        if let ContentBlock::Other(_, raw) = self {
            return write_raw(sink, raw);
        }
        if let ContentBlock::Text(t) = self {
            let text = |s: &mut S| write_str(s, &t.text);
            return write_text_block(sink, text, &t.annotations, &t.meta, &t.extra);
        }
        let mut o = ObjectWriter::open(sink);
        let (meta, annotations, extra) = match self {
            ContentBlock::Other(..) | ContentBlock::Text(_) => return,
            ContentBlock::Image(m) | ContentBlock::Audio(m) => {
                o.key(sink, "type");
                write_known_str(sink, self.type_name());
                o.key(sink, "data");
                write_str(sink, &m.data);
                o.key(sink, "mimeType");
                write_str(sink, &m.mime_type);
                (m.meta, m.annotations, m.extra)
            }
            ContentBlock::ResourceLink(l) => {
                o.key(sink, "type");
                sink.put(b"\"resource_link\"");
                o.key(sink, "uri");
                write_str(sink, &l.uri);
                o.key(sink, "name");
                write_str(sink, &l.name);
                o.str_field(sink, "title", &l.title);
                o.str_field(sink, "description", &l.description);
                o.str_field(sink, "mimeType", &l.mime_type);
                o.enc_field(sink, "size", &l.size);
                o.enc_field(sink, "icons", &l.icons);
                (l.meta, l.annotations, l.extra)
            }
            ContentBlock::Resource(e) => {
                o.key(sink, "type");
                sink.put(b"\"resource\"");
                o.key(sink, "resource");
                e.resource.write(sink);
                (e.meta, e.annotations, e.extra)
            }
        };
        close_block(o, sink, &annotations, &meta, &extra);
    }
}

/// Writes the members every block ends with, and closes it.
fn close_block<S: Sink + ?Sized>(
    mut o: ObjectWriter,
    sink: &mut S,
    annotations: &Option<Annotations<'_>>,
    meta: &Option<RawJson<'_>>,
    extra: &Extra<'_>,
) {
    o.enc_field(sink, "annotations", annotations);
    o.raw_field(sink, "_meta", meta);
    extra.write(&mut o, sink);
    o.close(sink);
}

/// Writes a text block, its string written by `text`: the one writer of
/// `{"type":"text","text":…}`, for a [`ContentBlock::Text`] and for [`DisplayText`].
fn write_text_block<S: Sink + ?Sized>(
    sink: &mut S,
    text: impl FnOnce(&mut S),
    annotations: &Option<Annotations<'_>>,
    meta: &Option<RawJson<'_>>,
    extra: &Extra<'_>,
) {
    let mut o = ObjectWriter::open(sink);
    o.key(sink, "type");
    sink.put(b"\"text\"");
    o.key(sink, "text");
    text(sink);
    close_block(o, sink, annotations, meta, extra);
}

/// A content list of one text block whose text is formatted as it is written, with no
/// buffer (a tool error's message in `no_std` builds: `classify::write_failure`).
pub(crate) struct DisplayText<'d>(pub(crate) &'d dyn fmt::Display);

impl Encode for DisplayText<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        sink.put(b"[");
        let text = |s: &mut S| write_display_str(s, self.0);
        write_text_block(sink, text, &None, &None, &Extra::NONE);
        sink.put(b"]");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_type_names_its_keys_in_block_keys() {
        for (keys, bits) in [
            (TEXT_KEYS, TEXT_BITS),
            (MEDIA_KEYS, MEDIA_BITS),
            (LINK_KEYS, LINK_BITS),
            (EMBEDDED_KEYS, EMBEDDED_BITS),
        ] {
            assert_eq!(bits.count_ones() as usize, keys.len(), "{keys:?}");
            for (i, k) in BLOCK_KEYS.iter().enumerate() {
                assert_eq!(bits & (1 << i) != 0, keys.contains(k), "{k} in {keys:?}");
            }
        }
    }
}
