//! JSON numbers: kept as written, converted on demand.

use core::fmt;

/// A JSON number as it appears in the input (grammar already checked).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct JsonNumber<'a> {
    text: &'a str,
    integer: bool,
}

impl<'a> JsonNumber<'a> {
    pub(crate) const fn from_source(text: &'a str, integer: bool) -> Self {
        JsonNumber { text, integer }
    }

    /// The number exactly as written.
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// True when written with no fraction and no exponent.
    pub fn is_integer(&self) -> bool {
        self.integer
    }

    /// The value as `i64`, when it is an integer that fits.
    pub fn as_i64(&self) -> Option<i64> {
        if !self.integer {
            return None;
        }
        // Up to 18 digits cannot overflow; the reader checked the grammar.
        let (negative, digits) = match self.text.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, self.text),
        };
        if digits.len() > 18 {
            return self.text.parse().ok();
        }
        let v = digits
            .bytes()
            .fold(0i64, |v, d| v * 10 + i64::from(d.wrapping_sub(b'0')));
        Some(if negative { -v } else { v })
    }

    /// The value as `f64` (integers too). `None` only if it overflows to infinity.
    pub fn as_f64(&self) -> Option<f64> {
        if let Some(v) = self.exact_f64() {
            return Some(v);
        }
        self.text.parse::<f64>().ok().filter(|v| v.is_finite())
    }

    /// [`clinger`] for a plain decimal of at most 15 digits (sign and point aside).
    fn exact_f64(&self) -> Option<f64> {
        let (negative, body) = match self.text.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, self.text),
        };
        let (int, frac) = body.split_once('.').unwrap_or((body, ""));
        if int.len() + frac.len() > 15 || !body.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
            return None;
        }
        let m = int
            .bytes()
            .chain(frac.bytes())
            .fold(0u64, |v, d| v * 10 + u64::from(d.wrapping_sub(b'0')));
        clinger(m, frac.len(), negative)
    }

    /// The number as a typed [`Number`]: an `Int` when written as an integer that fits `i64`,
    /// else a `Float`.
    pub fn to_number(&self) -> Option<Number> {
        match self.as_i64() {
            Some(i) => Some(Number::Int(i)),
            None => self.as_f64().map(Number::Float),
        }
    }
}

/// Clinger's fast path: the decimal of digits `m` (at most 15 of them) with `frac` of them
/// after the point is `m / 10^frac` with both exactly representable (up to 22 fraction
/// digits), so the one division is correctly rounded, as `parse` (and `JSON.parse`) would be.
/// `None` past 22 fraction digits.
pub(crate) fn clinger(m: u64, frac: usize, negative: bool) -> Option<f64> {
    const POW10: [f64; 23] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ];
    let v = m as f64 / *POW10.get(frac)?;
    Some(if negative { -v } else { v })
}

impl fmt::Debug for JsonNumber<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

/// A number field of a typed message, keeping integer vs. fraction as written
/// (`5` re-encodes as `5`, `5.0` as `5.0`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Number {
    /// Written as an integer.
    Int(i64),
    /// Written with a fraction or exponent (always finite).
    Float(f64),
}

impl Number {
    /// The value as `f64`.
    pub fn as_f64(self) -> f64 {
        match self {
            Number::Int(i) => i as f64,
            Number::Float(f) => f,
        }
    }
}

impl From<i64> for Number {
    fn from(v: i64) -> Self {
        Number::Int(v)
    }
}

impl From<f64> for Number {
    fn from(v: f64) -> Self {
        Number::Float(v)
    }
}

/// True when `text`, a number with a fraction (grammar already checked), is exactly what the
/// writer prints for it: shortest round-trip digits in ryu's plain-decimal form.
///
/// A decimal with at most 15 significant digits parses to a double whose shortest form is
/// those digits (any shorter or equal-length decimal for the same double would contradict
/// 15-digit round trips), so the text is canonical when it also has ryu's layout: no
/// exponent, no trailing zero in the fraction (except `I.0`), at most 4 zeros after `0.`.
pub(crate) fn is_canonical_fraction(text: &str) -> bool {
    let b = text.as_bytes();
    let b = b.strip_prefix(b"-").unwrap_or(b);
    let Some(dot) = b.iter().position(|&c| c == b'.') else {
        return false;
    };
    let (int, frac) = (
        b.get(..dot).unwrap_or_default(),
        b.get(dot + 1..).unwrap_or_default(),
    );
    if frac.is_empty() || !frac.iter().all(u8::is_ascii_digit) {
        return false; // an exponent
    }
    is_canonical_decimal(int, frac)
}

/// [`is_canonical_fraction`] of `int.frac` (no sign, no exponent; both all digits, as the
/// reader found them).
#[inline]
pub(crate) fn is_canonical_decimal(int: &[u8], frac: &[u8]) -> bool {
    let significant = if int == b"0" {
        let zeros = frac.iter().take_while(|&&c| c == b'0').count();
        if zeros > 4 && zeros != frac.len() {
            return false; // ryu switches to 1e-6 form
        }
        frac.len() - zeros
    } else {
        int.len() + frac.len()
    };
    let trailing_zero = frac.last() == Some(&b'0');
    significant <= 15 && (!trailing_zero || frac == b"0")
}

#[cfg(test)]
mod tests {
    use super::JsonNumber;
    use alloc::format;
    use alloc::string::String;

    fn check(text: &str) {
        let integer = !text.contains(['.', 'e', 'E']);
        let n = JsonNumber::from_source(text, integer);
        let want = text.parse::<f64>().ok().filter(|v| v.is_finite());
        assert_eq!(
            n.as_f64().map(f64::to_bits),
            want.map(f64::to_bits),
            "{text}"
        );
        if integer {
            assert_eq!(n.as_i64(), text.parse::<i64>().ok(), "{text}");
        }
    }

    #[test]
    fn fast_paths_agree_with_parse() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let digits = format!("{}", x % 10u64.pow((x % 19) as u32 + 1));
            let cut = (x >> 40) as usize % (digits.len() + 1);
            let (a, b) = digits.split_at(cut);
            let sign = if x & 1 == 1 { "-" } else { "" };
            let int = if a.is_empty() || (a.len() > 1 && a.starts_with('0')) {
                "0"
            } else {
                a
            };
            check(&format!("{sign}{digits}"));
            if !b.is_empty() {
                check(&format!("{sign}{int}.{b}"));
            }
        }
        let edge = [
            "0",
            "-0",
            "0.0",
            "-0.0",
            "9007199254740993",
            "0.1",
            "0.30000000000000004",
        ];
        for t in edge.iter().map(|s| String::from(*s)) {
            check(&t);
        }
        for t in [
            "999999999999999999",
            "-999999999999999999",
            "9223372036854775807",
            "-9223372036854775808",
            "9223372036854775808",
            "123456789012345.6",
        ] {
            check(t);
        }
    }
}
