//! Quick evaluation: yes or no, no messages, stopping at the first failure, on the
//! pre-decoded form of `fast.rs`. Nodes that need more (cycles, annotations for
//! `unevaluated*`, the dynamic scope), evaluation close to `max_depth` and evaluation after
//! an infinite loop was met go through the general evaluator, which hands ordinary
//! subschemas back here.

use super::equal::duplicate;
use super::keyword::{Kw, Node, NodeId};
use super::kind::{kind_of, ARRAY, NUMBER, OBJECT, STRING};
use super::leaf::{has_required, string_leaf, value_checks};
use super::number::Num;
use super::props::ObjTable;
use super::pure;
use super::quick_form::Op;
use super::validate::{Ctx, MEMO_AFTER};
use super::Schema;
use crate::json::Value;
use alloc::string::String;

/// Most quick failures remembered while collecting errors.
const TRAIL_MAX: usize = 64;

/// Objects up to this many members keep their property lookups on the stack.
const MEMO: usize = 32;
const ABSENT: u8 = u8::MAX;

/// Which `properties` entry each member of an object is, looked up once per node.
pub(super) struct Memo {
    idx: [u8; MEMO],
    /// Bit `j`: property `j` is present.
    pub seen: u64,
    /// Bit `i`: member `i` is not in `properties`.
    pub unknown: u64,
    /// `idx` and `unknown` cover every member (else look up again when needed).
    pub full: bool,
}

impl Memo {
    /// No lookups yet: [`fill`](Self::fill) makes them.
    pub(super) const EMPTY: Memo = Memo {
        idx: [ABSENT; MEMO],
        seen: 0,
        unknown: 0,
        full: false,
    };

    /// Looks up every member of an object in `t`, into an [`EMPTY`](Self::EMPTY) memo. Filled
    /// where the memo lives rather than returned: a copy of `idx` right after its byte stores
    /// waits for them (a store-forwarding stall that cost `count_nodes` about a tenth of its
    /// `is_valid` time).
    #[inline(always)]
    pub(super) fn fill(&mut self, t: &ObjTable, members: &[(String, Value)]) {
        self.full = members.len() <= MEMO && t.len() < usize::from(ABSENT);
        for (i, (k, _)) in members.iter().enumerate() {
            match t.find(k) {
                Some(j) => {
                    if j < 64 {
                        self.seen |= 1 << j;
                    }
                    if let Some(slot) = self.idx.get_mut(i) {
                        *slot = j as u8;
                    }
                }
                None if i < 64 => self.unknown |= 1 << i,
                None => {}
            }
        }
    }

    /// The property index of member `i` (key `k`).
    #[inline(always)]
    pub(super) fn get(&self, t: &ObjTable, i: usize, k: &str) -> Option<usize> {
        if !self.full {
            return t.find(k);
        }
        match self.idx.get(i) {
            Some(&j) if j != ABSENT => Some(usize::from(j)),
            _ => None,
        }
    }
}

impl Ctx<'_> {
    /// True when `inst` fits node `id` (the quick path of [`Ctx::eval`]).
    #[inline]
    pub(super) fn quick(&mut self, id: NodeId, inst: &Value) -> bool {
        let Some(node) = self.s.nodes.get(id as usize) else {
            return false;
        };
        let trivial = node.fast.pass & (1 << kind_of(inst)) != 0;
        if trivial && self.depth < self.fast_limit && self.broken.is_none() {
            return true;
        }
        // A subtree that cannot reach the depth limit (the node itself one level down):
        // bounded evaluation, unless alternatives fanned out so far that results are
        // remembered (which it does not do).
        let room = self.fast_limit.saturating_sub(self.depth.saturating_add(1));
        if node.fast.height < room && self.broken.is_none() && self.memo.is_none() {
            if let Some(ok) = self.quick_bounded(id, inst) {
                return ok;
            }
        }
        self.quick_node(id, node, inst)
    }

    /// Bounded evaluation of `id`; `None` when alternatives fanned out so far that it is to
    /// run again remembering results.
    #[inline(never)]
    fn quick_bounded(&mut self, id: NodeId, inst: &Value) -> Option<bool> {
        let ok = pure::check(self, id, inst);
        if self.fanout > MEMO_AFTER {
            self.count_fanout(0);
            return None;
        }
        if !ok && self.record && self.trail.len() < TRAIL_MAX {
            self.trail.push((id, inst as *const Value as usize));
        }
        Some(ok)
    }

    /// [`quick`](Self::quick) through the memo of results once alternatives fan out (every
    /// level of nested alternatives is then evaluated once per value).
    #[inline]
    pub(super) fn quick_cached(&mut self, id: NodeId, inst: &Value) -> bool {
        if self.memo.is_none() {
            return self.quick(id, inst);
        }
        self.quick_memo(id, inst)
    }

    #[inline(never)]
    fn quick_memo(&mut self, id: NodeId, inst: &Value) -> bool {
        let key = (id, inst as *const Value as usize);
        if let Some(&ok) = self.memo.as_ref().and_then(|m| m.get(&key)) {
            return ok;
        }
        let ok = self.quick(id, inst);
        // A result after a loop or the depth limit depends on the path taken: not kept.
        if self.broken.is_none() {
            if let Some(m) = self.memo.as_mut() {
                m.insert(key, ok);
            }
        }
        ok
    }

    fn quick_node(&mut self, id: NodeId, node: &Node, inst: &Value) -> bool {
        #[cfg(test)]
        tests::count();
        if let Some(b) = node.boolean {
            return b;
        }
        // After an infinite loop or the depth limit, the general evaluator fails every node
        // with keywords (the pruned quick form may have none left).
        if node.fast.slow || self.depth >= self.fast_limit || self.broken.is_some() {
            return self.eval_node(id, node, inst, true, None);
        }
        self.depth += 1;
        let k = kind_of(inst);
        if node.fast.fwd & (1 << k) != 0 {
            // The only check here is one subschema: straight to it.
            if let Some(&Op::Eval(t, skip)) = node.fast.ops(k).first() {
                let ok = self.quick_skip(t, skip, inst);
                self.depth -= 1;
                return ok && self.broken.is_none();
            }
        }
        let ok = match inst {
            Value::Object(m) => self.quick_object(node, inst, m),
            Value::Number(t) => self.quick_number(node, inst, t),
            Value::String(s) => self.quick_string(node, inst, s),
            Value::Array(a) => self.quick_array(node, inst, a),
            _ => self.quick_ops(node, inst),
        };
        self.depth -= 1;
        if !ok && self.record && self.trail.len() < TRAIL_MAX {
            self.trail.push((id, inst as *const Value as usize));
        }
        ok
    }

    /// The quick check that starts a full evaluation of `id`: true when it passes (there
    /// are no errors to collect). Skipped for pairs already seen failing and for plain
    /// `$ref` nodes (their target is checked next).
    pub(super) fn precheck(&mut self, id: NodeId, node: &Node, inst: &Value) -> bool {
        let addr = inst as *const Value as usize;
        if matches!(node.kws.as_slice(), [Kw::Ref(_)]) || self.trail.contains(&(id, addr)) {
            return false;
        }
        if self.quick(id, inst) && self.broken.is_none() {
            return true;
        }
        // An infinite loop or the depth limit is met again by the full evaluation, which
        // reports it with its location.
        self.broken = None;
        false
    }

    /// Quick evaluation of `id`, reached after `skip` plain `$ref`s, on a value inside the
    /// current one.
    #[inline]
    fn quick_child(&mut self, id: NodeId, skip: u8, inst: &Value) -> bool {
        if let Some(ok) = self.value_only(id, skip, inst) {
            return ok;
        }
        self.quick_step(id, skip, inst)
    }

    /// Quick evaluation of `id` (after `skip` plain `$ref`s) one step into the instance.
    fn quick_step(&mut self, id: NodeId, skip: u8, inst: &Value) -> bool {
        let saved = self.chain_start;
        self.chain_start = self.chain.len();
        let ok = self.quick_skip(id, skip, inst);
        self.chain_start = saved;
        ok
    }

    /// Quick evaluation of `id` (reached after `skip` plain `$ref`s) on a value it checks
    /// alone, without entering the node: `None` when that does not apply (a node with
    /// subschemas for this kind, an object, too close to the depth limit, …).
    #[inline(always)]
    pub(super) fn value_only(&self, id: NodeId, skip: u8, v: &Value) -> Option<bool> {
        if matches!(v, Value::Object(_)) {
            return None;
        }
        // (`true` schemas are leaves with no checks, `false` ones are not leaves.)
        let node = self.s.nodes.get(id as usize)?;
        let k = kind_of(v);
        if node.fast.leaf & (1 << k) == 0
            || self.depth + u32::from(skip) >= self.fast_limit
            || self.broken.is_some()
        {
            return None;
        }
        if node.fast.pass & (1 << k) != 0 {
            // Nothing to check on this kind.
            return Some(true);
        }
        value_checks(node, k, v)
    }

    /// Quick evaluation of `id`, reached after `skip` plain `$ref`s (counted in the depth).
    #[inline]
    pub(super) fn quick_skip(&mut self, id: NodeId, skip: u8, inst: &Value) -> bool {
        if skip == 0 {
            return self.quick(id, inst);
        }
        if self.broken.is_some() {
            // Each skipped `$ref` node would fail after its keyword.
            return false;
        }
        self.depth += u32::from(skip);
        let ok = self.quick(id, inst);
        self.depth -= u32::from(skip);
        ok
    }

    fn quick_ops(&mut self, node: &Node, inst: &Value) -> bool {
        for op in node.fast.ops(kind_of(inst)) {
            let ok = match (*op, inst) {
                (Op::Bools(m), Value::Bool(b)) => m & (1 << u8::from(*b)) != 0,
                (op, _) => self.op(node, op, inst),
            };
            if !ok || self.broken.is_some() {
                return false;
            }
        }
        true
    }

    fn quick_string(&mut self, node: &Node, inst: &Value, s: &str) -> bool {
        for &op in node.fast.ops(STRING) {
            let ok = string_leaf(node, op, s).unwrap_or_else(|| self.op(node, op, inst));
            if !ok || self.broken.is_some() {
                return false;
            }
        }
        true
    }

    fn quick_array(&mut self, node: &Node, inst: &Value, items: &[Value]) -> bool {
        for op in node.fast.ops(ARRAY) {
            let ok = match *op {
                Op::MinItems(n) => items.len() as u64 >= n,
                Op::MaxItems(n) => items.len() as u64 <= n,
                Op::Unique => duplicate(items).is_none(),
                Op::Items(t, skip, start) => items
                    .iter()
                    .skip(start as usize)
                    .all(|v| self.quick_child(t, skip, v)),
                op => self.op(node, op, inst),
            };
            if !ok || self.broken.is_some() {
                return false;
            }
        }
        true
    }

    fn quick_number(&mut self, node: &Node, inst: &Value, text: &str) -> bool {
        let f = &node.fast;
        let ops = f.ops(NUMBER);
        if ops.is_empty() {
            return true;
        }
        let Some(n) = Num::parse(text) else {
            // Not number text (a hand-built value): the general checks decide.
            return self.keywords(node, inst, true, None);
        };
        let num = |i: u32| f.nums.get(i as usize).copied();
        for op in ops {
            let ok = match *op {
                Op::Integer => n.is_integer(),
                Op::Nums(a, len) => f.has_num(a, len, &n),
                Op::Bound(b, i) => num(i).is_none_or(|limit| b.holds(n.cmp(limit))),
                Op::MultipleOf(i) => num(i).is_none_or(|d| n.is_multiple_of(d)),
                op => self.op(node, op, inst),
            };
            if !ok || self.broken.is_some() {
                return false;
            }
        }
        true
    }

    fn quick_object(&mut self, node: &Node, inst: &Value, members: &[(String, Value)]) -> bool {
        let ops = node.fast.ops(OBJECT);
        let Some(t) = node.fast.obj.as_deref() else {
            return ops
                .iter()
                .all(|op| self.object_op(node, *op, inst, members) && self.broken.is_none());
        };
        let mut memo = Memo::EMPTY;
        memo.fill(t, members);
        for op in ops {
            let ok = match *op {
                Op::Required => has_required(t, memo.seen, inst),
                Op::Props => members.iter().enumerate().all(|(i, (k, v))| {
                    match memo.get(t, i, k).and_then(|j| t.child(j, v)) {
                        Some((id, skip)) => self.quick_child(id, skip, v),
                        None => true,
                    }
                }),
                Op::Additional(id) => members.iter().enumerate().all(|(i, (k, v))| {
                    self.declared(node, t, &memo, i, k) || self.quick_child(id, 0, v)
                }),
                Op::NoAdditional if memo.full && t.pats.is_none() => memo.unknown == 0,
                Op::NoAdditional => members
                    .iter()
                    .enumerate()
                    .all(|(i, (k, _))| self.declared(node, t, &memo, i, k)),
                op => self.object_op(node, op, inst, members),
            };
            if !ok || self.broken.is_some() {
                return false;
            }
        }
        true
    }

    /// `additionalProperties: false`: true when every member is declared.
    pub(super) fn no_additional(
        &self,
        node: &Node,
        t: &ObjTable,
        memo: &Memo,
        members: &[(String, Value)],
    ) -> bool {
        if memo.full && t.pats.is_none() {
            return memo.unknown == 0;
        }
        members
            .iter()
            .enumerate()
            .all(|(i, (k, _))| self.declared(node, t, memo, i, k))
    }

    /// An object check that needs no property lookups.
    pub(super) fn object_op(
        &mut self,
        node: &Node,
        op: Op,
        inst: &Value,
        members: &[(String, Value)],
    ) -> bool {
        match op {
            Op::MinProps(n) => members.len() as u64 >= n,
            Op::MaxProps(n) => members.len() as u64 <= n,
            op => self.op(node, op, inst),
        }
    }

    /// True when member `i` (key `k`) is covered by `properties` or `patternProperties`.
    pub(super) fn declared(
        &self,
        node: &Node,
        t: &ObjTable,
        memo: &Memo,
        i: usize,
        k: &str,
    ) -> bool {
        if memo.get(t, i, k).is_some() {
            return true;
        }
        match t.pats.and_then(|p| node.kws.get(p as usize)) {
            Some(Kw::PatternProperties(list)) => list.iter().any(|(p, _)| p.is_match(k)),
            _ => false,
        }
    }

    /// A check that applies to every kind of value.
    fn op(&mut self, node: &Node, op: Op, inst: &Value) -> bool {
        let f = &node.fast;
        match op {
            Op::Fail => false,
            Op::Eval(t, skip) => self.quick_skip(t, skip, inst),
            Op::All(a, n) => f.ids(a, n).iter().all(|t| self.quick(*t, inst)),
            Op::Any(a, n) => {
                self.count_fanout(n);
                // After a loop or the depth limit the answer is "invalid": no more branches.
                f.ids(a, n)
                    .iter()
                    .any(|t| self.quick_cached(*t, inst) || self.broken.is_some())
            }
            Op::One(a, n) => {
                self.count_fanout(n);
                let mut matched = 0;
                for t in f.ids(a, n) {
                    matched += u32::from(self.quick_cached(*t, inst));
                    if matched > 1 || self.broken.is_some() {
                        return false;
                    }
                }
                matched == 1
            }
            Op::Not(t) => !self.quick_cached(t, inst),
            Op::Kw(i) => match node.kws.get(i as usize) {
                Some(kw) => self.keyword(node, kw, inst, true, None),
                None => true,
            },
            // Checks of one kind, listed only for that kind.
            _ => true,
        }
    }
}

impl<'s> pure::Env<'s> for Ctx<'s> {
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
    fn value_keyword(&mut self, node: &Node, i: u32, inst: &Value) -> bool {
        match node.kws.get(i as usize) {
            Some(kw) => self.keyword(node, kw, inst, true, None),
            None => true,
        }
    }
    fn all_keywords(&mut self, node: &Node, inst: &Value) -> bool {
        self.keywords(node, inst, true, None)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use crate::json::Value;
    use crate::schema::{Schema, SchemaOptions};
    use crate::Limits;
    use alloc::format;
    use alloc::string::String;
    use alloc::vec::Vec;
    use core::cell::Cell;
    extern crate std;

    std::thread_local! {
        /// Nodes entered by quick or full evaluation so far on this thread.
        static NODES: Cell<usize> = const { Cell::new(0) };
    }

    pub(in crate::schema) fn count() {
        NODES.with(|c| c.set(c.get() + 1));
    }

    /// Nodes entered while running `f`.
    fn nodes_entered(f: impl FnOnce()) -> usize {
        let before = NODES.with(Cell::get);
        f();
        NODES.with(Cell::get) - before
    }

    /// `depth` two-branch `anyOf`s chained by `$ref`, ending in `{"type": "string"}`.
    fn nested_alternatives(depth: usize) -> Schema {
        let mut defs: Vec<String> = (0..depth)
            .map(|d| {
                let next = format!("{{\"$ref\":\"#/$defs/d{}\"}}", d + 1);
                format!("\"d{d}\":{{\"anyOf\":[{next},{next}]}}")
            })
            .collect();
        defs.push(format!("\"d{depth}\":{{\"type\":\"string\"}}"));
        let text = format!(
            "{{\"$defs\":{{{}}},\"$ref\":\"#/$defs/d0\"}}",
            defs.join(",")
        );
        Schema::compile(&Value::parse(text.as_bytes(), Limits::DEFAULT).unwrap()).unwrap()
    }

    #[test]
    fn nested_alternatives_cost_linear_work_not_branches_to_the_depth() {
        let number = Value::Number("1".into());
        // Without the memo: 2^16 branch evaluations, about 98,000 nodes.
        let schema = nested_alternatives(16);
        let quick = nodes_entered(|| assert!(!schema.is_valid(&number)));
        assert!(quick < 12_000, "is_valid entered {quick} nodes");
        assert!(schema.is_valid(&Value::String("x".into())));
        // Without the limit on nested explanations, each level explains its branches again:
        // this would run for minutes.
        let full = nodes_entered(|| assert_eq!(schema.validate(&number).len(), 1));
        assert!(full < 30_000, "validate entered {full} nodes");
        // Deep enough to meet the depth limit: still answered, and still invalid.
        let deep = nested_alternatives(200);
        assert!(!deep.is_valid(&number));
        assert!(!deep.is_valid(&Value::String("x".into())));
        assert!(!deep.validate(&number).is_empty());
    }

    /// `levels` nested `{"b": …}` around `leaf`.
    fn nest(levels: usize, inner: &str, leaf: &str) -> String {
        (0..levels).fold(String::from(leaf), |acc, _| inner.replace('#', &acc))
    }

    #[test]
    fn members_checked_in_one_pass_only_where_the_depth_limit_is_out_of_reach() {
        // `required` is checked before `properties`: the missing member fails the first
        // branch before the deep member is entered (where it would meet the depth limit and
        // make the instance invalid), and the second branch passes.
        let deep = nest(12, r#"{"properties":{"b":#}}"#, r#"{"type":"string"}"#);
        let schema =
            format!(r#"{{"anyOf":[{{"required":["x"],"properties":{{"a":{deep}}}}},true]}}"#);
        let schema = Value::parse(schema.as_bytes(), Limits::DEFAULT).unwrap();
        let inst = format!(r#"{{"a":{}}}"#, nest(12, r#"{"b":#}"#, "1"));
        let inst = Value::parse(inst.as_bytes(), Limits::DEFAULT).unwrap();
        for depth in [8, 12, 256] {
            let s = Schema::compile_with(&schema, &SchemaOptions::new().max_depth(depth)).unwrap();
            assert!(s.is_valid(&inst), "max_depth {depth}");
            assert!(s.validate(&inst).is_empty(), "max_depth {depth}");
        }
    }
}
