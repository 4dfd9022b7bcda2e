//! The unescaped text the tape writes beside itself (`write_tape_unescaping`): the text
//! copied as the tape goes, each string value with escapes unescaped in it.

use super::{Tape, STRING};
use crate::json::scan::{scan_plain, special_mask_32};
use crate::json::string::hex4;

impl Tape<'_, '_> {
    /// Copies the text up to `to` into the unescaped text (as it is: the strings before it
    /// are unescaped already); `None` when it does not fit, which no checked text gives.
    pub(super) fn mirror(&mut self, to: usize) -> Option<()> {
        let at = self.copied - self.removed;
        let from = self.bytes.get(self.copied..to)?;
        self.out.get_mut(at..at + from.len())?.copy_from_slice(from);
        self.copied = to;
        Some(())
    }

    /// The string value between `start` and its closing quote, whose first escape is at `j`,
    /// unescaped into the unescaped text and written as a [`STRING`] slice of it; returns the
    /// offset after the closing quote.
    #[inline(never)]
    pub(super) fn unescape(&mut self, start: usize, j: usize) -> Option<usize> {
        let (ustart, uend, end) = self.unescape_units(start, j)?;
        self.triple(STRING, ustart, uend);
        Some(end + 1)
    }

    /// [`unescape`](Self::unescape) without writing the tape: the string's offsets in the
    /// unescaped text's UTF-16 units, and the offset of its closing quote.
    pub(super) fn unescape_units(
        &mut self,
        start: usize,
        mut j: usize,
    ) -> Option<(u32, u32, usize)> {
        self.mirror(j)?;
        let ustart = self.units.at(start);
        let (b, out) = (self.bytes, &mut *self.out);
        // The unescaped text's offset of input offset `j`, and the UTF-16 units taken out.
        let mut w = j - self.removed;
        let mut units = 0;
        loop {
            // `j` is at a backslash.
            let (c, used, c_units) = escape_at(b, j);
            let n = c.len();
            match out.get_mut(w..w + 4) {
                Some(o) => o.copy_from_slice(&c.bytes),
                None => out.get_mut(w..w + n)?.copy_from_slice(c.bytes.get(..n)?),
            }
            self.wide |= n > 1;
            w += n;
            j += used;
            units += used - c_units;
            // Copied 32 bytes at a time up to the next quote or backslash: bytes past it are
            // copied too, where the text after it goes.
            loop {
                match (b.get(j..j + 32), out.get_mut(w..w + 32)) {
                    (Some(chunk), Some(o)) => {
                        o.copy_from_slice(chunk);
                        let m = special_mask_32(chunk.try_into().ok()?);
                        let k = if m == 0 {
                            32
                        } else {
                            m.trailing_zeros() as usize
                        };
                        j += k;
                        w += k;
                        if m != 0 {
                            break;
                        }
                    }
                    _ => {
                        let k = scan_plain(b, j).saturating_sub(j);
                        out.get_mut(w..w + k)?.copy_from_slice(b.get(j..j + k)?);
                        j += k;
                        w += k;
                        break;
                    }
                }
            }
            match b.get(j)? {
                b'"' => break,
                b'\\' => continue,
                _ => return None,
            }
        }
        self.removed = j - w;
        self.copied = j;
        let uend = self.units.at(j).wrapping_sub(units as u32);
        self.units.shift(units);
        Some((ustart, uend, j))
    }
}

/// One character in UTF-8, in the first `len()` of four bytes.
struct Utf8 {
    bytes: [u8; 4],
}

impl Utf8 {
    fn len(&self) -> usize {
        let [lead, ..] = self.bytes;
        match lead {
            0..=0x7F => 1,
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            _ => 4,
        }
    }
}

/// The escape at `j` (a backslash, in checked text): its character, its length, and the
/// character's length in UTF-16 units.
#[inline(always)]
fn escape_at(b: &[u8], j: usize) -> (Utf8, usize, usize) {
    let one = |c: u8| {
        (
            Utf8 {
                bytes: [c, 0, 0, 0],
            },
            2,
            1,
        )
    };
    match b.get(j + 1) {
        Some(b'n') => one(b'\n'),
        Some(b't') => one(b'\t'),
        Some(b'r') => one(b'\r'),
        Some(b'b') => one(0x08),
        Some(b'f') => one(0x0C),
        Some(b'u') => {
            let hi = hex4(b.get(j + 2..).unwrap_or_default());
            // The checks let no surrogate stand alone: a high one is followed by `\uDC00`..
            let (c, used) = if (0xD800..0xDC00).contains(&hi) {
                let lo = hex4(b.get(j + 8..).unwrap_or_default());
                let c = 0x10000 + ((hi - 0xD800) << 10) + (lo.wrapping_sub(0xDC00) & 0x3FF);
                (c, 12)
            } else {
                (hi, 6)
            };
            let c = char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER);
            let mut bytes = [0; 4];
            c.encode_utf8(&mut bytes);
            (Utf8 { bytes }, used, c.len_utf16())
        }
        // `\"`, `\\`, `\/`: the character itself.
        Some(&c) => one(c),
        None => one(b' '),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{write_tape_unescaping, TapeKeys};

    /// Text the checks did not pass (every prefix and every one-byte change of a message with
    /// escapes) gives some status, never a panic, with and without the unescaped text.
    #[test]
    fn unchecked_text_never_panics() {
        let msg = br#"{"a":"x\n\u00e9y","b":[1,"\\",{"c":"\ud83d\ude00"}],"d":"\"q"}"#;
        let mut keys = TapeKeys::new::<&str>(&[]);
        let (mut words, mut numbers) = ([0u32; 64], [0f64; 8]);
        let mut texts: alloc::vec::Vec<alloc::vec::Vec<u8>> =
            (0..=msg.len()).map(|n| msg[..n].to_vec()).collect();
        for at in 0..msg.len() {
            for b in [b'"', b'\\', b'u', b'}', b'0', 0xC3] {
                let mut t = msg.to_vec();
                t[at] = b;
                texts.push(t);
            }
        }
        for text in &texts {
            let mut out = alloc::vec![0u8; text.len()];
            write_tape_unescaping(text, &mut keys, &mut words, &mut numbers, &mut out);
            write_tape_unescaping(text, &mut keys, &mut words, &mut numbers, &mut []);
        }
    }
}
