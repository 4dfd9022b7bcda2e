//! Finds the nodes that can reach themselves without stepping into the instance (through
//! `$ref`, `allOf`, `not`, …). Only those need the run-time infinite-loop check, so ordinary
//! schemas pay nothing for it.

use super::keyword::{Kw, Node, NodeId};
use alloc::vec;
use alloc::vec::Vec;

/// Subschemas applied to the same instance location as `node`.
fn in_place(node: &Node, dyn_table: &[Vec<(u32, NodeId)>], out: &mut Vec<NodeId>) {
    out.clear();
    for kw in &node.kws {
        match kw {
            Kw::Ref(t) | Kw::Not(t) => out.push(*t),
            Kw::DynamicRef(t, name) => {
                out.push(*t);
                if let Some(n) = name {
                    for row in dyn_table {
                        out.extend(row.iter().filter(|(m, _)| m == n).map(|(_, id)| *id));
                    }
                }
            }
            Kw::AllOf(list) | Kw::AnyOf(list) | Kw::OneOf(list) => out.extend(list),
            Kw::If { cond, then, els } => {
                out.push(*cond);
                out.extend(then.iter().chain(els.iter()));
            }
            Kw::DependentSchemas(list, _) => out.extend(list.iter().map(|(_, id)| *id)),
            _ => {}
        }
    }
}

/// Sets `in_cycle` on every node of a strongly connected component of the in-place graph
/// that has a cycle (Tarjan's algorithm, iterative).
pub(crate) fn mark_cycles(nodes: &mut [Node], dyn_table: &[Vec<(u32, NodeId)>]) {
    const NONE: u32 = u32::MAX;
    let n = nodes.len();
    let edges: Vec<Vec<NodeId>> = {
        let mut buf = Vec::new();
        nodes
            .iter()
            .map(|node| {
                in_place(node, dyn_table, &mut buf);
                buf.clone()
            })
            .collect()
    };
    let mut index = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<NodeId> = Vec::new();
    let mut next = 0u32;
    // (node, position in its edge list)
    let mut work: Vec<(NodeId, usize)> = Vec::new();
    for start in 0..n as NodeId {
        if index[start as usize] != NONE {
            continue;
        }
        work.push((start, 0));
        while let Some(&mut (v, ref mut pos)) = work.last_mut() {
            let vi = v as usize;
            if *pos == 0 && index[vi] == NONE {
                index[vi] = next;
                low[vi] = next;
                next += 1;
                stack.push(v);
                on_stack[vi] = true;
            }
            if let Some(&w) = edges[vi].get(*pos) {
                *pos += 1;
                let wi = w as usize;
                if wi >= n {
                    continue;
                }
                if index[wi] == NONE {
                    work.push((w, 0));
                } else if on_stack[wi] {
                    low[vi] = low[vi].min(index[wi]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                let pi = parent as usize;
                low[pi] = low[pi].min(low[vi]);
            }
            if low[vi] == index[vi] {
                let mut members = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w as usize] = false;
                    members.push(w);
                    if w == v {
                        break;
                    }
                }
                let cyclic = members.len() > 1 || edges[vi].contains(&v);
                if cyclic {
                    for m in members {
                        nodes[m as usize].in_cycle = true;
                    }
                }
            }
        }
    }
}
