//! What the JavaScript bindings (Node, WASM) decode with: a message checked by core and
//! written as a *tape* ([`decode_tape`], [`TapeVecs`]). Above `mcp` (it decodes MCP messages)
//! and beside the JSON reader, which knows nothing of it: the tape's recorder is a
//! `json::reader::SkipRecorder` the reader is given, and counts what it needs itself.
//!
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
//! | integer of at most 9 digits, not `-0` | [`INTEGER`] `value` (as `i32` bits) |
//! | other number | [`NUMBER`]; its value is the next entry of `numbers` |
//! | string | [`STRING`] `start end`, or [`ESCAPED`] `start end` (JSON-parse `start-1..end+1`) |
//! | array of `n` | [`ARRAY`] `n`, then its `n` items |
//! | object of `n` | [`OBJECT`] `n`, then `n` times a key and its value |
//! | object whose keys are shape `s` of [`TAPE_SHAPES`] | [`SHAPED`] `s`, then its members as an object's |
//!
//! | key | words |
//! |---|---|
//! | one of the [`KNOWN_KEYS`], by its place there | `index << 4 \| `[`KEY_AGAIN`] |
//! | first use of another plain key: it gets the next index | [`KEY`] `start end` |
//! | a plain key used before | `index << 4 \| `[`KEY_AGAIN`] |
//! | a plain key not remembered (the table is full) | [`KEY_ONCE`] `start end` |
//! | a key with escapes | [`KEY_ESCAPED`] `start end` (JSON-parse `start-1..end+1`) |
//! | a plain key among the reserved names | [`KEY_DEFINE`] `start end` |
//!
//! With a buffer for it ([`decode_tape_unescaping`]),
//! the tape also writes the text with its string values unescaped: each value with escapes is
//! then a [`STRING`] slice of that text (offsets in its units), so a builder that makes its
//! text from those bytes needs no `JSON.parse` for it. Keys with escapes stay as they are
//! ([`KEY_ESCAPED`]).
//!
//! A document's own keys are numbered from `KNOWN_KEYS.len()` on. The reserved names (given
//! to [`TapeKeys::new`]) are those JS must define as own properties, not assign (`JSON.parse`
//! defines every property): the properties of `Object.prototype`, among them `__proto__`,
//! whose setter would change the prototype, and any a frozen `Object.prototype` (SES
//! `lockdown`) makes read-only. A JS builder checks escaped keys itself.
//!
//! With the `tape-fragments` feature, the checks of a message of 1 KiB or more write the tape
//! of each value they skip (`structuredContent`, `arguments`, schemas) as they read it (the
//! reader runs its skip loops over this module's recorder), and the
//! writer copies those fragments instead of reading the values again (`fragments`): the same
//! tape, but for the keys the writer meets before the last fragment, which it writes whole
//! ([`KEY_ONCE`]) unless they have an index already.

mod decode;
mod fragments;
mod keys;
mod number;
mod shapes;
mod tags;
mod unescape;
mod utf16;

use crate::json::scan::Specials;
pub use decode::{decode_tape, decode_tape_unescaping, TapeVecs, TapeWrite};
use fragments::Cursor;
use keys::{guess_at, Key, KeyTable};
pub use keys::{TapeKeys, KNOWN_KEYS, MAX_RESERVED};
use number::{number_at, Num};
use shapes::{push_key, shape_of, NO_SHAPE};
pub use shapes::{MAX_SHAPE_KEYS, TAPE_SHAPES};
pub use tags::{HEADER_WORDS, KEY_INDEX_SHIFT, TAPE_TAGS};
pub use utf16::push_utf16;
use utf16::{Utf16, Utf16State};

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
/// A plain key among the reserved names: `start end` follow.
pub const KEY_DEFINE: u32 = 12;
/// A small integer: its `i32` bits follow (a JS builder gets it as an integer, not a double
/// to box).
pub const INTEGER: u32 = 13;
/// An object whose keys are those of a shape, in its order: the shape's index in
/// [`TAPE_SHAPES`] follows (in place of the count), then the members as for [`OBJECT`].
pub const SHAPED: u32 = 14;

/// Deepest nesting written to a tape: a JS builder recurses once per level, so deeper
/// documents are left to the engine's own parser ([`TapeStatus::Fallback`]).
pub const MAX_TAPE_DEPTH: u32 = 1000;

/// What writing a tape did ([`decode_tape`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TapeStatus {
    /// The tape is complete in the buffers; `ascii` when the text is all ASCII (its UTF-16
    /// offsets are its byte offsets, and a binding can make its string as Latin-1).
    Written {
        /// The text has no byte above 0x7F.
        ascii: bool,
        /// How many bytes of unescaped text
        /// [`decode_tape_unescaping`] wrote, which the
        /// tape's offsets are then into; 0 when none (no string value had escapes, or the text
        /// is read as it is): they are into the input.
        unescaped: usize,
    },
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

/// Writes the tape of `text`, a document that already passed every check
/// ([`decode_tape`] checks it first), into `words` and `numbers`, with the keys `keys`
/// knows; and into `out` the text with its string values unescaped, when `out` holds at least
/// `text.len()` bytes and a value has escapes (see the module's documentation;
/// [`TapeStatus::Written`] says how many bytes). The scan trusts the checks: text that is not
/// a checked document gives [`TapeStatus::Fallback`] or a meaningless tape, never a panic.
/// (Bytes, not `&str`: the checks already read them as UTF-8, and a second check is 3% of a
/// small message's tape.)
#[inline(always)]
pub(crate) fn write_tape_unescaping(
    text: &[u8],
    keys: &mut TapeKeys,
    words: &mut [u32],
    numbers: &mut [f64],
    out: &mut [u8],
) -> TapeStatus {
    #[cfg(feature = "tape-fragments")]
    if keys.recording.is_active() {
        if let Some(status) = write_recorded(text, keys, words, numbers, out) {
            return status;
        }
    }
    // Without fragments, or when they did not fit the text (which the checks rule out): a
    // new document.
    let table = KeyTable::new(keys);
    let units = Utf16::new(text);
    write::<false>(text, table, units, None, words, numbers, out).unwrap_or(TapeStatus::Fallback)
}

/// [`write_tape_unescaping`] with the fragments `keys` recorded, when there are some and
/// they fit the text; the recording ends.
#[cfg(feature = "tape-fragments")]
#[inline(never)]
fn write_recorded(
    text: &[u8],
    keys: &mut TapeKeys,
    words: &mut [u32],
    numbers: &mut [f64],
    out: &mut [u8],
) -> Option<TapeStatus> {
    let rec = core::mem::take(&mut keys.recording);
    let mut status = None;
    if let (Some(frags), Some(units)) = (Cursor::of(&rec), rec.units()) {
        let table = KeyTable::resume(keys, rec.table());
        // Whether the text is ASCII, as the checks found when they recorded.
        let units = Utf16::resume(text, units.at_start());
        status = write::<true>(text, table, units, Some(frags), words, numbers, out);
    }
    keys.recording = rec;
    keys.end_recording();
    status
}

/// [`write_tape_unescaping`] with the fragments `frags` (`F`: there are some): `None` when
/// one was not written.
#[inline(always)]
fn write<'w, 'a, const F: bool>(
    text: &'a [u8],
    keys: KeyTable<'w>,
    units: Utf16<'a>,
    frags: Option<Cursor<'w>>,
    words: &mut [u32],
    numbers: &mut [f64],
    out: &mut [u8],
) -> Option<TapeStatus> {
    if u32::try_from(text.len()).is_err() {
        return Some(TapeStatus::Fallback);
    }
    let unescaping = out.len() >= text.len();
    let mut t = Tape {
        bytes: text,
        words,
        numbers,
        nw: HEADER_WORDS as usize,
        nn: 0,
        sp: Specials::NONE,
        units,
        keys,
        frags,
        out: if unescaping { out } else { &mut [] },
        copied: 0,
        removed: 0,
        wide: false,
    };
    let i = ws(t.bytes, 0);
    let read = t.value::<F>(i, 0);
    if t.frags.as_ref().is_some_and(Cursor::ahead) {
        return None;
    }
    if read.is_none() {
        return Some(TapeStatus::Fallback);
    }
    let (nw, nn) = (t.nw, t.nn);
    if let Some([w, n]) = t.words.get_mut(..2) {
        *w = u32::try_from(nw).unwrap_or(u32::MAX);
        *n = u32::try_from(nn).unwrap_or(u32::MAX);
    }
    if nw > t.words.len() || nn > t.numbers.len() {
        return Some(TapeStatus::TooSmall {
            words: nw,
            numbers: nn,
        });
    }
    // Every byte of the unescaped text written, or no tape: a binding may take it for UTF-8.
    let unescaped = if t.removed > 0 {
        if t.mirror(text.len()).is_none() {
            return Some(TapeStatus::Fallback);
        }
        text.len() - t.removed
    } else {
        0
    };
    Some(TapeStatus::Written {
        ascii: t.units.is_ascii() && !t.wide,
        unescaped,
    })
}

/// The offset of the first byte at or after `i` that is not whitespace: outside strings a
/// checked document has no other bytes up to the space, so one comparison tells.
#[inline(always)]
fn ws(bytes: &[u8], i: usize) -> usize {
    if bytes.get(i).is_some_and(|&b| b <= b' ') {
        return ws_slow(bytes, i);
    }
    i
}

#[inline(never)]
fn ws_slow(bytes: &[u8], mut i: usize) -> usize {
    while bytes.get(i).is_some_and(|&b| b <= b' ') {
        i += 1;
    }
    i
}

/// The tape being written: past the end of a buffer only the counts go on. The scan returns
/// the offset after what it read, or `None` where the text is not what the checks passed (or
/// nests past [`MAX_TAPE_DEPTH`]).
struct Tape<'w, 'a> {
    bytes: &'a [u8],
    words: &'w mut [u32],
    numbers: &'w mut [f64],
    nw: usize,
    nn: usize,
    sp: Specials,
    units: Utf16<'a>,
    keys: KeyTable<'w>,
    /// The fragments the checks recorded, and the next one.
    frags: Option<Cursor<'w>>,
    /// The unescaped text (empty when the text is read as it is): `bytes[..copied]`, with
    /// its string values unescaped, is in `out[..copied - removed]`.
    out: &'w mut [u8],
    copied: usize,
    removed: usize,
    /// An unescaped value has a character past ASCII.
    wide: bool,
}

impl Tape<'_, '_> {
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
        self.triple(tag, start, end);
    }

    /// `tag` and two UTF-16 offsets: one bounds check for the three words.
    #[inline(always)]
    fn triple(&mut self, tag: u32, start: u32, end: u32) {
        let nw = self.nw;
        match self.words.get_mut(nw..nw + 3) {
            Some([a, b, c]) => {
                *a = tag;
                *b = start;
                *c = end;
            }
            _ => {
                for w in self
                    .words
                    .iter_mut()
                    .skip(nw)
                    .take(3)
                    .zip([tag, start, end])
                {
                    *w.0 = w.1;
                }
            }
        }
        self.nw = nw + 3;
    }

    /// The string whose `"` is at `i`: the offset of its closing `"`, and whether it has
    /// escapes.
    #[inline(always)]
    fn string(&mut self, i: usize) -> Option<(usize, bool)> {
        let j = self.sp.next(self.bytes, i + 1);
        if self.bytes.get(j) == Some(&b'"') {
            return Some((j, false));
        }
        self.escaped_string(j)
    }

    /// [`string`](Self::string) from the first special byte `j` on.
    #[inline(never)]
    fn escaped_string(&mut self, mut j: usize) -> Option<(usize, bool)> {
        loop {
            match self.bytes.get(j)? {
                b'"' => return Some((j, true)),
                // `\uXXXX`'s hex digits hold no quote or backslash: skipping the letter is
                // enough.
                b'\\' => j = self.sp.next(self.bytes, j + 2),
                _ => return None,
            }
        }
    }

    // Inlined only when optimizing, as the skip loops' helpers are (`json::reader::skip`):
    // unoptimized, the recursion's frames would not fit a thread's 2 MiB at the depth limit.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn value<const F: bool>(&mut self, i: usize, depth: u32) -> Option<usize> {
        if F && self.frags.as_ref().is_some_and(|c| c.start == i) {
            return self.fragment();
        }
        match *self.bytes.get(i)? {
            b'"' => {
                let j = self.sp.next(self.bytes, i + 1);
                if self.bytes.get(j) == Some(&b'"') {
                    self.span(STRING, i + 1, j);
                    return Some(j + 1);
                }
                if !self.out.is_empty() {
                    return self.unescape(i + 1, j);
                }
                let (end, _) = self.escaped_string(j)?;
                self.span(ESCAPED, i + 1, end);
                Some(end + 1)
            }
            b'{' => self.container::<true, F>(i, depth),
            b'[' => self.container::<false, F>(i, depth),
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

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn number(&mut self, i: usize) -> Option<usize> {
        let (n, j) = number_at(self.bytes, i)?;
        match n {
            Num::Integer(v) => {
                self.word(INTEGER);
                self.word(v as u32);
            }
            Num::Double(v) => self.push_number(v),
        }
        Some(j)
    }

    #[inline(always)]
    fn push_number(&mut self, v: f64) {
        if let Some(slot) = self.numbers.get_mut(self.nn) {
            *slot = v;
        }
        self.nn += 1;
        self.word(NUMBER);
    }

    /// Writes `tag` and a place for the count; returns where the count goes.
    #[inline(always)]
    fn open(&mut self, tag: u32) -> usize {
        self.word(tag);
        self.word(0);
        self.nw - 1
    }

    /// After a member or item at `i`: the offset after the `,` and the whitespace after it,
    /// or `None` at the container's close `end` (its offset is then `i`'s).
    #[inline(always)]
    fn separator(&self, i: usize, end: u8) -> Option<Result<usize, usize>> {
        let i = ws(self.bytes, i);
        match *self.bytes.get(i)? {
            b',' => Some(Ok(ws(self.bytes, i + 1))),
            b if b == end => Some(Err(i)),
            _ => None,
        }
    }

    /// The array (`OBJ` false) or object whose opening byte is at `i`: its items, or its
    /// members (a key, then a value), then the close.
    fn container<const OBJ: bool, const F: bool>(&mut self, i: usize, depth: u32) -> Option<usize> {
        if depth >= MAX_TAPE_DEPTH {
            return None;
        }
        let (tag, close) = if OBJ { (OBJECT, b'}') } else { (ARRAY, b']') };
        let at = self.open(tag);
        let mut i = ws(self.bytes, i + 1);
        let mut n = 0u32;
        // The shape code of the keys so far (objects only).
        let mut code = 0u32;
        if self.bytes.get(i) != Some(&close) {
            loop {
                if OBJ {
                    let known;
                    (i, known) = self.member_key::<F>(i, guess_at(depth, n))?;
                    code = next_code(code, n, known);
                }
                i = self.value::<F>(i, depth + 1)?;
                n += 1;
                match self.separator(i, close)? {
                    Ok(next) => i = next,
                    Err(end) => {
                        i = end;
                        break;
                    }
                }
            }
        }
        // An empty object's code, 0, is no shape's.
        close_words(self.words, at, OBJ, code, n);
        Some(i + 1)
    }

    /// The key whose `"` is at `i` and the colon after it: the offset of the value, and the
    /// key's index in [`KNOWN_KEYS`] (or an index past them).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn member_key<const F: bool>(&mut self, i: usize, guess: usize) -> Option<(usize, u32)> {
        if self.bytes.get(i) != Some(&b'"') {
            return None;
        }
        let (end, escaped) = self.string(i)?;
        let known = self.key::<F>(i + 1, end, escaped, guess);
        let mut i = end + 1;
        if self.bytes.get(i) != Some(&b':') {
            i = ws(self.bytes, i);
            if self.bytes.get(i) != Some(&b':') {
                return None;
            }
        }
        Some((ws(self.bytes, i + 1), known))
    }

    /// Writes the key `start..end`; returns its index (a known key's is below
    /// `KNOWN_KEYS.len()`; `u32::MAX` for a key without one).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn key<const F: bool>(&mut self, start: usize, end: usize, escaped: bool, guess: usize) -> u32 {
        let key = if escaped {
            None
        } else if let Some(frontier) = self.frags.as_ref().and_then(Cursor::frontier).filter(|_| F)
        {
            // Fragments lie ahead whose new keys the table numbered already: a key of this
            // pass gets no index, and names one only when its fragment is written.
            match self.keys.find(self.bytes, start, end, guess) {
                Key::Again(k) if k >= frontier => Some(Key::Once),
                k => Some(k),
            }
        } else {
            Some(self.keys.find_or_add(self.bytes, start, end, guess))
        };
        match key_words(key) {
            KeyWords::Word(w, k) => {
                self.word(w);
                k
            }
            KeyWords::Span(tag) => {
                self.span(tag, start, end);
                u32::MAX
            }
        }
    }
}

/// How a key is written: [`KeyWords::Word`] (its index), or a tag and the key's span.
enum KeyWords {
    /// The one word, and the index.
    Word(u32, u32),
    /// The tag of the span.
    Span(u32),
}

/// The words of a key the table found as `key` (`None`: a key with escapes).
#[inline(always)]
fn key_words(key: Option<Key>) -> KeyWords {
    match key {
        None => KeyWords::Span(KEY_ESCAPED),
        Some(Key::Again(k)) => KeyWords::Word(k << KEY_INDEX_SHIFT | KEY_AGAIN, k),
        Some(Key::New) => KeyWords::Span(KEY),
        Some(Key::Once) => KeyWords::Span(KEY_ONCE),
        Some(Key::Reserved) => KeyWords::Span(KEY_DEFINE),
    }
}

/// The shape code of an object's keys after member `n`, of index `known` (see
/// [`push_key`]).
#[inline(always)]
fn next_code(code: u32, n: u32, known: u32) -> u32 {
    if (n as usize) < MAX_SHAPE_KEYS && known < KNOWN_KEYS.len() as u32 {
        push_key(code, known)
    } else {
        NO_SHAPE
    }
}

/// Ends the object (`object`) or array whose count is `words[at]` and tag `words[at - 1]`:
/// `n` members, or [`SHAPED`] when its keys' `code` is a shape's.
#[inline(always)]
fn close_words(words: &mut [u32], at: usize, object: bool, code: u32, n: u32) {
    match object.then(|| shape_of(code)).flatten() {
        Some(shape) => {
            if let Some([t, s]) = words.get_mut(at.wrapping_sub(1)..=at) {
                *t = SHAPED;
                *s = shape;
            }
        }
        None => {
            if let Some(slot) = words.get_mut(at) {
                *slot = n;
            }
        }
    }
}
