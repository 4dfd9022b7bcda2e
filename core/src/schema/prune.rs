//! Simplifying the quick forms with what is known of their subschemas: a `$ref` or `allOf`
//! branch that always passes on a kind of value is dropped, one that always fails ends the
//! list, `anyOf` branches that cannot match a kind are dropped (so `anyOf: [X, {type: null}]`
//! costs nothing on `null`). Plain `$ref` nodes are skipped by the keywords that step into the
//! instance, keeping the depth count of the general evaluator.

use super::keyword::{Kw, Node, NodeId};
use super::kind::{KINDS, NUMBER, STRING};
use super::props::Slot;
use super::quick_form::{range, Fast, Lists, Op};
use super::scalar::Scalar;
use alloc::vec::Vec;

/// Most plain `$ref`s skipped in a row (below `DEPTH_SLACK`, so none of them could have
/// reached the depth limit).
const MAX_SKIP: u8 = 2;

/// One pass of [`Fast::prune`] over every node.
pub(crate) fn prune(nodes: &mut [Node]) {
    let known: Vec<[Known; KINDS]> = nodes.iter().map(known).collect();
    for node in nodes.iter_mut() {
        if !node.fast.slow && node.boolean.is_none() {
            node.fast.prune(&known);
        }
    }
}

/// Points each in-place `$ref` past the plain `$ref` nodes it names.
pub(crate) fn skip_aliases(nodes: &mut [Node]) {
    let ops: Vec<Vec<Op>> = nodes
        .iter()
        .map(|n| {
            n.fast
                .ops
                .iter()
                .map(|op| match *op {
                    Op::Eval(t, 0) => {
                        let (t, skip) = alias(nodes, t);
                        Op::Eval(t, skip)
                    }
                    op => op,
                })
                .collect()
        })
        .collect();
    for (n, ops) in nodes.iter_mut().zip(ops) {
        n.fast.ops = ops;
    }
}

/// Most nodes passed by a property's forward (below `DEPTH_SLACK`, as for [`MAX_SKIP`]).
pub(super) const MAX_FORWARD_SKIP: u8 = 3;

/// Fills `ObjTable::slots` (after the pass and forward bits are known): each
/// property's subschema with its bits, and where it forwards values of one kind when it
/// forwards exactly one kind to one other subschema.
pub(crate) fn forward_properties(nodes: &mut [Node]) {
    let bits = |id: NodeId| nodes.get(id as usize).map_or(0, |n| n.fast.pass);
    let fill = |s: &Slot| {
        let (fwd_kind, to, to_skip) =
            forward(nodes, s.id, s.skip).unwrap_or((u8::MAX, s.id, s.skip));
        let s = Slot {
            pass: bits(s.id),
            fwd_kind,
            to,
            to_skip,
            to_pass: bits(to),
            ..*s
        };
        Slot {
            scalar: scalar_of(nodes, &s),
            ..s
        }
    };
    let slots: Vec<(Vec<Slot>, Slot)> = nodes
        .iter()
        .map(|n| match n.fast.obj.as_deref() {
            Some(t) => (
                t.slots.iter().map(fill).collect(),
                fill(&t.one_pass.extra_slot),
            ),
            None => (Vec::new(), Slot::default()),
        })
        .collect();
    for (n, (sl, extra)) in nodes.iter_mut().zip(slots) {
        if let Some(t) = n.fast.obj.as_deref_mut() {
            t.slots = sl;
            t.one_pass.extra_slot = extra;
        }
    }
}

/// The slot's short check: of the node that takes strings, else of the one taking numbers.
fn scalar_of(nodes: &[Node], s: &Slot) -> Scalar {
    let of = |k: usize| match nodes.get(s.for_kind(k).0 as usize) {
        Some(n) => Scalar::of_kind(n, k),
        None => Scalar::None,
    };
    match of(STRING) {
        Scalar::None => of(NUMBER),
        sc => sc,
    }
}

fn forward(nodes: &[Node], id: NodeId, skip: u8) -> Option<(u8, NodeId, u8)> {
    let n = nodes.get(id as usize)?;
    if n.boolean.is_some() || n.fast.slow || n.fast.fwd.count_ones() != 1 {
        return None;
    }
    let k = n.fast.fwd.trailing_zeros() as usize;
    match n.fast.ops(k) {
        [Op::Eval(t, s)] if skip + 1 + s <= MAX_FORWARD_SKIP => Some((k as u8, *t, skip + 1 + s)),
        _ => None,
    }
}

/// The kinds of value on which `node` passes with nothing to check.
pub(crate) fn passes(node: &Node) -> u8 {
    known(node)
        .iter()
        .enumerate()
        .filter(|(_, k)| **k == Known::Pass)
        .fold(0, |m, (k, _)| m | (1 << k))
}

/// `id`, or the node it names when it is only a `$ref` (up to [`MAX_SKIP`] of them), with
/// the number skipped.
pub(crate) fn alias(nodes: &[Node], mut id: NodeId) -> (NodeId, u8) {
    let mut skip = 0;
    while skip < MAX_SKIP {
        match nodes.get(id as usize) {
            Some(n) if n.boolean.is_none() && !n.in_cycle && !n.unevaluated => {
                match n.kws.as_slice() {
                    [Kw::Ref(t)] => {
                        id = *t;
                        skip += 1;
                    }
                    _ => break,
                }
            }
            _ => break,
        }
    }
    (id, skip)
}

/// What evaluating a node on a kind of value is known to give, without running it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Known {
    Pass,
    Fail,
    Unknown,
}

/// Per kind, what node `n` is known to give.
pub(crate) fn known(n: &Node) -> [Known; KINDS] {
    match n.boolean {
        Some(true) => return [Known::Pass; KINDS],
        Some(false) => return [Known::Fail; KINDS],
        None if n.fast.slow => return [Known::Unknown; KINDS],
        None => {}
    }
    core::array::from_fn(|k| match n.fast.ops(k).first() {
        None => Known::Pass,
        Some(Op::Fail) => Known::Fail,
        Some(_) => Known::Unknown,
    })
}

impl Fast {
    /// Rewrites the op lists with what is `known` of the subschemas they evaluate.
    pub(crate) fn prune(&mut self, known: &[[Known; KINDS]]) {
        let old = core::mem::take(&mut self.ids);
        let lists: [Vec<(Op, u32)>; KINDS] = core::array::from_fn(|k| {
            let mut out = Lists::default();
            let (ops, kws) = self.ops_kws(k);
            let pairs: Vec<(Op, u32)> = ops.iter().copied().zip(kws.iter().copied()).collect();
            for (op, i) in pairs {
                out.1 = i;
                self.prune_op(op, k, &old, known, &mut out);
            }
            out.0.get_mut(k).map(core::mem::take).unwrap_or_default()
        });
        self.set_ops(Lists(lists, 0));
    }

    fn prune_op(
        &mut self,
        op: Op,
        k: usize,
        old: &[NodeId],
        known: &[[Known; KINDS]],
        out: &mut Lists,
    ) {
        let of = |id: NodeId| {
            known
                .get(id as usize)
                .and_then(|r| r.get(k))
                .copied()
                .unwrap_or(Known::Unknown)
        };
        match op {
            Op::Eval(t, _) => match of(t) {
                Known::Pass => {}
                Known::Fail => out.push(k, Op::Fail),
                Known::Unknown => out.push(k, op),
            },
            Op::All(a, n) => {
                // Evaluated in order up to the first failure: keep what runs before it.
                let mut keep = Vec::new();
                let mut fails = false;
                for &t in range(old, a, n) {
                    match of(t) {
                        Known::Pass => {}
                        Known::Fail => {
                            fails = true;
                            break;
                        }
                        Known::Unknown => keep.push(t),
                    }
                }
                self.push_branches(&keep, k, out, Op::All);
                if fails {
                    out.push(k, Op::Fail);
                }
            }
            Op::Any(a, n) => {
                // Evaluated in order up to the first match: known failures cannot match.
                let mut keep = Vec::new();
                let mut pass = None;
                for &t in range(old, a, n) {
                    match of(t) {
                        Known::Pass => {
                            pass = Some(t);
                            break;
                        }
                        Known::Fail => {}
                        Known::Unknown => keep.push(t),
                    }
                }
                match (keep.as_slice(), pass) {
                    ([], Some(_)) => {}
                    ([], None) => out.push(k, Op::Fail),
                    (_, pass) => {
                        // With a known match at the end the op passes either way, but the
                        // branches before it still run.
                        keep.extend(pass);
                        self.push_branches(&keep, k, out, Op::Any);
                    }
                }
            }
            Op::One(a, n) => {
                // A branch known to fail never matches (and evaluating it has no effect).
                let keep: Vec<NodeId> = range(old, a, n)
                    .iter()
                    .copied()
                    .filter(|t| of(*t) != Known::Fail)
                    .collect();
                if keep.is_empty() {
                    out.push(k, Op::Fail);
                }
                self.push_branches(&keep, k, out, Op::One);
            }
            Op::Not(t) => match of(t) {
                Known::Pass => out.push(k, Op::Fail),
                Known::Fail => {}
                Known::Unknown => out.push(k, op),
            },
            _ => out.push(k, op),
        }
    }

    fn push_branches(
        &mut self,
        keep: &[NodeId],
        k: usize,
        out: &mut Lists,
        op: fn(u32, u32) -> Op,
    ) {
        match keep {
            [] => {}
            [only] => out.push(k, Op::Eval(*only, 0)),
            _ => {
                let (a, n) = self.push_ids(keep);
                out.push(k, op(a, n));
            }
        }
    }
}
