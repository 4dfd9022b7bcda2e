//! The quick form of a node, for yes/no evaluation (`quick.rs`): per JSON kind of the
//! instance, the keywords that can fail on that kind, in the node's keyword order, decoded
//! ahead of time (`type` as a pass/fail per kind, `enum` split by kind with numbers parsed,
//! bounds as [`Num`]s, `properties` as a lookup table with `required` as bits).
//!
//! Keyword order is kept so that a failing instance stops at the same keyword as the general
//! evaluator: the only side effect of evaluation, an infinite-loop or depth error, then
//! happens (or not) exactly as before.

use super::keyword::{types, Bound, Kw, Node, NodeId, Size};
use super::number::Num;
use crate::json::Value;
use alloc::boxed::Box;
use alloc::vec::Vec;
use core::cmp::Ordering;

pub(crate) const NULL: usize = 0;
pub(crate) const BOOL: usize = 1;
pub(crate) const NUMBER: usize = 2;
pub(crate) const STRING: usize = 3;
pub(crate) const ARRAY: usize = 4;
pub(crate) const OBJECT: usize = 5;
pub(crate) const KINDS: usize = 6;

/// Pruning passes over the whole schema (each can drop one more level of trivial subschemas).
pub(crate) const PRUNE_PASSES: u32 = 3;
/// Quick evaluation runs only this many levels below `max_depth`: the subschemas pruned away
/// (at most [`PRUNE_PASSES`] levels) could not have reached the depth limit.
pub(crate) const DEPTH_SLACK: u32 = PRUNE_PASSES + 2;

/// `enum` lists up to this long are scanned; longer ones are searched by bisection.
pub(crate) const LINEAR_CHOICES: usize = 8;

/// `a` against `b`; small integers on both sides compare without copying the decimal form.
#[inline(always)]
pub(crate) fn num_cmp(a: &Num, b: &Num) -> Ordering {
    match (a, b) {
        (Num::Int(x), Num::Int(y)) => x.cmp(y),
        _ => a.cmp(*b),
    }
}

/// Whether the sorted `list` has an entry `cmp` calls equal.
#[inline(never)]
fn bisect<T>(list: &[T], cmp: impl FnMut(&T) -> Ordering) -> bool {
    list.binary_search_by(cmp).is_ok()
}

/// The kind index of a value.
pub(crate) fn kind_of(v: &Value) -> usize {
    match v {
        Value::Null => NULL,
        Value::Bool(_) => BOOL,
        Value::Number(_) => NUMBER,
        Value::String(_) => STRING,
        Value::Array(_) => ARRAY,
        Value::Object(_) => OBJECT,
    }
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
    fn is_leaf(&self) -> bool {
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
    /// The checks for a value of kind `k`.
    pub fn ops(&self, k: usize) -> &[Op] {
        let (a, b) = match (self.starts.get(k), self.starts.get(k + 1)) {
            (Some(a), Some(b)) => (*a as usize, *b as usize),
            _ => return &[],
        };
        self.ops.get(a..b).unwrap_or(&[])
    }

    /// The checks for a value of kind `k`, each with the index of its keyword in `kws`.
    pub fn ops_kws(&self, k: usize) -> (&[Op], &[u32]) {
        let (a, b) = match (self.starts.get(k), self.starts.get(k + 1)) {
            (Some(a), Some(b)) => (*a as usize, *b as usize),
            _ => return (&[], &[]),
        };
        (
            self.ops.get(a..b).unwrap_or(&[]),
            self.kwix.get(a..b).unwrap_or(&[]),
        )
    }

    pub fn ids(&self, start: u32, len: u32) -> &[NodeId] {
        range(&self.ids, start, len)
    }

    pub fn nums(&self, start: u32, len: u32) -> &[Num] {
        range(&self.nums, start, len)
    }

    pub fn strs(&self, start: u32, len: u32) -> &[Box<str>] {
        range(&self.strs, start, len)
    }

    /// Whether `n` is among `nums[start..start + len]` (sorted by value: a long `enum` is
    /// searched by bisection, so checking m values against it costs m·log n).
    #[inline(always)]
    pub fn has_num(&self, start: u32, len: u32, n: &Num) -> bool {
        let list = self.nums(start, len);
        if list.len() > LINEAR_CHOICES {
            return bisect(list, |v| num_cmp(v, n));
        }
        list.iter().any(|v| num_cmp(v, n) == Ordering::Equal)
    }

    /// Whether `s` is among `strs[start..start + len]` (sorted, as [`has_num`](Self::has_num)).
    #[inline(always)]
    pub fn has_str(&self, start: u32, len: u32, s: &str) -> bool {
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

    fn all(&mut self, op: Op) {
        for k in 0..KINDS {
            self.push(k, op);
        }
    }
}

/// Builds the quick form of every node (after cycles are marked).
pub(crate) fn build(nodes: &mut [Node], dynamic: bool) {
    let falses: Vec<bool> = nodes.iter().map(|n| n.boolean == Some(false)).collect();
    let built: Vec<Fast> = nodes
        .iter()
        .map(|n| base(n, nodes, &falses, dynamic))
        .collect();
    for (node, f) in nodes.iter_mut().zip(built) {
        node.fast = f;
    }
    for _ in 0..PRUNE_PASSES {
        super::prune::prune(nodes);
    }
    super::prune::skip_aliases(nodes);
    for node in nodes.iter_mut() {
        node.fast.pass = super::prune::passes(node);
        let f = &mut node.fast;
        f.fwd = (0..KINDS)
            .filter(|k| matches!(f.ops(*k), [Op::Eval(..)]) && !f.slow)
            .fold(0, |m, k| m | (1 << k));
        // (A `false` schema has no ops but fails: not a leaf.)
        let is_false = node.boolean == Some(false);
        f.fail = (0..KINDS)
            .filter(|k| (f.ops(*k).contains(&Op::Fail) && !f.slow) || is_false)
            .fold(0, |m, k| m | (1 << k));
        f.known = f.pass | f.fail;
        f.leaf = (0..KINDS)
            .filter(|k| f.ops(*k).iter().all(|op| op.is_leaf()) && !f.slow && !is_false)
            .fold(0, |m, k| m | (1 << k));
        let obj_ops = f.ops(OBJECT).to_vec();
        if let Some(t) = f.obj.as_deref_mut() {
            t.set_one_pass(&obj_ops);
        }
    }
    super::prune::forward_properties(nodes);
    super::height::set_heights(nodes);
    super::disc::set_discs(nodes);
}

/// The type check of `bits` on kind `k`: `None` when it passes.
fn type_op(bits: u8, k: usize) -> Option<Op> {
    let bit = match k {
        NULL => types::NULL,
        BOOL => types::BOOLEAN,
        STRING => types::STRING,
        ARRAY => types::ARRAY,
        OBJECT => types::OBJECT,
        _ if bits & types::NUMBER != 0 => return None,
        _ if bits & types::INTEGER != 0 => return Some(Op::Integer),
        _ => return Some(Op::Fail),
    };
    (bits & bit == 0).then_some(Op::Fail)
}

fn base(node: &Node, nodes: &[Node], falses: &[bool], dynamic: bool) -> Fast {
    let mut f = Fast {
        slow: dynamic || node.in_cycle || node.unevaluated,
        ..Fast::default()
    };
    if f.slow || node.boolean.is_some() {
        return f;
    }
    let mut l = Lists::default();
    let big = node.kws.iter().any(|k| match k {
        Kw::Properties(list) => list.len() >= super::props::MAX_PROPERTIES,
        _ => false,
    });
    for (i, kw) in node.kws.iter().enumerate() {
        let i = i as u32;
        l.1 = i;
        match kw {
            Kw::Ref(t) | Kw::DynamicRef(t, None) => l.all(Op::Eval(*t, 0)),
            Kw::Type(bits) => {
                for k in 0..KINDS {
                    if let Some(op) = type_op(*bits, k) {
                        l.push(k, op);
                    }
                }
            }
            Kw::Const(c) => choice(&mut f, &mut l, core::slice::from_ref(c), i),
            Kw::Enum(vals) => choice(&mut f, &mut l, vals, i),
            Kw::MultipleOf(d, _) => {
                f.nums.push(Num::from_dec(*d));
                l.push(NUMBER, Op::MultipleOf(f.nums.len() as u32 - 1));
            }
            Kw::Bound(b, d, _) => {
                f.nums.push(Num::from_dec(*d));
                l.push(NUMBER, Op::Bound(*b, f.nums.len() as u32 - 1));
            }
            Kw::Size(s, n) => {
                let (k, op) = match s {
                    Size::MinLength => (STRING, Op::MinLen(*n)),
                    Size::MaxLength => (STRING, Op::MaxLen(*n)),
                    Size::MinItems => (ARRAY, Op::MinItems(*n)),
                    Size::MaxItems => (ARRAY, Op::MaxItems(*n)),
                    Size::MinProperties => (OBJECT, Op::MinProps(*n)),
                    Size::MaxProperties => (OBJECT, Op::MaxProps(*n)),
                };
                l.push(k, op);
            }
            Kw::Pattern(_) => l.push(STRING, Op::Pattern(i)),
            Kw::Format(..) => l.push(STRING, Op::Kw(i)),
            Kw::UniqueItems => l.push(ARRAY, Op::Unique),
            Kw::Required(_) | Kw::Properties(_) | Kw::AdditionalProperties { .. } if big => {
                l.push(OBJECT, Op::Kw(i))
            }
            Kw::Required(_) => l.push(OBJECT, Op::Required),
            Kw::Properties(_) => l.push(OBJECT, Op::Props),
            Kw::AdditionalProperties { node: t, .. } => {
                let op = match falses.get(*t as usize) {
                    Some(true) => Op::NoAdditional,
                    _ => Op::Additional(*t),
                };
                l.push(OBJECT, op);
            }
            Kw::DependentRequired(..)
            | Kw::DependentSchemas(..)
            | Kw::PatternProperties(_)
            | Kw::PropertyNames(_) => l.push(OBJECT, Op::Kw(i)),
            Kw::Items { node: t, start, .. } => match u32::try_from(*start) {
                Ok(s) => {
                    let (t, skip) = super::prune::alias(nodes, *t);
                    l.push(ARRAY, Op::Items(t, skip, s));
                }
                Err(_) => l.push(ARRAY, Op::Kw(i)),
            },
            Kw::PrefixItems(_) | Kw::Contains { .. } | Kw::UnevaluatedItems(_) => {
                l.push(ARRAY, Op::Kw(i))
            }
            Kw::UnevaluatedProperties(_) => l.push(OBJECT, Op::Kw(i)),
            Kw::AllOf(list) => {
                let (a, n) = f.push_ids(list);
                l.all(Op::All(a, n));
            }
            Kw::AnyOf(list) => {
                let (a, n) = f.push_ids(list);
                l.all(Op::Any(a, n));
            }
            Kw::OneOf(list) => {
                let (a, n) = f.push_ids(list);
                l.all(Op::One(a, n));
            }
            Kw::Not(t) => l.all(Op::Not(*t)),
            Kw::If { .. } | Kw::DynamicRef(_, Some(_)) => l.all(Op::Kw(i)),
        }
    }
    f.obj = if big {
        None
    } else {
        super::props::table(node, nodes)
    };
    f.set_ops(l);
    f
}

/// `enum` / `const` split by kind: a kind with no allowed value fails at once.
fn choice(f: &mut Fast, l: &mut Lists, vals: &[Value], i: u32) {
    if !vals.iter().any(|v| matches!(v, Value::Null)) {
        l.push(NULL, Op::Fail);
    }
    let bools = vals.iter().fold(0u8, |m, v| match v {
        Value::Bool(b) => m | (1 << u8::from(*b)),
        _ => m,
    });
    match bools {
        0 => l.push(BOOL, Op::Fail),
        3 => {}
        m => l.push(BOOL, Op::Bools(m)),
    }
    let nums: Option<Vec<Num>> = vals
        .iter()
        .filter_map(|v| match v {
            Value::Number(t) => Some(Num::parse(t)),
            _ => None,
        })
        .collect();
    match nums {
        Some(n) if n.is_empty() => l.push(NUMBER, Op::Fail),
        Some(n) => {
            let start = f.nums.len() as u32;
            f.nums.extend(n);
            if let Some(added) = f.nums.get_mut(start as usize..) {
                added.sort_by(|a, b| a.cmp(*b));
            }
            l.push(NUMBER, Op::Nums(start, f.nums.len() as u32 - start));
        }
        None => l.push(NUMBER, Op::Kw(i)),
    }
    let start = f.strs.len() as u32;
    f.strs.extend(vals.iter().filter_map(|v| match v {
        Value::String(s) => Some(Box::from(s.as_str())),
        _ => None,
    }));
    if let Some(added) = f.strs.get_mut(start as usize..) {
        added.sort();
    }
    match f.strs.len() as u32 - start {
        0 => l.push(STRING, Op::Fail),
        n => l.push(STRING, Op::Strs(start, n)),
    }
    for (k, has) in [
        (ARRAY, vals.iter().any(|v| matches!(v, Value::Array(_)))),
        (OBJECT, vals.iter().any(|v| matches!(v, Value::Object(_)))),
    ] {
        l.push(k, if has { Op::Kw(i) } else { Op::Fail });
    }
}
