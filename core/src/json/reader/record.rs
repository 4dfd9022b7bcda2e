//! Recording what the reader checks, for whoever builds something from it (the JS bindings'
//! tape, `js`): the skip loops tell a [`Recorder`] each value of a value they skip, in
//! document order, or tell no one ([`NoRecorder`], which the compiler removes). A reader
//! given a [`SkipRecorder`] ([`Reader::record`]) lets it run the skip loops over a recorder of
//! its own for each value skipped, and tells it of the string values with escapes it reads
//! outside them, with their escapes ([`EscapeCount`]: one-letter and `\uXXXX`, counted while
//! the string is checked; the count is compiled out where [`NoRecorder`] stands in). The reader
//! knows no recorder's type, and nothing of what a recorder makes of the escapes (the tape's
//! UTF-16 offsets).

#[cfg(feature = "tape-fragments")]
use super::Reader;
#[cfg(feature = "tape-fragments")]
use crate::error::Result;
#[cfg(feature = "tape-fragments")]
use crate::json::scan::Specials;

/// The escapes of one string, counted while the reader checks it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct EscapeCount {
    /// One-letter escapes (`\n`, `\"`, ...).
    pub(crate) short: usize,
    /// `\uXXXX` escapes (a surrogate pair is two).
    pub(crate) unicode: usize,
}

/// Told the escapes of each string that has some, once the reader checked it.
pub(crate) trait Escapes {
    /// The escapes of one string.
    fn escapes(&mut self, count: EscapeCount);
}

/// Keeps the count of the last string told.
impl Escapes for EscapeCount {
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn escapes(&mut self, count: EscapeCount) {
        *self = count;
    }
}

/// Told each value of a skipped one, in document order, after the checks passed it, and the
/// escapes of its strings ([`Escapes`], before [`string`](Self::string)).
/// Offsets are the input's bytes.
pub(crate) trait Recorder: Escapes {
    /// What [`open`](Self::open) gives back to [`key`](Self::key) and
    /// [`close`](Self::close).
    type Open;
    /// An object (`object`) or array opens.
    fn open(&mut self, object: bool) -> Self::Open;
    /// The key `start..end` (between its quotes; `escaped` when it has escapes) of member `n`.
    fn key(&mut self, open: &mut Self::Open, start: usize, end: usize, escaped: bool, n: u32);
    /// The object (`object`) or array closes with `n` members or items.
    fn close(&mut self, open: Self::Open, object: bool, n: u32);
    /// The string `start..end`, between its quotes (`escaped` when it has escapes).
    fn string(&mut self, start: usize, end: usize, escaped: bool);
    /// The number at `i`.
    fn number(&mut self, i: usize);
    /// `true`, `false` or `null`, by its first byte.
    fn literal(&mut self, first: u8);
}

/// Records nothing.
pub(crate) struct NoRecorder;

impl Escapes for NoRecorder {
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn escapes(&mut self, _: EscapeCount) {}
}

impl Recorder for NoRecorder {
    type Open = ();
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn open(&mut self, _: bool) {}
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn key(&mut self, _: &mut (), _: usize, _: usize, _: bool, _: u32) {}
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn close(&mut self, _: (), _: bool, _: u32) {}
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn string(&mut self, _: usize, _: usize, _: bool) {}
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn number(&mut self, _: usize) {}
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn literal(&mut self, _: u8) {}
}

/// What a reader records the values it skips with, once given it ([`Reader::record`]).
#[cfg(feature = "tape-fragments")]
/// Called once per value skipped (not per value inside one), so the reader calls it through a
/// `dyn` reference and the skip loops stay generic over the [`Recorder`] it brings.
pub(crate) trait SkipRecorder {
    /// Checks the value at `i` of `r`'s input (no whitespace before it) with
    /// [`r.skip_recorded`](Reader::skip_recorded) and a recorder of its own; returns the
    /// offset after it and, with `peek`, the offset of the `"` of that top-level key's
    /// string value when it has one.
    fn skip(
        &mut self,
        r: &mut Reader<'_>,
        i: usize,
        sp: &mut Specials,
        peek: Option<&str>,
    ) -> Result<(usize, Option<usize>)>;

    /// The escapes of a string value read outside the skip loops (keys are not told).
    fn escaped_string(&mut self, escapes: EscapeCount);
}
