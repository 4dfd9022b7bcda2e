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
        if self.integer {
            self.text.parse().ok()
        } else {
            None
        }
    }

    /// The value as `f64` (integers too). `None` only if it overflows to infinity.
    pub fn as_f64(&self) -> Option<f64> {
        self.text.parse::<f64>().ok().filter(|v| v.is_finite())
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
