//! A property's whole check on strings or on integers, when it comes down to a few numbers
//! kept in its `Slot`: the one-pass object check then decides such a member without
//! reaching its node. Only the values it was built for take this way; any other value (a
//! kind the node rejects, a number that is not a small integer) goes the general way.

use super::fast::{Fast, Op, NUMBER, STRING};
use super::keyword::{Bound, Node};
use super::leaf::chars_within;
use super::number::Num;
use crate::json::Value;

/// What a property's subschema checks on one kind of value, in short.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Scalar {
    /// Nothing short: the general way.
    #[default]
    None,
    /// A string of at least the first and at most the second number of characters
    /// (`minLength` / `maxLength`, counted in code points).
    StrLen(u64, u64),
    /// A string among the node's `strs[a..a + n]` (`enum` / `const`).
    StrIn(u32, u32),
    /// A number that is a small integer in `min..=max` (bounds that are small integers,
    /// exclusive ones made inclusive); the third field says `type: integer` is among them.
    Int(i64, i64, bool),
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
            NUMBER => integers(f, f.ops(NUMBER)),
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
            (Scalar::Int(lo, hi, integer), Value::Number(t)) => match Num::parse(t)? {
                Num::Int(i) => Some(lo <= i && i <= hi),
                // (A large or exponent-written number: the general way.)
                Num::Dec(d) if integer && !d.is_integer() => Some(false),
                Num::Dec(_) => None,
            },
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

fn integers(f: &Fast, ops: &[Op]) -> Scalar {
    let (mut lo, mut hi, mut integer) = (i64::MIN, i64::MAX, false);
    for op in ops {
        match *op {
            Op::Integer => integer = true,
            Op::Bound(b, i) => {
                let Some(&Num::Int(l)) = f.nums.get(i as usize) else {
                    return Scalar::None;
                };
                match b {
                    Bound::Minimum => lo = lo.max(l),
                    Bound::ExclusiveMinimum => lo = lo.max(l.saturating_add(1)),
                    Bound::Maximum => hi = hi.min(l),
                    Bound::ExclusiveMaximum => hi = hi.min(l.saturating_sub(1)),
                }
            }
            _ => return Scalar::None,
        }
    }
    match ops.is_empty() {
        true => Scalar::None,
        false => Scalar::Int(lo, hi, integer),
    }
}
