//! The keys of the objects open in a reader, for duplicate detection.

use crate::json::JsonStr;

/// How many keys may be open at once (across all nesting levels) in the no-alloc build.
#[cfg(not(feature = "alloc"))]
pub const NO_ALLOC_KEYS: usize = 96;
#[cfg(not(feature = "alloc"))]
const INLINE_KEYS: usize = NO_ALLOC_KEYS;
/// Keys held without allocating; with `alloc`, more spill into a `Vec`.
#[cfg(feature = "alloc")]
const INLINE_KEYS: usize = 16;

/// Keys of the objects currently open, for duplicate detection. The first keys live inline,
/// so decoding a typical message allocates nothing.
pub(super) struct KeyStack<'a> {
    inline: [JsonStr<'a>; INLINE_KEYS],
    len: usize,
    #[cfg(feature = "alloc")]
    spill: alloc::vec::Vec<JsonStr<'a>>,
}

impl<'a> KeyStack<'a> {
    pub(super) fn new() -> Self {
        KeyStack {
            inline: [JsonStr::new(""); INLINE_KEYS],
            len: 0,
            #[cfg(feature = "alloc")]
            spill: alloc::vec::Vec::new(),
        }
    }

    pub(super) fn len(&self) -> usize {
        self.len
    }

    pub(super) fn truncate(&mut self, n: usize) {
        if n < self.len {
            self.len = n;
            #[cfg(feature = "alloc")]
            self.spill.truncate(n.saturating_sub(INLINE_KEYS));
        }
    }

    /// True when `key` is among the keys from position `from` on.
    pub(super) fn contains_from(&self, from: usize, key: &JsonStr<'a>) -> bool {
        let inline = &self.inline[from.min(INLINE_KEYS)..self.len.min(INLINE_KEYS)];
        #[cfg(feature = "alloc")]
        if self.spill[from.saturating_sub(INLINE_KEYS).min(self.spill.len())..].contains(key) {
            return true;
        }
        inline.contains(key)
    }

    /// Adds a key; false when the no-alloc stack is full.
    pub(super) fn push(&mut self, key: JsonStr<'a>) -> bool {
        if let Some(slot) = self.inline.get_mut(self.len) {
            *slot = key;
        } else {
            #[cfg(feature = "alloc")]
            self.spill.push(key);
            #[cfg(not(feature = "alloc"))]
            return false;
        }
        self.len += 1;
        true
    }
}

/// A bit for an unescaped key, from its length and its first and last bytes; an escaped key
/// gets every bit, so it is always compared, and every key after it is too.
#[inline]
pub(super) fn key_bit(key: &JsonStr<'_>) -> u64 {
    if key.is_escaped() {
        return u64::MAX;
    }
    let b = key.source().as_bytes();
    let (first, last) = (b.first().copied(), b.last().copied());
    let h = b.len() * 11 + usize::from(first.unwrap_or(0)) * 5 + usize::from(last.unwrap_or(0));
    1 << (h % 64)
}
