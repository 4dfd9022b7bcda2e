//! What the skip loops tell, value by value, to whoever records the values they check: the
//! tape's fragments (`json::tape::fragments`), or no one ([`NoSink`], which the compiler
//! removes).

/// Told each value of a skipped one, in document order, after the checks passed it. Offsets
/// are the input's bytes.
pub(crate) trait Sink {
    /// What [`open`](Self::open) gives back to [`key`](Self::key) and
    /// [`close`](Self::close).
    type Open;
    /// An object (`object`) or array opens.
    fn open(&mut self, object: bool) -> Self::Open;
    /// The key `start..end` (between its quotes; `escaped` when it has escapes) of member `n`.
    fn key(&mut self, open: &mut Self::Open, start: usize, end: usize, escaped: bool, n: u32);
    /// The object (`object`) or array closes with `n` members or items.
    fn close(&mut self, open: Self::Open, object: bool, n: u32);
    /// The string `start..end`, between its quotes; `shift`: the reader's
    /// [`shift`](super::Reader::shift) after it.
    fn string(&mut self, start: usize, end: usize, escaped: bool, shift: usize);
    /// The number at `i`.
    fn number(&mut self, i: usize);
    /// `true`, `false` or `null`, by its first byte.
    fn literal(&mut self, first: u8);
}

/// Records nothing.
pub(crate) struct NoSink;

impl Sink for NoSink {
    type Open = ();
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn open(&mut self, _: bool) {}
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn key(&mut self, _: &mut (), _: usize, _: usize, _: bool, _: u32) {}
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn close(&mut self, _: (), _: bool, _: u32) {}
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn string(&mut self, _: usize, _: usize, _: bool, _: usize) {}
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn number(&mut self, _: usize) {}
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn literal(&mut self, _: u8) {}
}
