//! Typed, zero-copy views of MCP's tool-related messages (2025-06-18, 2025-11-25, 2026-07-28).
//!
//! Each view decodes the union of the three versions' fields; [`ProtocolVersion`] checks say
//! what one version requires. Unknown members are kept (in an [`Extra`]) and re-encoded after
//! the known ones, so a proxy built on mcpwire never drops a field a newer peer sent.

/// Declares the members of one type, beside it: a list `$list` (what its reader matches and
/// [`Extra`] leaves out) and a module `$m` with one constant per name (what its encoder and
/// its reader's error details name).
macro_rules! members {
    ($(#[$doc:meta])* $list:ident, $m:ident { $($name:ident = $text:literal),* $(,)? }) => {
        $(#[$doc])*
        pub(crate) const $list: &[&str] = &[$($m::$name),*];
        #[doc = concat!("The names in [`", stringify!($list), "`].")]
        pub(crate) mod $m {
            $(pub(crate) const $name: &str = $text;)*
        }
    };
}

mod content;
mod lifecycle;
mod message;
mod meta;
mod notifications;
mod resource;
mod result;
mod tools;
mod version;

pub(crate) use content::DisplayText;
pub use content::{
    Annotations, AudioContent, ContentBlock, EmbeddedResource, Icon, ImageContent, MediaContent,
    ResourceLink, Role, TextContent,
};
pub use lifecycle::{DiscoverResult, InitializeRequestParams, InitializeResult, ToolsCapability};
pub use message::{McpMessage, MessageType, Method};
pub use meta::{ProgressToken, RequestMeta};
pub use notifications::{CancelledNotificationParams, ProgressNotificationParams};
pub use resource::{BlobResourceContents, ResourceContents, TextResourceContents};
pub use tools::{
    CacheScope, CallToolRequestParams, CallToolResult, InputRequiredResult, ListToolsRequestParams,
    ListToolsResult, ResultType, Tool, ToolAnnotations,
};
pub use version::ProtocolVersion;

use crate::error::{DecodeError, ErrorKind, Result};
use crate::json::reader::{MemberKey, ObjectState};
use crate::json::writer::{write_raw, write_str, ObjectWriter, Sink};
use crate::json::{JsonStr, Kind, Number, RawJson, Reader};
use crate::limits::Limits;
use core::marker::PhantomData;

/// A typed view that reads itself from a [`Reader`].
pub trait Decode<'a>: Sized {
    /// Reads one value.
    fn read(r: &mut Reader<'a>) -> Result<Self>;

    /// Reads one value and says whether its encoder writes the canonical form of the text it
    /// was read from (known members in the encoder's order, no unknown ones, no number the
    /// encoder would write differently). [`List`] writes whole arrays of such items with
    /// `write_raw`, which copies canonical text as it stands. The default answers false.
    #[doc(hidden)]
    fn read_ordered(r: &mut Reader<'a>) -> Result<(Self, bool)> {
        Ok((Self::read(r)?, false))
    }

    /// Decodes a whole document (for example a raw `params` or `result` slice). Offsets in
    /// errors are relative to `raw`.
    fn decode_raw(raw: &RawJson<'a>) -> Result<Self> {
        let mut r = Reader::from_str(raw.as_str(), Limits::UNBOUNDED);
        let v = Self::read(&mut r)?;
        r.finish()?;
        Ok(v)
    }
}

/// A typed view that writes itself in canonical form.
pub trait Encode {
    /// Writes the value.
    fn write<S: Sink + ?Sized>(&self, sink: &mut S);

    /// A guess of the encoded size in bytes (0: small or unknown), so that
    /// [`encode_to_vec`](crate::encode_to_vec) can allocate once for a large message.
    fn size_hint(&self) -> usize {
        0
    }
}

/// Unknown members of an object, kept so that re-encoding loses nothing: the object's raw
/// text and the names its type knows (members with those names are not extra).
#[derive(Clone, Copy, Debug, Default)]
pub struct Extra<'a> {
    raw: Option<RawJson<'a>>,
    known: &'static [&'static str],
}

impl<'a> Extra<'a> {
    /// No unknown members.
    pub const NONE: Extra<'static> = Extra {
        raw: None,
        known: &[],
    };

    /// Keeps the object that ends at the reader's offset and began at `start`, when it had
    /// members outside `known`.
    fn capture(
        r: &Reader<'a>,
        start: usize,
        unknown: bool,
        known: &'static [&'static str],
    ) -> Self {
        if !unknown {
            return Extra { raw: None, known };
        }
        let text = r.input().get(start..r.offset()).unwrap_or("{}");
        Extra {
            raw: Some(RawJson::from_source(text, false)),
            known,
        }
    }

    /// The unknown members, in input order.
    pub fn members(&self) -> impl Iterator<Item = (JsonStr<'a>, RawJson<'a>)> {
        let known = self.known;
        self.raw
            .into_iter()
            .flat_map(|raw| raw.members())
            .filter(move |(k, _)| !known.iter().any(|n| k.eq_str(n)))
    }

    /// True when there are no unknown members.
    pub fn is_empty(&self) -> bool {
        // (Without the raw object, no walk: content blocks ask this of every block.)
        self.raw.is_none() || self.members().next().is_none()
    }

    fn write<S: Sink + ?Sized>(&self, o: &mut ObjectWriter, sink: &mut S) {
        if self.raw.is_none() {
            return;
        }
        for (k, v) in self.members() {
            o.json_key(sink, &k);
            write_raw(sink, &v);
        }
    }
}

impl PartialEq for Extra<'_> {
    /// Equal when the unknown members are, in order.
    fn eq(&self, other: &Self) -> bool {
        self.members().eq(other.members())
    }
}

/// A JSON array of typed items: borrowed from the input and decoded lazily on iteration
/// (every item was checked at decode time), or a slice the caller built for encoding.
#[derive(Clone, Copy, Debug)]
pub enum List<'a, T> {
    /// An array from the input with its length.
    Raw(RawJson<'a>, usize, PhantomData<T>),
    /// Items given by the caller.
    Slice(&'a [T]),
}

impl<'a, T: Decode<'a> + Copy> List<'a, T> {
    /// Reads an array whose items must all decode as `T`.
    pub fn read(r: &mut Reader<'a>, detail: &'static str) -> Result<Self> {
        r.peek_kind()?;
        let start = r.offset();
        let outer = r.begin_span();
        let mut st = r.begin_array(detail)?;
        let (mut n, mut ordered) = (0, true);
        while r.next_item(&mut st)? {
            ordered &= T::read_ordered(r)?.1;
            n += 1;
        }
        let state = r.end_span(outer);
        let text = r.input().get(start..r.offset()).unwrap_or("[]");
        let raw = RawJson::from_typed(text, state, ordered);
        Ok(List::Raw(raw, n, PhantomData))
    }

    /// The length of the source text, for a list read from input (0 for a slice).
    pub(crate) fn source_len(&self) -> usize {
        match self {
            List::Raw(raw, ..) => raw.as_str().len(),
            List::Slice(_) => 0,
        }
    }

    /// True when this list was read from input whose canonical form is its encoding.
    pub(crate) fn is_ordered(&self) -> bool {
        matches!(self, List::Raw(raw, ..) if raw.is_ordered())
    }

    /// The number of items.
    pub fn len(&self) -> usize {
        match self {
            List::Raw(_, n, _) => *n,
            List::Slice(s) => s.len(),
        }
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The items.
    pub fn iter(&self) -> ListIter<'a, T> {
        match self {
            List::Raw(raw, _, _) => {
                // Checked when the list was read: duplicate keys need no second look.
                let mut r = Reader::trusted(raw.as_str(), Limits::UNBOUNDED);
                let st = r.begin_array("").ok();
                ListIter::Raw(r, st)
            }
            List::Slice(s) => ListIter::Slice(s.iter()),
        }
    }

    /// The item at `index`.
    pub fn get(&self, index: usize) -> Option<T> {
        self.iter().nth(index)
    }
}

impl<'a, T: Decode<'a> + Copy + PartialEq> PartialEq for List<'a, T> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

/// Iterator over a [`List`].
// The reader variant is large (its inline key stack) but lives on the stack for one loop.
#[allow(clippy::large_enum_variant)]
pub enum ListIter<'a, T> {
    #[doc(hidden)]
    Raw(Reader<'a>, Option<crate::json::reader::ArrayState>),
    #[doc(hidden)]
    Slice(core::slice::Iter<'a, T>),
}

impl<'a, T: Decode<'a> + Copy> Iterator for ListIter<'a, T> {
    type Item = T;
    fn next(&mut self) -> Option<T> {
        match self {
            // Items were validated when the list was read; an error only ends iteration.
            ListIter::Raw(r, st) => match r.next_item(st.as_mut()?) {
                Ok(true) => T::read(r).ok(),
                _ => None,
            },
            ListIter::Slice(it) => it.next().copied(),
        }
    }
}

impl<'a, T: Decode<'a> + Encode + Copy> Encode for List<'a, T> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        if let List::Raw(raw, ..) = self {
            if raw.is_ordered() {
                return write_raw(sink, raw);
            }
        }
        sink.put(b"[");
        for (i, item) in self.iter().enumerate() {
            if i > 0 {
                sink.put(b",");
            }
            item.write(sink);
        }
        sink.put(b"]");
    }
}

impl<'a> Decode<'a> for JsonStr<'a> {
    fn read(r: &mut Reader<'a>) -> Result<Self> {
        r.read_str("a string")
    }

    fn read_ordered(r: &mut Reader<'a>) -> Result<(Self, bool)> {
        Ok((Self::read(r)?, true))
    }
}

impl Encode for JsonStr<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        write_str(sink, self)
    }
}

/// Reads the members of one object. `on_key` handles a known key (reading its value) and
/// returns false for an unknown one, which is skipped and remembered.
pub(crate) fn read_object<'a>(
    r: &mut Reader<'a>,
    detail: &'static str,
    known: &'static [&'static str],
    mut on_key: impl FnMut(&mut Reader<'a>, &'a str) -> Result<bool>,
) -> Result<(usize, Extra<'a>)> {
    read_named(r, detail, known, |r, i| {
        on_key(r, known.get(i).copied().unwrap_or_default())
    })
}

/// [`read_object`] with the index of the name in `known` given to `on_key`.
pub(crate) fn read_named<'a>(
    r: &mut Reader<'a>,
    detail: &'static str,
    known: &'static [&'static str],
    mut on_key: impl FnMut(&mut Reader<'a>, usize) -> Result<bool>,
) -> Result<(usize, Extra<'a>)> {
    r.peek_kind()?;
    let start = r.offset();
    let mut st: ObjectState = r.begin_object(detail)?;
    let mut unknown = false;
    while let Some(key) = r.next_key_in(&mut st, known)? {
        let handled = match key {
            MemberKey::Named(i) => on_key(r, i)?,
            MemberKey::Other(_) => false,
        };
        if !handled {
            unknown = true;
            r.skip_value()?;
        }
    }
    Ok((start, Extra::capture(r, start, unknown, known)))
}

/// [`read_object`], also saying whether the members were only known ones that `on_key`
/// handled, in the order of `known` (which must be the order the type's encoder writes
/// them).
pub(crate) fn read_object_ordered<'a>(
    r: &mut Reader<'a>,
    detail: &'static str,
    known: &'static [&'static str],
    mut on_key: impl FnMut(&mut Reader<'a>, &'a str) -> Result<bool>,
) -> Result<(usize, Extra<'a>, bool)> {
    read_named_ordered(r, detail, known, |r, rank| {
        on_key(r, known.get(rank).copied().unwrap_or_default())
    })
}

/// [`read_object_ordered`] handing `on_key` the index of the name in `known` (declared with
/// `member_names!`), for the objects of long lists: a `match` on the name compares strings.
pub(crate) fn read_named_ordered<'a>(
    r: &mut Reader<'a>,
    detail: &'static str,
    known: &'static [&'static str],
    mut on_key: impl FnMut(&mut Reader<'a>, usize) -> Result<bool>,
) -> Result<(usize, Extra<'a>, bool)> {
    let (mut next, mut ordered) = (0, true);
    let (start, extra) = read_named(r, detail, known, |r, rank| {
        let handled = on_key(r, rank)?;
        if handled {
            ordered &= rank >= next;
            next = rank + 1;
        }
        Ok(handled)
    })?;
    let ordered = ordered && extra.raw.is_none();
    Ok((start, extra, ordered))
}

/// The error for a required field that is absent from the object at `start`.
pub(crate) fn missing(start: usize, field: &'static str) -> DecodeError {
    DecodeError::new(ErrorKind::MissingField, start, field)
}

/// `value` after `read_into` filled it: `Decode::read` of a type that is read in place.
pub(crate) fn read_in_place<'a, T>(
    mut value: T,
    r: &mut Reader<'a>,
    read_into: fn(&mut T, &mut Reader<'a>) -> Result<()>,
) -> Result<T> {
    read_into(&mut value, r)?;
    Ok(value)
}

/// Unwraps a required field.
pub(crate) fn required<T>(v: Option<T>, start: usize, field: &'static str) -> Result<T> {
    v.ok_or_else(|| missing(start, field))
}

/// Reads a raw value that must be an object.
pub(crate) fn read_raw_object<'a>(r: &mut Reader<'a>, field: &'static str) -> Result<RawJson<'a>> {
    if r.peek_kind()? != Kind::Object {
        return Err(r.wrong_type(field));
    }
    r.skip_value()
}

/// Reads a number field, keeping integer vs. fraction.
pub(crate) fn read_number<'a>(r: &mut Reader<'a>, field: &'static str) -> Result<Number> {
    let at = r.offset();
    let n = r.read_number(field)?;
    n.to_number()
        .ok_or(DecodeError::new(ErrorKind::NumberOutOfRange, at, field))
}

/// Reads a non-negative integer field.
pub(crate) fn read_uint<'a>(r: &mut Reader<'a>, field: &'static str) -> Result<i64> {
    r.peek_kind()?;
    let at = r.offset();
    let n = r.read_number(field)?;
    match n.as_i64() {
        Some(v) if v >= 0 => Ok(v),
        Some(_) => Err(DecodeError::new(ErrorKind::InvalidValue, at, field)),
        None if n.is_integer() => Err(DecodeError::new(ErrorKind::NumberOutOfRange, at, field)),
        None => Err(DecodeError::new(ErrorKind::WrongType, at, field)),
    }
}

/// Small helpers for hand-written encoders.
pub(crate) trait ObjectWriterExt {
    fn str_field<S: Sink + ?Sized>(&mut self, sink: &mut S, key: &str, v: &Option<JsonStr<'_>>);
    fn raw_field<S: Sink + ?Sized>(&mut self, sink: &mut S, key: &str, v: &Option<RawJson<'_>>);
    fn bool_field<S: Sink + ?Sized>(&mut self, sink: &mut S, key: &str, v: Option<bool>);
    fn enc_field<S: Sink + ?Sized, T: Encode>(&mut self, sink: &mut S, key: &str, v: &Option<T>);
}

impl ObjectWriterExt for ObjectWriter {
    #[inline]
    fn str_field<S: Sink + ?Sized>(&mut self, sink: &mut S, key: &str, v: &Option<JsonStr<'_>>) {
        if let Some(v) = v {
            self.key(sink, key);
            write_str(sink, v);
        }
    }
    #[inline]
    fn raw_field<S: Sink + ?Sized>(&mut self, sink: &mut S, key: &str, v: &Option<RawJson<'_>>) {
        if let Some(v) = v {
            self.key(sink, key);
            write_raw(sink, v);
        }
    }
    #[inline]
    fn bool_field<S: Sink + ?Sized>(&mut self, sink: &mut S, key: &str, v: Option<bool>) {
        if let Some(v) = v {
            self.key(sink, key);
            sink.put(if v { b"true" } else { b"false" });
        }
    }
    #[inline]
    fn enc_field<S: Sink + ?Sized, T: Encode>(&mut self, sink: &mut S, key: &str, v: &Option<T>) {
        if let Some(v) = v {
            self.key(sink, key);
            v.write(sink);
        }
    }
}

impl Encode for Number {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        crate::json::writer::write_number(sink, *self)
    }
}

impl Encode for i64 {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        crate::json::writer::write_i64(sink, *self)
    }
}
