//! How deep quick evaluation can go below each node ([`Fast::height`]): a subtree whose
//! bottom stays above the depth limit can never meet the limit or an infinite loop, so its
//! checks can run in any order (`quick.rs` checks an object's members in one pass then).
//!
//! [`Fast::height`]: super::quick_form::Fast::height

use super::keyword::{Kw, Node, NodeId};
use super::kind::KINDS;
use super::quick_form::Op;
use alloc::vec;
use alloc::vec::Vec;

/// No bound: the node reaches itself through the instance (recursion), is evaluated by the
/// general evaluator, or applies a keyword with subschemas through it.
pub(crate) const UNBOUNDED: u32 = u32::MAX;

/// The subschemas quick evaluation of `node` enters, each with the plain `$ref`s skipped on
/// the way; `None` when one of its checks goes through the general evaluator with subschemas.
fn edges(node: &Node, out: &mut Vec<(NodeId, u8)>) -> Option<()> {
    out.clear();
    let f = &node.fast;
    if f.slow {
        return None;
    }
    for k in 0..KINDS {
        for op in f.ops(k) {
            match *op {
                Op::Eval(t, skip) | Op::Items(t, skip, _) => out.push((t, skip)),
                Op::All(a, n) | Op::Any(a, n) | Op::One(a, n) => {
                    out.extend(f.ids(a, n).iter().map(|t| (*t, 0)))
                }
                Op::Additional(t) | Op::Not(t) => out.push((t, 0)),
                Op::Props => {
                    let t = f.obj.as_deref()?;
                    for s in &t.slots {
                        out.extend([(s.id, s.skip), (s.to, s.to_skip)]);
                    }
                }
                Op::Kw(i) if !node.kws.get(i as usize).is_some_and(Kw::checks_value_alone) => {
                    return None
                }
                _ => {}
            }
        }
    }
    Some(())
}

/// Sets `fast.height` on every node: the most levels quick evaluation enters below it
/// (each subschema one level plus the `$ref`s skipped to reach it), or [`UNBOUNDED`]; and
/// `fast.plain` on the bounded nodes whose subtree leaves no keyword to the general evaluator.
pub(crate) fn set_heights(nodes: &mut [Node]) {
    const NEW: u32 = u32::MAX - 1;
    const OPEN: u32 = u32::MAX - 2;
    let mut h = vec![NEW; nodes.len()];
    let mut plain = vec![false; nodes.len()];
    let mut buf = Vec::new();
    let adj: Vec<Option<Vec<(NodeId, u8)>>> = nodes
        .iter()
        .map(|n| edges(n, &mut buf).map(|()| buf.clone()))
        .collect();
    // Depth-first, iterative: (node, next edge).
    let mut work: Vec<(usize, usize)> = Vec::new();
    for start in 0..nodes.len() {
        if h[start] != NEW {
            continue;
        }
        h[start] = OPEN;
        work.push((start, 0));
        while let Some(&mut (n, ref mut e)) = work.last_mut() {
            let Some(Some(list)) = adj.get(n) else {
                h[n] = UNBOUNDED;
                work.pop();
                continue;
            };
            if let Some(&(t, _)) = list.get(*e) {
                *e += 1;
                match h.get(t as usize) {
                    Some(&NEW) => {
                        h[t as usize] = OPEN;
                        work.push((t as usize, 0));
                    }
                    // Back to a node being explored: recursion.
                    Some(&OPEN) | None => h[n] = UNBOUNDED,
                    Some(_) => {}
                }
                continue;
            }
            work.pop();
            if h[n] == UNBOUNDED {
                continue;
            }
            h[n] = list.iter().fold(0u32, |m, &(t, skip)| {
                let below = h.get(t as usize).copied().unwrap_or(UNBOUNDED);
                m.max(below.saturating_add(1 + u32::from(skip)))
            });
            let own = nodes
                .get(n)
                .is_some_and(|x| !x.fast.ops.iter().any(|op| matches!(op, Op::Kw(_))));
            plain[n] = own
                && list
                    .iter()
                    .all(|&(t, _)| plain.get(t as usize) == Some(&true));
        }
    }
    let deep = deep_plain(nodes, &adj);
    for (((node, height), plain), deep) in nodes.iter_mut().zip(h).zip(plain).zip(deep) {
        node.fast.height = height;
        node.fast.plain = plain && height != UNBOUNDED;
        node.fast.deep_plain = deep;
    }
}

/// Per node: whether nothing below it (itself included, recursion allowed) goes through
/// the general evaluator. Nodes that do are marked first, then everything that reaches
/// them, by the edges reversed (linear in the edges, whatever the cycles).
fn deep_plain(nodes: &[Node], adj: &[Option<Vec<(NodeId, u8)>>]) -> Vec<bool> {
    let mut ok: Vec<bool> = nodes
        .iter()
        .zip(adj)
        .map(|(n, a)| a.is_some() && !n.fast.ops.iter().any(|op| matches!(op, Op::Kw(_))))
        .collect();
    let mut from: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    for (n, list) in adj.iter().enumerate() {
        for &(t, _) in list.iter().flatten() {
            match from.get_mut(t as usize) {
                Some(f) => f.push(n),
                // (An edge to no node: evaluation fails there, not plain.)
                None => ok[n] = false,
            }
        }
    }
    let mut work: Vec<usize> = (0..nodes.len()).filter(|&n| !ok[n]).collect();
    while let Some(n) = work.pop() {
        for &p in from.get(n).map_or(&[][..], |f| f.as_slice()) {
            if ok[p] {
                ok[p] = false;
                work.push(p);
            }
        }
    }
    ok
}
