//! Quick evaluation of a *bounded* subtree (`Fast::height` below the room left to the depth
//! limit): no `$ref` loop and no depth limit can be met there, so nothing is counted or
//! recorded on the way down, checks run in any order, and a plain `$ref` is a jump. The same
//! code serves [`Schema::is_valid`](super::Schema::is_valid) without a `Ctx` (for schemas
//! that need nothing of the general evaluator, `Fast::plain`) and `Ctx`'s quick evaluation
//! of every bounded subschema it meets.

use super::keyword::{Node, NodeId};
use super::kind::{kind_of, OBJECT};
use super::leaf::{array_leaf, has_required, int_leaf, number_leaf, string_leaf, value_checks};
use super::number::Num;
use super::props::{ObjTable, OnePass, Slot};
use super::quick_form::Op;
use super::validate::MEMO_AFTER;
use super::Schema;
use crate::json::Value;
use alloc::string::String;

/// What bounded evaluation needs from around it.
pub(super) trait Env<'s> {
    /// The schema evaluated.
    fn schema(&self) -> &'s Schema;
    /// Counts `n` alternatives about to be evaluated.
    fn branches(&mut self, n: u32);
    /// Branch evaluations so far.
    fn fanout(&self) -> u32;
    /// Keyword `i` of `node` (one that looks at the value alone) in quick mode.
    fn value_keyword(&mut self, node: &Node, i: u32, inst: &Value) -> bool;
    /// All of `node`'s keywords in quick mode (for values the decoded checks do not cover).
    fn all_keywords(&mut self, node: &Node, inst: &Value) -> bool;
    /// Goes one node deeper; false when evaluation is to stop (only [`Deep`] counts).
    #[inline(always)]
    fn enter(&mut self) -> bool {
        true
    }
    /// The depth now, to come back to with [`restore`](Self::restore).
    #[inline(always)]
    fn mark(&self) -> u32 {
        0
    }
    #[inline(always)]
    fn restore(&mut self, _depth: u32) {}
}

/// The environment of `is_valid` on a `Fast::plain` root: nothing but the count of
/// alternatives (past [`MEMO_AFTER`] the answer is dropped and the memoizing evaluator runs).
pub(super) struct Plain<'s> {
    pub s: &'s Schema,
    pub fanout: u32,
}

impl<'s> Env<'s> for Plain<'s> {
    fn schema(&self) -> &'s Schema {
        self.s
    }
    #[inline(always)]
    fn branches(&mut self, n: u32) {
        self.fanout = self.fanout.saturating_add(n);
    }
    #[inline(always)]
    fn fanout(&self) -> u32 {
        self.fanout
    }
    // (A plain subtree has no keyword left to the general evaluator: stop if one is met.)
    fn value_keyword(&mut self, _: &Node, _: u32, _: &Value) -> bool {
        self.fanout = u32::MAX;
        false
    }
    fn all_keywords(&mut self, _: &Node, _: &Value) -> bool {
        self.fanout = u32::MAX;
        false
    }
}

/// The most levels of `Ctx`'s depth one node entered here stands for: the node and the plain
/// `$ref`s skipped to reach it (at most `MAX_FORWARD_SKIP`, more than `MAX_SKIP`).
pub(super) const LEVELS_PER_NODE: u32 = 1 + super::prune::MAX_FORWARD_SKIP as u32;

/// The environment of `is_valid` on a `Fast::deep_plain` root that is not bounded (it
/// recurses through the instance): [`Plain`] that counts the nodes it is inside of and gives
/// up past `limit`, low enough that `Ctx`'s evaluation of the same could not have met the
/// depth limit or a `$ref` loop (so that checks in any order give its answer).
pub(super) struct Deep<'s> {
    pub s: &'s Schema,
    pub fanout: u32,
    pub depth: u32,
    pub limit: u32,
    /// Evaluation went deeper than `limit`, or met a keyword for the general evaluator.
    pub gave_up: bool,
}

impl<'s> Env<'s> for Deep<'s> {
    fn schema(&self) -> &'s Schema {
        self.s
    }
    #[inline(always)]
    fn branches(&mut self, n: u32) {
        self.fanout = self.fanout.saturating_add(n);
    }
    #[inline(always)]
    fn fanout(&self) -> u32 {
        match self.gave_up {
            true => u32::MAX,
            false => self.fanout,
        }
    }
    fn value_keyword(&mut self, _: &Node, _: u32, _: &Value) -> bool {
        self.gave_up = true;
        false
    }
    fn all_keywords(&mut self, _: &Node, _: &Value) -> bool {
        self.gave_up = true;
        false
    }
    #[inline(always)]
    fn enter(&mut self) -> bool {
        self.depth += 1;
        self.gave_up |= self.depth > self.limit;
        !self.gave_up
    }
    #[inline(always)]
    fn mark(&self) -> u32 {
        self.depth
    }
    #[inline(always)]
    fn restore(&mut self, depth: u32) {
        self.depth = depth;
    }
}

/// True when `v` fits node `id`; the answer holds only if `env.fanout()` stayed at or below
/// [`MEMO_AFTER`] (past that, evaluation stops early with `false`).
#[inline]
pub(super) fn check<'s, E: Env<'s>>(env: &mut E, id: NodeId, v: &Value) -> bool {
    let k = kind_of(v);
    match env.schema().nodes.get(id as usize) {
        Some(node) if node.fast.known & (1 << k) == 0 => node_of_kind(env, node, k, v),
        Some(node) => node.fast.pass & (1 << k) != 0,
        None => false,
    }
}

/// [`check`] on a node that does not pass values of kind `k` unchecked.
fn node_of_kind<'s, E: Env<'s>>(env: &mut E, node: &'s Node, k: usize, v: &Value) -> bool {
    let depth = env.mark();
    let ok = node_in(env, node, k, v);
    env.restore(depth);
    ok
}

/// [`node_of_kind`] one level down, and a level more for each jump.
#[inline(always)]
fn node_in<'s, E: Env<'s>>(env: &mut E, mut node: &'s Node, k: usize, v: &Value) -> bool {
    let s = env.schema();
    loop {
        #[cfg(test)]
        super::quick::tests::count();
        if let Some(b) = node.boolean {
            return b;
        }
        if !env.enter() {
            return false;
        }
        // The only check is one subschema: a jump.
        match node.fast.ops(k) {
            [Op::Eval(t, _)] => match s.nodes.get(*t as usize) {
                Some(n) if n.fast.pass & (1 << k) != 0 => return true,
                Some(n) => node = n,
                None => return false,
            },
            _ => break,
        }
    }
    let f = &node.fast;
    match v {
        Value::Object(m) => object(env, node, v, m),
        Value::String(s) => each(env, node, k, v, |o| string_leaf(node, o, s)),
        Value::Number(t) => match Num::parse(t) {
            Some(Num::Int(i)) => each(env, node, k, v, |o| int_leaf(f, o, i)),
            Some(n) => each(env, node, k, v, |o| number_leaf(f, o, &n)),
            // Not number text (a hand-built value): the general checks decide.
            None => env.all_keywords(node, v),
        },
        Value::Array(a) => each(env, node, k, v, |o| array_leaf(o, a)),
        Value::Bool(b) => each(env, node, k, v, |o| match o {
            Op::Bools(m) => Some(m & (1 << u8::from(*b)) != 0),
            _ => None,
        }),
        Value::Null => each(env, node, k, v, |_| None),
    }
}

fn stopped<'s, E: Env<'s>>(env: &E) -> bool {
    env.fanout() > MEMO_AFTER
}

/// The checks of `node` on kind `k`: those of the value alone through `leaf` (`None` for
/// the others), the others through [`applicator`].
#[inline(always)]
fn each<'s, E: Env<'s>>(
    env: &mut E,
    node: &'s Node,
    k: usize,
    v: &Value,
    leaf: impl Fn(Op) -> Option<bool>,
) -> bool {
    for &o in node.fast.ops(k) {
        let ok = match o {
            Op::Fail => false,
            o => match leaf(o) {
                Some(ok) => ok,
                None => applicator(env, node, o, v),
            },
        };
        if !ok {
            return false;
        }
    }
    true
}

/// A check of `node` with subschemas (or through the general evaluator); false also when
/// evaluation is to stop.
#[inline(never)]
fn applicator<'s, E: Env<'s>>(env: &mut E, node: &'s Node, o: Op, v: &Value) -> bool {
    let f = &node.fast;
    let ok = match (o, v) {
        (Op::Fail, _) => false,
        (Op::Eval(t, _), _) => check(env, t, v),
        (Op::All(a, len), _) => f.ids(a, len).iter().all(|t| check(env, *t, v)),
        // A tagged union: the one branch the object's tag names (see `disc.rs`).
        (Op::Any(a, len) | Op::One(a, len), Value::Object(m)) if f.disc.is_some() => {
            match f.disc.as_ref().and_then(|d| d.pick(a, m)) {
                Some(pick) => {
                    env.branches(len);
                    pick.and_then(|i| f.ids(a, len).get(i))
                        .is_some_and(|t| check(env, *t, v))
                }
                None => alternatives(env, f, o, v),
            }
        }
        (Op::Any(..) | Op::One(..), _) => alternatives(env, f, o, v),
        (Op::Not(t), _) => !check(env, t, v),
        (Op::Kw(i), _) => env.value_keyword(node, i, v),
        (Op::Items(t, _, start), Value::Array(items)) => {
            let from = items.get(start as usize..).unwrap_or(&[]);
            from.iter().all(|x| check(env, t, x))
        }
        (Op::MinProps(l), Value::Object(m)) => m.len() as u64 >= l,
        (Op::MaxProps(l), Value::Object(m)) => m.len() as u64 <= l,
        // (Every op listed for a kind is decoded here or in `each`'s leaf checks.)
        _ => env.all_keywords(node, v),
    };
    ok && !stopped(env)
}

/// `anyOf` / `oneOf` (`o`), each branch in turn.
#[inline(always)]
fn alternatives<'s, E: Env<'s>>(
    env: &mut E,
    f: &'s super::quick_form::Fast,
    o: Op,
    v: &Value,
) -> bool {
    match o {
        Op::Any(a, len) => {
            env.branches(len);
            f.ids(a, len)
                .iter()
                .any(|t| check(env, *t, v) || stopped(env))
        }
        Op::One(a, len) => {
            env.branches(len);
            let mut matched = 0;
            for t in f.ids(a, len) {
                matched += u32::from(check(env, *t, v));
                if matched > 1 || stopped(env) {
                    return false;
                }
            }
            matched == 1
        }
        _ => false,
    }
}

/// The object checks of `node`: `properties`, `additionalProperties` and the lookups for
/// `required` in one pass over the members, then the rest.
fn object<'s, E: Env<'s>>(
    env: &mut E,
    node: &'s Node,
    v: &Value,
    members: &[(String, Value)],
) -> bool {
    let Some(t) = node.fast.obj.as_deref() else {
        return each(env, node, OBJECT, v, |_| None);
    };
    let Some(seen) = members_pass(env, t, members) else {
        return false;
    };
    for &o in &t.rest {
        let ok = match o {
            Op::Required => has_required(t, seen, v),
            o => applicator(env, node, o, v),
        };
        if !ok {
            return false;
        }
    }
    true
}

/// The one pass over the members: the bits of the properties present, or `None` when a
/// member fails.
#[inline]
fn members_pass<'s, E: Env<'s>>(
    env: &mut E,
    t: &ObjTable,
    members: &[(String, Value)],
) -> Option<u64> {
    let min = t.one_pass.min_members as usize;
    // (Too few members for `required`: no need to look at them.)
    if members.len() < min {
        return None;
    }
    // (Exactly as many members as distinct `required` names: each member must be one of
    // them, so one known not to be required fails before its value is looked at.)
    if members.len() == min {
        return member_loop::<E, true>(env, t, members);
    }
    member_loop::<E, false>(env, t, members)
}

/// [`members_pass`]'s loop; with `TIGHT`, a property not among the `required` ones fails.
#[inline(always)]
fn member_loop<'s, E: Env<'s>, const TIGHT: bool>(
    env: &mut E,
    t: &ObjTable,
    members: &[(String, Value)],
) -> Option<u64> {
    // (`patternProperties` has subschemas the general evaluator applies: never bounded.)
    let OnePass {
        props,
        closed,
        extra,
        ref extra_slot,
        ..
    } = t.one_pass;
    let mut seen = 0u64;
    for (k, v) in members {
        let ok = match t.find(k) {
            Some(j) => {
                if j < 64 {
                    if TIGHT && t.req_mask & (1 << j) == 0 {
                        return None;
                    }
                    seen |= 1 << j;
                }
                match t.slots.get(j) {
                    Some(slot) if props => property(env, slot, v),
                    _ => true,
                }
            }
            None if closed => false,
            None => extra.is_none() || property(env, extra_slot, v),
        };
        if !ok || stopped(env) {
            return None;
        }
    }
    Some(seen)
}

/// A property's value against its subschema, through the bits kept in the slot.
#[inline(always)]
fn property<'s, E: Env<'s>>(env: &mut E, slot: &Slot, v: &Value) -> bool {
    let k = kind_of(v);
    let (id, pass) = if usize::from(slot.fwd_kind) == k {
        (slot.to, slot.to_pass)
    } else {
        (slot.id, slot.pass)
    };
    if pass & (1 << k) != 0 {
        return true;
    }
    let s = env.schema();
    let strs = |a, n, text: &str| {
        s.nodes
            .get(id as usize)
            .is_some_and(|node| node.fast.has_str(a, n, text))
    };
    if let Some(ok) = slot.scalar.decide(strs, v) {
        return ok;
    }
    match env.schema().nodes.get(id as usize) {
        // A node that checks the value alone: the short loop of `value_checks`.
        Some(node) if node.fast.leaf & (1 << k) != 0 => match value_checks(node, k, v) {
            Some(ok) => ok,
            None => node_of_kind(env, node, k, v),
        },
        Some(node) => node_of_kind(env, node, k, v),
        None => false,
    }
}
