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
