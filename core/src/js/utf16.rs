//! The tape's UTF-16 offsets: what `String.prototype.slice` takes, from byte offsets.

use crate::json::scan::{word, HI, LO};

/// Where a [`Utf16`] is, kept between the fragments of one document.
#[derive(Clone, Copy, Debug)]
pub(super) struct Utf16State {
    ascii: bool,
    byte: usize,
    unit: usize,
}

impl Utf16State {
    /// Whether the text is ASCII, and the conversion back at its start (for the tape writer
    /// after the checks recorded fragments).
    #[cfg(feature = "tape-fragments")]
    pub(super) fn at_start(self) -> Utf16State {
        Utf16State {
            byte: 0,
            unit: 0,
            ..self
        }
    }
}

/// The UTF-16 units that unescaping takes out of a string, given its escapes: each is one
/// unit in the unescaped text, so a one-letter escape takes one of its two bytes' units out
/// and a `\uXXXX` five of its six (a surrogate pair is two such).
pub(super) const fn units_taken_out(short: usize, unicode: usize) -> usize {
    short + 5 * unicode
}

/// Byte offsets into the text turned into UTF-16 offsets, asked for in increasing order.
pub(super) struct Utf16<'a> {
    bytes: &'a [u8],
    ascii: bool,
    /// The last offset converted, in bytes and in units of the text as read.
    byte: usize,
    unit: usize,
    /// Units that unescaping took out of the strings before the last offset (`Tape::unescape`):
    /// subtracted from every offset after them.
    shift: usize,
}

impl<'a> Utf16<'a> {
    pub(super) fn new(text: &'a [u8]) -> Self {
        Utf16 {
            bytes: text,
            ascii: is_ascii(text),
            byte: 0,
            unit: 0,
            shift: 0,
        }
    }

    /// Whether the whole text is ASCII.
    pub(super) fn is_ascii(&self) -> bool {
        self.ascii
    }

    /// Where the conversion is (see [`resume`](Self::resume)); the shift is not kept.
    pub(super) fn state(&self) -> Utf16State {
        Utf16State {
            ascii: self.ascii,
            byte: self.byte,
            unit: self.unit,
        }
    }

    /// The conversion of `text` from where `state` (of the same text) left it, no shift.
    pub(super) fn resume(text: &'a [u8], state: Utf16State) -> Self {
        Utf16 {
            bytes: text,
            ascii: state.ascii,
            byte: state.byte,
            unit: state.unit,
            shift: 0,
        }
    }

    /// The units taken out so far (see [`shift`](Self::shift)).
    pub(super) fn shifted(&self) -> usize {
        self.shift
    }

    /// The UTF-16 offset of byte offset `b`.
    #[inline(always)]
    pub(super) fn at(&mut self, b: usize) -> u32 {
        if self.ascii {
            // The text's length fits u32 (checked by write_tape_unescaping); the shift is
            // units of it.
            return b.wrapping_sub(self.shift) as u32;
        }
        self.slow(b).wrapping_sub(self.shift as u32)
    }

    /// Takes `units` out of every offset from here on: a string before them was unescaped,
    /// which made it that much shorter in UTF-16 than in the text read.
    pub(super) fn shift(&mut self, units: usize) {
        self.shift += units;
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

/// Appends the UTF-16 of `text` to `out`: the units of a JS string of it, which a binding
/// hands its engine when the text is not ASCII (the Node binding converts with the C++
/// simdutf library, twice as fast on such text, and falls back to this). Runs of ASCII,
/// most of such text, are found 8 bytes a step and widened in one loop the compiler makes
/// vector code of: about twice as fast as `str::encode_utf16` on text where a quarter of the
/// characters are not ASCII, far more on mostly ASCII text (BENCHMARKS.md).
pub fn push_utf16(text: &str, out: &mut alloc::vec::Vec<u16>) {
    let b = text.as_bytes();
    out.reserve(b.len());
    let mut i = 0;
    loop {
        let run = ascii_end(b, i);
        out.extend(
            b.get(i..run)
                .unwrap_or_default()
                .iter()
                .map(|&c| u16::from(c)),
        );
        i = run;
        let Some(&lead) = b.get(i) else {
            return;
        };
        // `text` is UTF-8: `lead` starts a character of 2, 3 or 4 bytes.
        let more = |k: usize| u32::from(b.get(i + k).map_or(0, |&c| c & 0x3F));
        let lead = u32::from(lead);
        if lead < 0xE0 {
            out.push((((lead & 0x1F) << 6) | more(1)) as u16);
            i += 2;
        } else if lead < 0xF0 {
            out.push((((lead & 0x0F) << 12) | (more(1) << 6) | more(2)) as u16);
            i += 3;
        } else {
            let c = ((lead & 0x07) << 18) | (more(1) << 12) | (more(2) << 6) | more(3);
            let c = c.wrapping_sub(0x10000);
            out.push((0xD800 | ((c >> 10) & 0x3FF)) as u16);
            out.push((0xDC00 | (c & 0x3FF)) as u16);
            i += 4;
        }
    }
}

/// The offset of the first byte at or after `i` past ASCII (or the end): 8 bytes a step.
#[inline(always)]
fn ascii_end(b: &[u8], mut i: usize) -> usize {
    while let Some(chunk) = b.get(i..i + 8) {
        let high = word(chunk, 0) & HI;
        if high != 0 {
            return i + (high.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while b.get(i).is_some_and(|&c| c < 0x80) {
        i += 1;
    }
    i
}

/// Whether `text` is all ASCII: 32 bytes a step (the compiler makes the OR of four words
/// vector code), where `str::is_ascii` measured a byte's worth of instructions per byte on
/// small messages.
fn is_ascii(text: &[u8]) -> bool {
    let mut chunks = text.chunks_exact(32);
    let mut any = 0u64;
    for c in &mut chunks {
        any |= word(c, 0) | word(c, 8) | word(c, 16) | word(c, 24);
    }
    let rest = chunks.remainder().iter().fold(0u8, |a, &b| a | b);
    any & HI == 0 && rest < 0x80
}

/// The UTF-16 length of UTF-8 text: a unit per byte that does not continue a character, one
/// more for each that starts a 4-byte one (a surrogate pair). 32 bytes a step: text between
/// two offsets is mostly ASCII, and a step without a high bit is 32 units, no counting.
fn utf16_len(text: &[u8]) -> usize {
    let mut chunks = text.chunks_exact(32);
    let mut units = 0;
    for c in &mut chunks {
        units += units_32(c);
    }
    let mut words = chunks.remainder().chunks_exact(8);
    for c in &mut words {
        units += byte_sum(byte_units(word(c, 0)));
    }
    units
        + words
            .remainder()
            .iter()
            .map(|&c| usize::from(c & 0xC0 != 0x80) + usize::from(c >= 0xF0))
            .sum::<usize>()
}

/// The UTF-16 units of 32 bytes of UTF-8 ([`utf16_len`]'s step): 32 without a high bit, else
/// counted a word at a time.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline(always)]
fn units_32(c: &[u8]) -> usize {
    let w = [0, 8, 16, 24].map(|at| word(c, at));
    if (w[0] | w[1] | w[2] | w[3]) & HI == 0 {
        32
    } else {
        byte_sum(w.into_iter().map(byte_units).sum())
    }
}

/// [`units_32`] in wasm's simd128: two compares and two bit counts per 16 bytes.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
fn units_32(c: &[u8]) -> usize {
    c.first_chunk::<32>()
        .map_or(0, crate::json::scan_simd128::utf16_units_32)
}

/// The UTF-16 units of each byte of `w`, in that byte: 0 for a continuation byte
/// (`10xxxxxx`), 2 for the first of four (`11110xxx`, a surrogate pair), 1 for the others.
/// The two kinds exclude each other, so no byte borrows from or carries into the next.
#[inline(always)]
fn byte_units(w: u64) -> u64 {
    // 10xxxxxx: bit 7 set, bit 6 (moved up to bit 7 by the shift) clear.
    let continuation = (w & !(w << 1) & HI) >> 7;
    // 11110xxx: bits 7 to 4 set.
    let four = (w & (w << 1) & (w << 2) & (w << 3) & HI) >> 7;
    LO - continuation + four
}

/// The sum of the bytes of `w` (at most 255 in all): the multiplication adds every byte into
/// the top one.
#[inline(always)]
fn byte_sum(w: u64) -> usize {
    (w.wrapping_mul(LO) >> 56) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_taken_out_are_those_unescaping_takes_out() {
        // (text, one-letter escapes, \uXXXX escapes)
        for (text, short, unicode) in [
            (r"plain", 0, 0),
            (r"a\nb", 1, 0),
            (r"\\", 1, 0),
            (r"\\u0041", 1, 0),
            (r"\u0041", 0, 1),
            (r"x\ud83d\ude00y", 0, 2),
            (r"\\\u00e9\t", 2, 1),
        ] {
            let unescaped: alloc::string::String =
                serde_json::from_str(&alloc::format!("\"{text}\"")).expect("valid JSON string");
            let units = |s: &str| s.encode_utf16().count();
            let out = units(text) - units(&unescaped);
            assert_eq!(units_taken_out(short, unicode), out, "{text}");
        }
    }

    #[test]
    fn is_ascii_agrees_with_str_at_every_length_and_position_of_a_high_byte() {
        for len in 0..80 {
            let mut text = alloc::vec![b'a'; len];
            assert!(is_ascii(&text));
            for at in 0..len {
                text[at] = 0x80;
                assert!(!is_ascii(&text), "{len} {at}");
                text[at] = 0x7f;
                assert!(is_ascii(&text), "{len} {at}");
                text[at] = b'a';
            }
        }
    }

    /// `f` of every part of two texts between character boundaries (the whole text
    /// included): wide characters of every length, and runs of ASCII longer than a 32-byte
    /// step between and around them.
    fn every_part(mut f: impl FnMut(&str)) {
        let mixed = "aé日😀x\u{7f}\u{80}\u{7ff}\u{800}\u{ffff}\u{10000}\u{10ffff}bcdefghijk😀😀é";
        let long = alloc::format!(
            "{}{mixed}{}é{}😀",
            "x".repeat(40),
            "y".repeat(70),
            "z".repeat(33)
        );
        for text in [mixed, &long] {
            for (start, _) in text.char_indices() {
                let rest = &text[start..];
                for (end, _) in rest.char_indices().chain([(rest.len(), ' ')]) {
                    f(&rest[..end]);
                }
            }
        }
    }

    #[test]
    fn push_utf16_agrees_with_encode_utf16_at_every_length_and_offset() {
        let mut out = alloc::vec![7u16];
        every_part(|part| {
            out.truncate(1);
            push_utf16(part, &mut out);
            let want: alloc::vec::Vec<u16> =
                core::iter::once(7).chain(part.encode_utf16()).collect();
            assert_eq!(out, want, "{part:?}");
        });
    }

    #[test]
    fn utf16_len_agrees_with_str_at_every_length_and_offset() {
        every_part(|part| {
            assert_eq!(
                utf16_len(part.as_bytes()),
                part.encode_utf16().count(),
                "{part:?}"
            );
        });
    }
}
