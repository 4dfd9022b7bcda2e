//! The tape: a flat record of one checked JSON document, from which a JavaScript engine builds
//! its own values faster than its `JSON.parse` does from the text (measured in BENCHMARKS.md):
//! strings are slices of the caller's text, numbers arrive converted, and a key used again is
//! named by the index it got the first time. The JS bindings have core write the tape into
//! typed arrays and build from it (`bindings-node/js/tape.js`).
//!
//! `words[0..2]` is a header: the words and the numbers the whole tape needs. The value
//! follows from `words[2]`, depth first. Offsets are in UTF-16 code units of the text (what
//! `String.prototype.slice` takes); a string's `start..end` is its source between the quotes.
//!
//! | value | words |
//! |---|---|
//! | `null`, `true`, `false` | [`NULL`], [`TRUE`], [`FALSE`] |
//! | number | [`NUMBER`]; its value is the next entry of `numbers` |
//! | string | [`STRING`] `start end`, or [`ESCAPED`] `start end` (JSON-parse `start-1..end+1`) |
//! | array of `n` | [`ARRAY`] `n`, then its `n` items |
//! | object of `n` | [`OBJECT`] `n`, then `n` times a key and its value |
//!
//! | key | words |
//! |---|---|
//! | first use of a plain key: it gets the next index, from 0 | [`KEY`] `start end` |
//! | a plain key used before | `index << 4 \| `[`KEY_AGAIN`] |
//! | a plain key not remembered (the table is full) | [`KEY_ONCE`] `start end` |
//! | a key with escapes | [`KEY_ESCAPED`] `start end` (JSON-parse `start-1..end+1`) |
//! | a plain key among the caller's `reserved` names | [`KEY_DEFINE`] `start end` |
//!
//! `reserved` are the names JS must define as own properties, not assign (`JSON.parse`
//! defines every property): the properties of `Object.prototype`, among them `__proto__`,
//! whose setter would change the prototype, and any a frozen `Object.prototype` (SES
//! `lockdown`) makes read-only. A JS builder checks escaped keys itself.

use super::scan::Specials;

/// `null`.
pub const NULL: u32 = 0;
/// `true`.
pub const TRUE: u32 = 1;
/// `false`.
pub const FALSE: u32 = 2;
/// A number: the next entry of `numbers`.
pub const NUMBER: u32 = 3;
/// A string without escapes: `start end` follow.
pub const STRING: u32 = 4;
/// A string with escapes: `start end` follow.
pub const ESCAPED: u32 = 5;
/// An array: its length and its items follow.
pub const ARRAY: u32 = 6;
/// An object: its member count and its members follow.
pub const OBJECT: u32 = 7;
/// A plain key seen for the first time: `start end` follow; it gets the next index.
pub const KEY: u32 = 8;
/// A plain key seen before: its index is the word shifted right by 4.
pub const KEY_AGAIN: u32 = 9;
/// A plain key that gets no index: `start end` follow.
pub const KEY_ONCE: u32 = 10;
/// A key with escapes: `start end` follow.
pub const KEY_ESCAPED: u32 = 11;
/// A plain key among the `reserved` names: `start end` follow.
pub const KEY_DEFINE: u32 = 12;

/// Deepest nesting written to a tape: a JS builder recurses once per level, so deeper
/// documents are left to the engine's own parser ([`TapeStatus::Fallback`]).
pub const MAX_TAPE_DEPTH: u32 = 1000;

const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// What [`write_tape`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TapeStatus {
    /// The tape is complete in the buffers.
    Written,
    /// The buffers were too small: the header (when there was room for it) and the fields
    /// say how many words and numbers the tape needs.
    TooSmall {
        /// Words needed.
        words: usize,
        /// Numbers needed.
        numbers: usize,
    },
    /// The document nests deeper than [`MAX_TAPE_DEPTH`], or is longer than `u32` offsets
    /// reach: build it some other way.
    Fallback,
}

/// Writes the tape of `text`, a document that already passed every check under `limits`
/// (`api::decode_tape` checks it first), into `words` and `numbers`; plain keys equal to one
/// of `reserved` are written as [`KEY_DEFINE`]. The scan trusts the checks: text that is not
/// a checked document gives [`TapeStatus::Fallback`] or a meaningless tape, never a panic.
pub(crate) fn write_tape<R: AsRef<[u8]>>(
    text: &str,
    reserved: &[R],
    words: &mut [u32],
    numbers: &mut [f64],
) -> TapeStatus {
    if u32::try_from(text.len()).is_err() {
        return TapeStatus::Fallback;
    }
    let mut t = Tape {
        text,
        bytes: text.as_bytes(),
        words,
        numbers,
        nw: 2,
        nn: 0,
        sp: Specials::NONE,
        units: Utf16::new(text),
        keys: KeyTable::new(),
        reserved: Reserved::new(reserved),
    };
    let i = ws(t.bytes, 0);
    if t.value(i, 0).is_none() {
        return TapeStatus::Fallback;
    }
    let (nw, nn) = (t.nw, t.nn);
    for (i, n) in [nw, nn].into_iter().enumerate() {
        if let Some(w) = t.words.get_mut(i) {
            *w = u32::try_from(n).unwrap_or(u32::MAX);
        }
    }
    if nw > t.words.len() || nn > t.numbers.len() {
        return TapeStatus::TooSmall {
            words: nw,
            numbers: nn,
        };
    }
    TapeStatus::Written
}

/// The offset of the first byte at or after `i` that is not JSON whitespace.
#[inline(always)]
fn ws(bytes: &[u8], mut i: usize) -> usize {
    while matches!(bytes.get(i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        i += 1;
    }
    i
}

/// The tape being written: past the end of a buffer only the counts go on. The scan returns
/// the offset after what it read, or `None` where the text is not what the checks passed (or
/// nests past [`MAX_TAPE_DEPTH`]).
struct Tape<'w, 'a, R> {
    text: &'a str,
    bytes: &'a [u8],
    words: &'w mut [u32],
    numbers: &'w mut [f64],
    nw: usize,
    nn: usize,
    sp: Specials,
    units: Utf16<'a>,
    keys: KeyTable,
    reserved: Reserved<'w, R>,
}

impl<'a, R: AsRef<[u8]>> Tape<'_, 'a, R> {
    #[inline(always)]
    fn word(&mut self, w: u32) {
        if let Some(slot) = self.words.get_mut(self.nw) {
            *slot = w;
        }
        self.nw += 1;
    }

    /// `tag`, then the UTF-16 offsets of the bytes `start..end`.
    #[inline(always)]
    fn span(&mut self, tag: u32, start: usize, end: usize) {
        let start = self.units.at(start);
        let end = self.units.at(end);
        self.word(tag);
        self.word(start);
        self.word(end);
    }

    /// The string whose `"` is at `i`: the offsets of its source, whether it has escapes, and
    /// the offset after it.
    #[inline(always)]
    fn string(&mut self, i: usize) -> Option<(usize, usize, bool, usize)> {
        let mut j = i + 1;
        let mut escaped = false;
        loop {
            j = self.sp.next(self.bytes, j);
            match self.bytes.get(j)? {
                b'"' => return Some((i + 1, j, escaped, j + 1)),
                b'\\' => {
                    // `\uXXXX`'s hex digits hold no quote or backslash: skipping the letter is
                    // enough.
                    escaped = true;
                    j += 2;
                }
                _ => return None,
            }
        }
    }

    fn value(&mut self, i: usize, depth: u32) -> Option<usize> {
        match *self.bytes.get(i)? {
            b'"' => {
                let (start, end, escaped, after) = self.string(i)?;
                self.span(if escaped { ESCAPED } else { STRING }, start, end);
                Some(after)
            }
            b'{' => self.object(i, depth),
            b'[' => self.array(i, depth),
            b't' => {
                self.word(TRUE);
                Some(i + 4)
            }
            b'f' => {
                self.word(FALSE);
                Some(i + 5)
            }
            b'n' => {
                self.word(NULL);
                Some(i + 4)
            }
            _ => self.number(i),
        }
    }

    fn number(&mut self, i: usize) -> Option<usize> {
        let b = self.bytes;
        let negative = b.get(i) == Some(&b'-');
        let mut j = i + usize::from(negative);
        // The digits as one integer (wrapping past 19 digits: then `digits` sends it the slow
        // way), and how many there are.
        let mut m = 0u64;
        let start = j;
        while let Some(d) = b.get(j).filter(|d| d.is_ascii_digit()) {
            m = m.wrapping_mul(10).wrapping_add(u64::from(d - b'0'));
            j += 1;
        }
        let mut frac = 0;
        if b.get(j) == Some(&b'.') {
            j += 1;
            let from = j;
            while let Some(d) = b.get(j).filter(|d| d.is_ascii_digit()) {
                m = m.wrapping_mul(10).wrapping_add(u64::from(d - b'0'));
                j += 1;
            }
            frac = j - from;
        }
        let digits = j - start - usize::from(frac > 0);
        let exponent = matches!(b.get(j), Some(b'e' | b'E'));
        if exponent {
            j += 1;
            if matches!(b.get(j), Some(b'+' | b'-')) {
                j += 1;
            }
            while b.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
        }
        // Clinger's fast path: up to 15 digits and 22 fraction digits make `m / 10^frac` with
        // both exact, so the one division is correctly rounded, as JSON.parse's result is.
        let v = match POW10.get(frac) {
            Some(&p) if !exponent && digits <= 15 => {
                let v = m as f64 / p;
                if negative {
                    -v
                } else {
                    v
                }
            }
            // The nearest double (infinity past the range), as JSON.parse gives.
            _ => self.text.get(i..j)?.parse().unwrap_or(f64::NAN),
        };
        if let Some(slot) = self.numbers.get_mut(self.nn) {
            *slot = v;
        }
        self.nn += 1;
        self.word(NUMBER);
        Some(j)
    }

    /// Writes `tag` and a place for the count; returns where the count goes.
    fn open(&mut self, tag: u32) -> usize {
        self.word(tag);
        self.word(0);
        self.nw - 1
    }

    fn close(&mut self, at: usize, n: u32) {
        if let Some(slot) = self.words.get_mut(at) {
            *slot = n;
        }
    }

    fn array(&mut self, i: usize, depth: u32) -> Option<usize> {
        if depth >= MAX_TAPE_DEPTH {
            return None;
        }
        let at = self.open(ARRAY);
        let mut i = ws(self.bytes, i + 1);
        let mut n = 0u32;
        if self.bytes.get(i) != Some(&b']') {
            loop {
                i = self.value(i, depth + 1)?;
                n += 1;
                i = ws(self.bytes, i);
                match self.bytes.get(i)? {
                    b',' => i = ws(self.bytes, i + 1),
                    b']' => break,
                    _ => return None,
                }
            }
        }
        self.close(at, n);
        Some(i + 1)
    }

    fn object(&mut self, i: usize, depth: u32) -> Option<usize> {
        if depth >= MAX_TAPE_DEPTH {
            return None;
        }
        let at = self.open(OBJECT);
        let mut i = ws(self.bytes, i + 1);
        let mut n = 0u32;
        if self.bytes.get(i) != Some(&b'}') {
            loop {
                let (start, end, escaped, after) = self.string(i)?;
                self.key(start, end, escaped);
                i = ws(self.bytes, after);
                if self.bytes.get(i) != Some(&b':') {
                    return None;
                }
                i = self.value(ws(self.bytes, i + 1), depth + 1)?;
                n += 1;
                i = ws(self.bytes, i);
                match self.bytes.get(i)? {
                    b',' => i = ws(self.bytes, i + 1),
                    b'}' => break,
                    _ => return None,
                }
            }
        }
        self.close(at, n);
        Some(i + 1)
    }

    #[inline(always)]
    fn key(&mut self, start: usize, end: usize, escaped: bool) {
        let key = self.bytes.get(start..end).unwrap_or_default();
        if escaped {
            self.span(KEY_ESCAPED, start, end);
        } else if self.reserved.contains(key) {
            self.span(KEY_DEFINE, start, end);
        } else {
            match self.keys.find_or_add(self.bytes, start, end) {
                Key::Again(k) => self.word(k << 4 | KEY_AGAIN),
                Key::New => self.span(KEY, start, end),
                Key::Once => self.span(KEY_ONCE, start, end),
            }
        }
    }
}

/// The reserved names, with a mask of their lengths to rule most keys out at once.
struct Reserved<'r, R> {
    names: &'r [R],
    lengths: u64,
}

impl<'r, R: AsRef<[u8]>> Reserved<'r, R> {
    fn new(names: &'r [R]) -> Self {
        let mut lengths = 0u64;
        for n in names {
            lengths |= 1u64.checked_shl(n.as_ref().len() as u32).unwrap_or(0);
        }
        Reserved { names, lengths }
    }

    #[inline(always)]
    fn contains(&self, key: &[u8]) -> bool {
        let bit = 1u64.checked_shl(key.len() as u32).unwrap_or(0);
        if self.lengths & bit == 0 && key.len() < 64 {
            return false;
        }
        self.names.iter().any(|n| n.as_ref() == key)
    }
}

/// Byte offsets into the text turned into UTF-16 offsets, asked for in increasing order.
struct Utf16<'a> {
    bytes: &'a [u8],
    ascii: bool,
    /// The last offset converted, in bytes and in units.
    byte: usize,
    unit: usize,
}

impl<'a> Utf16<'a> {
    fn new(text: &'a str) -> Self {
        Utf16 {
            bytes: text.as_bytes(),
            ascii: text.is_ascii(),
            byte: 0,
            unit: 0,
        }
    }

    /// The UTF-16 offset of byte offset `b`.
    #[inline(always)]
    fn at(&mut self, b: usize) -> u32 {
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
        // One unit per character, two for one past U+FFFF (4 UTF-8 bytes, a surrogate pair).
        let units: usize = chunk
            .iter()
            .map(|&c| usize::from(c & 0xC0 != 0x80) + usize::from(c >= 0xF0))
            .sum();
        self.byte = b;
        self.unit += units;
        self.unit as u32
    }
}

/// How a plain key is written.
enum Key {
    /// It was seen before, with this index.
    Again(u32),
    /// First seen: it got the next index.
    New,
    /// First seen, but the table is full.
    Once,
}

/// The plain keys seen so far in a document, by content: open addressing over `SLOTS`
/// slots, at most `SLOTS / 2` keys, kept as byte offsets (small to set up for every message).
struct KeyTable {
    /// Index + 1 of the key in each slot (0: empty).
    slots: [u8; SLOTS],
    /// Where each key's source starts and ends in the text.
    keys: [(u32, u32); SLOTS / 2],
    len: usize,
}

const SLOTS: usize = 256;

impl KeyTable {
    fn new() -> Self {
        KeyTable {
            slots: [0; SLOTS],
            keys: [(0, 0); SLOTS / 2],
            len: 0,
        }
    }

    /// The key `bytes[start..end]`: its index if it was seen, else a new one while there is
    /// room.
    #[inline(always)]
    fn find_or_add(&mut self, bytes: &[u8], start: usize, end: usize) -> Key {
        let key = bytes.get(start..end).unwrap_or_default();
        let mut i = hash(bytes, start, end) as usize % SLOTS;
        loop {
            let slot = self.slots.get(i).copied().unwrap_or(0);
            if slot == 0 {
                break;
            }
            let idx = usize::from(slot) - 1;
            if let Some(&(s, e)) = self.keys.get(idx) {
                if bytes.get(s as usize..e as usize) == Some(key) {
                    return Key::Again(idx as u32);
                }
            }
            i = (i + 1) % SLOTS;
        }
        if self.len >= SLOTS / 2 {
            return Key::Once;
        }
        if let (Some(s), Some(k)) = (self.slots.get_mut(i), self.keys.get_mut(self.len)) {
            // Offsets fit u32: write_tape refuses longer texts.
            *k = (start as u32, end as u32);
            self.len += 1;
            *s = self.len as u8;
        }
        Key::New
    }
}

/// A hash of the key `bytes[start..end]` from its length and its first and last 8 bytes (keys
/// are short), loaded as words.
#[inline(always)]
fn hash(bytes: &[u8], start: usize, end: usize) -> u32 {
    let len = end.saturating_sub(start);
    let load = |at: usize| {
        bytes
            .get(at..at + 8)
            .and_then(|c| c.first_chunk::<8>())
            .map_or(0, |c| u64::from_le_bytes(*c))
    };
    // A short key is followed by at least its closing quote: the word past it is masked off.
    let first = match len {
        8.. => load(start),
        _ => load(start) & u64::MAX.checked_shr(64 - 8 * len as u32).unwrap_or(0),
    };
    let last = if len > 8 { load(end - 8) } else { 0 };
    let h = (first ^ last.rotate_left(29) ^ len as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> 40) as u32
}
