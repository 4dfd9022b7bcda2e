//! Numbers, `true`, `false` and `null`.

use super::{Kind, Reader};
use crate::error::{ErrorKind, Result};
use crate::json::scan::{non_digit_bytes, word};
use crate::json::JsonNumber;

impl<'a> Reader<'a> {
    /// Reads a number; `detail` names the field for a wrong-type error.
    #[inline]
    pub fn read_number(&mut self, detail: &'static str) -> Result<JsonNumber<'a>> {
        self.expect_kind(Kind::Number, detail)?;
        self.read_number_raw()
    }

    /// The end of the ASCII digits from `i`, eight at a time.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    pub(super) fn digits_from(&self, mut i: usize) -> usize {
        while let Some(chunk) = self.bytes.get(i..i + 8) {
            let m = non_digit_bytes(word(chunk, 0));
            if m != 0 {
                return i + (m.trailing_zeros() / 8) as usize;
            }
            i += 8;
        }
        while self.bytes.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        i
    }

    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn read_number_raw(&mut self) -> Result<JsonNumber<'a>> {
        let (n, end) = self.number_at(self.pos)?;
        self.pos = end;
        Ok(n)
    }

    /// The number starting at `start` (a `-` or a digit) and the offset after it; the position
    /// stays in a register (the skip loop calls this without going through `pos`).
    #[cfg_attr(not(target_os = "none"), inline(always))]
    pub(super) fn number_at(&mut self, start: usize) -> Result<(JsonNumber<'a>, usize)> {
        let bytes = self.bytes;
        let int_at = start + usize::from(bytes.get(start) == Some(&b'-'));
        let mut i = self.digits_from(int_at);
        let n = i - int_at;
        if n == 0 {
            return self.number_error(i);
        }
        if n > 1 && bytes.get(int_at) == Some(&b'0') {
            return self.err_at(ErrorKind::InvalidNumber, int_at, "leading zero");
        }
        let int_end = i;
        let mut integer = true;
        if bytes.get(i) == Some(&b'.') {
            integer = false;
            let frac_at = i + 1;
            i = self.digits_from(frac_at);
            if i == frac_at {
                return self.number_error(i);
            }
        }
        let frac_end = i;
        let mut exponent: i64 = 0;
        let mut canonical = true;
        if matches!(bytes.get(i), Some(b'e' | b'E')) {
            i += 1;
            integer = false;
            canonical = false;
            let negative = bytes.get(i) == Some(&b'-');
            if matches!(bytes.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            let exp_at = i;
            i = self.digits_from(exp_at);
            if i == exp_at {
                return self.number_error(i);
            }
            exponent = bytes[exp_at..i].iter().fold(0i64, |a, &d| {
                a.saturating_mul(10).saturating_add(i64::from(d - b'0'))
            });
            if negative {
                exponent = -exponent;
            }
        }
        let text = self.text.get(start..i).unwrap_or_default();
        if !integer {
            let int = bytes.get(int_at..int_end).unwrap_or_default();
            let frac = bytes.get(int_end + 1..frac_end).unwrap_or_default();
            if !(canonical && crate::json::number::is_canonical_decimal(int, frac)) {
                self.mark_dirty();
            }
            // Below 10^308 a double is finite; only numbers that may reach it are parsed.
            let magnitude = (n as i64 - 1).saturating_add(exponent);
            if magnitude >= 308 && !text.parse::<f64>().is_ok_and(f64::is_finite) {
                return self.err_at(ErrorKind::NumberOutOfRange, start, "");
            }
        } else if text == "-0" {
            self.mark_dirty();
        }
        Ok((JsonNumber::from_source(text, integer), i))
    }

    /// The error for a number whose digit was expected at `at`.
    fn number_error<T>(&self, at: usize) -> Result<T> {
        if at >= self.bytes.len() {
            return self.err_at(ErrorKind::UnexpectedEnd, at, "digit");
        }
        self.err_at(ErrorKind::InvalidNumber, at, "digit expected")
    }

    /// Reads `true` or `false`; `detail` names the field for a wrong-type error.
    pub fn read_bool(&mut self, detail: &'static str) -> Result<bool> {
        // Compact JSON has the literal right at the offset: no whitespace to skip first.
        if !matches!(self.bytes.get(self.pos), Some(b't' | b'f')) {
            self.expect_kind(Kind::Bool, detail)?;
        }
        // Each literal a constant, so its comparison is a load, not a `memcmp` call.
        let value = self.bytes.get(self.pos) == Some(&b't');
        self.pos = match value {
            true => self.literal_at(self.pos, b"true")?,
            false => self.literal_at(self.pos, b"false")?,
        };
        Ok(value)
    }

    /// Reads `null`.
    pub fn read_null(&mut self) -> Result<()> {
        self.expect_kind(Kind::Null, "null")?;
        self.literal(b"null")
    }

    /// The literal `lit` at `i`: the offset after it.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    pub(super) fn literal_at(&mut self, i: usize, lit: &[u8]) -> Result<usize> {
        if self.bytes.get(i..i + lit.len()) == Some(lit) {
            return Ok(i + lit.len());
        }
        self.pos = i;
        self.literal(lit)?;
        Ok(self.pos)
    }

    pub(super) fn literal(&mut self, lit: &[u8]) -> Result<()> {
        for (k, &want) in lit.iter().enumerate() {
            match self.bytes.get(self.pos + k) {
                None => return self.err_at(ErrorKind::UnexpectedEnd, self.pos + k, ""),
                Some(&b) if b == want => {}
                Some(_) => return self.err_at(ErrorKind::UnexpectedByte, self.pos + k, ""),
            }
        }
        self.pos += lit.len();
        Ok(())
    }
}
