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
    pub(super) fn unescape_units(&mut self, start: usize, j: usize) -> Option<(u32, u32, usize)> {
        self.mirror(j)?;
        let ustart = self.units.at(start);
        let mut r = Run {
            j,
            w: j - self.removed,
            wider: 0,
            wide: false,
        };
        let (b, out) = (self.bytes, &mut *self.out);
        if !r.blocks(b, out)? {
            r.rest(b, out)?;
        }
        self.wide |= r.wide;
        // The units the escapes took out: the bytes they took out (a one-letter escape takes
        // one of each), plus what the others' characters are wider in UTF-8 than in UTF-16.
        let units = (r.j - r.w) - self.removed + r.wider;
        self.removed = r.j - r.w;
        self.copied = r.j;
        let uend = self.units.at(r.j).wrapping_sub(units as u32);
        self.units.shift(units);
        Some((ustart, uend, r.j))
    }
}

/// Where the unescaping of one string is: `out[..w]` holds the unescaped text of `b[..j]`, and
/// `j` is not inside an escape.
struct Run {
    j: usize,
    w: usize,
    /// How many more bytes than UTF-16 units the characters of the escapes other than the
    /// one-letter ones take in the unescaped text: their units taken out are their bytes
    /// taken out plus this (a one-letter escape takes one of each).
    wider: usize,
    /// Whether an escape gave a character of more than one byte.
    wide: bool,
}

/// How far from the end of the text [`Run::blocks`] stops: a block of 32, an escape of up to 12
/// bytes reaching past it, and the 32 bytes copied after that.
const BLOCKS_MARGIN: usize = 32 + 12 + 32;

impl Run {
    /// The string from `j`, 32 bytes at a time up to its closing quote (`Some(true)`, with `j`
    /// there) or to [`BLOCKS_MARGIN`] bytes before the end of the text (`Some(false)`).
    /// Each block's mask of special bytes is taken where the block starts, not where the
    /// last escape ended, so finding the next escape does not wait for the last one to be
    /// read: with a `\t` or `\n` every few bytes (a table in a text block) that chain of
    /// loads was 15% of the decode. `None`: text the checks refuse.
    fn blocks(&mut self, b: &[u8], out: &mut [u8]) -> Option<bool> {
        // `w <= j` (no escape is shorter than its character), so `out` has room for every
        // copy made here when it is as long as the text.
        if out.len() < b.len() {
            return Some(false);
        }
        let mut x = self.j;
        while x + BLOCKS_MARGIN <= b.len() {
            let chunk = b.get(x..x + 32)?.first_chunk::<32>()?;
            let mut m = u64::from(special_mask_32(chunk)) & after(self.j - x);
            self.copy32(b, out)?;
            while m != 0 {
                let p = x + m.trailing_zeros() as usize;
                self.w += p - self.j;
                self.j = p;
                match b.get(p)? {
                    b'"' => return Some(true),
                    b'\\' => self.escape(b, out)?,
                    _ => return None,
                }
                self.copy32(b, out)?;
                m &= after(self.j - x);
            }
            if self.j < x + 32 {
                self.w += x + 32 - self.j;
                self.j = x + 32;
            }
            x += 32;
        }
        Some(false)
    }

    /// The string from `j` to its closing quote, where `j` is then.
    fn rest(&mut self, b: &[u8], out: &mut [u8]) -> Option<()> {
        loop {
            // Copied 32 bytes at a time up to the next quote or backslash: bytes past it are
            // copied too, where the text after it goes.
            loop {
                let (j, w) = (self.j, self.w);
                match (b.get(j..j + 32), out.get_mut(w..w + 32)) {
                    (Some(chunk), Some(o)) => {
                        o.copy_from_slice(chunk);
                        let m = special_mask_32(chunk.try_into().ok()?);
                        let k = if m == 0 {
                            32
                        } else {
                            m.trailing_zeros() as usize
                        };
                        self.j += k;
                        self.w += k;
                        if m != 0 {
                            break;
                        }
                    }
                    _ => {
                        let k = scan_plain(b, j).saturating_sub(j);
                        out.get_mut(w..w + k)?.copy_from_slice(b.get(j..j + k)?);
                        self.j += k;
                        self.w += k;
                        break;
                    }
                }
            }
            match b.get(self.j)? {
                b'"' => return Some(()),
                b'\\' => self.escape(b, out)?,
                _ => return None,
            }
        }
    }

    /// The 32 bytes at `j` copied to `w`: the text up to the next special byte, and bytes
    /// past it that the next copy overwrites.
    #[inline(always)]
    fn copy32(&self, b: &[u8], out: &mut [u8]) -> Option<()> {
        let from = b.get(self.j..self.j + 32)?;
        out.get_mut(self.w..self.w + 32)?.copy_from_slice(from);
        Some(())
    }

    /// The escape at `j` (a backslash) unescaped.
    #[inline(always)]
    fn escape(&mut self, b: &[u8], out: &mut [u8]) -> Option<()> {
        // A one-letter escape by table: dense escapes made the `match` of `escape_at` a jump
        // the CPU mispredicted at every escape.
        let simple = SIMPLE[usize::from(b.get(self.j + 1).copied().unwrap_or(0))];
        if simple != 0 {
            *out.get_mut(self.w)? = simple;
            self.w += 1;
            self.j += 2;
            return Some(());
        }
        let (c, used, c_units) = escape_at(b, self.j);
        let n = c.len();
        let w = self.w;
        match out.get_mut(w..w + 4) {
            Some(o) => o.copy_from_slice(&c.bytes),
            None => out.get_mut(w..w + n)?.copy_from_slice(c.bytes.get(..n)?),
        }
        self.wide |= n > 1;
        self.w += n;
        self.j += used;
        self.wider += n - c_units;
        Some(())
    }
}

/// The bits of a block's mask from `k` on (none when `k` is past them).
#[inline(always)]
fn after(k: usize) -> u64 {
    u32::try_from(k)
        .ok()
        .and_then(|k| u64::MAX.checked_shl(k))
        .unwrap_or(0)
}

/// The character of the escape `\x`, by `x`, for the one-letter escapes; 0 for the others.
const SIMPLE: [u8; 256] = {
    let mut t = [0; 256];
    t[b'"' as usize] = b'"';
    t[b'\\' as usize] = b'\\';
    t[b'/' as usize] = b'/';
    t[b'b' as usize] = 0x08;
    t[b'f' as usize] = 0x0C;
    t[b'n' as usize] = b'\n';
    t[b'r' as usize] = b'\r';
    t[b't' as usize] = b'\t';
    t
};

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
        // Long enough for the unescaping's 32-byte blocks.
        let msg = br#"{"a":"x\n\u00e9y","b":[1,"\\",{"c":"\ud83d\ude00"}],"d":"\"q\t\t0123456789abcdef0123456789abcdef\t0123456789\n0123456789abcdef0123456789\t\"\\\u00e9"}"#;
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
