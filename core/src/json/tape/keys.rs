//! The tape's keys (repeated ones named by index, reserved ones marked) and its UTF-16
//! offsets.

/// How a plain key is written.
pub(super) enum Key {
    /// Seen before, with this index.
    Again(u32),
    /// First seen: it gets the next index.
    New,
    /// First seen, but the table is full: written whole.
    Once,
    /// A reserved name: written whole, marked.
    Reserved,
}

/// Most keys remembered (with an index) in one document.
const MAX_KEYS: usize = 128;
/// Slots of the open-addressing table (at most half full).
const SLOTS: usize = 2 * MAX_KEYS;

/// A remembered key: its first 8 bytes as a word, where it is and how long, and its index (or
/// [`RESERVED`]).
#[derive(Clone, Copy)]
struct Entry {
    first: u64,
    start: u32,
    len: u32,
    index: u32,
}

const RESERVED: u32 = u32::MAX;

/// The key table of tape writing, kept by the caller across documents (one per thread): it
/// is set up once, and a new document only moves its generation on, so a small message does
/// not pay for clearing it.
pub struct KeyScratch {
    /// `generation << 8 | entry + 1` in each slot; a slot of another generation is empty.
    slots: [u32; SLOTS],
    entries: [Entry; MAX_KEYS],
    generation: u32,
}

impl Default for KeyScratch {
    fn default() -> Self {
        KeyScratch {
            slots: [0; SLOTS],
            entries: [Entry {
                first: 0,
                start: 0,
                len: 0,
                index: 0,
            }; MAX_KEYS],
            generation: 0,
        }
    }
}

impl core::fmt::Debug for KeyScratch {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("KeyScratch")
    }
}

/// The plain keys seen so far in one document, found by content.
pub(super) struct KeyTable<'s> {
    s: &'s mut KeyScratch,
    /// This document's generation, in the slots' high bits.
    stamp: u32,
    len: usize,
    /// The next index to give (reserved names get none).
    next: u32,
}

impl<'s> KeyTable<'s> {
    /// An empty table in `s`.
    pub(super) fn new(s: &'s mut KeyScratch) -> Self {
        s.generation = (s.generation + 1) & 0x00FF_FFFF;
        if s.generation == 0 {
            // The stamps wrapped: clear for real, once every 2^24 documents.
            s.slots = [0; SLOTS];
            s.generation = 1;
        }
        let stamp = s.generation << 8;
        KeyTable {
            s,
            stamp,
            len: 0,
            next: 0,
        }
    }

    /// The key `bytes[start..end]`; `reserved` is asked once per distinct key.
    #[inline(always)]
    pub(super) fn find_or_add(
        &mut self,
        bytes: &[u8],
        start: usize,
        end: usize,
        reserved: impl FnOnce() -> bool,
    ) -> Key {
        let len = end.saturating_sub(start);
        let first = first_word(bytes, start, len);
        let last = if len > 8 { load(bytes, end - 8) } else { 0 };
        let h = (first ^ last.rotate_left(29) ^ len as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut i = (h >> 56) as usize;
        loop {
            let slot = self.s.slots[i % SLOTS];
            if slot & !0xFF != self.stamp {
                break;
            }
            let e = self.s.entries[(slot as usize & 0xFF).wrapping_sub(1) % MAX_KEYS];
            if e.first == first
                && e.len as usize == len
                && same_rest(bytes, e.start as usize, start, len)
            {
                return match e.index {
                    RESERVED => Key::Reserved,
                    index => Key::Again(index),
                };
            }
            i += 1;
        }
        let is_reserved = reserved();
        if self.len >= MAX_KEYS {
            return if is_reserved {
                Key::Reserved
            } else {
                Key::Once
            };
        }
        let index = if is_reserved { RESERVED } else { self.next };
        // Offsets fit u32: write_tape refuses longer texts.
        self.s.entries[self.len % MAX_KEYS] = Entry {
            first,
            start: start as u32,
            len: len as u32,
            index,
        };
        self.len += 1;
        self.s.slots[i % SLOTS] = self.stamp | self.len as u32;
        if is_reserved {
            return Key::Reserved;
        }
        self.next += 1;
        Key::New
    }
}

/// The 8 bytes at `at` as a little-endian word (0 past the end of `bytes`).
#[inline(always)]
fn load(bytes: &[u8], at: usize) -> u64 {
    bytes
        .get(at..at + 8)
        .and_then(|c| c.first_chunk::<8>())
        .map_or(0, |c| u64::from_le_bytes(*c))
}

/// The first `min(len, 8)` bytes from `start` as a word, the rest zero.
#[inline(always)]
fn first_word(bytes: &[u8], start: usize, len: usize) -> u64 {
    if len >= 8 {
        return load(bytes, start);
    }
    // A key is followed by its closing quote at least: near the end the bytes go one by one.
    match bytes.get(start..start + 8) {
        Some(_) => load(bytes, start) & u64::MAX.checked_shr(64 - 8 * len as u32).unwrap_or(0),
        None => bytes
            .get(start..start + len)
            .unwrap_or_default()
            .iter()
            .rev()
            .fold(0, |w, &b| w << 8 | u64::from(b)),
    }
}

/// Whether two keys of `len` bytes at `a` and `b` whose first 8 bytes are equal are equal:
/// the last 8 bytes as words, the middle of longer ones as slices.
#[inline(always)]
fn same_rest(bytes: &[u8], a: usize, b: usize, len: usize) -> bool {
    if len <= 8 {
        return true;
    }
    if load(bytes, a + len - 8) != load(bytes, b + len - 8) {
        return false;
    }
    len <= 16 || bytes.get(a + 8..a + len - 8) == bytes.get(b + 8..b + len - 8)
}

/// The reserved names, with a mask of their lengths to rule most keys out at once.
pub(super) struct Reserved<'r, R> {
    names: &'r [R],
    lengths: u64,
}

impl<'r, R: AsRef<[u8]>> Reserved<'r, R> {
    pub(super) fn new(names: &'r [R]) -> Self {
        let mut lengths = 0u64;
        for n in names {
            lengths |= 1u64.checked_shl(n.as_ref().len() as u32).unwrap_or(0);
        }
        Reserved { names, lengths }
    }

    /// Whether `bytes[start..end]` is one of the names.
    pub(super) fn contains(&self, bytes: &[u8], start: usize, end: usize) -> bool {
        let key = bytes.get(start..end).unwrap_or_default();
        let bit = 1u64.checked_shl(key.len() as u32).unwrap_or(0);
        if self.lengths & bit == 0 && key.len() < 64 {
            return false;
        }
        self.names.iter().any(|n| n.as_ref() == key)
    }
}

/// Byte offsets into the text turned into UTF-16 offsets, asked for in increasing order.
pub(super) struct Utf16<'a> {
    bytes: &'a [u8],
    ascii: bool,
    /// The last offset converted, in bytes and in units.
    byte: usize,
    unit: usize,
}

impl<'a> Utf16<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        Utf16 {
            bytes: text.as_bytes(),
            ascii: text.is_ascii(),
            byte: 0,
            unit: 0,
        }
    }

    /// The UTF-16 offset of byte offset `b`.
    #[inline(always)]
    pub(super) fn at(&mut self, b: usize) -> u32 {
        if self.ascii {
            return b as u32; // the text's length fits u32 (checked by write_tape)
        }
        self.slow(b)
    }

    fn slow(&mut self, b: usize) -> u32 {
        if b < self.byte {
            // Not reached: offsets come in increasing order. Count from the start.
            self.byte = 0;
            self.unit = 0;
        }
        let chunk = self.bytes.get(self.byte..b).unwrap_or_default();
        self.byte = b;
        self.unit += utf16_len(chunk);
        self.unit as u32
    }
}

/// The UTF-16 length of UTF-8 text: a unit per byte that does not continue a character, one
/// more for each that starts a 4-byte one (a surrogate pair); 8 bytes at a time.
fn utf16_len(text: &[u8]) -> usize {
    const HI: u64 = 0x8080_8080_8080_8080;
    let mut chunks = text.chunks_exact(8);
    let mut units = 0;
    for c in &mut chunks {
        let w = c.first_chunk::<8>().map_or(0, |c| u64::from_le_bytes(*c));
        // 10xxxxxx: bit 7 set, bit 6 (moved up to bit 7 by the shift) clear.
        let continuation = (w & !(w << 1) & HI).count_ones() as usize;
        // 11110xxx: bits 7 to 4 set.
        let four = (w & (w << 1) & (w << 2) & (w << 3) & HI).count_ones() as usize;
        units += 8 - continuation + four;
    }
    let rest = chunks.remainder();
    units
        + rest
            .iter()
            .map(|&c| usize::from(c & 0xC0 != 0x80) + usize::from(c >= 0xF0))
            .sum::<usize>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_len_agrees_with_str_at_every_length_and_offset() {
        let text = "aé日😀x\u{7f}\u{80}\u{7ff}\u{800}\u{ffff}\u{10000}\u{10ffff}bcdefghijk😀😀é";
        for (start, _) in text.char_indices() {
            for (end, _) in text[start..].char_indices() {
                let part = &text[start..start + end];
                assert_eq!(
                    utf16_len(part.as_bytes()),
                    part.encode_utf16().count(),
                    "{part:?}"
                );
            }
        }
    }

    #[test]
    fn a_new_document_forgets_the_keys_of_the_last_even_when_the_stamps_wrap() {
        let bytes = b"\"alpha\":1,\"beta\":2";
        let mut s = KeyScratch::default();
        for generation in [5, 0x00FF_FFFE, 0x00FF_FFFF] {
            s.generation = generation;
            let mut t = KeyTable::new(&mut s);
            assert!(matches!(t.find_or_add(bytes, 1, 6, || false), Key::New));
            assert!(matches!(
                t.find_or_add(bytes, 1, 6, || false),
                Key::Again(0)
            ));
            assert!(matches!(
                t.find_or_add(bytes, 11, 15, || true),
                Key::Reserved
            ));
            assert!(matches!(
                t.find_or_add(bytes, 11, 15, || false),
                Key::Reserved
            ));
            let mut t = KeyTable::new(&mut s);
            assert!(matches!(t.find_or_add(bytes, 11, 15, || false), Key::New));
            assert!(matches!(t.find_or_add(bytes, 1, 6, || false), Key::New));
            assert!(matches!(
                t.find_or_add(bytes, 1, 6, || false),
                Key::Again(1)
            ));
        }
    }
}
