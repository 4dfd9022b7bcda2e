//! A property's whole check on strings or on numbers, when it comes down to a few numbers
//! kept in its `Slot`: the one-pass object check then decides such a member without
//! reaching its node. Only the values it was built for take this way; any other value (a
//! kind the node rejects, a number too long for the short form) goes the general way.

use super::keyword::{Bound, Node};
use super::kind::{NUMBER, STRING};
use super::leaf::chars_within;
use super::quick_form::{Fast, Op};
use crate::json::Value;

/// What a property's subschema checks on one kind of value, in short.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) enum Scalar {
    /// Nothing short: the general way.
    #[default]
    None,
    /// A string of at least the first and at most the second number of characters
    /// (`minLength` / `maxLength`, counted in code points).
    StrLen(u64, u64),
    /// A string among the node's `strs[a..a + n]` (`enum` / `const`).
    StrIn(u32, u32),
    /// A number between bounds that are exact `f64`s (`minimum` 1, `exclusiveMaximum`
    /// 4.0, …), an integer if `type: integer` is among the checks (see [`Range`]).
    Range(Range),
}

/// Bounds of [`Scalar::Range`], infinite where there is none, and whether the number must
/// be an integer. Decided for number text of up to 17 digits without an exponent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Range {
    lo: f64,
    hi: f64,
    lo_open: bool,
    hi_open: bool,
    integer: bool,
}

impl Range {
    /// Whether number text of up to 17 digits and no exponent passes, by its digits (is it
    /// an integer) and its nearest `f64` (see [`Range::decide`]).
    #[inline(always)]
    fn decide_text(self, text: &str) -> Option<bool> {
        let b = text.as_bytes();
        let (neg, body) = match b.split_first() {
            Some((b'-', rest)) => (true, rest),
            _ => (false, b),
        };
        if body.is_empty() || body.len() > 17 {
            return None;
        }
        let (mut m, mut point) = (0u64, body.len());
        for (i, &c) in body.iter().enumerate() {
            match c {
                b'0'..=b'9' => m = m * 10 + u64::from(c - b'0'),
                b'.' if point == body.len() && i > 0 && i + 1 < body.len() => point = i,
                _ => return None,
            }
        }
        let (x, exact) = match point == body.len() {
            true if m <= 1 << 53 => (m as f64, true),
            true => return None,
            false => {
                let k = body.len() - point - 1;
                // (`1.0` is an integer, `2.5` is not, whatever the bounds.)
                if self.integer && !divides(m, k) {
                    return Some(false);
                }
                quotient(m, k)?
            }
        };
        self.decide(if neg { -x } else { x }, exact)
    }

    /// Whether a number whose nearest `f64` is `x` (exactly its value when `exact`) lies in
    /// the range. Rounding to nearest keeps order (`a <= b` gives `round(a) <= round(b)`)
    /// and the bounds are exact, so `x` above or below a bound says where the number is;
    /// only an inexact `x` equal to a bound says nothing (`None`: the general way).
    #[inline(always)]
    fn decide(self, x: f64, exact: bool) -> Option<bool> {
        if !exact && (x == self.lo || x == self.hi) {
            return None;
        }
        let above = if self.lo_open {
            x > self.lo
        } else {
            x >= self.lo
        };
        let below = if self.hi_open {
            x < self.hi
        } else {
            x <= self.hi
        };
        Some(above && below)
    }
}

/// `10^k` for `k` up to 22: every one an exact `f64`.
const POW10_F64: [f64; 23] = {
    let mut t = [1.0; 23];
    let mut i = 1;
    while i < 23 {
        t[i] = t[i - 1] * 10.0;
        i += 1;
    }
    t
};

/// `5^k` for `k` up to 22.
const POW5: [u64; 23] = {
    let mut t = [1u64; 23];
    let mut i = 1;
    while i < 23 {
        t[i] = t[i - 1] * 5;
        i += 1;
    }
    t
};

/// `m / 10^k` rounded to the nearest `f64`, and whether that is its exact value; `None` for
/// `m` above 2^53 or `k` above 22. With both operands exact the one division is correctly
/// rounded; `m / 10^k = (m / 5^k) / 2^k` is a binary fraction just when `5^k` divides `m`.
fn quotient(m: u64, k: usize) -> Option<(f64, bool)> {
    match (POW10_F64.get(k), POW5.get(k)) {
        (Some(p), Some(p5)) if m <= 1 << 53 => Some((m as f64 / p, m.is_multiple_of(*p5))),
        _ => None,
    }
}

/// Whether `10^k` (`k` up to 22) divides `m`: `5^k` and `2^k` both do.
fn divides(m: u64, k: usize) -> bool {
    POW5.get(k).is_some_and(|p| m.is_multiple_of(*p)) && m.trailing_zeros() as usize >= k
}

/// `m / 10^k` when that is an exact `f64`.
pub(crate) fn exact_quotient(m: u64, k: u64) -> Option<f64> {
    let (v, exact) = quotient(m, usize::try_from(k).ok()?)?;
    exact.then_some(v)
}

impl Scalar {
    /// The short form of `node`'s checks on kind `k` (strings or numbers), if there is one.
    pub(crate) fn of_kind(node: &Node, k: usize) -> Scalar {
        let f = &node.fast;
        if node.boolean.is_some() || f.slow {
            return Scalar::None;
        }
        match k {
            STRING => strings(f.ops(STRING)),
            NUMBER => numbers(f, f.ops(NUMBER)),
            _ => Scalar::None,
        }
    }

    /// The answer for `v`, or `None` when `v` is not a value this form decides.
    #[inline(always)]
    pub(crate) fn decide(
        self,
        strs: impl FnOnce(u32, u32, &str) -> bool,
        v: &Value,
    ) -> Option<bool> {
        match (self, v) {
            (Scalar::StrLen(lo, hi), Value::String(s)) => Some(chars_within(s, lo, hi)),
            (Scalar::StrIn(a, n), Value::String(s)) => Some(strs(a, n, s)),
            (Scalar::Range(r), Value::Number(t)) => r.decide_text(t),
            _ => None,
        }
    }
}

fn strings(ops: &[Op]) -> Scalar {
    if let [Op::Strs(a, n)] = ops {
        return Scalar::StrIn(*a, *n);
    }
    let (mut lo, mut hi) = (0u64, u64::MAX);
    for op in ops {
        match *op {
            Op::MinLen(n) => lo = lo.max(n),
            Op::MaxLen(n) => hi = hi.min(n),
            _ => return Scalar::None,
        }
    }
    match ops.is_empty() {
        true => Scalar::None,
        false => Scalar::StrLen(lo, hi),
    }
}

/// A [`Scalar::Range`] when the checks are bounds that are exact `f64`s and `type: integer`.
fn numbers(f: &Fast, ops: &[Op]) -> Scalar {
    let mut r = Range {
        lo: f64::NEG_INFINITY,
        hi: f64::INFINITY,
        lo_open: false,
        hi_open: false,
        integer: false,
    };
    for op in ops {
        let (b, l) = match *op {
            Op::Integer => {
                r.integer = true;
                continue;
            }
            Op::Bound(b, i) => match f.nums.get(i as usize).and_then(|n| n.exact_f64()) {
                Some(l) => (b, l),
                None => return Scalar::None,
            },
            _ => return Scalar::None,
        };
        // (A second bound on one side keeps the narrower one.)
        match b {
            Bound::Minimum if l > r.lo => (r.lo, r.lo_open) = (l, false),
            Bound::ExclusiveMinimum if l >= r.lo => (r.lo, r.lo_open) = (l, true),
            Bound::Maximum if l < r.hi => (r.hi, r.hi_open) = (l, false),
            Bound::ExclusiveMaximum if l <= r.hi => (r.hi, r.hi_open) = (l, true),
            _ => {}
        }
    }
    match ops.is_empty() {
        true => Scalar::None,
        false => Scalar::Range(r),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    /// Whether `x` is exactly `m / 10^k`, from its bits: `x = a * 2^e`, so `x * 10^k = m`
    /// when `a * 5^k * 2^(e + k) = m` (both sides scaled to integers).
    fn is_exactly(x: f64, m: u64, k: u32) -> bool {
        if x == 0.0 {
            return m == 0;
        }
        let bits = x.to_bits();
        let (exp, frac) = ((bits >> 52) as i32 & 0x7ff, bits & ((1 << 52) - 1));
        let (a, e) = match exp {
            0 => (frac, -1074),
            _ => (frac | 1 << 52, exp - 1075),
        };
        let lhs = u128::from(a) * 5u128.pow(k);
        let shift = e + k as i32;
        match shift >= 0 {
            true => lhs.checked_shl(shift as u32) == Some(u128::from(m)),
            false => u128::from(m).checked_shl((-shift) as u32) == Some(lhs),
        }
    }

    #[test]
    fn quotients_are_the_nearest_f64_and_exact_when_they_say_so() {
        let ms = [
            0u64,
            1,
            2,
            5,
            25,
            40,
            125,
            3,
            7,
            10,
            99,
            12345,
            1 << 52,
            (1 << 53) - 1,
            1 << 53,
        ];
        for m in ms.into_iter().chain((0..2000).map(|i| i * 7919 % 100_003)) {
            for k in 0..=22u32 {
                let (x, exact) = quotient(m, k as usize).unwrap();
                let want: f64 = format!("{m}e-{k}").parse().unwrap();
                assert_eq!(x, want, "{m} / 10^{k}");
                assert_eq!(exact, is_exactly(x, m, k), "{m} / 10^{k} exact?");
            }
        }
        assert_eq!(quotient((1 << 53) + 1, 0), None);
        assert_eq!(quotient(1, 23), None);
    }

    #[test]
    fn powers_of_ten_divide_as_by_remainder() {
        let ms = [
            0u64,
            1,
            10,
            20,
            25,
            100,
            1000,
            12_500,
            2_000_000,
            10u64.pow(19),
            u64::MAX,
        ];
        for m in ms.into_iter().chain((0..5000).map(|i| i * 40)) {
            for k in 0..=19u32 {
                assert_eq!(
                    divides(m, k as usize),
                    m % 10u64.pow(k) == 0,
                    "{m} by 10^{k}"
                );
            }
        }
    }

    #[test]
    fn a_bound_met_by_a_rounded_number_is_left_to_the_general_way() {
        let r = Range {
            lo: 0.5,
            hi: 4.0,
            lo_open: false,
            hi_open: true,
            integer: false,
        };
        assert_eq!(r.decide(4.0, true), Some(false));
        assert_eq!(r.decide(0.5, true), Some(true));
        // The number rounded onto a bound may lie on either side of it.
        assert_eq!(r.decide(4.0, false), None);
        assert_eq!(r.decide(0.5, false), None);
        assert_eq!(r.decide(3.9, false), Some(true));
        assert_eq!(r.decide(0.49, false), Some(false));
    }

    #[test]
    fn short_number_text_only() {
        let r = Range {
            lo: f64::NEG_INFINITY,
            hi: 4.0,
            lo_open: false,
            hi_open: true,
            integer: true,
        };
        for (text, want) in [
            ("3", Some(true)),
            ("4", Some(false)),
            ("-3", Some(true)),
            ("3.0", Some(true)),
            ("3.5", Some(false)),
            ("4.00", Some(false)),
            ("-0.0", Some(true)),
            ("0.1", Some(false)),
            ("3.00000000000000", Some(true)),
            ("1234567890123456", Some(false)),
            ("-9007199254740992", Some(true)),
            // Too long, an exponent, not number text: the general way.
            ("123456789012345678", None),
            ("12345678901234567", None),
            ("9007199254740993", None),
            ("1e2", None),
            ("1E2", None),
            ("3.", None),
            (".5", None),
            ("1.2.3", None),
            ("-", None),
            ("", None),
            ("--1", None),
        ] {
            assert_eq!(r.decide_text(text), want, "{text}");
        }
    }
}
