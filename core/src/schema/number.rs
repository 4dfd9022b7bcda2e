//! Numbers compared mathematically, from their JSON text: `1.0 == 1`, integers of any size
//! compare exactly, and `multipleOf` is exact decimal arithmetic (no float rounding), all up
//! to 38 significant digits; digits beyond that are truncated.

use crate::json::Value;
use core::cmp::Ordering;

/// A decimal `(-1)^neg * mant * 10^exp`, normalized: `mant` has no trailing zeros and zero is
/// `(false, 0, 0)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dec {
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
    pub fn parse(text: &str) -> Option<Dec> {
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
    pub fn text_is_integer(text: &str) -> bool {
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit() || b == b'-') {
            return true;
        }
        Dec::parse(text).is_some_and(|d| d.is_integer())
    }

    /// The number of a JSON value, when it is a number.
    pub fn of(v: &Value) -> Option<Dec> {
        match v {
            Value::Number(t) => Dec::parse(t),
            _ => None,
        }
    }

    /// True when the value has no fractional part (`1.0` is an integer).
    pub fn is_integer(&self) -> bool {
        self.mant == 0 || self.exp >= 0
    }

    /// True for values below zero.
    pub fn is_negative(&self) -> bool {
        self.neg
    }

    /// True for zero.
    pub fn is_zero(&self) -> bool {
        self.mant == 0
    }

    /// The value as a `u64` when it is a non-negative integer (saturating above `u64::MAX`).
    pub fn to_u64(self) -> Option<u64> {
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
    pub fn exact_f64(&self) -> Option<f64> {
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
    pub fn is_multiple_of(&self, div: &Dec) -> bool {
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
pub enum Num {
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
    pub fn parse(text: &str) -> Option<Num> {
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
    pub fn from_dec(d: Dec) -> Num {
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
    pub fn dec(self) -> Dec {
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
    pub fn exact_f64(self) -> Option<f64> {
        match self {
            Num::Int(v) if v.unsigned_abs() <= 1 << 53 => Some(v as f64),
            Num::Int(_) => None,
            Num::Dec(d) => d.exact_f64(),
        }
    }

    /// True when the value has no fractional part.
    pub fn is_integer(self) -> bool {
        match self {
            Num::Int(_) => true,
            Num::Dec(d) => d.is_integer(),
        }
    }

    /// Compares by value.
    pub fn cmp(self, other: Num) -> Ordering {
        match (self, other) {
            (Num::Int(a), Num::Int(b)) => a.cmp(&b),
            _ => self.cmp_as_dec(other),
        }
    }

    /// True when `self` is an integer multiple of `div` (which must be positive).
    pub fn is_multiple_of(self, div: Num) -> bool {
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

/// JSON equality as JSON Schema defines it: numbers by value, objects ignoring member order.
pub fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::String(x), Value::String(y)) => x == y,
        (Value::Number(x), Value::Number(y)) => {
            x == y
                || match (Dec::parse(x), Dec::parse(y)) {
                    (Some(p), Some(q)) => p == q,
                    _ => false,
                }
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| json_eq(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter().all(|(k, v)| {
                    y.iter()
                        .find(|(k2, _)| k2 == k)
                        .is_some_and(|(_, v2)| json_eq(v, v2))
                })
        }
        _ => false,
    }
}

/// A total order consistent with [`json_eq`] (for sorting when checking `uniqueItems`).
pub fn json_cmp(a: &Value, b: &Value) -> Ordering {
    fn rank(v: &Value) -> u8 {
        match v {
            Value::Null => 0,
            Value::Bool(_) => 1,
            Value::Number(_) => 2,
            Value::String(_) => 3,
            Value::Array(_) => 4,
            Value::Object(_) => 5,
        }
    }
    match (a, b) {
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::Number(x), Value::Number(y)) => match (Dec::parse(x), Dec::parse(y)) {
            (Some(p), Some(q)) => p.cmp(&q),
            _ => x.cmp(y),
        },
        (Value::String(x), Value::String(y)) => x.cmp(y),
        (Value::Array(x), Value::Array(y)) => {
            for (p, q) in x.iter().zip(y) {
                let o = json_cmp(p, q);
                if o != Ordering::Equal {
                    return o;
                }
            }
            x.len().cmp(&y.len())
        }
        (Value::Object(x), Value::Object(y)) => {
            let o = x.len().cmp(&y.len());
            if o != Ordering::Equal {
                return o;
            }
            let mut xs: alloc::vec::Vec<_> = x.iter().collect();
            let mut ys: alloc::vec::Vec<_> = y.iter().collect();
            xs.sort_by(|p, q| p.0.cmp(&q.0));
            ys.sort_by(|p, q| p.0.cmp(&q.0));
            for (p, q) in xs.iter().zip(&ys) {
                let o = p.0.cmp(&q.0).then_with(|| json_cmp(&p.1, &q.1));
                if o != Ordering::Equal {
                    return o;
                }
            }
            Ordering::Equal
        }
        _ => rank(a).cmp(&rank(b)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;
    use alloc::vec::Vec;

    fn d(s: &str) -> Dec {
        Dec::parse(s).unwrap()
    }

    #[test]
    fn short_texts_parse_as_the_general_reader_does() {
        let mut texts: Vec<String> = [
            "",
            "-",
            ".",
            "-.",
            "0",
            "-0",
            "00",
            "0.0",
            "-0.000",
            "1.",
            ".5",
            "-.5",
            "1.2.3",
            "12a",
            "1e5",
            "2.5",
            "4.0",
            "10",
            "1200",
            "0.0075",
            "-12.340",
            "+1",
            "1-2",
            "9999999999999999999",
            "-9999999999999999999",
            "99999999999999999999",
            "1000000000000000000",
            "0.000000000000000001",
            "123456789.123456789",
        ]
        .iter()
        .map(|t| String::from(*t))
        .collect();
        // Every length around the 19-byte line, with and without a point.
        for n in 1..=21 {
            let digits: String = (0..n).map(|i| char::from(b'1' + (i % 9) as u8)).collect();
            texts.push(digits.clone());
            for p in 0..=n {
                texts.push(alloc::format!("{}.{}", &digits[..p], &digits[p..]));
                texts.push(alloc::format!("-{}.{}0", &digits[..p], &digits[p..]));
            }
        }
        for t in &texts {
            assert_eq!(Dec::parse(t), Dec::parse_long(t), "{t:?}");
        }
        assert_eq!(Dec::parse("-12.340"), Some(Dec::new(true, 1234, -2)));
        assert_eq!(Dec::parse("1."), Some(Dec::new(false, 1, 0)));
    }

    #[test]
    fn compare() {
        assert_eq!(d("1.0"), d("1"));
        assert_eq!(d("-0"), d("0.0e5"));
        assert!(d("1e2") > d("99.999"));
        assert!(d("-1") < d("-0.5"));
        assert!(d("18446744073709551616") > d("18446744073709551615"));
        assert!(d("9007199254740993") > d("9007199254740992"));
        assert!(d("1e-400") > d("0"));
        assert!(!d("1.5").is_integer() && d("1.50e1").is_integer());
    }

    #[test]
    fn multiples() {
        assert!(d("4.5").is_multiple_of(&d("1.5")));
        assert!(!d("35").is_multiple_of(&d("1.5")));
        assert!(d("0.0075").is_multiple_of(&d("0.0001")));
        assert!(!d("0.00751").is_multiple_of(&d("0.0001")));
        assert!(!d("1e308").is_multiple_of(&d("0.123456789")));
        assert!(d("12391239123").is_multiple_of(&d("1e-8")));
        assert!(d("0.3").is_multiple_of(&d("0.1")));
        assert!(!d("1").is_multiple_of(&d("1e40")));
    }

    #[test]
    fn nums() {
        let n = |s: &str| Num::parse(s).unwrap();
        for (a, b) in [
            ("1", "1.0"),
            ("-0", "0e3"),
            ("1e2", "100"),
            ("-12", "-1.2e1"),
        ] {
            assert_eq!(n(a).cmp(n(b)), Ordering::Equal, "{a} {b}");
        }
        assert!(matches!(n("1e2"), Num::Int(100)));
        assert!(matches!(n("-7.00"), Num::Int(-7)));
        assert!(matches!(n("1e18"), Num::Dec(_)));
        assert!(matches!(n("999999999999999999"), Num::Int(_)));
        assert!(matches!(n("1000000000000000000"), Num::Dec(_)));
        assert_eq!(
            n("1000000000000000000").cmp(n("999999999999999999")),
            Ordering::Greater
        );
        assert_eq!(n("-5").cmp(n("0.5")), Ordering::Less);
        assert!(n("45").is_multiple_of(n("15")) && !n("-7").is_multiple_of(n("15")));
        assert!(n("4.5").is_multiple_of(n("1.5")) && n("30").is_multiple_of(n("7.5")));
        assert!(!n("1.5").is_integer() && n("1.50e1").is_integer());
        assert!(Num::parse("-").is_none() && Num::parse("").is_none());
    }

    /// An independent order: both numbers written out in full as digit strings with aligned
    /// points (every test value has an exponent within ±60).
    fn written_out_cmp(a: &Dec, b: &Dec) -> Ordering {
        let key = |d: &Dec| {
            let digits = alloc::format!("{}", d.mant);
            let (int, frac) = if d.exp >= 0 {
                (
                    alloc::format!("{digits}{}", "0".repeat(d.exp as usize)),
                    String::new(),
                )
            } else {
                let places = d.exp.unsigned_abs() as usize;
                let padded = alloc::format!(
                    "{}{digits}",
                    "0".repeat(places.saturating_sub(digits.len()))
                );
                let (i, f) = padded.split_at(padded.len() - places);
                (String::from(i), String::from(f))
            };
            let int = String::from(int.trim_start_matches('0'));
            (
                alloc::format!("{:0>80}", int),
                alloc::format!("{frac:0<80}"),
            )
        };
        let mag = |x: &Dec, y: &Dec| key(x).cmp(&key(y));
        match (a.mant == 0, b.mant == 0, a.neg, b.neg) {
            (true, true, _, _) => Ordering::Equal,
            (true, false, _, nb) => {
                if nb {
                    Ordering::Greater
                } else {
                    Ordering::Less
                }
            }
            (false, true, na, _) => {
                if na {
                    Ordering::Less
                } else {
                    Ordering::Greater
                }
            }
            (false, false, false, true) => Ordering::Greater,
            (false, false, true, false) => Ordering::Less,
            (false, false, false, false) => mag(a, b),
            (false, false, true, true) => mag(b, a),
        }
    }

    #[test]
    fn decimals_compare_as_written_out() {
        let texts = [
            "0",
            "-0",
            "1",
            "-1",
            "0.5",
            "-0.5",
            "2.5",
            "4",
            "4.0",
            "0.05",
            "0.0500001",
            "10",
            "9.99",
            "99.999",
            "1e18",
            "1e19",
            "1e-19",
            "1.5e-38",
            "3e38",
            "2e39",
            "4e-39",
            "123456789012345678.9",
            "123456789012345679",
            "18446744073709551615",
            "18446744073709551616",
            "1e-40",
            "1e40",
            "-1e40",
            "170141183460469231731687303715884105727",
            "0.1701411834604692317316873037158841057",
            "-3.5e10",
            "-35000000000.0001",
        ];
        let decs: Vec<Dec> = texts.iter().map(|t| d(t)).collect();
        for (x, tx) in decs.iter().zip(texts) {
            for (y, ty) in decs.iter().zip(texts) {
                assert_eq!(x.cmp(y), written_out_cmp(x, y), "{tx} vs {ty}");
            }
        }
    }

    #[test]
    fn integer_against_decimal_agrees_with_the_general_order() {
        let ints = [-999_999_999_999_999_999, -1000, -7, -1, 0, 1, 4, 5, 99, 100];
        let ints = ints
            .into_iter()
            .chain([10i64.pow(17), 999_999_999_999_999_999]);
        let decs = [
            "0.5",
            "-0.5",
            "4.5",
            "-4.5",
            "1e-400",
            "-1e-400",
            "1e400",
            "-1e400",
            "99.999",
            "1e18",
            "-1e18",
            "1000000000000000000.5",
            "0.000001",
            "123456789012345678.9",
            "1e-30",
            "1e30",
            "1.5e-38",
            "3e38",
            "-99.5",
            "-1000.25",
            "4e-39",
            "2e39",
        ];
        for a in ints {
            for t in decs {
                let Some(Num::Dec(d)) = Num::parse(t) else {
                    panic!("{t} is not a decimal")
                };
                let general = Num::Int(a).dec().cmp(&d);
                assert_eq!(Num::Int(a).cmp(Num::Dec(d)), general, "{a} {t}");
                assert_eq!(Num::Dec(d).cmp(Num::Int(a)), general.reverse(), "{t} {a}");
            }
        }
    }
}
