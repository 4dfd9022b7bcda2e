//! Evaluation: one walk over schema and instance together. In *quick* mode (inside `anyOf`,
//! `not`, `if`, `contains`, …) a subschema stops at its first failure and records nothing;
//! otherwise every failure is recorded, up to the error limit. Annotations (which properties
//! and items were evaluated) are tracked only under nodes with `unevaluated*` keywords.

use super::error::ValidationError;
use super::keyword::{types, Kw, Node, NodeId};
use super::message::{name_list, or_list, plural};
use super::Schema;
use crate::json::Value;
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// Levels of full evaluation along a failing path that start with a quick check: each
/// level repeats the quick check of the level above, so the repetition stays bounded.
const MAX_SLOW_LEVELS: u32 = 16;

/// The evaluated members of an object or items of an array, by index.
pub(crate) struct Ann {
    bits: Vec<u64>,
}

impl Ann {
    pub(super) fn new(n: usize) -> Ann {
        Ann {
            bits: alloc::vec![0; n.div_ceil(64)],
        }
    }
    pub(super) fn set(&mut self, i: usize) {
        if let Some(w) = self.bits.get_mut(i / 64) {
            *w |= 1 << (i % 64);
        }
    }
    pub(super) fn get(&self, i: usize) -> bool {
        self.bits
            .get(i / 64)
            .is_some_and(|w| w & (1 << (i % 64)) != 0)
    }
    pub(super) fn merge(&mut self, other: &Ann) {
        for (a, b) in self.bits.iter_mut().zip(&other.bits) {
            *a |= *b;
        }
    }
}

/// State of one validation.
pub(crate) struct Ctx<'s> {
    pub s: &'s Schema,
    pub errors: Vec<ValidationError>,
    pub max: usize,
    scope: Vec<u32>,
    pub ipath: super::location::InstancePath,
    pub(super) depth: u32,
    /// Nodes being evaluated in place (no step into the instance) and the instance address:
    /// meeting one again is an infinite `$ref` loop.
    pub(super) chain: Vec<(NodeId, usize)>,
    /// Where the in-place chain of the current instance location starts in `chain`.
    pub(super) chain_start: usize,
    /// Set when evaluation hit an infinite loop or the depth limit: the instance is then
    /// invalid whatever `not` or `anyOf` around it would make of the failure.
    pub broken: Option<ValidationError>,
    /// Replaces the instance location in messages (set while checking property names).
    pub(super) subject: Option<String>,
    /// Nodes being evaluated in full after their quick check failed (bounds the repeated
    /// quick checks along a failing path).
    slow_levels: u32,
    /// Quick evaluation below this depth only (see `passes::DEPTH_SLACK`).
    pub(super) fast_limit: u32,
    /// Record quick failures in `trail` (when collecting errors).
    pub(super) record: bool,
    /// `(node, instance address)` pairs known to fail, so that full evaluation does not
    /// repeat their quick check.
    pub(super) trail: Vec<(NodeId, usize)>,
    /// Subschemas entered as `anyOf` / `oneOf` branches so far (see [`MEMO_AFTER`]).
    pub(super) fanout: u32,
    /// Quick results remembered by `(node, instance address)`, once `fanout` passed
    /// [`MEMO_AFTER`]: nested alternatives would otherwise cost branches^depth.
    /// Boxed: the usual `None` is then dropped in line, not by a call to the map's drop (11
    /// instructions of every validation).
    #[allow(clippy::box_collection)]
    pub(super) memo: Option<alloc::boxed::Box<BTreeMap<(NodeId, usize), bool>>>,
    /// `anyOf` / `oneOf` failures being explained around the current one.
    pub(super) explaining: u32,
}

/// After this many branch evaluations, quick results are remembered (a `$ref` chain of 30
/// two-branch `anyOf`s, 1 KB of schema, is 2³⁰ evaluations without it).
pub(super) const MEMO_AFTER: u32 = 4096;

pub(super) fn len_of(v: &Value) -> Option<usize> {
    match v {
        Value::Array(a) => Some(a.len()),
        Value::Object(m) => Some(m.len()),
        _ => None,
    }
}

impl<'s> Ctx<'s> {
    pub(super) fn new(s: &'s Schema, max: usize) -> Self {
        Ctx {
            s,
            errors: Vec::new(),
            max,
            scope: Vec::new(),
            ipath: super::location::InstancePath::new(),
            depth: 0,
            chain: Vec::new(),
            chain_start: 0,
            broken: None,
            subject: None,
            slow_levels: 0,
            fast_limit: s.max_depth.saturating_sub(super::passes::DEPTH_SLACK),
            record: false,
            trail: Vec::new(),
            fanout: 0,
            memo: None,
            explaining: 0,
        }
    }

    /// Evaluates node `id` against `inst`. `ann` receives the node's annotations.
    pub(super) fn eval(
        &mut self,
        id: NodeId,
        inst: &Value,
        quick: bool,
        ann: Option<&mut Ann>,
    ) -> bool {
        let s = self.s;
        let Some(node) = s.nodes.get(id as usize) else {
            return false;
        };
        if ann.is_none() && !node.fast.slow {
            if quick {
                return self.quick_cached(id, inst);
            }
            if node.boolean.is_none() && self.depth < self.fast_limit && self.broken.is_none() {
                return self.report_node(node, inst);
            }
            // Most values are valid: check quickly first, collect errors only on failure.
            if self.slow_levels < MAX_SLOW_LEVELS && self.broken.is_none() {
                if self.precheck(id, node, inst) {
                    return true;
                }
                if self.trail.capacity() == 0 {
                    // Errors are coming: room for remembered failures.
                    self.trail.reserve(16);
                }
                self.slow_levels += 1;
                let ok = self.eval_node(id, node, inst, false, None);
                self.slow_levels -= 1;
                return ok;
            }
        }
        self.eval_node(id, node, inst, quick, ann)
    }

    /// [`eval`](Self::eval) by the general evaluator.
    pub(super) fn eval_node(
        &mut self,
        id: NodeId,
        node: &Node,
        inst: &Value,
        quick: bool,
        ann: Option<&mut Ann>,
    ) -> bool {
        #[cfg(test)]
        super::quick::tests::count();
        let s = self.s;
        if let Some(b) = node.boolean {
            if !b && !quick {
                self.report(node, "false", || "is not allowed".into());
            }
            return b;
        }
        let addr = inst as *const Value as usize;
        let looping = node.in_cycle && self.chain[self.chain_start..].contains(&(id, addr));
        if looping || self.depth >= s.max_depth {
            if self.broken.is_none() {
                let max = s.max_depth;
                let (saved, saved_max) = (core::mem::take(&mut self.errors), self.max);
                self.max = 1;
                self.report(node, "$ref", || match looping {
                    true => "cannot be checked: the schema refers back to itself here without \
                             going into the value (an infinite loop)"
                        .into(),
                    false => {
                        format!("cannot be checked: the schema nests more than {max} levels deep")
                    }
                });
                self.broken = self.errors.pop();
                (self.errors, self.max) = (saved, saved_max);
            }
            return false;
        }
        self.depth += 1;
        if node.in_cycle {
            self.chain.push((id, addr));
        }
        let pushed = s.dynamic && self.scope.last() != Some(&node.resource);
        if pushed {
            self.scope.push(node.resource);
        }
        let len = len_of(inst);
        let ann = if len.is_some() { ann } else { None };
        let valid = match (node.unevaluated, len) {
            (true, Some(n)) => {
                let mut own = Ann::new(n);
                let ok = self.keywords(node, inst, quick, Some(&mut own));
                if let Some(outer) = ann {
                    outer.merge(&own);
                }
                ok
            }
            _ => self.keywords(node, inst, quick, ann),
        };
        if pushed {
            self.scope.pop();
        }
        if node.in_cycle {
            self.chain.pop();
        }
        self.depth -= 1;
        valid
    }

    pub(super) fn keywords(
        &mut self,
        node: &Node,
        inst: &Value,
        quick: bool,
        mut ann: Option<&mut Ann>,
    ) -> bool {
        let mut valid = true;
        for kw in &node.kws {
            if !self.keyword(node, kw, inst, quick, ann.as_deref_mut()) {
                valid = false;
                if quick || self.full() {
                    break;
                }
            }
            if self.broken.is_some() {
                return false;
            }
        }
        valid
    }

    /// Evaluates `id` at the child location `key` / `index` of the instance.
    pub(super) fn child(
        &mut self,
        id: NodeId,
        inst: &Value,
        key: Result<&str, usize>,
        quick: bool,
    ) -> bool {
        if quick {
            // Quick mode reports nothing: no path to build.
            return self.nested(id, inst, quick);
        }
        let len = self.ipath.len();
        self.ipath.push_step(key);
        let ok = self.nested(id, inst, quick);
        self.ipath.truncate(len);
        ok
    }

    /// Evaluates `id` on a value inside the current one (a new in-place chain starts).
    pub(super) fn nested(&mut self, id: NodeId, inst: &Value, quick: bool) -> bool {
        let saved = self.chain_start;
        self.chain_start = self.chain.len();
        let ok = self.eval(id, inst, quick, None);
        self.chain_start = saved;
        ok
    }

    pub(super) fn keyword(
        &mut self,
        node: &Node,
        kw: &Kw,
        inst: &Value,
        quick: bool,
        mut ann: Option<&mut Ann>,
    ) -> bool {
        match kw {
            Kw::Ref(t) => self.eval(*t, inst, quick, ann),
            Kw::DynamicRef(t, name) => {
                let target = name
                    .and_then(|n| {
                        self.scope.iter().find_map(|r| {
                            let row = self.s.dyn_table.get(*r as usize)?;
                            row.iter().find(|(m, _)| *m == n).map(|(_, id)| *id)
                        })
                    })
                    .unwrap_or(*t);
                self.eval(target, inst, quick, ann)
            }
            Kw::AllOf(list) => {
                let mut ok = true;
                for id in list {
                    if !self.eval(*id, inst, quick, ann.as_deref_mut()) {
                        ok = false;
                        if quick || self.full() {
                            break;
                        }
                    }
                }
                ok
            }
            Kw::AnyOf(list) => {
                let mut matched = false;
                for id in list {
                    if self.branch(*id, inst, ann.as_deref_mut()) {
                        matched = true;
                        if ann.is_none() {
                            break;
                        }
                    }
                    if self.broken.is_some() {
                        break;
                    }
                }
                if !matched && !quick {
                    self.no_match(node, "anyOf", list, inst);
                }
                matched
            }
            Kw::OneOf(list) => {
                // The first match, then any others (no allocation unless two match).
                let (mut first, mut others) = (None, Vec::new());
                let mut got = ann.as_ref().map(|_| Ann::new(len_of(inst).unwrap_or(0)));
                for (i, id) in list.iter().enumerate() {
                    let mut own = got.as_ref().map(|_| Ann::new(len_of(inst).unwrap_or(0)));
                    if self.branch(*id, inst, own.as_mut()) {
                        if first.is_none() {
                            first = Some(i);
                        } else {
                            others.push(i);
                        }
                        if let (Some(g), Some(o)) = (got.as_mut(), own.as_ref()) {
                            g.merge(o);
                        }
                        if !others.is_empty() && quick {
                            break;
                        }
                    }
                    if self.broken.is_some() {
                        break;
                    }
                }
                match (first, others.is_empty()) {
                    (Some(_), true) => {
                        if let (Some(a), Some(g)) = (ann, got.as_ref()) {
                            a.merge(g);
                        }
                        true
                    }
                    (None, _) => {
                        if !quick {
                            self.no_match(node, "oneOf", list, inst);
                        }
                        false
                    }
                    (Some(f), false) => {
                        if !quick {
                            let which: Vec<String> = core::iter::once(f)
                                .chain(others)
                                .map(|i| format!("{i}"))
                                .collect();
                            let refs: Vec<&str> = which.iter().map(String::as_str).collect();
                            self.report(node, "oneOf", || {
                                format!(
                                    "must match exactly one schema in oneOf, but matches schemas {}",
                                    or_list(&refs).replace(" or ", " and ")
                                )
                            });
                        }
                        false
                    }
                }
            }
            Kw::Not(id) => {
                let ok = !self.eval(*id, inst, true, None);
                if !ok && !quick {
                    self.report(node, "not", || "must not match the schema in not".into());
                }
                ok
            }
            Kw::If { cond, then, els } => {
                let passed = self.branch(*cond, inst, ann.as_deref_mut());
                match (passed, then, els) {
                    (true, Some(t), _) => self.eval(*t, inst, quick, ann),
                    (false, _, Some(e)) => self.eval(*e, inst, quick, ann),
                    _ => true,
                }
            }
            Kw::DependentSchemas(list, _) => {
                let mut ok = true;
                let present = super::checks::MemberNames::new(inst, list.len());
                for (k, id) in list {
                    if present.has(k) && !self.eval(*id, inst, quick, ann.as_deref_mut()) {
                        ok = false;
                        if quick || self.full() {
                            break;
                        }
                    }
                }
                ok
            }
            _ => self.container(node, kw, inst, quick, ann),
        }
    }

    /// Evaluates an in-place subschema quietly; its annotations count only when it passes.
    pub(super) fn branch(&mut self, id: NodeId, inst: &Value, ann: Option<&mut Ann>) -> bool {
        self.count_fanout(1);
        match ann {
            Some(outer) => {
                let mut own = Ann::new(len_of(inst).unwrap_or(0));
                let ok = self.eval(id, inst, true, Some(&mut own));
                if ok {
                    outer.merge(&own);
                }
                ok
            }
            None => self.eval(id, inst, true, None),
        }
    }

    /// Counts `n` branch evaluations; past [`MEMO_AFTER`], quick results are remembered.
    #[inline(always)]
    pub(super) fn count_fanout(&mut self, n: u32) {
        self.fanout = self.fanout.saturating_add(n);
        if self.fanout > MEMO_AFTER && self.memo.is_none() {
            self.memo = Some(alloc::boxed::Box::new(BTreeMap::new()));
        }
    }

    /// Array and object applicators, then the assertions (in `checks`).
    fn container(
        &mut self,
        node: &Node,
        kw: &Kw,
        inst: &Value,
        quick: bool,
        mut ann: Option<&mut Ann>,
    ) -> bool {
        match (kw, inst) {
            (Kw::PrefixItems(list), Value::Array(items)) => {
                let mut ok = true;
                for (i, (id, item)) in list.iter().zip(items).enumerate() {
                    if let Some(a) = ann.as_deref_mut() {
                        a.set(i);
                    }
                    if !self.child(*id, item, Err(i), quick) {
                        ok = false;
                        if quick || self.full() {
                            break;
                        }
                    }
                }
                ok
            }
            (
                Kw::Items {
                    node: id, start, ..
                },
                Value::Array(items),
            ) => {
                if items.len() <= *start {
                    return true;
                }
                if self.s.nodes.get(*id as usize).and_then(|n| n.boolean) == Some(false) {
                    if !quick {
                        let (start, len) = (*start as u64, items.len() as u64);
                        self.report(node, kw.name(), || {
                            format!("must have at most {}; got {len}", plural(start, "item"))
                        });
                    }
                    return false;
                }
                let mut ok = true;
                for (i, item) in items.iter().enumerate().skip(*start) {
                    if let Some(a) = ann.as_deref_mut() {
                        a.set(i);
                    }
                    if !self.child(*id, item, Err(i), quick) {
                        ok = false;
                        if quick || self.full() {
                            break;
                        }
                    }
                }
                ok
            }
            (Kw::Contains { node: id, min, max }, Value::Array(items)) => {
                let mut count = 0u64;
                let stop_early = ann.is_none() && max.is_none();
                for (i, item) in items.iter().enumerate() {
                    if self.child(*id, item, Err(i), true) {
                        count += 1;
                        if let Some(a) = ann.as_deref_mut() {
                            a.set(i);
                        }
                        if stop_early && count >= *min {
                            break;
                        }
                    }
                }
                if count < *min {
                    if !quick {
                        let min = *min;
                        self.report(node, "contains", || {
                            format!(
                                "must contain at least {} matching the contains schema; {count} match",
                                plural(min, "item")
                            )
                        });
                    }
                    return false;
                }
                if let Some(max) = max.filter(|m| count > *m) {
                    if !quick {
                        let kw = "maxContains";
                        self.report(node, kw, || {
                            format!("must contain at most {} matching the contains schema; {count} match", plural(max, "item"))
                        });
                    }
                    return false;
                }
                true
            }
            (Kw::UnevaluatedItems(id), Value::Array(items)) => {
                let mut ok = true;
                let mut extra = Vec::new();
                let is_false =
                    self.s.nodes.get(*id as usize).and_then(|n| n.boolean) == Some(false);
                for (i, item) in items.iter().enumerate() {
                    if ann.as_ref().is_some_and(|a| a.get(i)) {
                        continue;
                    }
                    if let Some(a) = ann.as_deref_mut() {
                        a.set(i);
                    }
                    if is_false {
                        ok = false;
                        extra.push(format!("{i}"));
                        if quick {
                            break;
                        }
                    } else if !self.child(*id, item, Err(i), quick) {
                        ok = false;
                        if quick || self.full() {
                            break;
                        }
                    }
                }
                if !extra.is_empty() && !quick {
                    self.report(node, "unevaluatedItems", || {
                        format!(
                            "has unexpected items at index {}",
                            name_list(extra.into_iter())
                        )
                    });
                }
                ok
            }
            (_, Value::Object(members)) if is_object_applicator(kw) => {
                self.object(node, kw, inst, members, quick, ann)
            }
            _ => self.assertion(node, kw, inst, quick),
        }
    }
}

pub(super) fn is_object_applicator(kw: &Kw) -> bool {
    matches!(
        kw,
        Kw::Properties(_)
            | Kw::PatternProperties(_)
            | Kw::AdditionalProperties { .. }
            | Kw::PropertyNames(_)
            | Kw::UnevaluatedProperties(_)
    )
}

/// Is the value of this JSON type (`integer` by value: `1.0` is an integer)?
pub(crate) fn has_type(v: &Value, bits: u8) -> bool {
    match v {
        Value::Null => bits & types::NULL != 0,
        Value::Bool(_) => bits & types::BOOLEAN != 0,
        Value::String(_) => bits & types::STRING != 0,
        Value::Array(_) => bits & types::ARRAY != 0,
        Value::Object(_) => bits & types::OBJECT != 0,
        Value::Number(t) => {
            bits & types::NUMBER != 0
                || (bits & types::INTEGER != 0 && super::number::Dec::text_is_integer(t))
        }
    }
}
