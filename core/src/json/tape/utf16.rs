//! The tape's UTF-16 offsets: what `String.prototype.slice` takes, from byte offsets.

/// Byte offsets into the text turned into UTF-16 offsets, asked for in increasing order.
pub(super) struct Utf16<'a> {
    bytes: &'a [u8],
    ascii: bool,
    /// The last offset converted, in bytes and in units.
    byte: usize,
    unit: usize,
}

impl<'a> Utf16<'a> {
    pub(super) fn new(text: &'a [u8]) -> Self {
        Utf16 {
            bytes: text,
            ascii: is_ascii(text),
            byte: 0,
            unit: 0,
        }
    }

    /// Whether the whole text is ASCII.
    pub(super) fn is_ascii(&self) -> bool {
        self.ascii
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

/// Whether `text` is all ASCII: 32 bytes a step (the compiler makes the OR of four words
/// vector code), where `str::is_ascii` measured a byte's worth of instructions per byte on
/// small messages.
fn is_ascii(text: &[u8]) -> bool {
    const HI: u64 = 0x8080_8080_8080_8080;
    let mut chunks = text.chunks_exact(32);
    let mut any = 0u64;
    for c in &mut chunks {
        for w in c.chunks_exact(8) {
            any |= w.first_chunk::<8>().map_or(0, |w| u64::from_le_bytes(*w));
        }
    }
    let rest = chunks.remainder().iter().fold(0u8, |a, &b| a | b);
    any & HI == 0 && rest < 0x80
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
}
