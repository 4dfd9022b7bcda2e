//! Quick evaluation: yes or no, no messages, stopping at the first failure, on the
//! pre-decoded form of `fast.rs`. Nodes that need more (cycles, annotations for
//! `unevaluated*`, the dynamic scope) and evaluation close to `max_depth` go through the
//! general evaluator, which hands ordinary subschemas back here.

use super::checks::duplicate;
use super::fast::{kind_of, ObjTable, Op, DEPTH_SLACK, NUMBER, OBJECT};
use super::keyword::{Bound, Kw, Node, NodeId};
use super::number::Num;
use super::validate::Ctx;
use crate::json::Value;
use core::cmp::Ordering;

/// Objects up to this many members keep their property lookups on the stack.
const MEMO: usize = 32;

/// Which `properties` entry each member of an object is, looked up once per node.
struct Memo {
    idx: [u8; MEMO],
    /// Bit `j`: property `j` is present.
    seen: u64,
    state: State,
}

#[derive(PartialEq)]
enum State {
    Empty,
    /// `idx` holds every member.
    Full,
    /// Too many members or properties: look up again when needed (`seen` is valid).
    Seen,
}

const ABSENT: u8 = u8::MAX;

impl Memo {
    fn fill(&mut self, t: &ObjTable, members: &[(alloc::string::String, Value)]) {
        let buffered = members.len() <= MEMO && t.len() < usize::from(ABSENT);
        for (i, (k, _)) in members.iter().enumerate() {
            let Some(j) = t.find(k) else { continue };
            if j < 64 {
                self.seen |= 1 << j;
            }
            if let (true, Some(slot)) = (buffered, self.idx.get_mut(i)) {
                *slot = j as u8;
            }
        }
        self.state = if buffered { State::Full } else { State::Seen };
    }

    /// The property index of member `i` (key `k`).
    fn get(&self, t: &ObjTable, i: usize, k: &str) -> Option<usize> {
        match self.state {
            State::Full => self
                .idx
                .get(i)
                .filter(|j| **j != ABSENT)
                .map(|j| usize::from(*j)),
            _ => t.find(k),
        }
    }
}

impl Ctx<'_> {
    /// True when `inst` fits node `id` (the quick path of [`Ctx::eval`]).
    pub(super) fn quick(&mut self, id: NodeId, inst: &Value) -> bool {
        let s = self.s;
        let Some(node) = s.nodes.get(id as usize) else {
            return false;
        };
        if let Some(b) = node.boolean {
            return b;
        }
        // After an infinite loop or the depth limit, the general evaluator fails every node
        // with keywords (the pruned quick form may have none left).
        let near_limit = self.depth.saturating_add(DEPTH_SLACK) >= s.max_depth;
        if node.fast.slow || near_limit || self.broken.is_some() {
            return self.eval_node(id, node, inst, true, None);
        }
        self.depth += 1;
        let ok = match inst {
            Value::Object(m) => self.quick_object(node, inst, m),
            Value::Number(t) => self.quick_number(node, inst, t),
            _ => self.quick_ops(node, inst),
        };
        self.depth -= 1;
        ok
    }

    /// Quick evaluation of `id` on a value inside the current one.
    fn quick_child(&mut self, id: NodeId, inst: &Value) -> bool {
        let saved = self.chain_start;
        self.chain_start = self.chain.len();
        let ok = self.quick(id, inst);
        self.chain_start = saved;
        ok
    }

    fn quick_ops(&mut self, node: &Node, inst: &Value) -> bool {
        for op in node.fast.ops(kind_of(inst)) {
            if !self.op(node, *op, inst) || self.broken.is_some() {
                return false;
            }
        }
        true
    }

    fn quick_number(&mut self, node: &Node, inst: &Value, text: &str) -> bool {
        let ops = node.fast.ops(NUMBER);
        if ops.is_empty() {
            return true;
        }
        let Some(n) = Num::parse(text) else {
            // Not number text (a hand-built value): the general checks decide.
            return self.keywords(node, inst, true, None);
        };
        let f = &node.fast;
        let num = |i: u32| f.nums.get(i as usize).copied();
        for op in ops {
            let ok = match *op {
                Op::Integer => n.is_integer(),
                Op::Nums(a, len) => f.nums(a, len).iter().any(|v| v.cmp(n) == Ordering::Equal),
                Op::Bound(b, i) => num(i).is_none_or(|limit| {
                    let o = n.cmp(limit);
                    match b {
                        Bound::Minimum => o != Ordering::Less,
                        Bound::ExclusiveMinimum => o == Ordering::Greater,
                        Bound::Maximum => o != Ordering::Greater,
                        Bound::ExclusiveMaximum => o == Ordering::Less,
                    }
                }),
                Op::MultipleOf(i) => num(i).is_none_or(|d| n.is_multiple_of(d)),
                other => self.op(node, other, inst),
            };
            if !ok || self.broken.is_some() {
                return false;
            }
        }
        true
    }

    fn quick_object(
        &mut self,
        node: &Node,
        inst: &Value,
        members: &[(alloc::string::String, Value)],
    ) -> bool {
        let ops = node.fast.ops(OBJECT);
        let Some(t) = node.fast.obj.as_deref() else {
            return ops
                .iter()
                .all(|op| self.op(node, *op, inst) && self.broken.is_none());
        };
        let mut memo = Memo {
            idx: [ABSENT; MEMO],
            seen: 0,
            state: State::Empty,
        };
        for op in ops {
            if matches!(
                op,
                Op::Required | Op::Props | Op::Additional(_) | Op::NoAdditional
            ) && memo.state == State::Empty
            {
                memo.fill(t, members);
            }
            let ok = match *op {
                Op::Required => {
                    memo.seen & t.req_mask == t.req_mask
                        && t.req_extra.iter().all(|n| inst.get(n).is_some())
                }
                Op::Props => members.iter().enumerate().all(|(i, (k, v))| {
                    match memo.get(t, i, k).and_then(|j| t.nodes.get(j)) {
                        Some(id) => self.quick_child(*id, v),
                        None => true,
                    }
                }),
                Op::Additional(id) => members.iter().enumerate().all(|(i, (k, v))| {
                    self.declared(node, t, &memo, i, k) || self.quick_child(id, v)
                }),
                Op::NoAdditional => members
                    .iter()
                    .enumerate()
                    .all(|(i, (k, _))| self.declared(node, t, &memo, i, k)),
                other => self.op(node, other, inst),
            };
            if !ok || self.broken.is_some() {
                return false;
            }
        }
        true
    }

    /// True when member `i` (key `k`) is covered by `properties` or `patternProperties`.
    fn declared(&self, node: &Node, t: &ObjTable, memo: &Memo, i: usize, k: &str) -> bool {
        if memo.get(t, i, k).is_some() {
            return true;
        }
        match t.pats.and_then(|p| node.kws.get(p as usize)) {
            Some(Kw::PatternProperties(list)) => list.iter().any(|(p, _)| p.is_match(k)),
            _ => false,
        }
    }

    /// One check that needs no per-node state.
    fn op(&mut self, node: &Node, op: Op, inst: &Value) -> bool {
        let f = &node.fast;
        match (op, inst) {
            (Op::Fail, _) => false,
            (Op::Eval(t), _) => self.quick(t, inst),
            (Op::All(a, n), _) => f.ids(a, n).iter().all(|t| self.quick(*t, inst)),
            (Op::Any(a, n), _) => f.ids(a, n).iter().any(|t| self.quick(*t, inst)),
            (Op::Kw(i), _) => match node.kws.get(i as usize) {
                Some(kw) => self.keyword(node, kw, inst, true, None),
                None => true,
            },
            (Op::Bools(m), Value::Bool(b)) => m & (1 << u8::from(*b)) != 0,
            (Op::Strs(a, n), Value::String(s)) => f.strs(a, n).iter().any(|c| **c == **s),
            (Op::MinLen(n), Value::String(s)) => {
                let len = s.len() as u64;
                len >= n && (len / 4 >= n || s.chars().count() as u64 >= n)
            }
            (Op::MaxLen(n), Value::String(s)) => {
                s.len() as u64 <= n || s.chars().count() as u64 <= n
            }
            (Op::Pattern(i), Value::String(s)) => match node.kws.get(i as usize) {
                Some(Kw::Pattern(p)) => p.is_match(s),
                _ => true,
            },
            (Op::MinItems(n), Value::Array(a)) => a.len() as u64 >= n,
            (Op::MaxItems(n), Value::Array(a)) => a.len() as u64 <= n,
            (Op::Unique, Value::Array(a)) => duplicate(a).is_none(),
            (Op::Items(t, start), Value::Array(a)) => a
                .iter()
                .skip(start as usize)
                .all(|v| self.quick_child(t, v)),
            (Op::MinProps(n), Value::Object(m)) => m.len() as u64 >= n,
            (Op::MaxProps(n), Value::Object(m)) => m.len() as u64 <= n,
            // Checks of other kinds (never listed for this one).
            _ => true,
        }
    }
}
