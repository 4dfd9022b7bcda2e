//! Fragments: the tapes of the values the checks skip (`structuredContent`, `arguments`,
//! schemas), written while the checks read them, so that the tape writer copies each one
//! instead of reading its text a second time
//! ([`decode_tape_unescaping`](super::decode_tape_unescaping)).
//!
//! A fragment's words are the tape's, its offsets in UTF-16 units of the text the tape
//! slices: less the units that unescaping the string values before them takes out, which the
//! recording counts as the checks tell it of those values ([`Recording::shift`]: the reader
//! tells of the values read outside the skipped ones); a string with escapes stays [`ESCAPED`], with
//! byte offsets. The writer copies the words and makes each escaped string, whose places the
//! recording lists, a slice of its unescaped text. It checks that its own count of units
//! taken out is the one the checks had, at the start of each fragment and after each escaped
//! string, and when not (which the checks rule out) writes the document without fragments.
//! The checks number the fragments' new keys in document order; the writer, until the last
//! fragment is copied, gives keys of its own no new index (one it gave before such a fragment
//! would shift that fragment's indexes).

// Without the feature only the writer's side is compiled in (its fragments never come).
#![cfg_attr(not(feature = "tape-fragments"), allow(dead_code))]

use super::keys::{guess_at, KeyTable, TableState, TapeKeys};
use super::utf16::units_taken_out;
use super::{
    close_words, key_words, next_code, number_at, KeyWords, Num, Tape, Utf16, Utf16State, ARRAY,
    ESCAPED, FALSE, INTEGER, KNOWN_KEYS, MAX_TAPE_DEPTH, NULL, NUMBER, OBJECT, STRING, TRUE,
};
#[cfg(feature = "tape-fragments")]
use crate::error::Result;
use crate::json::reader::{EscapeCount, Escapes, Recorder};
#[cfg(feature = "tape-fragments")]
use crate::json::reader::{Reader, SkipRecorder};
#[cfg(feature = "tape-fragments")]
use crate::json::scan::Specials;
use alloc::vec::Vec;

/// One skipped value: its text `start..end`, its words, numbers and escaped strings up to
/// `words`, `numbers` and `escaped` of the recording, the index the key table gives next
/// after it, and the units taken out of the text before it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Fragment {
    start: usize,
    end: usize,
    words: usize,
    numbers: usize,
    escaped: usize,
    next: u32,
    shift: u32,
}

/// Words kept between documents: a recording past them is dropped at the next one.
const KEEP: usize = 1 << 18;

/// The fragments of the document being checked (kept in [`TapeKeys`], whose table numbers
/// their keys, so the vectors serve every document).
#[derive(Debug, Default)]
pub(super) struct Recording {
    /// Written up to `nw`, `nn` and `ne` (the vectors only grow, in [`put`]).
    words: Vec<u32>,
    numbers: Vec<f64>,
    /// Each [`ESCAPED`] string's place in `words` (that of its first offset), and the units
    /// taken out of the text once it is unescaped, in order.
    escaped: Vec<u32>,
    nw: usize,
    nn: usize,
    ne: usize,
    fragments: Vec<Fragment>,
    /// The UTF-16 offsets after the last fragment (`None` before the first).
    units: Option<Utf16State>,
    /// The key table after the last fragment.
    table: TableState,
    /// A document is being recorded, or was and its tape is not written yet.
    active: bool,
    /// A value could not be kept (nested past [`MAX_TAPE_DEPTH`], a skip the checks
    /// refused, or out of order): the writer reads every value itself.
    failed: bool,
    /// The writer will unescape the string values (the offsets are taken less the units
    /// that takes out).
    unescaping: bool,
    /// The UTF-16 units that unescaping the string values read so far takes out of the text
    /// (keys are not counted: the tape's text keeps them as they are).
    shift: usize,
}

impl Recording {
    /// Whether a document is being recorded, or was and its tape is not written yet.
    pub(super) fn is_active(&self) -> bool {
        self.active
    }

    /// The key table after the last fragment.
    pub(super) fn table(&self) -> TableState {
        self.table
    }

    /// The UTF-16 offsets after the last fragment (`None` before the first).
    pub(super) fn units(&self) -> Option<Utf16State> {
        self.units
    }
}

impl TapeKeys {
    /// Starts a new document whose skipped values are recorded (by a reader given these
    /// keys), for a tape written `unescaping` its string values or not.
    pub(crate) fn begin_recording(&mut self, unescaping: bool) {
        let table = KeyTable::new(self).state();
        let r = &mut self.recording;
        if r.words.len() > KEEP || r.numbers.len() > KEEP || r.escaped.len() > KEEP {
            *r = Recording::default();
        }
        (r.nw, r.nn, r.ne) = (0, 0, 0);
        r.unescaping = unescaping;
        r.fragments.clear();
        r.units = None;
        r.table = table;
        r.active = true;
        r.failed = false;
        r.shift = 0;
    }

    /// Drops the recording: the document was refused.
    pub(crate) fn end_recording(&mut self) {
        self.recording.active = false;
    }
}

/// Writes `items` at `*n` of `v` (grown when they do not fit) and moves `*n` past them: one
/// bounds check for them all, where pushing checks the capacity for each. One store per
/// item: copied as a slice, the items went through the stack, stored there one by one and
/// loaded back as a wider word, which waits for the stores (a store-forwarding stall: 5% of
/// the 200-row structuredContent's decode in Node, by `perf`).
#[inline(always)]
fn put<T: Copy + Default, const N: usize>(v: &mut Vec<T>, n: &mut usize, items: [T; N]) {
    let at = *n;
    match v.get_mut(at..at + N) {
        Some(to) => {
            for (to, item) in to.iter_mut().zip(items) {
                *to = item;
            }
        }
        None => grow_put(v, at, &items),
    }
    *n = at + N;
}

#[cold]
#[inline(never)]
fn grow_put<T: Copy + Default>(v: &mut Vec<T>, at: usize, items: &[T]) {
    let len = (2 * v.len()).max(at + items.len()).max(1024);
    v.resize(len, T::default());
    if let Some(to) = v.get_mut(at..at + items.len()) {
        to.copy_from_slice(items);
    }
}

/// The recorder of one skipped value, starting at `start`.
pub(crate) struct TapeRecorder<'k, 'b> {
    table: KeyTable<'k>,
    rec: Recording,
    bytes: &'b [u8],
    units: Utf16<'b>,
    start: usize,
    /// Nesting in the whole document, as the tape writer counts it.
    depth: u32,
    base: u32,
    /// The key of a top-level member whose string value is wanted, and where that is.
    peek: Option<&'b str>,
    want: bool,
    found: Option<usize>,
    /// The units taken out of the text before the value, and before the place at hand, as
    /// the writer takes them ([`shift_of`]).
    first_shift: u32,
    shift: u32,
}

/// An open object or array: where its count goes, and an object's shape code so far.
pub(crate) struct Open {
    at: usize,
    code: u32,
}

impl<'k, 'b> TapeRecorder<'k, 'b> {
    /// Records the value at `start` of `bytes` (at nesting `depth`) into `keys`' recording;
    /// `peek`: a top-level key whose string value [`finish`](Self::finish) tells.
    fn new(
        keys: &'k mut TapeKeys,
        bytes: &'b [u8],
        start: usize,
        depth: u32,
        peek: Option<&'b str>,
    ) -> Self {
        let rec = core::mem::take(&mut keys.recording);
        let shift = shift_of(&rec, rec.shift);
        let table = KeyTable::resume(keys, rec.table);
        let units = match rec.units {
            Some(state) => Utf16::resume(bytes, state),
            None => Utf16::new(bytes),
        };
        TapeRecorder {
            table,
            rec,
            bytes,
            units,
            start,
            depth,
            base: depth,
            peek,
            want: false,
            found: None,
            first_shift: shift,
            shift,
        }
    }

    /// Ends the value, which ended at `end` (`None`: the checks refused it); returns the
    /// offset of the `"` of the peeked member's string value, when found.
    fn finish(mut self, end: Option<usize>) -> Option<usize> {
        let after_last = self.rec.fragments.last().map_or(0, |f| f.end);
        match end {
            Some(end) if self.start >= after_last => self.rec.fragments.push(Fragment {
                start: self.start,
                end,
                words: self.rec.nw,
                numbers: self.rec.nn,
                escaped: self.rec.ne,
                next: self.table.state().next(),
                shift: self.first_shift,
            }),
            _ => self.rec.failed = true,
        }
        self.rec.table = self.table.state();
        self.rec.units = Some(self.units.state());
        let keys = self.table.into_keys();
        keys.recording = self.rec;
        self.found
    }

    /// `tag` and the UTF-16 offsets of bytes `start..end` in the text the tape slices.
    #[inline(always)]
    fn span(&mut self, tag: u32, start: usize, end: usize) {
        let start = self.units.at(start).wrapping_sub(self.shift);
        let end = self.units.at(end).wrapping_sub(self.shift);
        put(&mut self.rec.words, &mut self.rec.nw, [tag, start, end]);
    }

    /// A value other than a string comes: a peeked key's value is not one.
    #[inline(always)]
    fn value(&mut self) {
        self.want = false;
    }
}

/// The escapes of a string value of the recorded one: the units unescaping takes out.
impl Escapes for TapeRecorder<'_, '_> {
    #[inline(always)]
    fn escapes(&mut self, count: EscapeCount) {
        self.rec.shift += units_taken_out(count.short, count.unicode);
    }
}

impl Recorder for TapeRecorder<'_, '_> {
    type Open = Open;

    #[inline(always)]
    fn open(&mut self, object: bool) -> Open {
        self.value();
        if self.depth >= MAX_TAPE_DEPTH {
            self.rec.failed = true;
        }
        self.depth += 1;
        let tag = if object { OBJECT } else { ARRAY };
        put(&mut self.rec.words, &mut self.rec.nw, [tag, 0]);
        Open {
            at: self.rec.nw - 1,
            code: 0,
        }
    }

    #[inline(always)]
    fn key(&mut self, open: &mut Open, start: usize, end: usize, escaped: bool, n: u32) {
        if self.peek.is_some() && self.depth == self.base + 1 && self.found.is_none() {
            self.want = self.is_peeked(start, end, escaped);
        }
        let key = match escaped {
            true => None,
            false => {
                let guess = guess_at(self.depth.saturating_sub(1), n);
                Some(self.table.find_or_add(self.bytes, start, end, guess))
            }
        };
        let known = match key_words(key) {
            KeyWords::Word(w, k) => {
                put(&mut self.rec.words, &mut self.rec.nw, [w]);
                k
            }
            KeyWords::Span(tag) => {
                self.span(tag, start, end);
                u32::MAX
            }
        };
        open.code = next_code(open.code, n, known);
    }

    #[inline(always)]
    fn close(&mut self, open: Open, object: bool, n: u32) {
        self.depth -= 1;
        close_words(&mut self.rec.words, open.at, object, open.code, n);
    }

    #[inline(always)]
    fn string(&mut self, start: usize, end: usize, escaped: bool) {
        if self.want {
            self.found = Some(start - 1);
            self.want = false;
        }
        if !escaped {
            return self.span(STRING, start, end);
        }
        // Byte offsets: the writer unescapes it, or makes them units.
        self.shift = shift_of(&self.rec, self.rec.shift);
        let r = &mut self.rec;
        put(&mut r.escaped, &mut r.ne, [r.nw as u32 + 1, self.shift]);
        put(&mut r.words, &mut r.nw, [ESCAPED, start as u32, end as u32]);
    }

    #[inline(always)]
    fn number(&mut self, i: usize) {
        self.value();
        match number_at(self.bytes, i) {
            Some((Num::Integer(v), _)) => {
                put(&mut self.rec.words, &mut self.rec.nw, [INTEGER, v as u32]);
            }
            Some((Num::Double(v), _)) => {
                put(&mut self.rec.numbers, &mut self.rec.nn, [v]);
                put(&mut self.rec.words, &mut self.rec.nw, [NUMBER]);
            }
            None => self.rec.failed = true,
        }
    }

    #[inline(always)]
    fn literal(&mut self, first: u8) {
        self.value();
        let w = match first {
            b't' => TRUE,
            b'f' => FALSE,
            _ => NULL,
        };
        put(&mut self.rec.words, &mut self.rec.nw, [w]);
    }
}

impl TapeRecorder<'_, '_> {
    /// Whether the key `start..end` is the peeked one (compared as decoded text).
    #[inline(never)]
    fn is_peeked(&self, start: usize, end: usize, escaped: bool) -> bool {
        let text = self.bytes.get(start..end).unwrap_or_default();
        let text = core::str::from_utf8(text).unwrap_or_default();
        let key = crate::json::JsonStr::from_checked(text, escaped, false);
        self.peek.is_some_and(|p| key.eq_str(p))
    }
}

/// The units taken out of the text before a place where unescaping takes out `shift`: those,
/// when the writer unescapes (texts fit u32: `write_tape_unescaping` refuses others).
fn shift_of(rec: &Recording, shift: usize) -> u32 {
    match rec.unescaping {
        true => shift as u32,
        false => 0,
    }
}

/// A reader given the keys ([`Reader::record`]) records the values it skips as fragments.
#[cfg(feature = "tape-fragments")]
impl SkipRecorder for TapeKeys {
    fn skip(
        &mut self,
        r: &mut Reader<'_>,
        i: usize,
        sp: &mut Specials,
        peek: Option<&str>,
    ) -> Result<(usize, Option<usize>)> {
        let bytes = r.input().as_bytes();
        let mut recorder = TapeRecorder::new(self, bytes, i, r.depth(), peek);
        let end = r.skip_recorded(i, sp, &mut recorder);
        let found = recorder.finish(end.as_ref().ok().copied());
        end.map(|end| (end, found))
    }

    fn escaped_string(&mut self, escapes: EscapeCount) {
        self.recording.shift += units_taken_out(escapes.short, escapes.unicode);
    }
}

/// The tape writer's place among a recording's fragments.
pub(super) struct Cursor<'r> {
    fragments: &'r [Fragment],
    words: &'r [u32],
    numbers: &'r [f64],
    escaped: &'r [u32],
    /// The next fragment, and where its words, numbers and escaped strings start.
    next: usize,
    word: usize,
    number: usize,
    escape: usize,
    /// Where the next fragment starts (`usize::MAX`: none is left).
    pub(super) start: usize,
    /// The first index the keys of the fragments not yet written have.
    frontier: u32,
}

impl<'r> Cursor<'r> {
    /// The fragments of `rec`, when it recorded the document and every value it was told of.
    pub(super) fn of(rec: &'r Recording) -> Option<Cursor<'r>> {
        if !rec.active || rec.failed || rec.fragments.is_empty() {
            return None;
        }
        Some(Cursor {
            fragments: &rec.fragments,
            words: rec.words.get(..rec.nw).unwrap_or_default(),
            numbers: rec.numbers.get(..rec.nn).unwrap_or_default(),
            escaped: rec.escaped.get(..rec.ne).unwrap_or_default(),
            next: 0,
            word: 0,
            number: 0,
            escape: 0,
            start: rec.fragments.first().map_or(usize::MAX, |f| f.start),
            frontier: KNOWN_KEYS.len() as u32,
        })
    }

    /// Whether a fragment is left to write.
    #[inline(always)]
    pub(super) fn ahead(&self) -> bool {
        self.next < self.fragments.len()
    }

    /// While a fragment is left to write, the first index its keys (and those after it) have.
    #[inline(always)]
    pub(super) fn frontier(&self) -> Option<u32> {
        self.ahead().then_some(self.frontier)
    }
}

impl Tape<'_, '_> {
    /// Writes the fragment that starts at `self.frags.start` (the value at hand): its words
    /// and numbers copied, then its escaped strings unescaped; returns the offset after it,
    /// or `None` when the units taken out of the text before it, or after one of its escaped
    /// strings, are not those the checks counted.
    #[inline(never)]
    pub(super) fn fragment(&mut self) -> Option<usize> {
        let c = self.frags.as_ref()?;
        let f = *c.fragments.get(c.next)?;
        let (first, escaped) = (c.word, c.escaped.get(c.escape..f.escaped)?);
        let words = c.words.get(first..f.words)?;
        let numbers = c.numbers.get(c.number..f.numbers)?;
        if self.units.shifted() as u32 != f.shift {
            return None;
        }
        let base = self.nw;
        if let Some(to) = self.words.get_mut(base..base + words.len()) {
            to.copy_from_slice(words);
        }
        self.nw += words.len();
        if let Some(to) = self.numbers.get_mut(self.nn..self.nn + numbers.len()) {
            to.copy_from_slice(numbers);
        }
        self.nn += numbers.len();
        for pair in escaped.chunks_exact(2) {
            let &[at, shift] = pair else { return None };
            let rel = (at as usize).checked_sub(first)?;
            let (start, end) = (*words.get(rel)? as usize, *words.get(rel + 1)? as usize);
            let (tag, start, end) = if self.out.is_empty() {
                (ESCAPED, self.units.at(start), self.units.at(end))
            } else {
                let j = self.sp.next(self.bytes, start);
                let (s, e, _) = self.unescape_units(start, j)?;
                (STRING, s, e)
            };
            if self.units.shifted() as u32 != shift {
                return None;
            }
            let tag_at = (base + rel).checked_sub(1)?;
            if let Some([t, s, e]) = self.words.get_mut(tag_at..tag_at + 3) {
                (*t, *s, *e) = (tag, start, end);
            }
        }
        let c = self.frags.as_mut()?;
        c.next += 1;
        c.word = f.words;
        c.number = f.numbers;
        c.escape = f.escaped;
        c.frontier = f.next;
        c.start = c.fragments.get(c.next).map_or(usize::MAX, |f| f.start);
        Some(f.end)
    }
}

#[cfg(all(test, feature = "tape-fragments"))]
mod tests {
    use super::super::{write_recorded, TapeKeys};
    use crate::{Limits, McpMessage};
    use alloc::format;

    /// The writer takes the fragments (finds the units taken out before each, and after each
    /// escaped string in them, to be those the checks counted) for messages with escaped
    /// string values and keys around and inside the skipped values: typed keys and values,
    /// keys in skipped objects, a peeked `"type"` read twice, surrogate pairs and characters
    /// past ASCII.
    #[test]
    fn the_writer_takes_the_fragments_after_escapes_of_every_kind() {
        let escapes = r#"a\n\t\"\\\/\u0041\u00e9\u2014\ud83d\ude00é"#;
        let result = format!(
            r#"{{"jsonrpc":"2.0","id":1,"result":{{"content":[{{"type":"text","text":"{escapes}","x\u0079{escapes}":"{escapes}"}}],"structuredContent":{{"k\n":"{escapes}","rows":[{{"a":"{escapes}","b\u0062":1}},{{"a":"{escapes}","b\u0062":2.5}}]}},"isError":false}}}}"#
        );
        let call = format!(
            r#"{{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{{"name":"{escapes}","arguments":{{"{escapes}":["{escapes}",{{"q":"{escapes}"}}]}},"_meta":{{"m":"{escapes}"}}}}}}"#
        );
        let tool = |n: u32| {
            format!(
                r#"{{"name":"t{n}","description":"{escapes}","inputSchema":{{"properties":{{"p":{{"type":"string","description":"{escapes}"}}}},"type":"obj\u0065ct"}}}}"#
            )
        };
        let list = format!(
            r#"{{"jsonrpc":"2.0","id":3,"result":{{"tools":[{},{},{}]}}}}"#,
            tool(1),
            tool(2),
            tool(3)
        );
        for message in [result, call, list] {
            for unescaping in [true, false] {
                let input = message.as_bytes();
                let mut keys = TapeKeys::new(&["__proto__"]);
                keys.begin_recording(unescaping);
                McpMessage::decode_recording(input, Limits::DEFAULT, &mut keys).unwrap();
                let (mut words, mut numbers) = ([0u32; 4096], [0f64; 64]);
                let mut out = alloc::vec![0u8; if unescaping { input.len() } else { 0 }];
                let written = write_recorded(input, &mut keys, &mut words, &mut numbers, &mut out);
                assert!(written.is_some(), "{unescaping} {message}");
            }
        }
    }
}
