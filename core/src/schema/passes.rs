//! The quick forms' build: every node's keywords lowered (`lower.rs`), then the passes that
//! simplify them with what is known of their subschemas (`prune.rs`), the per-kind summary
//! bits, the heights (`height.rs`) and the tagged unions (`disc.rs`).

use super::keyword::Node;
use super::kind::{KINDS, OBJECT};
use super::quick_form::{Fast, Op};
use alloc::vec::Vec;

/// Pruning passes over the whole schema (each can drop one more level of trivial subschemas).
pub(crate) const PRUNE_PASSES: u32 = 3;
/// Quick evaluation runs only this many levels below `max_depth`: the subschemas pruned away
/// (at most [`PRUNE_PASSES`] levels) could not have reached the depth limit.
pub(crate) const DEPTH_SLACK: u32 = PRUNE_PASSES + 2;

/// Builds the quick form of every node (after cycles are marked).
pub(crate) fn build(nodes: &mut [Node], dynamic: bool) {
    let falses: Vec<bool> = nodes.iter().map(|n| n.boolean == Some(false)).collect();
    let built: Vec<Fast> = nodes
        .iter()
        .map(|n| super::lower::lower(n, nodes, &falses, dynamic))
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
