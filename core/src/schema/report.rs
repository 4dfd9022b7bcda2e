//! Full evaluation (every error recorded) of nodes with a quick form: one walk in keyword
//! order over the node's checks for the instance's kind. A check that passes costs what it
//! costs in quick mode; a failing one goes to the general evaluator's keyword, which checks it
//! again and writes its errors. Keywords that step into the instance (`properties`, `items`,
//! `additionalProperties`, `$ref`, …) run here or in the general evaluator with their
//! subschemas evaluated here again, so nothing is checked twice on the way to an error.
//!
//! The errors and their order are the general evaluator's: the checks of a kind are its
//! keywords that can fail on that kind, in keyword order; the keywords left out pass there
//! without errors (pruned subschemas pass on that kind; quick evaluation keeps
//! `DEPTH_SLACK` levels from the depth limit, so none of them could have reached it).

use super::fast::{kind_of, Op};
use super::keyword::{Kw, Node, NodeId};
use super::number::Num;
use super::quick::{array_leaf, has_required, number_leaf, string_leaf, Memo};
use super::validate::Ctx;
use crate::json::Value;
use alloc::string::String;

impl Ctx<'_> {
    /// Evaluates node `id` (not slow, not boolean) in full on `inst`, recording errors.
    pub(super) fn report_node(&mut self, node: &Node, inst: &Value) -> bool {
        self.depth += 1;
        let (ops, kws) = node.fast.ops_kws(kind_of(inst));
        let num = match inst {
            Value::Number(t) if !ops.is_empty() => match Num::parse(t) {
                Some(n) => Some(n),
                None => {
                    // Not number text (a hand-built value): the general checks decide.
                    let ok = self.keywords(node, inst, false, None);
                    self.depth -= 1;
                    return ok;
                }
            },
            _ => None,
        };
        let memo = match (inst, node.fast.obj.as_deref()) {
            (Value::Object(m), Some(t)) if !ops.is_empty() => Some(Memo::new(t, m)),
            _ => None,
        };
        let mut valid = true;
        // The keyword last evaluated by the general evaluator (ops after it that come from
        // the same keyword are done).
        let mut done: Option<u32> = None;
        for (op, &i) in ops.iter().zip(kws) {
            if *op == Op::Fail {
                // Nothing is listed after a failure: the rest of the keywords go to the
                // general evaluator (from the next one when this one ran there).
                let from = if done == Some(i) { i + 1 } else { i } as usize;
                let ok = self.keywords_from(node, from, inst);
                self.depth -= 1;
                return ok && valid;
            }
            if done == Some(i) {
                continue;
            }
            let ok = match *op {
                Op::Props => match (inst, node.fast.obj.as_deref(), memo.as_ref()) {
                    (Value::Object(m), Some(t), Some(memo)) => self.report_props(t, memo, m),
                    _ => self.general(node, i, inst, &mut done),
                },
                Op::Additional(id) => match (inst, node.fast.obj.as_deref(), memo.as_ref()) {
                    (Value::Object(m), Some(t), Some(memo)) => {
                        self.report_additional(node, t, memo, m, id)
                    }
                    _ => self.general(node, i, inst, &mut done),
                },
                Op::Eval(..) | Op::All(..) | Op::Items(..) | Op::Kw(_)
                    if !matches!(node.kws.get(i as usize), Some(Kw::AnyOf(_))) =>
                {
                    self.general(node, i, inst, &mut done)
                }
                op => {
                    let pass = match (op, inst) {
                        (Op::Bools(m), Value::Bool(b)) => Some(m & (1 << u8::from(*b)) != 0),
                        (op, Value::String(s)) => string_leaf(node, op, s),
                        (op, Value::Array(a)) => array_leaf(op, a),
                        (op, Value::Number(_)) => num.and_then(|n| number_leaf(&node.fast, op, n)),
                        (op, Value::Object(m)) => match (node.fast.obj.as_deref(), &memo) {
                            (Some(t), Some(memo)) => match op {
                                Op::Required => Some(has_required(t, memo, inst)),
                                Op::NoAdditional => Some(self.no_additional(node, t, memo, m)),
                                Op::MinProps(_) | Op::MaxProps(_) => {
                                    Some(self.object_op(node, op, inst, m))
                                }
                                _ => None,
                            },
                            _ => None,
                        },
                        _ => None,
                    };
                    match pass {
                        Some(true) => true,
                        // `anyOf` (and what is not decoded here): quickly first, in full
                        // only when that fails.
                        None if self.quick_op(node, op, inst) => true,
                        _ => self.general(node, i, inst, &mut done),
                    }
                }
            };
            if !ok {
                valid = false;
                if self.full() {
                    break;
                }
            }
            if self.broken.is_some() {
                self.depth -= 1;
                return false;
            }
        }
        self.depth -= 1;
        valid
    }

    /// Keyword `i` of `node` by the general evaluator (errors recorded).
    fn general(&mut self, node: &Node, i: u32, inst: &Value, done: &mut Option<u32>) -> bool {
        *done = Some(i);
        match node.kws.get(i as usize) {
            Some(kw) => self.keyword(node, kw, inst, false, None),
            None => true,
        }
    }

    /// The keywords of `node` from index `from` on, by the general evaluator.
    fn keywords_from(&mut self, node: &Node, from: usize, inst: &Value) -> bool {
        let mut valid = true;
        for kw in node.kws.get(from..).unwrap_or(&[]) {
            if !self.keyword(node, kw, inst, false, None) {
                valid = false;
                if self.full() {
                    break;
                }
            }
            if self.broken.is_some() {
                return false;
            }
        }
        valid
    }

    /// One op in quick mode (no errors); a quick failure is then evaluated in full.
    fn quick_op(&mut self, node: &Node, op: Op, inst: &Value) -> bool {
        let ok = match op {
            Op::Eval(t, skip) => self.quick_skip(t, skip, inst),
            Op::Any(a, n) => node.fast.ids(a, n).iter().any(|t| self.quick(*t, inst)),
            _ => false,
        };
        if self.broken.is_some() {
            // Met again by the full evaluation, which reports it with its location.
            self.broken = None;
            return false;
        }
        ok
    }

    /// `properties`: each member with a subschema, in the instance's order.
    fn report_props(
        &mut self,
        t: &super::props::ObjTable,
        memo: &Memo,
        members: &[(String, Value)],
    ) -> bool {
        let mut ok = true;
        for (i, (k, v)) in members.iter().enumerate() {
            let Some(id) = memo.get(t, i, k).and_then(|j| t.orig_of(j)) else {
                continue;
            };
            if !self.child(id, v, Ok(k), false) {
                ok = false;
                if self.full() {
                    break;
                }
            }
        }
        ok
    }

    /// `additionalProperties` with a subschema (not `false`): each undeclared member.
    fn report_additional(
        &mut self,
        node: &Node,
        t: &super::props::ObjTable,
        memo: &Memo,
        members: &[(String, Value)],
        id: NodeId,
    ) -> bool {
        let mut ok = true;
        for (i, (k, v)) in members.iter().enumerate() {
            if self.declared(node, t, memo, i, k) {
                continue;
            }
            if !self.child(id, v, Ok(k), false) {
                ok = false;
                if self.full() {
                    break;
                }
            }
        }
        ok
    }
}
