//! The quick form of a node, for yes/no evaluation (`quick.rs`): per JSON kind of the
//! instance, the keywords that can fail on that kind, in the node's keyword order, decoded
//! ahead of time (`type` as a pass/fail per kind, `enum` split by kind with numbers parsed,
//! bounds as [`Num`]s, `properties` as a lookup table with `required` as bits).
//!
//! Keyword order is kept so that a failing instance stops at the same keyword as the general
//! evaluator: the only side effect of evaluation, an infinite-loop or depth error, then
//! happens (or not) exactly as before.

use super::keyword::{Bound, NodeId};
use super::kind::KINDS;
use super::number::{num_cmp, Num};
use alloc::boxed::Box;
use alloc::vec::Vec;
use core::cmp::Ordering;

/// `enum` lists up to this long are scanned; longer ones are searched by bisection.
pub(crate) const LINEAR_CHOICES: usize = 8;

/// Whether the sorted `list` has an entry `cmp` calls equal.
#[inline(never)]
fn bisect<T>(list: &[T], cmp: impl FnMut(&T) -> Ordering) -> bool {
    list.binary_search_by(cmp).is_ok()
}

/// One pre-decoded check. Ranges are `(start, len)` into the node's tables.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Op {
    /// Fails (a `type` or `enum` that excludes this kind).
    Fail,
    /// `type: integer` on a number.
    Integer,
    /// A subschema on the same value (`$ref`, a one-branch `allOf` / `anyOf`), reached after
    /// skipping the second field's number of plain `$ref`s.
    Eval(NodeId, u8),
    /// `allOf` / `anyOf` branches in `ids`.
    All(u32, u32),
    Any(u32, u32),
    /// `oneOf` branches in `ids`.
    One(u32, u32),
    /// `not`, on the subschema.
    Not(NodeId),
    /// Any other keyword, by index in `kws`, through the general evaluator.
    Kw(u32),
    /// `enum` / `const` on numbers (`nums`), strings (`strs`), booleans (bit 0: false, 1: true).
    Nums(u32, u32),
    Strs(u32, u32),
    Bools(u8),
    /// A bound or `multipleOf` against `nums[i]`.
    Bound(Bound, u32),
    MultipleOf(u32),
    MinLen(u64),
    MaxLen(u64),
    /// `pattern`, by index in `kws`.
    Pattern(u32),
    MinItems(u64),
    MaxItems(u64),
    Unique,
    /// `items` from index `start` (the third field), the subschema reached after skipping
    /// the second field's number of plain `$ref`s.
    Items(NodeId, u8, u32),
    MinProps(u64),
    MaxProps(u64),
    Required,
    Props,
    Additional(NodeId),
    /// `additionalProperties: false`.
    NoAdditional,
}

impl Op {
    /// True for checks of the value alone.
    pub(crate) fn is_leaf(&self) -> bool {
        matches!(
            self,
            Op::Fail
                | Op::Integer
                | Op::Nums(..)
                | Op::Strs(..)
                | Op::Bools(_)
                | Op::Bound(..)
                | Op::MultipleOf(_)
                | Op::MinLen(_)
                | Op::MaxLen(_)
                | Op::Pattern(_)
                | Op::MinItems(_)
                | Op::MaxItems(_)
                | Op::Unique
                | Op::MinProps(_)
                | Op::MaxProps(_)
                | Op::Required
                | Op::NoAdditional
        )
    }
}

/// The quick form of one node.
#[derive(Clone, Debug, Default)]
pub(crate) struct Fast {
    /// Evaluated by the general evaluator only (cycles, `unevaluated*`, `$dynamicRef`).
    pub slow: bool,
    /// Bit `k`: a value of kind `k` passes with nothing to check.
    pub pass: u8,
    /// Bit `k`: a value of kind `k` fails whatever else holds (an `Op::Fail` among its
    /// checks, or a `false` schema).
    pub fail: u8,
    /// `pass | fail`: the answer on kind `k` is known without looking at the value.
    pub known: u8,
    /// Bit `k`: the only check on kind `k` is one subschema (an `Op::Eval`).
    pub fwd: u8,
    /// Bit `k`: every check on kind `k` looks at the value alone (no subschemas, nothing
    /// through the general evaluator).
    pub leaf: u8,
    /// The most levels quick evaluation enters below this node, or `height::UNBOUNDED`
    /// (see `height.rs`).
    pub height: u32,
    /// Bounded, and nothing below goes through the general evaluator (`pure.rs` checks it
    /// without a `Ctx`).
    pub plain: bool,
    /// Nothing below goes through the general evaluator, bounded or not (`pure.rs` checks it
    /// without a `Ctx`, counting the levels it enters; see `pure::Deep`).
    pub deep_plain: bool,
    /// `ops[starts[k]..starts[k + 1]]` apply to values of kind `k`.
    starts: [u32; KINDS + 1],
    pub(crate) ops: Vec<Op>,
    /// Beside each op, the index in `kws` of the keyword it comes from.
    pub(crate) kwix: Vec<u32>,
    pub nums: Vec<Num>,
    pub strs: Vec<Box<str>>,
    pub ids: Vec<NodeId>,
    pub obj: Option<Box<super::props::ObjTable>>,
    /// The tag of the first `anyOf` / `oneOf` on objects, when its branches are tagged.
    pub disc: Option<Box<super::disc::Disc>>,
}

pub(crate) fn range<T>(list: &[T], start: u32, len: u32) -> &[T] {
    let (a, n) = (start as usize, len as usize);
    list.get(a..a.saturating_add(n)).unwrap_or(&[])
}

impl Fast {
    /// A quick form with no checks yet; `slow`: evaluated by the general evaluator only.
    pub(crate) fn empty(slow: bool) -> Self {
        Fast {
            slow,
            ..Fast::default()
        }
    }

    /// The checks for a value of kind `k`.
    pub(crate) fn ops(&self, k: usize) -> &[Op] {
        let (a, b) = match (self.starts.get(k), self.starts.get(k + 1)) {
            (Some(a), Some(b)) => (*a as usize, *b as usize),
            _ => return &[],
        };
        self.ops.get(a..b).unwrap_or(&[])
    }

    /// The checks for a value of kind `k`, each with the index of its keyword in `kws`.
    pub(crate) fn ops_kws(&self, k: usize) -> (&[Op], &[u32]) {
        let (a, b) = match (self.starts.get(k), self.starts.get(k + 1)) {
            (Some(a), Some(b)) => (*a as usize, *b as usize),
            _ => return (&[], &[]),
        };
        (
            self.ops.get(a..b).unwrap_or(&[]),
            self.kwix.get(a..b).unwrap_or(&[]),
        )
    }

    pub(crate) fn ids(&self, start: u32, len: u32) -> &[NodeId] {
        range(&self.ids, start, len)
    }

    pub(crate) fn nums(&self, start: u32, len: u32) -> &[Num] {
        range(&self.nums, start, len)
    }

    pub(crate) fn strs(&self, start: u32, len: u32) -> &[Box<str>] {
        range(&self.strs, start, len)
    }

    /// Whether `n` is among `nums[start..start + len]` (sorted by value: a long `enum` is
    /// searched by bisection, so checking m values against it costs m·log n).
    #[inline(always)]
    pub(crate) fn has_num(&self, start: u32, len: u32, n: &Num) -> bool {
        let list = self.nums(start, len);
        if list.len() > LINEAR_CHOICES {
            return bisect(list, |v| num_cmp(v, n));
        }
        list.iter().any(|v| num_cmp(v, n) == Ordering::Equal)
    }

    /// Whether `s` is among `strs[start..start + len]` (sorted, as [`has_num`](Self::has_num)).
    #[inline(always)]
    pub(crate) fn has_str(&self, start: u32, len: u32, s: &str) -> bool {
        let list = self.strs(start, len);
        if list.len() > LINEAR_CHOICES {
            return bisect(list, |c| (**c).cmp(s));
        }
        list.iter().any(|c| **c == *s)
    }

    pub(crate) fn set_ops(&mut self, lists: Lists) {
        self.ops.clear();
        self.kwix.clear();
        for (k, list) in lists.0.into_iter().enumerate() {
            if let Some(s) = self.starts.get_mut(k) {
                *s = self.ops.len() as u32;
            }
            for (op, i) in list {
                self.ops.push(op);
                self.kwix.push(i);
            }
        }
        self.starts[KINDS] = self.ops.len() as u32;
    }

    pub(crate) fn push_ids(&mut self, list: &[NodeId]) -> (u32, u32) {
        let start = self.ids.len() as u32;
        self.ids.extend_from_slice(list);
        (start, list.len() as u32)
    }
}

/// Per-kind op lists under construction, each op with the index of its keyword (`cur` when
/// pushed); nothing is added after a `Fail`.
#[derive(Default)]
pub(crate) struct Lists(pub [Vec<(Op, u32)>; KINDS], pub u32);

impl Lists {
    pub(crate) fn push(&mut self, k: usize, op: Op) {
        let cur = self.1;
        if let Some(list) = self.0.get_mut(k) {
            if list.last().map(|(o, _)| o) != Some(&Op::Fail) {
                list.push((op, cur));
            }
        }
    }

    /// Pushes `op` for every kind.
    pub(crate) fn all(&mut self, op: Op) {
        for k in 0..KINDS {
            self.push(k, op);
        }
    }
}
