//! Full evaluation (every error recorded) of nodes with a quick form, once the quick check of
//! the whole instance has failed: one walk in keyword order over the node's checks for the
//! instance's kind. A check that passes costs what it costs in quick mode; a failing one goes
//! to the general evaluator's keyword, which checks it again and writes its errors. Keywords
//! that step into the instance (`properties`, `items`, `additionalProperties`, `$ref`, …) run
//! here or in the general evaluator with their subschemas evaluated here again, so no
//! subschema is checked quickly before its full evaluation (values checked alone excepted:
//! a pass there is cheaper than entering the node).
//!
//! The errors and their order are the general evaluator's: the checks of a kind are its
//! keywords that can fail on that kind, in keyword order; the keywords left out pass there
//! without errors (pruned subschemas pass on that kind; quick evaluation keeps
//! `DEPTH_SLACK` levels from the depth limit, so none of them could have reached it).

use super::keyword::{Kw, Node, NodeId};
use super::kind::kind_of;
use super::leaf::{array_leaf, has_required, number_leaf, string_leaf};
use super::number::Num;
use super::props::ObjTable;
use super::quick::Memo;
use super::quick_form::Op;
use super::validate::Ctx;
use crate::json::Value;
use alloc::string::String;

/// An object's `properties` table, the lookups of its members in it, and the members.
type ObjectView<'a> = (&'a ObjTable, &'a Memo, &'a [(String, Value)]);

impl Ctx<'_> {
    /// Evaluates a node (not slow, not boolean) in full on `inst`, recording errors.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn report_node(&mut self, node: &Node, inst: &Value) -> bool {
        match inst {
            Value::Object(m) => {
                self.depth += 1;
                let ok = match node.fast.obj.as_deref() {
                    Some(t) => {
                        let mut memo = Memo::EMPTY;
                        memo.fill(t, m);
                        self.report_ops(node, inst, None, Some((t, &memo, m)))
                    }
                    None => self.report_ops(node, inst, None, None),
                };
                self.depth -= 1;
                ok
            }
            Value::Array(_) => {
                self.depth += 1;
                let ok = self.report_ops(node, inst, None, None);
                self.depth -= 1;
                ok
            }
            _ if node.fast.leaf & (1 << kind_of(inst)) != 0 => {
                // Checks of the value alone: the general keywords (nothing to step into).
                self.depth += 1;
                let ok = self.keywords(node, inst, false, None);
                self.depth -= 1;
                ok
            }
            _ => {
                self.depth += 1;
                let ok = match inst {
                    Value::Number(t) => match Num::parse(t) {
                        Some(n) => self.report_ops(node, inst, Some(n), None),
                        // Not number text (a hand-built value): the general checks decide.
                        None => self.keywords(node, inst, false, None),
                    },
                    _ => self.report_ops(node, inst, None, None),
                };
                self.depth -= 1;
                ok
            }
        }
    }

    /// The checks of `node` for the kind of `inst`, in keyword order, errors recorded.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn report_ops(
        &mut self,
        node: &Node,
        inst: &Value,
        num: Option<Num>,
        obj: Option<ObjectView<'_>>,
    ) -> bool {
        let (ops, kws) = node.fast.ops_kws(kind_of(inst));
        let mut valid = true;
        // The keyword last evaluated by the general evaluator (ops after it that come from
        // the same keyword are done).
        let mut done: Option<u32> = None;
        for (op, &i) in ops.iter().zip(kws) {
            if *op == Op::Fail {
                // Nothing is listed after a failure: the rest of the keywords go to the
                // general evaluator (from the next one when this one ran there).
                let from = if done == Some(i) { i + 1 } else { i } as usize;
                return self.keywords_from(node, from, inst) && valid;
            }
            if done == Some(i) {
                continue;
            }
            let ok = match (*op, obj, inst) {
                (Op::Props, Some((t, memo, m)), _) => self.report_props(t, memo, m),
                (Op::Items(t, skip, start), _, Value::Array(items)) => {
                    match node.kws.get(i as usize) {
                        Some(Kw::Items { node: orig, .. })
                            if self.s.nodes.get(*orig as usize).and_then(|n| n.boolean)
                                != Some(false) =>
                        {
                            self.report_items(t, skip, start, items)
                        }
                        _ => self.general(node, i, inst, &mut done),
                    }
                }
                (Op::Additional(id), Some((t, memo, m)), _) => {
                    self.report_additional(node, t, memo, m, id)
                }
                (op, _, _) => match leaf(self, node, op, inst, num, obj) {
                    Some(true) => true,
                    // Failures, and the keywords with subschemas (an `anyOf` checks its
                    // branches quickly before it explains a failure).
                    _ => self.general(node, i, inst, &mut done),
                },
            };
            if !self.go_on(ok, &mut valid) {
                return false;
            }
        }
        valid
    }

    /// After one keyword that gave `ok`: whether to go on with the next. Stopping (the error
    /// limit reached after a failure, or a `$ref` loop found) always means "invalid".
    #[inline(always)]
    fn go_on(&self, ok: bool, valid: &mut bool) -> bool {
        if !ok {
            *valid = false;
            if self.full() {
                return false;
            }
        }
        self.broken.is_none()
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
            let ok = self.keyword(node, kw, inst, false, None);
            if !self.go_on(ok, &mut valid) {
                return false;
            }
        }
        valid
    }

    /// `properties`: each member with a subschema, in the instance's order.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn report_props(&mut self, t: &ObjTable, memo: &Memo, members: &[(String, Value)]) -> bool {
        let mut ok = true;
        for (i, (k, v)) in members.iter().enumerate() {
            let Some(j) = memo.get(t, i, k) else {
                continue;
            };
            // The written subschema past its plain `$ref`s.
            let pass = match t.slots.get(j) {
                Some(s) => self.child_checked(s.id, s.skip, v, Ok(k)),
                None => true,
            };
            if !pass {
                ok = false;
                if self.full() {
                    break;
                }
            }
        }
        ok
    }

    /// `items` from index `start`, each item evaluated by `id` reached after `skip` plain
    /// `$ref`s.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn report_items(&mut self, id: NodeId, skip: u8, start: u32, items: &[Value]) -> bool {
        let mut ok = true;
        for (i, item) in items.iter().enumerate().skip(start as usize) {
            if !self.child_checked(id, skip, item, Err(i)) {
                ok = false;
                if self.full() {
                    break;
                }
            }
        }
        ok
    }

    /// [`child_skip`](Self::child_skip), checking a value that its node checks alone first:
    /// a pass has no errors to collect, a failure goes straight to the node's keywords. The
    /// check is made here, in the member or item loop, so that a passing value costs no call.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn child_checked(&mut self, id: NodeId, skip: u8, v: &Value, key: Result<&str, usize>) -> bool {
        match self.value_only(id, skip, v) {
            None => self.child_report(id, skip, v, key),
            Some(true) => true,
            Some(false) => self.child_explain(id, skip, v, key),
        }
    }

    /// The errors of a value that node `id` checks alone and rejects.
    #[inline(never)]
    fn child_explain(&mut self, id: NodeId, skip: u8, v: &Value, key: Result<&str, usize>) -> bool {
        let Some(node) = self.s.nodes.get(id as usize) else {
            return false;
        };
        // What `eval` would do after the same quick check (the node has no subschemas for
        // this kind: no in-place chain to keep).
        let len = self.ipath.len();
        self.ipath.push_step(key);
        let levels = u32::from(skip) + 1;
        self.depth += levels;
        let ok = self.keywords(node, v, false, None);
        self.depth -= levels;
        self.ipath.truncate(len);
        ok
    }

    /// [`child_skip`](Self::child_skip) straight to [`report_node`](Self::report_node) when
    /// `eval` would go there (a node with a quick form, away from the depth limit), without
    /// the general steps in between.
    fn child_report(&mut self, id: NodeId, skip: u8, v: &Value, key: Result<&str, usize>) -> bool {
        let levels = u32::from(skip);
        let node = match self.s.nodes.get(id as usize) {
            Some(n)
                if !n.fast.slow
                    && n.boolean.is_none()
                    && self.depth + levels < self.fast_limit
                    && self.broken.is_none() =>
            {
                n
            }
            _ => return self.child_skip(id, skip, v, key),
        };
        let len = self.ipath.len();
        self.ipath.push_step(key);
        // A new in-place chain starts at the value, as in `nested`.
        let saved = self.chain_start;
        self.chain_start = self.chain.len();
        self.depth += levels;
        let ok = self.report_node(node, v);
        self.depth -= levels;
        self.chain_start = saved;
        self.ipath.truncate(len);
        ok
    }

    /// [`child`](Ctx::child) of node `id` reached after `skip` plain `$ref` nodes, which
    /// would only have counted in the depth (they are below the quick-form depth limit, so
    /// none of them could have met the depth limit).
    fn child_skip(&mut self, id: NodeId, skip: u8, v: &Value, key: Result<&str, usize>) -> bool {
        let skip = u32::from(skip);
        self.depth += skip;
        let ok = self.child(id, v, key, false);
        self.depth -= skip;
        ok
    }

    /// `additionalProperties` with a subschema (not `false`): each undeclared member.
    #[inline(never)]
    fn report_additional(
        &mut self,
        node: &Node,
        t: &ObjTable,
        memo: &Memo,
        members: &[(String, Value)],
        id: NodeId,
    ) -> bool {
        let mut ok = true;
        for (i, (k, v)) in members.iter().enumerate() {
            if self.declared(node, t, memo, i, k) {
                continue;
            }
            if !self.child_checked(id, 0, v, Ok(k)) {
                ok = false;
                if self.full() {
                    break;
                }
            }
        }
        ok
    }
}

/// A check of the value alone, as in quick mode: `None` for ops that are not decoded here.
#[inline(never)]
fn leaf(
    ctx: &Ctx<'_>,
    node: &Node,
    op: Op,
    inst: &Value,
    num: Option<Num>,
    obj: Option<ObjectView<'_>>,
) -> Option<bool> {
    match (op, inst) {
        (Op::Bools(m), Value::Bool(b)) => Some(m & (1 << u8::from(*b)) != 0),
        (op, Value::String(s)) => string_leaf(node, op, s),
        (op, Value::Array(a)) => array_leaf(op, a),
        (op, Value::Number(_)) => num.and_then(|n| number_leaf(&node.fast, op, &n)),
        (op, Value::Object(m)) => match (op, obj) {
            (Op::Required, Some((t, memo, _))) => Some(has_required(t, memo.seen, inst)),
            (Op::NoAdditional, Some((t, memo, _))) => Some(ctx.no_additional(node, t, memo, m)),
            (Op::MinProps(n), _) => Some(m.len() as u64 >= n),
            (Op::MaxProps(n), _) => Some(m.len() as u64 <= n),
            _ => None,
        },
        _ => None,
    }
}
