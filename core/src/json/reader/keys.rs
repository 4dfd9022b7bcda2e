//! The keys of the objects open in a reader, for duplicate detection.

use crate::json::JsonStr;
#[cfg(feature = "alloc")]
use alloc::collections::BTreeSet;
use core::cmp::Ordering;

/// How many keys may be open at once (across all nesting levels) in the no-alloc build.
#[cfg(not(feature = "alloc"))]
pub const NO_ALLOC_KEYS: usize = 96;
#[cfg(not(feature = "alloc"))]
const INLINE_KEYS: usize = NO_ALLOC_KEYS;
/// Keys held without allocating; with `alloc`, more spill into a `Vec`.
#[cfg(feature = "alloc")]
const INLINE_KEYS: usize = 16;

/// Objects with more keys than this find duplicates in an ordered set of their keys instead
/// of scanning them: linear scans would make an object of n keys cost n² comparisons.
#[cfg(feature = "alloc")]
pub(super) const SCAN_KEYS: u32 = 32;
/// Without `alloc` the whole stack holds [`NO_ALLOC_KEYS`] keys: scanning them stays bounded.
#[cfg(not(feature = "alloc"))]
pub(super) const SCAN_KEYS: u32 = u32::MAX;

/// Keys of the objects currently open, for duplicate detection. The first keys live inline,
/// so decoding a typical message allocates nothing.
pub(super) struct KeyStack<'a> {
    inline: [KeyBytes<'a>; INLINE_KEYS],
    len: usize,
    #[cfg(feature = "alloc")]
    spill: alloc::vec::Vec<KeyBytes<'a>>,
    /// The open objects past [`SCAN_KEYS`] keys: where their keys start in the stack (their
    /// first keys stay there; later ones go only into the set), and the set of their keys.
    #[cfg(feature = "alloc")]
    wide: alloc::vec::Vec<(usize, BTreeSet<KeyBytes<'a>>)>,
}

/// A key as the stack keeps it: its source bytes between the quotes, and whether they hold
/// escapes. The skip loop reads keys as bytes: a `&str` of them would check both ends for
/// character boundaries (measured: 2.6% of a tools/list decode, 3.4% of a structuredContent
/// one).
#[derive(Clone, Copy)]
pub(super) struct KeyBytes<'a> {
    source: &'a [u8],
    escaped: bool,
}

impl<'a> KeyBytes<'a> {
    /// The source bytes of a key without escapes.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    pub(super) fn plain(source: &'a [u8]) -> Self {
        KeyBytes {
            source,
            escaped: false,
        }
    }

    /// The key `key` read by the reader.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    pub(super) fn of(key: &JsonStr<'a>) -> Self {
        KeyBytes {
            source: key.source().as_bytes(),
            escaped: key.is_escaped(),
        }
    }

    /// The key as a string view, for comparing decoded values: the bytes are a key the reader
    /// checked, so they are UTF-8 (an empty key stands in if they were not).
    fn to_json_str(self) -> JsonStr<'a> {
        let text = core::str::from_utf8(self.source).unwrap_or_default();
        JsonStr::from_checked(text, self.escaped, false)
    }
}

/// Equal when their decoded values are; keys without escapes compare as bytes.
impl PartialEq for KeyBytes<'_> {
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn eq(&self, other: &Self) -> bool {
        if !self.escaped && !other.escaped {
            let (a, b) = (self.source, other.source);
            return a.len() == b.len() && super::named::eq_short(a, b);
        }
        self.to_json_str() == other.to_json_str()
    }
}

impl Eq for KeyBytes<'_> {}

/// Ordered by decoded value (UTF-8 bytes order as their characters do), for the ordered set
/// of a wide object's keys.
impl Ord for KeyBytes<'_> {
    fn cmp(&self, other: &Self) -> Ordering {
        #[cfg(all(test, feature = "alloc"))]
        tests::count(1);
        if !self.escaped && !other.escaped {
            return self.source.cmp(other.source);
        }
        self.to_json_str().chars().cmp(other.to_json_str().chars())
    }
}

impl PartialOrd for KeyBytes<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<'a> KeyStack<'a> {
    pub(super) fn new() -> Self {
        KeyStack {
            inline: [KeyBytes::plain(b""); INLINE_KEYS],
            len: 0,
            #[cfg(feature = "alloc")]
            spill: alloc::vec::Vec::new(),
            #[cfg(feature = "alloc")]
            wide: alloc::vec::Vec::new(),
        }
    }

    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Forgets the keys from position `n` on: those of the object closed there and of any
    /// object inside it.
    pub(super) fn truncate(&mut self, n: usize) {
        #[cfg(feature = "alloc")]
        while self.wide.last().is_some_and(|(start, _)| *start >= n) {
            self.wide.pop();
        }
        if n < self.len {
            self.len = n;
            #[cfg(feature = "alloc")]
            self.spill.truncate(n.saturating_sub(INLINE_KEYS));
        }
    }

    /// True when `key` is among the keys from position `from` on.
    pub(super) fn contains_from(&self, from: usize, key: &KeyBytes<'a>) -> bool {
        #[cfg(all(test, feature = "alloc"))]
        tests::count(self.len.saturating_sub(from));
        // The usual case, all keys inline, without the chained iterator.
        match self.inline.get(from..self.len) {
            Some(keys) => contains(keys, key),
            None => self.contains_spilled(from, key),
        }
    }

    /// [`contains_from`](Self::contains_from) when keys have spilled out of the inline slots.
    #[inline(never)]
    fn contains_spilled(&self, from: usize, key: &KeyBytes<'a>) -> bool {
        contains(self.keys_from(from), key)
    }

    /// The keys from position `from` on.
    fn keys_from(&self, from: usize) -> impl Iterator<Item = &KeyBytes<'a>> {
        let inline = &self.inline[from.min(INLINE_KEYS)..self.len.min(INLINE_KEYS)];
        #[cfg(feature = "alloc")]
        let spill = &self.spill[from.saturating_sub(INLINE_KEYS).min(self.spill.len())..];
        #[cfg(not(feature = "alloc"))]
        let spill: &[KeyBytes<'a>] = &[];
        inline.iter().chain(spill)
    }

    /// Adds key `key` of the wide object whose keys start at `from` (one with more than
    /// [`SCAN_KEYS`] keys); false when the object already has it.
    #[cfg(feature = "alloc")]
    #[inline(never)]
    pub(super) fn insert_wide(&mut self, from: usize, key: KeyBytes<'a>) -> bool {
        if self.wide.last().is_none_or(|(start, _)| *start != from) {
            // Inserted one by one, not `collect`ed: `BTreeSet::from_iter` sorts first, which
            // links a stable sort (16 KB of wasm) for no gain here.
            let mut set = BTreeSet::new();
            for key in self.keys_from(from) {
                set.insert(*key);
            }
            self.wide.push((from, set));
        }
        match self.wide.last_mut() {
            Some((_, set)) => set.insert(key),
            None => false,
        }
    }

    /// Adds a key; false when the no-alloc stack is full.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    pub(super) fn push(&mut self, key: KeyBytes<'a>) -> bool {
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

/// True when `key` is among `keys`. A loop, not `any`: its closure was left out of line, a
/// call per comparison.
#[cfg_attr(not(target_os = "none"), inline(always))]
fn contains<'k, 'a: 'k>(
    keys: impl IntoIterator<Item = &'k KeyBytes<'a>>,
    key: &KeyBytes<'a>,
) -> bool {
    for k in keys {
        if k == key {
            return true;
        }
    }
    false
}

/// A bit for an unescaped key, from its length and its first and last bytes; an escaped key
/// gets every bit, so it is always compared, and every key after it is too.
#[inline]
pub(super) fn key_bit(key: &KeyBytes<'_>) -> u64 {
    if key.escaped {
        return u64::MAX;
    }
    let b = key.source;
    let (first, last) = (b.first().copied(), b.last().copied());
    let h = b.len() * 11 + usize::from(first.unwrap_or(0)) * 5 + usize::from(last.unwrap_or(0));
    1 << (h % 64)
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use crate::error::ErrorKind;
    use crate::json::RawJson;
    use alloc::format;
    use alloc::string::String;
    use alloc::vec::Vec;
    use core::cell::Cell;
    extern crate std;

    std::thread_local! {
        /// Keys compared by the duplicate checks so far on this thread.
        static COMPARED: Cell<usize> = const { Cell::new(0) };
    }

    pub(super) fn count(n: usize) {
        COMPARED.with(|c| c.set(c.get() + n));
    }

    fn object(keys: impl Iterator<Item = String>) -> String {
        let members: Vec<String> = keys.map(|k| format!("\"{k}\":0")).collect();
        format!("{{{}}}", members.join(","))
    }

    #[test]
    fn wide_objects_cost_n_log_n_comparisons_not_n_squared() {
        let n = 20_000;
        let text = object((0..n).map(|i| format!("k{i}")));
        let before = COMPARED.with(Cell::get);
        assert!(RawJson::parse(&text).is_ok());
        let compared = COMPARED.with(Cell::get) - before;
        // An ordered set needs about n·log2(n) ≈ 290,000; scanning would need n²/2 = 2·10⁸.
        assert!(compared < 40 * n, "{compared} comparisons for {n} keys");
    }

    #[test]
    fn duplicates_in_wide_objects_are_found_where_they_are() {
        let keys: Vec<String> = (0..5_000).map(|i| format!("key{i}")).collect();
        for dup in [0, 31, 32, 33, 2_500, 4_999] {
            let mut all = keys.clone();
            all.push(keys[dup].clone());
            let text = object(all.into_iter());
            let e = RawJson::parse(&text).unwrap_err();
            assert_eq!(e.kind, ErrorKind::DuplicateKey, "{dup}");
            assert_eq!(e.offset, text.rfind(&format!("\"{}\"", keys[dup])).unwrap());
            // The same key written with an escape is the same key.
            let escaped = format!("\\u006b{}", &keys[dup][1..]);
            let text = format!(
                "{},\"{escaped}\":1}}",
                &object(keys.iter().cloned()).trim_end_matches('}')
            );
            assert_eq!(
                RawJson::parse(&text).unwrap_err().kind,
                ErrorKind::DuplicateKey
            );
        }
    }

    #[test]
    fn escaped_and_plain_spellings_of_a_key_meet_in_small_objects() {
        for (text, dup) in [
            (r#"{"\u0062":1,"a":2,"b":3}"#, Some(r#""b""#)),
            (r#"{"b":1,"a":2,"\u0062":3}"#, Some(r#""\u0062""#)),
            (r#"{"\u0061b":1,"a\u0062":2}"#, Some(r#""a\u0062""#)),
            (r#"{"\u0061":1,"b":2,"\u0063":3}"#, None),
            (r#"{"ab":1,"ba":2,"a":{"ab":3}}"#, None),
        ] {
            match dup {
                Some(at) => {
                    let e = RawJson::parse(text).unwrap_err();
                    assert_eq!(e.kind, ErrorKind::DuplicateKey, "{text}");
                    assert_eq!(e.offset, text.rfind(at).unwrap(), "{text}");
                }
                None => assert!(RawJson::parse(text).is_ok(), "{text}"),
            }
        }
    }

    #[test]
    fn wide_objects_inside_wide_objects_keep_their_own_keys() {
        let inner = object((0..40).map(|i| format!("k{i}")));
        let members: Vec<String> = (0..40).map(|i| format!("\"k{i}\":{inner}")).collect();
        let outer = format!("{{{}}}", members.join(","));
        assert!(RawJson::parse(&outer).is_ok());
        let bad_outer = format!("{},\"k7\":1}}", outer.trim_end_matches('}'));
        let e = RawJson::parse(&bad_outer).unwrap_err();
        assert_eq!(
            (e.kind, e.offset),
            (ErrorKind::DuplicateKey, bad_outer.len() - 7)
        );
        let bad_inner = format!("{{\"a\":{},\"k3\":1}}}}", inner.trim_end_matches('}'));
        let e = RawJson::parse(&bad_inner).unwrap_err();
        assert_eq!(
            (e.kind, e.offset),
            (ErrorKind::DuplicateKey, bad_inner.len() - 8)
        );
        // Siblings in an array, each wide, do not see each other's keys.
        assert!(RawJson::parse(&format!("[{inner},{inner},{{\"x\":{inner}}}]")).is_ok());
    }

    /// Keys of one length with the same first and last bytes share a filter bit, so they are
    /// compared byte for byte: a difference at any position keeps them apart.
    #[test]
    fn keys_sharing_a_bit_differ_at_every_position() {
        for len in 1..=40 {
            let base: String = (0..len)
                .map(|i| char::from(b'a' + (i % 26) as u8))
                .collect();
            for at in 0..len {
                let mut other = base.clone().into_bytes();
                other[at] = b'Z';
                let other = String::from_utf8(other).unwrap();
                let text = format!("{{\"{base}\":1,\"{other}\":2}}");
                assert!(RawJson::parse(&text).is_ok(), "{text}");
                let text = format!("{{\"{base}\":1,\"{other}\":2,\"{base}\":3}}");
                let e = RawJson::parse(&text).unwrap_err();
                assert_eq!(e.kind, ErrorKind::DuplicateKey, "{text}");
            }
        }
    }
}
