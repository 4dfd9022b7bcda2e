//! Builds a caller's tree (Python objects, JS values, [`Value`](super::Value)) straight from
//! the reader, with no intermediate tree: one walk, the same strictness as everything else.

use super::{JsonNumber, JsonStr, Kind, Reader};
use crate::error::DecodeError;
use crate::limits::Limits;

/// How to make one kind of tree. Every method may fail with the builder's own error (a
/// Python `MemoryError`, say).
pub trait Build<'a> {
    /// A finished value.
    type Node;
    /// An array being filled.
    type List;
    /// An object being filled.
    type Map;
    /// The builder's own failure.
    type Error;

    /// `null`
    fn null(&mut self) -> Result<Self::Node, Self::Error>;
    /// `true` / `false`
    fn boolean(&mut self, v: bool) -> Result<Self::Node, Self::Error>;
    /// A number, as written.
    fn number(&mut self, n: JsonNumber<'a>) -> Result<Self::Node, Self::Error>;
    /// A string.
    fn string(&mut self, s: JsonStr<'a>) -> Result<Self::Node, Self::Error>;
    /// Starts an array.
    fn list(&mut self) -> Result<Self::List, Self::Error>;
    /// Appends to an array.
    fn push(&mut self, list: &mut Self::List, item: Self::Node) -> Result<(), Self::Error>;
    /// Finishes an array.
    fn end_list(&mut self, list: Self::List) -> Result<Self::Node, Self::Error>;
    /// Starts an object.
    fn map(&mut self) -> Result<Self::Map, Self::Error>;
    /// Adds a member (keys arrive unique: the reader refuses duplicates).
    fn insert(
        &mut self,
        map: &mut Self::Map,
        key: JsonStr<'a>,
        value: Self::Node,
    ) -> Result<(), Self::Error>;
    /// Finishes an object.
    fn end_map(&mut self, map: Self::Map) -> Result<Self::Node, Self::Error>;
}

/// Why [`build`] stopped.
#[derive(Debug)]
pub enum BuildError<E> {
    /// The input broke a rule.
    Decode(DecodeError),
    /// The builder failed.
    Builder(E),
}

impl<E> From<DecodeError> for BuildError<E> {
    fn from(e: DecodeError) -> Self {
        BuildError::Decode(e)
    }
}

/// Builds the whole document `input` (exactly one JSON value) with `b`.
pub fn build<'a, B: Build<'a>>(
    input: &'a [u8],
    limits: Limits,
    b: &mut B,
) -> Result<B::Node, BuildError<B::Error>> {
    let mut r = Reader::new(input, limits)?;
    let node = build_value(&mut r, b)?;
    r.finish()?;
    Ok(node)
}

/// Builds a document that was already checked under `limits` (by `api::validate` or a
/// decode): duplicate keys are not looked for again. Text that was not checked is still read
/// safely (syntax, UTF-8 and limits hold), only a duplicate key would go unnoticed.
pub fn build_checked<'a, B: Build<'a>>(
    input: &'a [u8],
    limits: Limits,
    b: &mut B,
) -> Result<B::Node, BuildError<B::Error>> {
    let mut r = Reader::trusted(super::reader::utf8(input)?, limits);
    let node = build_value(&mut r, b)?;
    r.finish()?;
    Ok(node)
}

/// Builds the next value from a reader.
pub fn build_value<'a, B: Build<'a>>(
    r: &mut Reader<'a>,
    b: &mut B,
) -> Result<B::Node, BuildError<B::Error>> {
    let e = BuildError::Builder;
    Ok(match r.peek_kind()? {
        Kind::Null => {
            r.read_null()?;
            b.null().map_err(e)?
        }
        Kind::Bool => {
            let v = r.read_bool("")?;
            b.boolean(v).map_err(e)?
        }
        Kind::Number => {
            let n = r.read_number("")?;
            b.number(n).map_err(e)?
        }
        Kind::String => {
            let s = r.read_str("")?;
            b.string(s).map_err(e)?
        }
        Kind::Array => {
            let mut st = r.begin_array("")?;
            let mut list = b.list().map_err(e)?;
            while r.next_item(&mut st)? {
                let item = build_value(r, b)?;
                b.push(&mut list, item).map_err(e)?;
            }
            b.end_list(list).map_err(e)?
        }
        Kind::Object => {
            let mut st = r.begin_object("")?;
            let mut map = b.map().map_err(e)?;
            while let Some(k) = r.next_key(&mut st)? {
                let v = build_value(r, b)?;
                b.insert(&mut map, k, v).map_err(e)?;
            }
            b.end_map(map).map_err(e)?
        }
    })
}
