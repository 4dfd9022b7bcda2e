//! Plain integers (ids, progress tokens) read with their value in one pass.

use super::Reader;
use crate::json::scan::{non_digit_bytes, word};

impl Reader<'_> {
    /// The integer at the reader's offset when it is plain (at most 18 digits, no leading
    /// zero, fraction, exponent or `-0`), read in the same pass that finds its end; `None`
    /// with nothing consumed otherwise, for [`read_number`](Self::read_number) to take. Ids
    /// and progress tokens are such integers, and building their text to parse it again
    /// cost half their reading.
    #[inline]
    pub fn read_plain_int(&mut self) -> Option<i64> {
        let bytes = self.bytes;
        let negative = bytes.get(self.pos) == Some(&b'-');
        let first = self.pos + usize::from(negative);
        // Up to 7 digits in one word, without a branch per digit.
        let w = word(bytes.get(first..first + 8)?, 0);
        let n = (non_digit_bytes(w).trailing_zeros() / 8) as usize;
        if n == 0 || n == 8 || (w & 0xff == u64::from(b'0') && (n > 1 || negative)) {
            return None;
        }
        if matches!(bytes.get(first + n), Some(b'.' | b'e' | b'E')) {
            return None;
        }
        self.pos = first + n;
        let v = swar_digits(w, n) as i64;
        Some(if negative { -v } else { v })
    }
}

/// The value of the first `n` (1 to 7) ASCII digits of `w` (first digit in the low byte).
#[cfg_attr(not(target_os = "none"), inline(always))]
fn swar_digits(w: u64, n: usize) -> u64 {
    let d = (w.wrapping_sub(0x3030_3030_3030_3030)) << (8 * (8 - n));
    // Pairs, then fours, then all eight (the shifted-in bytes are leading zeros).
    let d = d.wrapping_mul(10).wrapping_add(d >> 8);
    let lo = (d & 0x0000_00FF_0000_00FF).wrapping_mul(100 + (1_000_000 << 32));
    let hi = ((d >> 16) & 0x0000_00FF_0000_00FF).wrapping_mul(1 + (10_000 << 32));
    lo.wrapping_add(hi) >> 32
}

#[cfg(test)]
mod tests {
    use super::swar_digits;
    use crate::json::Reader;
    use crate::Limits;
    use alloc::format;

    /// What `read_number` and `as_i64` give, where `read_plain_int` answers at all.
    fn slow(text: &str) -> Option<i64> {
        let mut r = Reader::new(text.as_bytes(), Limits::DEFAULT).ok()?;
        r.read_number("").ok()?.as_i64()
    }

    fn plain(text: &str) -> (Option<i64>, usize) {
        let mut r = Reader::new(text.as_bytes(), Limits::DEFAULT).unwrap();
        let v = r.read_plain_int();
        (v, r.offset())
    }

    #[test]
    fn digits_in_a_word_have_their_value() {
        for v in (0..10_000_000u64)
            .step_by(997)
            .chain([0, 9, 10, 99, 100, 9_999_999])
        {
            let text = format!("{v}");
            let mut w = [b'x'; 8];
            w[..text.len()].copy_from_slice(text.as_bytes());
            assert_eq!(swar_digits(u64::from_le_bytes(w), text.len()), v, "{v}");
        }
    }

    #[test]
    fn plain_integers_read_as_read_number_reads_them() {
        for text in ["0", "7", "-7", "42", "1234567", "-1234567", "1000", "-1"] {
            let padded = format!("{text},\"rest\":1}}");
            assert_eq!(plain(&padded), (slow(text), text.len()), "{text}");
        }
    }

    #[test]
    fn everything_else_is_left_to_read_number() {
        for text in [
            "12345678,\"x\":1}", // eight digits
            "-0,\"x\":1}",
            "01,\"x\":1}",
            "1.5,\"x\":1}",
            "1e3,\"x\":1}",
            "2E3,\"x\":1}",
            "-,\"x\":1}",
            "\"1\",\"x\":1}",
            "17", // too close to the end for a word
        ] {
            assert_eq!(plain(text), (None, 0), "{text}");
        }
    }
}
