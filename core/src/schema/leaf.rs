//! Checks of a value alone (no subschema to enter): the leaves of quick evaluation, also
//! used by the full evaluation for the checks that pass.

use super::equal::duplicate;
use super::keyword::{Kw, Node};
use super::number::Num;
use super::props::ObjTable;
use super::quick_form::{Fast, Op};
use crate::json::Value;

/// The checks of `node` on kind `k` (all of them checks of the value alone) on `v`: `None`
/// when one of them is not decoded here.
#[inline(never)]
pub(super) fn value_checks(node: &Node, k: usize, v: &Value) -> Option<bool> {
    let f = &node.fast;
    let ops = f.ops(k);
    if ops.is_empty() {
        return Some(true);
    }
    // One loop per kind, each op's own check or `None` (a `Fail` is `Some(false)`).
    fn all(ops: &[Op], check: impl Fn(Op) -> Option<bool>) -> Option<bool> {
        for op in ops {
            let ok = match *op {
                Op::Fail => false,
                op => check(op)?,
            };
            if !ok {
                return Some(false);
            }
        }
        Some(true)
    }
    match v {
        Value::String(s) => all(ops, |op| string_leaf(node, op, s)),
        Value::Number(t) => match Num::parse(t)? {
            Num::Int(i) => all(ops, |op| int_leaf(f, op, i)),
            n => all(ops, |op| number_leaf(f, op, &n)),
        },
        Value::Bool(b) => all(ops, |op| match op {
            Op::Bools(m) => Some(m & (1 << u8::from(*b)) != 0),
            _ => None,
        }),
        Value::Array(a) => all(ops, |op| array_leaf(op, a)),
        Value::Null => all(ops, |_| None),
        Value::Object(_) => None,
    }
}

/// `required` through the table's bits.
#[inline]
pub(super) fn has_required(t: &ObjTable, seen: u64, inst: &Value) -> bool {
    seen & t.req_mask == t.req_mask && (t.req_extra.is_empty() || has_extra(t, inst))
}

/// The required names past the table's bits, looked up in `inst`.
#[inline(never)]
fn has_extra(t: &ObjTable, inst: &Value) -> bool {
    let present = super::checks::MemberNames::new(inst, t.req_extra.len());
    t.req_extra.iter().all(|n| present.has(n))
}

/// Whether `s` has from `lo` to `hi` code points (`minLength`/`maxLength` count code points,
/// not bytes); the byte length decides most strings without counting.
#[inline(always)]
pub(super) fn chars_within(s: &str, lo: u64, hi: u64) -> bool {
    let len = s.len() as u64;
    // (A code point is 1 to 4 bytes.)
    if len < lo {
        return false;
    }
    if len <= hi && len / 4 >= lo {
        return true;
    }
    let n = s.chars().count() as u64;
    lo <= n && n <= hi
}

/// A check of a string alone: `None` for other ops.
#[inline(always)]
pub(super) fn string_leaf(node: &Node, op: Op, s: &str) -> Option<bool> {
    let f = &node.fast;
    Some(match op {
        Op::Strs(a, n) => f.has_str(a, n, s),
        Op::MinLen(n) => chars_within(s, n, u64::MAX),
        Op::MaxLen(n) => chars_within(s, 0, n),
        Op::Pattern(i) => match node.kws.get(i as usize) {
            Some(Kw::Pattern(p)) => p.is_match(s),
            _ => true,
        },
        _ => return None,
    })
}

/// A check of an array's length or items alone: `None` for other ops.
#[inline(always)]
pub(super) fn array_leaf(op: Op, items: &[Value]) -> Option<bool> {
    Some(match op {
        Op::MinItems(n) => items.len() as u64 >= n,
        Op::MaxItems(n) => items.len() as u64 <= n,
        Op::Unique => duplicate(items).is_none(),
        _ => return None,
    })
}

/// [`number_leaf`] on a small integer: limits that are small integers too compare as
/// `i64`s, the rest through [`number_leaf`].
#[inline(always)]
pub(super) fn int_leaf(f: &Fast, op: Op, i: i64) -> Option<bool> {
    let limit = |k: u32| match f.nums.get(k as usize) {
        Some(&Num::Int(l)) => Some(l),
        _ => None,
    };
    match op {
        Op::Integer => Some(true),
        Op::Bound(b, k) => match limit(k) {
            Some(l) => Some(b.holds(i.cmp(&l))),
            None => number_leaf_out(f, op, i),
        },
        Op::MultipleOf(k) => match limit(k) {
            Some(d) if d > 0 => Some(i % d == 0),
            _ => number_leaf_out(f, op, i),
        },
        _ => number_leaf_out(f, op, i),
    }
}

#[inline(never)]
fn number_leaf_out(f: &Fast, op: Op, i: i64) -> Option<bool> {
    number_leaf(f, op, &Num::Int(i))
}

/// A check of a (parsed) number alone: `None` for other ops.
#[inline(always)]
pub(super) fn number_leaf(f: &Fast, op: Op, n: &Num) -> Option<bool> {
    let num = |i: u32| f.nums.get(i as usize);
    let cmp = super::number::num_cmp;
    Some(match op {
        Op::Integer => matches!(n, Num::Int(_)) || n.is_integer(),
        Op::Nums(a, len) => f.has_num(a, len, n),
        Op::Bound(b, i) => num(i).is_none_or(|limit| b.holds(cmp(n, limit))),
        Op::MultipleOf(i) => num(i).is_none_or(|d| match (n, d) {
            (Num::Int(x), Num::Int(y)) if *y > 0 => x % y == 0,
            _ => n.is_multiple_of(*d),
        }),
        _ => return None,
    })
}
