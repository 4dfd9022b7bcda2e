//! Strings: plain ones by the scanner, escapes checked one by one.

use super::{EscapeCount, Escapes, Kind, NoRecorder, Reader};
use crate::error::{ErrorKind, Result};
use crate::json::scan::{scan_plain, Specials};
use crate::json::JsonStr;

/// [`HEX_DIGIT`]: not a hex digit.
const HEX_NOT_DIGIT: u8 = 0x80;
/// [`HEX_DIGIT`]: an upper-case digit (`A`-`F`).
const HEX_UPPER: u8 = 0x10;
/// A hex digit's value, with [`HEX_UPPER`] for `A`-`F`; [`HEX_NOT_DIGIT`] for other bytes.
const HEX_DIGIT: [u8; 256] = {
    let mut t = [HEX_NOT_DIGIT; 256];
    let mut k = 0;
    while k < 16 {
        t[b"0123456789abcdef"[k] as usize] = k as u8;
        t[b"0123456789ABCDEF"[k] as usize] = if k < 10 { k as u8 } else { k as u8 | HEX_UPPER };
        k += 1;
    }
    t
};

impl<'a> Reader<'a> {
    /// Reads a string value; `detail` names the field for a wrong-type error.
    #[inline]
    pub fn read_str(&mut self, detail: &'static str) -> Result<JsonStr<'a>> {
        self.expect_kind(Kind::String, detail)?;
        self.read_string_raw()
    }

    /// Reads a string value at `"` (already checked).
    #[cfg_attr(not(target_os = "none"), inline(always))]
    pub(super) fn read_string_raw(&mut self) -> Result<JsonStr<'a>> {
        #[cfg(feature = "tape-fragments")]
        return self.string_then(Self::read_value_slow);
        #[cfg(not(feature = "tape-fragments"))]
        self.string_then(Self::read_string_slow)
    }

    /// [`read_string_slow`](Self::read_string_slow) for a value: a recorder
    /// ([`record`](Self::record)) hears of it when it has escapes.
    #[cfg(feature = "tape-fragments")]
    #[inline(never)]
    fn read_value_slow(&mut self, start: usize, i: usize) -> Result<JsonStr<'a>> {
        if self.recorder.is_none() {
            return self.read_string_slow(start, i);
        }
        let mut escapes = EscapeCount::default();
        let value = self.check_string_from(start, i, &mut escapes)?;
        if let Some(recorder) = self.recorder.as_deref_mut() {
            if value.is_escaped() {
                recorder.escaped_string(escapes);
            }
        }
        Ok(value)
    }

    /// The string at `"` (already checked): without a special byte before its closing quote
    /// read here, else by `slow` from its first special byte (given its start and that).
    #[cfg_attr(not(target_os = "none"), inline(always))]
    pub(super) fn string_then(
        &mut self,
        slow: impl FnOnce(&mut Self, usize, usize) -> Result<JsonStr<'a>>,
    ) -> Result<JsonStr<'a>> {
        let start = self.pos + 1;
        let i = scan_plain(self.bytes, start);
        if self.bytes.get(i) != Some(&b'"') {
            return slow(self, start, i);
        }
        self.pos = i + 1;
        let source = self.text.get(start..i).unwrap_or_default();
        Ok(JsonStr::from_checked(source, false, true))
    }

    /// The rest of a string from `i`, where [`scan_plain`] stopped at something not `"`.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    pub(super) fn read_string_slow(&mut self, start: usize, i: usize) -> Result<JsonStr<'a>> {
        self.check_string_from(start, i, &mut NoRecorder)
    }

    /// [`read_string_slow`](Self::read_string_slow), telling `escapes` the string's escapes
    /// when it has some. They are counted here, in registers, and told once: told each one,
    /// a recorder behind a reference kept its count in memory.
    #[inline(never)]
    pub(super) fn check_string_from<E: Escapes>(
        &mut self,
        start: usize,
        mut i: usize,
        escapes: &mut E,
    ) -> Result<JsonStr<'a>> {
        let bytes = self.bytes;
        let mut specials = Specials::NONE;
        let mut escaped = false;
        let mut count = EscapeCount::default();
        loop {
            match bytes.get(i) {
                None => return self.err_at(ErrorKind::UnexpectedEnd, i, "end of string"),
                Some(b'"') => break,
                Some(b'\\') => {
                    escaped = true;
                    i = self.check_escape(i, &mut count)?;
                }
                Some(_) => return self.err_at(ErrorKind::ControlCharacter, i, ""),
            }
            i = specials.next(bytes, i);
        }
        self.pos = i + 1;
        if escaped {
            escapes.escapes(count);
        }
        let source = self.text.get(start..i).unwrap_or_default();
        let canonical = !escaped || !core::mem::take(&mut self.escape_dirty);
        Ok(JsonStr::from_checked(source, escaped, canonical))
    }

    /// Checks the escape at `i` (a backslash), counting it in `count`; returns the offset
    /// after it. Inlined into each [`check_string_from`](Self::check_string_from) (one per
    /// recorder): called apart, it cost text blocks 17% more instructions.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn check_escape(&mut self, i: usize, count: &mut EscapeCount) -> Result<usize> {
        let bytes = self.bytes;
        match bytes.get(i + 1) {
            None => self.err_at(ErrorKind::UnexpectedEnd, i + 1, "escape"),
            Some(b'"' | b'\\' | b'b' | b'f' | b'n' | b'r' | b't') => {
                count.short += 1;
                Ok(i + 2)
            }
            Some(b'/') => {
                self.dirty = true;
                self.escape_dirty = true;
                count.short += 1;
                Ok(i + 2)
            }
            Some(b'u') => {
                let (cp, canonical) = self.hex_escape(i)?;
                if !canonical {
                    self.dirty = true;
                    self.escape_dirty = true;
                }
                if (0xDC00..0xE000).contains(&cp) {
                    return self.err_at(ErrorKind::LoneSurrogate, i, "");
                }
                if (0xD800..0xDC00).contains(&cp) {
                    let lo_at = i + 6;
                    if bytes.get(lo_at) != Some(&b'\\') || bytes.get(lo_at + 1) != Some(&b'u') {
                        if lo_at >= bytes.len() {
                            return self.err_at(ErrorKind::UnexpectedEnd, lo_at, "");
                        }
                        return self.err_at(ErrorKind::LoneSurrogate, i, "");
                    }
                    let (lo, _) = self.hex_escape(lo_at)?;
                    if !(0xDC00..0xE000).contains(&lo) {
                        return self.err_at(ErrorKind::LoneSurrogate, i, "");
                    }
                    count.unicode += 2;
                    return Ok(lo_at + 6);
                }
                count.unicode += 1;
                Ok(i + 6)
            }
            Some(_) => self.err_at(ErrorKind::InvalidEscape, i, ""),
        }
    }

    /// Reads `\uXXXX` at `i`; returns the code unit and whether the canonical writer would
    /// produce exactly this escape. The four digits by table, without a branch per digit;
    /// anything but four hex digits goes to [`hex_escape_slow`](Self::hex_escape_slow).
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn hex_escape(&self, i: usize) -> Result<(u32, bool)> {
        let Some(&[a, b, c, d]) = self.bytes.get(i + 2..).and_then(<[u8]>::first_chunk::<4>) else {
            return self.hex_escape_slow(i);
        };
        let digits = [a, b, c, d].map(|x| HEX_DIGIT[usize::from(x)]);
        let all = digits.iter().fold(0, |m, &x| m | x);
        if all & HEX_NOT_DIGIT != 0 {
            return self.hex_escape_slow(i);
        }
        let cp = digits
            .iter()
            .fold(0u32, |cp, &x| cp << 4 | u32::from(x & 15));
        let lower = all & HEX_UPPER == 0;
        let canonical = lower && cp < 0x20 && !matches!(cp, 0x08 | 0x09 | 0x0a | 0x0c | 0x0d);
        Ok((cp, canonical))
    }

    /// [`hex_escape`](Self::hex_escape) digit by digit, with the exact error.
    #[inline(never)]
    fn hex_escape_slow(&self, i: usize) -> Result<(u32, bool)> {
        let mut cp = 0u32;
        let mut lower = true;
        for k in 0..4 {
            let at = i + 2 + k;
            let d = match self.bytes.get(at) {
                None => return self.err_at(ErrorKind::UnexpectedEnd, at, "hex digit"),
                Some(&b @ b'0'..=b'9') => b - b'0',
                Some(&b @ b'a'..=b'f') => b - b'a' + 10,
                Some(&b @ b'A'..=b'F') => {
                    lower = false;
                    b - b'A' + 10
                }
                Some(_) => return self.err_at(ErrorKind::InvalidEscape, i, ""),
            };
            cp = cp * 16 + u32::from(d);
        }
        let canonical = lower && cp < 0x20 && !matches!(cp, 0x08 | 0x09 | 0x0a | 0x0c | 0x0d);
        Ok((cp, canonical))
    }
}

#[cfg(test)]
mod tests {
    use super::Reader;
    use crate::Limits;
    use alloc::format;

    #[test]
    fn hex_escapes_by_table_read_as_digit_by_digit() {
        let digits = b"0123456789abcdefABCDEFgG\"\\ x";
        let mut n = 0;
        for a in digits.iter().step_by(3) {
            for b in [b'0', b'd', b'D', b'g', b'8'] {
                for c in digits {
                    for d in [b'0', b'f', b'F', b'"', b'9', b'a'] {
                        let text =
                            format!("\\u{}", core::str::from_utf8(&[*a, b, *c, d]).unwrap_or(""));
                        let r = Reader::from_str(&text, Limits::DEFAULT);
                        let got = r.hex_escape(0);
                        assert_eq!(got, r.hex_escape_slow(0), "{text}");
                        n += usize::from(got.is_ok());
                    }
                }
            }
        }
        assert!(n > 1000, "{n}");
        // Cut short: the exact error at the end.
        for text in ["\\u", "\\u0", "\\u00e"] {
            let r = Reader::from_str(text, Limits::DEFAULT);
            assert_eq!(r.hex_escape(0), r.hex_escape_slow(0), "{text}");
            assert!(r.hex_escape(0).is_err());
        }
    }
}
