//! The tape's keys: repeated ones named by index, reserved ones marked.

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

/// The names of MCP tool traffic a tape names by index without spelling them: a JS builder
/// holds them as strings made once, so the keys of a typical message cost no string at all.
/// Indexes `0..KNOWN_KEYS.len()` of [`KEY_AGAIN`](super::KEY_AGAIN) are these; a document's
/// own keys are numbered after them.
pub const KNOWN_KEYS: [&str; 60] = [
    "jsonrpc",
    "id",
    "method",
    "params",
    "result",
    "error",
    "code",
    "message",
    "data",
    "name",
    "title",
    "description",
    "arguments",
    "_meta",
    "progressToken",
    "progress",
    "total",
    "cursor",
    "nextCursor",
    "tools",
    "inputSchema",
    "outputSchema",
    "annotations",
    "content",
    "type",
    "text",
    "mimeType",
    "uri",
    "resource",
    "blob",
    "structuredContent",
    "isError",
    "properties",
    "required",
    "items",
    "enum",
    "default",
    "additionalProperties",
    "$schema",
    "$defs",
    "$ref",
    "format",
    "minimum",
    "maximum",
    "readOnlyHint",
    "destructiveHint",
    "idempotentHint",
    "openWorldHint",
    "icons",
    "requestId",
    "reason",
    "resultType",
    "size",
    "audience",
    "priority",
    "lastModified",
    "anyOf",
    "minLength",
    "maxLength",
    "pattern",
];

/// Most keys remembered in one document, the known ones and the reserved ones included.
const MAX_KEYS: usize = 256;
/// Most reserved names kept (a realm's `Object.prototype` has 12); more would leave too few
/// places for a document's keys.
pub const MAX_RESERVED: usize = 32;
/// Slots of the open-addressing table (at most half full).
const SLOTS: usize = 2 * MAX_KEYS;
/// A slot holds its document's stamp in the bits above these, and its entry + 1 in them.
const ENTRY_BITS: u32 = 12;
const ENTRY_MASK: u32 = (1 << ENTRY_BITS) - 1;
/// The stamp of the permanent entries' slots, valid in every document.
const PERMANENT: u32 = !ENTRY_MASK;
/// Documents between two clearings of the table (the stamps above 0 and below PERMANENT).
const GENERATIONS: u32 = PERMANENT >> ENTRY_BITS;

/// A remembered key: its first and last 8 bytes as words, where it starts in the document
/// (a permanent one: its place in `TapeKeys::names`), its length, and its index (or
/// [`RESERVED`]).
#[derive(Clone, Copy)]
struct Entry {
    first: u64,
    last: u64,
    start: u32,
    len: u16,
    known: bool,
    index: u32,
}

const RESERVED: u32 = u32::MAX;

/// Guesses kept: one per member position (the first 16) at each of 4 depths (mod 4).
pub(super) const GUESSES: usize = 64;

/// The key last found at one member position and depth: objects in an array, and the same
/// kind of message one after another, have their keys in the same places, and comparing with
/// the guess costs less than a lookup. Valid in the document of its `stamp` (every document
/// for a permanent entry's; a stamp of 0 is no document's).
#[derive(Clone, Copy)]
struct Guess {
    first: u64,
    last: u64,
    len: u32,
    stamp: u32,
    index: u32,
}

const NO_GUESS: Guess = Guess {
    first: 0,
    last: 0,
    len: 0,
    stamp: 0,
    index: 0,
};

/// The guess for member `n` of an object at `depth`.
#[inline(always)]
pub(super) fn guess_at(depth: u32, n: u32) -> usize {
    ((depth as usize & 3) << 4) | (n as usize).min(15)
}

/// The keys a tape writer knows, kept by the caller across documents (one per thread): the
/// [`KNOWN_KEYS`], the reserved names (those JS must define, not assign: see
/// [`KEY_DEFINE`](super::KEY_DEFINE)), and a table of the current document's own keys. The
/// first two are entered once, as permanent entries; a new document only moves a stamp on,
/// so a small message does not pay for clearing the table.
pub struct TapeKeys {
    /// `stamp | entry + 1` in each slot; a slot of another document's stamp is empty.
    slots: [u32; SLOTS],
    entries: [Entry; MAX_KEYS],
    /// The permanent entries' names (an entry's `start` is its place here): the known keys,
    /// then the reserved names.
    names: alloc::vec::Vec<alloc::string::String>,
    generation: u32,
    guesses: [Guess; GUESSES],
    /// The fragments of the document being checked.
    pub(super) recording: super::fragments::Recording,
}

impl TapeKeys {
    /// Keys for a JS realm whose `Object.prototype` has properties named `reserved` (the
    /// first [`MAX_RESERVED`] distinct ones that are not [`KNOWN_KEYS`]).
    pub fn new<R: AsRef<str>>(reserved: &[R]) -> Self {
        let mut keys = TapeKeys {
            slots: [0; SLOTS],
            entries: [Entry {
                first: 0,
                last: 0,
                start: 0,
                len: 0,
                known: false,
                index: 0,
            }; MAX_KEYS],
            names: KNOWN_KEYS.iter().map(|&k| k.into()).collect(),
            generation: 0,
            guesses: [NO_GUESS; GUESSES],
            recording: Default::default(),
        };
        let is_reserved = |name: &str| reserved.iter().any(|r| r.as_ref() == name);
        for (i, known) in KNOWN_KEYS.iter().enumerate() {
            let index = if is_reserved(known) {
                RESERVED
            } else {
                i as u32
            };
            keys.enter(i, index);
        }
        for r in reserved {
            let name = r.as_ref();
            let fresh =
                !keys.names.iter().any(|n| n == name) && name.len() <= usize::from(u16::MAX);
            if fresh && keys.names.len() < KNOWN_KEYS.len() + MAX_RESERVED {
                keys.names.push(name.into());
                keys.enter(keys.names.len() - 1, RESERVED);
            }
        }
        keys
    }

    /// Enters `names[i]` as permanent entry `i`, with `index`.
    fn enter(&mut self, i: usize, index: u32) {
        let name = self.names[i].as_bytes();
        let len = name.len();
        let (first, last) = words(name, 0, len);
        let names = &self.names;
        let same = |e: &Entry| same_middle(name, names, e, 0, len);
        if let Err(slot) = self.probe(first, last, len, PERMANENT, same) {
            self.entries[i % MAX_KEYS] = Entry {
                first,
                last,
                start: i as u32,
                len: len as u16,
                known: true,
                index,
            };
            self.slots[slot] = PERMANENT | (i as u32 + 1);
        }
    }

    /// The key with these words and length among the slots stamped `stamp` or [`PERMANENT`]:
    /// the entry `same` accepts, or `Err` with the empty slot where it goes.
    #[inline(always)]
    fn probe(
        &self,
        first: u64,
        last: u64,
        len: usize,
        stamp: u32,
        same: impl Fn(&Entry) -> bool,
    ) -> Result<&Entry, usize> {
        let h = (first ^ last.rotate_left(29) ^ len as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut i = (h >> 55) as usize;
        loop {
            let slot = self.slots[i % SLOTS];
            let live = slot & PERMANENT;
            if live != stamp && live != PERMANENT {
                return Err(i % SLOTS);
            }
            let e = &self.entries[((slot & ENTRY_MASK) as usize).wrapping_sub(1) % MAX_KEYS];
            if e.first == first && e.last == last && usize::from(e.len) == len && same(e) {
                return Ok(e);
            }
            i += 1;
        }
    }
}

impl core::fmt::Debug for TapeKeys {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("TapeKeys")
            .field("reserved", &self.names.get(KNOWN_KEYS.len()..))
            .finish_non_exhaustive()
    }
}

/// A [`KeyTable`]'s place between two passes over one document.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct TableState {
    stamp: u32,
    len: usize,
    next: u32,
}

impl TableState {
    /// The index the next new key gets.
    pub(super) fn next(self) -> u32 {
        self.next
    }
}

/// The keys of one document.
pub(super) struct KeyTable<'s> {
    k: &'s mut TapeKeys,
    /// This document's stamp, in the slots' high bits.
    stamp: u32,
    len: usize,
    /// The next index to give (reserved names get none).
    next: u32,
}

impl<'s> KeyTable<'s> {
    /// The keys of a new document, in `k`.
    pub(super) fn new(k: &'s mut TapeKeys) -> Self {
        k.generation += 1;
        if k.generation >= GENERATIONS {
            // The stamps ran out (every 2^20 - 1 documents): clear the documents' slots.
            for s in k.slots.iter_mut().filter(|s| **s & PERMANENT != PERMANENT) {
                *s = 0;
            }
            for g in k.guesses.iter_mut().filter(|g| g.stamp != PERMANENT) {
                *g = NO_GUESS;
            }
            k.generation = 1;
        }
        KeyTable {
            stamp: k.generation << ENTRY_BITS,
            len: k.names.len(),
            k,
            next: KNOWN_KEYS.len() as u32,
        }
    }

    /// The keys of the document whose table `state` left (see [`state`](Self::state)), in `k`.
    pub(super) fn resume(k: &'s mut TapeKeys, state: TableState) -> Self {
        KeyTable {
            k,
            stamp: state.stamp,
            len: state.len,
            next: state.next,
        }
    }

    /// The keys the table is in.
    pub(super) fn into_keys(self) -> &'s mut TapeKeys {
        self.k
    }

    /// Where the table is, to [`resume`](Self::resume) it from.
    pub(super) fn state(&self) -> TableState {
        TableState {
            stamp: self.stamp,
            len: self.len,
            next: self.next,
        }
    }

    /// The key `bytes[start..end]` (`first` and `last`: see [`words`]), at place `guess` (see
    /// [`guess_at`]).
    #[inline(always)]
    pub(super) fn find_or_add(
        &mut self,
        bytes: &[u8],
        start: usize,
        end: usize,
        guess: usize,
    ) -> Key {
        self.find_then::<true>(bytes, start, end, guess)
    }

    /// [`find_or_add`](Self::find_or_add) without adding: a key not in the table is
    /// [`Key::Once`].
    #[inline(always)]
    pub(super) fn find(&mut self, bytes: &[u8], start: usize, end: usize, guess: usize) -> Key {
        self.find_then::<false>(bytes, start, end, guess)
    }

    #[inline(always)]
    fn find_then<const ADD: bool>(
        &mut self,
        bytes: &[u8],
        start: usize,
        end: usize,
        guess: usize,
    ) -> Key {
        let len = end.saturating_sub(start);
        let (first, last) = words(bytes, start, len);
        // Only keys of up to 16 bytes, whole in their two words, are guessed.
        let g = self.k.guesses[guess % GUESSES];
        if g.first == first
            && g.len as usize == len
            && g.last == last
            && (g.stamp == self.stamp || g.stamp == PERMANENT)
        {
            return Key::Again(g.index);
        }
        let names = &self.k.names;
        let same = |e: &Entry| same_middle(bytes, names, e, start, len);
        let slot = match self.k.probe(first, last, len, self.stamp, same) {
            Ok(e) if e.index == RESERVED => return Key::Reserved,
            Ok(e) => {
                let stamp = if e.known { PERMANENT } else { self.stamp };
                let index = e.index;
                self.remember(guess, first, last, len, stamp, index);
                return Key::Again(index);
            }
            Err(slot) => slot,
        };
        if !ADD || self.len >= MAX_KEYS || len > usize::from(u16::MAX) {
            return Key::Once;
        }
        self.remember(guess, first, last, len, self.stamp, self.next);
        // Offsets fit u32: write_tape_unescaping refuses longer texts.
        self.k.entries[self.len % MAX_KEYS] = Entry {
            first,
            last,
            start: start as u32,
            len: len as u16,
            known: false,
            index: self.next,
        };
        self.len += 1;
        self.k.slots[slot] = self.stamp | self.len as u32;
        self.next += 1;
        Key::New
    }

    #[inline(always)]
    fn remember(
        &mut self,
        guess: usize,
        first: u64,
        last: u64,
        len: usize,
        stamp: u32,
        index: u32,
    ) {
        if len > 16 {
            return;
        }
        self.k.guesses[guess % GUESSES] = Guess {
            first,
            last,
            len: len as u32,
            stamp,
            index,
        };
    }
}

/// Whether the key of `len` bytes at `start` equals entry `e`, whose words and length equal
/// its own: only keys longer than 16 bytes have a middle left to compare (a permanent
/// entry's in `names`).
#[inline(always)]
fn same_middle(
    bytes: &[u8],
    names: &[alloc::string::String],
    e: &Entry,
    start: usize,
    len: usize,
) -> bool {
    if len <= 16 {
        return true;
    }
    let middle = bytes.get(start + 8..start + len - 8);
    let theirs = match e.known {
        true => names
            .get(e.start as usize)
            .and_then(|name| name.as_bytes().get(8..len - 8)),
        false => bytes.get(e.start as usize + 8..e.start as usize + len - 8),
    };
    middle == theirs
}

/// The first and the last 8 bytes of the key of `len` bytes at `start` as words: the bytes
/// past a short key's end are zero in `first`, and `last` is 0 for keys of up to 8 bytes.
#[inline(always)]
fn words(bytes: &[u8], start: usize, len: usize) -> (u64, u64) {
    let first = first_word(bytes, start, len);
    let last = if len > 8 {
        load(bytes, start + len - 8)
    } else {
        0
    };
    (first, last)
}

/// The 8 bytes at `at` as a little-endian word (0 past the end of `bytes`).
#[inline(always)]
fn load(bytes: &[u8], at: usize) -> u64 {
    bytes
        .get(at..)
        .and_then(<[u8]>::first_chunk::<8>)
        .map_or(0, |c| u64::from_le_bytes(*c))
}

/// The first `min(len, 8)` bytes from `start` as a word, the rest zero.
#[inline(always)]
fn first_word(bytes: &[u8], start: usize, len: usize) -> u64 {
    match bytes.get(start..).and_then(<[u8]>::first_chunk::<8>) {
        // A key is followed by its closing quote at least: only near the end of the text do
        // the bytes go one by one.
        Some(c) => {
            u64::from_le_bytes(*c)
                & u64::MAX
                    .checked_shr(64 - 8 * len.min(8) as u32)
                    .unwrap_or(0)
        }
        None => bytes
            .get(start..start + len.min(8))
            .unwrap_or_default()
            .iter()
            .rev()
            .fold(0, |w, &b| w << 8 | u64::from(b)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_document_forgets_the_keys_of_the_last_even_when_the_stamps_run_out() {
        let bytes = b"\"alpha\":1,\"beta\":2,\"name\":3,\"propertyIsEnumerable\":4";
        let n = KNOWN_KEYS.len() as u32;
        let mut k = TapeKeys::new(&["beta", "propertyIsEnumerable", "data"]);
        for generation in [5, GENERATIONS - 2, GENERATIONS - 1] {
            k.generation = generation;
            let mut t = KeyTable::new(&mut k);
            assert!(matches!(t.find_or_add(bytes, 1, 6, 0), Key::New));
            assert!(matches!(t.find_or_add(bytes, 1, 6, 0), Key::Again(i) if i == n));
            assert!(matches!(t.find_or_add(bytes, 11, 15, 0), Key::Reserved));
            assert!(matches!(t.find_or_add(bytes, 11, 15, 0), Key::Reserved));
            assert!(matches!(t.find_or_add(bytes, 29, 49, 0), Key::Reserved));
            // Known keys keep their place in every document, reserved ones are marked.
            assert!(matches!(t.find_or_add(bytes, 20, 24, 0), Key::Again(9)));
            let data = b"\"data\"";
            assert!(matches!(t.find_or_add(data, 1, 5, 0), Key::Reserved));
            let mut t = KeyTable::new(&mut k);
            assert!(matches!(t.find_or_add(bytes, 20, 24, 0), Key::Again(9)));
            assert!(matches!(t.find_or_add(bytes, 11, 15, 0), Key::Reserved));
            assert!(matches!(t.find_or_add(bytes, 1, 6, 0), Key::New));
            assert!(matches!(t.find_or_add(bytes, 1, 6, 0), Key::Again(i) if i == n));
        }
    }

    #[test]
    fn every_known_key_is_found_by_its_index() {
        let mut k = TapeKeys::new::<&str>(&[]);
        let mut t = KeyTable::new(&mut k);
        for (i, name) in KNOWN_KEYS.iter().enumerate() {
            let text = alloc::format!("\"{name}\":0");
            let found = t.find_or_add(text.as_bytes(), 1, 1 + name.len(), 0);
            assert!(matches!(found, Key::Again(j) if j == i as u32), "{name}");
        }
        // A key that shares a known key's first and last 8 bytes but not its middle.
        let text = b"\"structuredXontent\"";
        assert!(matches!(t.find_or_add(text, 1, 18, 0), Key::New));
    }

    #[test]
    fn a_guess_holds_in_its_own_document_only_also_when_the_stamps_run_out() {
        let bytes = b"\"alpha\":1,\"name\":2";
        let n = KNOWN_KEYS.len() as u32;
        let mut k = TapeKeys::new::<&str>(&[]);
        let mut t = KeyTable::new(&mut k);
        assert!(matches!(t.find_or_add(bytes, 1, 6, 3), Key::New));
        assert!(matches!(t.find_or_add(bytes, 1, 6, 3), Key::Again(i) if i == n));
        assert!(matches!(t.find_or_add(bytes, 11, 15, 4), Key::Again(9)));
        // The next document that gets the same stamp (after the stamps ran out) finds the
        // guesses of doubtful documents gone, the known key's kept.
        k.generation = GENERATIONS - 1;
        let mut t = KeyTable::new(&mut k);
        assert_eq!(t.stamp, 1 << ENTRY_BITS);
        assert!(matches!(t.find_or_add(bytes, 11, 15, 4), Key::Again(9)));
        assert!(matches!(t.find_or_add(bytes, 1, 6, 3), Key::New));
    }
}
