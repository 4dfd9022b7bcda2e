//! JSON the core does not interpret (arguments, schemas, structuredContent, `_meta`): checked
//! at decode time, kept as a borrowed slice, parsed only when someone asks.

use super::{JsonStr, Kind, Reader};
use crate::error::Result;
use crate::limits::Limits;
use core::fmt;

/// A well-formed JSON value borrowed from the input.
#[derive(Clone, Copy)]
pub struct RawJson<'a> {
    text: &'a str,
    /// [`CANONICAL`], [`ORDERED`] and [`ESCAPES_ONLY`] in one word (see [`JsonStr`]'s).
    flags: usize,
}

/// The text is already in canonical form.
const CANONICAL: usize = 1;
/// Set only by typed decoders (for a list's array): the typed encoding of the value is the
/// canonical form of this text (members in the encoder's order, none unknown), so the encoder
/// writes it with [`write_raw`](super::writer::write_raw) instead of re-decoding.
const ORDERED: usize = 2;
/// Only string escapes in the text may be non-canonical (no whitespace, no number the writer
/// would rewrite), so canonicalising it is rewriting those escapes in place.
const ESCAPES_ONLY: usize = 4;

impl<'a> RawJson<'a> {
    pub(crate) const fn from_source(text: &'a str, canonical: bool) -> Self {
        RawJson {
            text,
            flags: canonical as usize * CANONICAL,
        }
    }

    /// A value read by a typed decoder; `ordered` says its typed encoding is the canonical
    /// form of this text, `escapes_only` that only string escapes in it are not canonical.
    pub(crate) const fn from_typed(
        text: &'a str,
        (canonical, escapes_only): (bool, bool),
        ordered: bool,
    ) -> Self {
        RawJson {
            text,
            flags: (canonical as usize * CANONICAL)
                | (ordered as usize * ORDERED)
                | (escapes_only as usize * ESCAPES_ONLY),
        }
    }

    /// True when only string escapes in the text may be non-canonical.
    pub(crate) fn is_escapes_only(&self) -> bool {
        self.flags & ESCAPES_ONLY != 0
    }

    /// True when the typed encoding of the value this was read as is the canonical form of
    /// this text.
    pub(crate) fn is_ordered(&self) -> bool {
        self.flags & ORDERED != 0
    }

    /// Checks that `text` is exactly one JSON value (surrounding whitespace allowed).
    pub fn parse(text: &'a str) -> Result<Self> {
        Self::parse_with(text, Limits::DEFAULT)
    }

    /// [`parse`](Self::parse) with explicit limits.
    pub fn parse_with(text: &'a str, limits: Limits) -> Result<Self> {
        let mut r = Reader::from_str(text, limits);
        let raw = r.skip_value()?;
        r.finish()?;
        Ok(raw)
    }

    /// The JSON text as it appeared in the input.
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// True when the text is already in canonical form and is copied verbatim on encode.
    pub fn is_canonical(&self) -> bool {
        self.flags & CANONICAL != 0
    }

    /// The JSON type of the value.
    pub fn kind(&self) -> Kind {
        match self.text.as_bytes().first() {
            Some(b'{') => Kind::Object,
            Some(b'[') => Kind::Array,
            Some(b'"') => Kind::String,
            Some(b't' | b'f') => Kind::Bool,
            Some(b'n') => Kind::Null,
            _ => Kind::Number,
        }
    }

    /// A reader positioned at the start of this value, for typed access on demand.
    pub fn reader(&self) -> Reader<'a> {
        // Already validated under the caller's limits: re-reading it needs none.
        Reader::from_str(self.text, Limits::UNBOUNDED)
    }

    /// The members of an object value, in input order (empty for other kinds).
    pub fn members(&self) -> Members<'a> {
        let mut r = self.reader();
        let st = r.begin_object("").ok();
        Members { r, st }
    }

    /// The value of member `key` of an object value.
    pub fn get(&self, key: &str) -> Option<RawJson<'a>> {
        self.members().find(|(k, _)| k.eq_str(key)).map(|(_, v)| v)
    }

    /// The elements of an array value (empty for other kinds).
    pub fn items(&self) -> Items<'a> {
        let mut r = self.reader();
        let st = r.begin_array("").ok();
        Items { r, st }
    }

    /// The string value, when this is a string.
    pub fn as_json_str(&self) -> Option<JsonStr<'a>> {
        let mut r = self.reader();
        r.read_str("").ok()
    }
}

impl PartialEq for RawJson<'_> {
    /// Raw values are equal when their canonical forms are (with `alloc`; without it, when
    /// their texts are).
    fn eq(&self, other: &Self) -> bool {
        if self.text == other.text {
            return true;
        }
        #[cfg(feature = "alloc")]
        {
            let (mut a, mut b) = (alloc::vec::Vec::new(), alloc::vec::Vec::new());
            super::writer::write_raw(&mut a, self);
            super::writer::write_raw(&mut b, other);
            a == b
        }
        #[cfg(not(feature = "alloc"))]
        false
    }
}

impl fmt::Debug for RawJson<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

/// Iterator over an object's members; see [`RawJson::members`].
pub struct Members<'a> {
    r: Reader<'a>,
    st: Option<super::reader::ObjectState>,
}

impl<'a> Iterator for Members<'a> {
    type Item = (JsonStr<'a>, RawJson<'a>);
    fn next(&mut self) -> Option<Self::Item> {
        let st = self.st.as_mut()?;
        // The text was validated when the RawJson was made; an error just ends iteration.
        let key = self.r.next_key(st).ok()??;
        let value = self.r.skip_value().ok()?;
        Some((key, value))
    }
}

/// Iterator over an array's elements; see [`RawJson::items`].
pub struct Items<'a> {
    r: Reader<'a>,
    st: Option<super::reader::ArrayState>,
}

impl<'a> Iterator for Items<'a> {
    type Item = RawJson<'a>;
    fn next(&mut self) -> Option<Self::Item> {
        let st = self.st.as_mut()?;
        if !self.r.next_item(st).ok()? {
            return None;
        }
        self.r.skip_value().ok()
    }
}
