//! Numbers compared mathematically, from their JSON text: `1.0 == 1`, integers of any size
//! compare exactly, and `multipleOf` is exact decimal arithmetic (no float rounding), all up
//! to 38 significant digits; digits beyond that are truncated.

use crate::json::Value;
use core::cmp::Ordering;

/// A decimal `(-1)^neg * mant * 10^exp`, normalized: `mant` has no trailing zeros and zero is
/// `(false, 0, 0)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Dec {
    neg: bool,
    mant: u128,
    exp: i64,
}

const MAX_DIGITS: u32 = 38;

/// `10^i` for every `i` a `u128` holds.
const POW10: [u128; 39] = {
    let mut t = [1u128; 39];
    let mut i = 1;
    while i < 39 {
        t[i] = t[i - 1] * 10;
        i += 1;
    }
    t
};

/// `a * 10^ea` against `b * 10^eb` (`a` and `b` non-zero, below 10^39): the side with the
/// larger exponent is scaled to the other's, one multiplication instead of two logarithms.
fn cmp_scaled(a: u128, ea: i64, b: u128, eb: i64) -> Ordering {
    let d = ea.saturating_sub(eb);
    let p = usize::try_from(d.unsigned_abs())
        .ok()
        .and_then(|i| POW10.get(i));
    // (Mantissas of up to 19 digits, exponents up to 19 apart: one 64-bit multiplication.)
    if let (Ok(a), Ok(b), Some(Ok(p))) = (
        u64::try_from(a),
        u64::try_from(b),
        p.map(|p| u64::try_from(*p)),
    ) {
        let (a, b, p) = (u128::from(a), u128::from(b), u128::from(p));
        return if d >= 0 {
            (a * p).cmp(&b)
        } else {
            a.cmp(&(b * p))
        };
    }
    match p {
        // (An overflow is past any u128 on the other side.)
        Some(p) if d >= 0 => a.checked_mul(*p).map_or(Ordering::Greater, |m| m.cmp(&b)),
        Some(p) => b.checked_mul(*p).map_or(Ordering::Less, |m| a.cmp(&m)),
        // 39 places or more apart: the non-zero mantissas cannot make up the difference.
        None if d > 0 => Ordering::Greater,
        None => Ordering::Less,
    }
}

impl Dec {
    /// Parses JSON number text (`None` when it is not a JSON number).
    pub(crate) fn parse(text: &str) -> Option<Dec> {
        let b = text.as_bytes();
        let (neg, body) = match b.split_first() {
            Some((b'-', rest)) => (true, rest),
            _ => (false, b),
        };
        // (Up to 19 digits fit a u64: most numbers are read this way.)
        if body.len() <= 19 {
            if let Some((mant, exp)) = short_decimal(body) {
                return Some(Dec::new_small(neg, mant, exp));
            }
        }
        Dec::parse_long(text)
    }

    /// [`parse`](Self::parse) of any text: digits past [`MAX_DIGITS`] truncated, exponents.
    fn parse_long(text: &str) -> Option<Dec> {
        let b = text.as_bytes();
        let mut i = 0;
        let neg = b.first() == Some(&b'-');
        if neg {
            i += 1;
        }
        let mut mant: u128 = 0;
        let mut sig = 0u32; // significant digits kept in mant
        let mut exp: i64 = 0;
        let mut any = false;
        let mut frac = false;
        while i < b.len() {
            let c = b[i];
            match c {
                b'0'..=b'9' => {
                    any = true;
                    let d = u128::from(c - b'0');
                    if sig < MAX_DIGITS {
                        if mant > 0 || d > 0 {
                            mant = mant * 10 + d;
                            sig += 1;
                        }
                        if frac {
                            exp -= 1;
                        }
                    } else if !frac {
                        exp += 1; // truncated integer digit
                    }
                }
                b'.' if !frac => frac = true,
                b'e' | b'E' => break,
                _ => return None,
            }
            i += 1;
        }
        if !any {
            return None;
        }
        if i < b.len() {
            let e = text.get(i + 1..)?;
            let e = e.strip_prefix('+').unwrap_or(e);
            let v = parse_exp(e)?;
            exp = exp.saturating_add(v);
        }
        Some(Dec::new(neg, mant, exp))
    }

    fn new(neg: bool, mut mant: u128, mut exp: i64) -> Dec {
        if let Ok(small) = u64::try_from(mant) {
            return Dec::new_small(neg, small, exp);
        }
        while mant.is_multiple_of(10) {
            mant /= 10;
            exp = exp.saturating_add(1);
        }
        Dec { neg, mant, exp }
    }

    /// [`Dec::new`] of a mantissa that fits a `u64`.
    fn new_small(neg: bool, mut mant: u64, mut exp: i64) -> Dec {
        if mant == 0 {
            return Dec {
                neg: false,
                mant: 0,
                exp: 0,
            };
        }
        while mant.is_multiple_of(10) {
            mant /= 10;
            exp = exp.saturating_add(1);
        }
        Dec {
            neg,
            mant: u128::from(mant),
            exp,
        }
    }

    /// True when JSON number text has an integer value (`5`, `5.0`, `1e3`), without the
    /// full parse when it is written as an integer.
    pub(crate) fn text_is_integer(text: &str) -> bool {
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit() || b == b'-') {
            return true;
        }
        Dec::parse(text).is_some_and(|d| d.is_integer())
    }

    /// The number of a JSON value, when it is a number.
    pub(crate) fn of(v: &Value) -> Option<Dec> {
        match v {
            Value::Number(t) => Dec::parse(t),
            _ => None,
        }
    }

    /// True when the value has no fractional part (`1.0` is an integer).
    pub(crate) fn is_integer(&self) -> bool {
        self.mant == 0 || self.exp >= 0
    }

    /// True for values below zero.
    pub(crate) fn is_negative(&self) -> bool {
        self.neg
    }

    /// True for zero.
    pub(crate) fn is_zero(&self) -> bool {
        self.mant == 0
    }

    /// The value as a `u64` when it is a non-negative integer (saturating above `u64::MAX`).
    pub(crate) fn to_u64(self) -> Option<u64> {
        if self.neg || !self.is_integer() {
            return None;
        }
        let mut m = self.mant;
        for _ in 0..self.exp.min(40) {
            m = m.saturating_mul(10);
        }
        Some(u64::try_from(m).unwrap_or(u64::MAX))
    }

    /// The value as an `f64` when that is exact (mantissa below 2^53, the power of ten
    /// applied without rounding), else `None`.
    pub(crate) fn exact_f64(&self) -> Option<f64> {
        let m = u64::try_from(self.mant).ok().filter(|m| *m <= 1 << 53)?;
        let v = match u32::try_from(self.exp) {
            Ok(e) => m
                .checked_mul(10u64.checked_pow(e)?)
                .filter(|v| *v <= 1 << 53)? as f64,
            Err(_) => super::scalar::exact_quotient(m, self.exp.unsigned_abs())?,
        };
        Some(if self.neg { -v } else { v })
    }

    fn cmp_mag(&self, other: &Dec) -> Ordering {
        match (self.mant == 0, other.mant == 0) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            _ => cmp_scaled(self.mant, self.exp, other.mant, other.exp),
        }
    }

    /// `self` against the integer `x`, by scaling one side by a power of ten.
    fn cmp_int(&self, x: i64) -> Ordering {
        let s = match (self.mant == 0, self.neg) {
            (true, _) => 0,
            (false, true) => -1,
            (false, false) => 1,
        };
        if s != x.signum() || s == 0 {
            return s.cmp(&x.signum());
        }
        let mag = cmp_scaled(self.mant, self.exp, u128::from(x.unsigned_abs()), 0);
        if self.neg {
            mag.reverse()
        } else {
            mag
        }
    }

    /// True when `self` is an integer multiple of `div` (which must be positive).
    pub(crate) fn is_multiple_of(&self, div: &Dec) -> bool {
        if self.mant == 0 {
            return true;
        }
        if div.mant == 0 {
            return false;
        }
        let k = self.exp.saturating_sub(div.exp);
        if k >= 0 {
            // div.mant must divide self.mant * 10^k.
            let m = div.mant;
            mulmod(self.mant % m, powmod10(k, m), m) == 0
        } else {
            // div.mant * 10^-k must divide self.mant.
            let mut d = div.mant;
            for _ in 0..k.unsigned_abs() {
                match d.checked_mul(10) {
                    Some(v) if v <= self.mant => d = v,
                    _ => return false,
                }
            }
            self.mant.is_multiple_of(d)
        }
    }
}

impl Ord for Dec {
    fn cmp(&self, other: &Dec) -> Ordering {
        match (self.neg, other.neg) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => self.cmp_mag(other),
            (true, true) => other.cmp_mag(self),
        }
    }
}

impl PartialOrd for Dec {
    fn partial_cmp(&self, other: &Dec) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// A number decoded once for repeated checks: integers of up to 18 digits as `i64` (exact,
/// cheap to compare), everything else as a [`Dec`].
#[derive(Clone, Copy, Debug)]
pub(crate) enum Num {
    /// An integer written without fraction or exponent, |v| < 10^18.
    Int(i64),
    /// Any other number.
    Dec(Dec),
}

/// Integers below this magnitude are kept as `Num::Int`.
const INT_LIMIT: u128 = 1_000_000_000_000_000_000;

impl Num {
    /// Parses JSON number text (`None` when it is not a JSON number).
    #[inline]
    pub(crate) fn parse(text: &str) -> Option<Num> {
        let b = text.as_bytes();
        let (neg, digits) = match b.split_first() {
            Some((b'-', rest)) => (true, rest),
            _ => (false, b),
        };
        if !digits.is_empty() && digits.len() <= 18 {
            let mut v = 0i64;
            let mut all_digits = true;
            for &d in digits {
                let x = d.wrapping_sub(b'0');
                all_digits &= x <= 9;
                v = v.wrapping_mul(10).wrapping_add(i64::from(x));
            }
            if all_digits {
                return Some(Num::Int(if neg { -v } else { v }));
            }
        }
        Dec::parse(text).map(Num::from_dec)
    }

    /// The number of a decimal, as `Int` when it is a small integer.
    pub(crate) fn from_dec(d: Dec) -> Num {
        if d.mant == 0 {
            return Num::Int(0);
        }
        if d.exp >= 0 && d.exp < 18 {
            let mut m = d.mant;
            for _ in 0..d.exp {
                if m >= INT_LIMIT {
                    return Num::Dec(d);
                }
                m *= 10;
            }
            if let (true, Ok(v)) = (m < INT_LIMIT, i64::try_from(m)) {
                return Num::Int(if d.neg { -v } else { v });
            }
        }
        Num::Dec(d)
    }

    /// The value as a decimal.
    pub(crate) fn dec(self) -> Dec {
        match self {
            Num::Int(v) => Dec::new(v < 0, u128::from(v.unsigned_abs()), 0),
            Num::Dec(d) => d,
        }
    }

    // (Out of line: inlined, the decimal path slows the integer one around it.)
    #[inline(never)]
    fn cmp_as_dec(self, other: Num) -> Ordering {
        match (self, other) {
            (Num::Int(a), Num::Dec(d)) => d.cmp_int(a).reverse(),
            (Num::Dec(d), Num::Int(b)) => d.cmp_int(b),
            _ => self.dec().cmp(&other.dec()),
        }
    }

    /// The value as an `f64` when that is exact.
    pub(crate) fn exact_f64(self) -> Option<f64> {
        match self {
            Num::Int(v) if v.unsigned_abs() <= 1 << 53 => Some(v as f64),
            Num::Int(_) => None,
            Num::Dec(d) => d.exact_f64(),
        }
    }

    /// True when the value has no fractional part.
    pub(crate) fn is_integer(self) -> bool {
        match self {
            Num::Int(_) => true,
            Num::Dec(d) => d.is_integer(),
        }
    }

    /// Compares by value.
    pub(crate) fn cmp(self, other: Num) -> Ordering {
        match (self, other) {
            (Num::Int(a), Num::Int(b)) => a.cmp(&b),
            _ => self.cmp_as_dec(other),
        }
    }

    /// True when `self` is an integer multiple of `div` (which must be positive).
    pub(crate) fn is_multiple_of(self, div: Num) -> bool {
        match (self, div) {
            (Num::Int(a), Num::Int(d)) if d > 0 => a % d == 0,
            _ => self.dec().is_multiple_of(&div.dec()),
        }
    }
}

/// The digits of at most 19 bytes of number text without its sign (digits and at most one
/// `.`, no exponent) as a mantissa and an exponent; `None` for anything else.
fn short_decimal(body: &[u8]) -> Option<(u64, i64)> {
    let mut mant = 0u64;
    let mut point = None;
    for (i, &c) in body.iter().enumerate() {
        match c {
            b'0'..=b'9' => mant = mant * 10 + u64::from(c - b'0'),
            b'.' if point.is_none() => point = Some(i),
            _ => return None,
        }
    }
    if body.len() == usize::from(point.is_some()) {
        return None; // no digit
    }
    let exp = point.map_or(0, |p| p as i64 + 1 - body.len() as i64);
    Some((mant, exp))
}

fn parse_exp(e: &str) -> Option<i64> {
    let (neg, digits) = match e.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, e),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut v: i64 = 0;
    for b in digits.bytes() {
        v = v.saturating_mul(10).saturating_add(i64::from(b - b'0'));
    }
    Some(if neg { -v } else { v })
}

fn addmod(a: u128, b: u128, m: u128) -> u128 {
    if a >= m - b {
        a - (m - b)
    } else {
        a + b
    }
}

fn mulmod(mut a: u128, mut b: u128, m: u128) -> u128 {
    if let Some(p) = a.checked_mul(b) {
        return p % m;
    }
    let mut r = 0;
    a %= m;
    while b > 0 {
        if b & 1 == 1 {
            r = addmod(r, a, m);
        }
        a = addmod(a, a, m);
        b >>= 1;
    }
    r
}

fn powmod10(mut k: i64, m: u128) -> u128 {
    let mut base = 10 % m;
    let mut r = 1 % m;
    while k > 0 {
        if k & 1 == 1 {
            r = mulmod(r, base, m);
        }
        base = mulmod(base, base, m);
        k >>= 1;
    }
    r
}

/// `a` against `b`; small integers on both sides compare without copying the decimal form.
#[inline(always)]
pub(crate) fn num_cmp(a: &Num, b: &Num) -> Ordering {
    match (a, b) {
        (Num::Int(x), Num::Int(y)) => x.cmp(y),
        _ => a.cmp(*b),
    }
}

#[cfg(test)]
mod tests;
