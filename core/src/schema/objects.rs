//! Object applicators: `properties`, `patternProperties`, `additionalProperties`,
//! `propertyNames`, `unevaluatedProperties`.

use super::keyword::{Kw, Node, NodeId};
use super::message::{list_into, quote, quote_into};
use super::regex::Pattern;
use super::validate::{Ann, Ctx};
use crate::json::Value;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

impl Ctx<'_> {
    pub(super) fn object(
        &mut self,
        node: &Node,
        kw: &Kw,
        inst: &Value,
        members: &[(String, Value)],
        quick: bool,
        mut ann: Option<&mut Ann>,
    ) -> bool {
        let _ = inst;
        let mut ok = true;
        let mut extra: Vec<&str> = Vec::new();
        let s = self.s;
        let is_false = |id: NodeId| s.nodes.get(id as usize).and_then(|n| n.boolean) == Some(false);
        let stop = |ctx: &Self, ok: bool| !ok && (quick || ctx.full());
        for (i, (k, v)) in members.iter().enumerate() {
            let target = match kw {
                Kw::Properties(list) => match property(node, list, k) {
                    Some(id) => id,
                    None => continue,
                },
                Kw::PatternProperties(list) => {
                    for (p, id) in list {
                        if !p.is_match(k) {
                            continue;
                        }
                        if let Some(a) = ann.as_deref_mut() {
                            a.set(i);
                        }
                        if !self.child(*id, v, Ok(k), quick) {
                            ok = false;
                            if stop(self, ok) {
                                break;
                            }
                        }
                    }
                    if stop(self, ok) {
                        break;
                    }
                    continue;
                }
                Kw::AdditionalProperties {
                    node: id,
                    props,
                    pats,
                } => {
                    if self.is_declared(node, *props, *pats, k) {
                        continue;
                    }
                    *id
                }
                Kw::UnevaluatedProperties(id) => {
                    if ann.as_ref().is_some_and(|a| a.get(i)) {
                        continue;
                    }
                    *id
                }
                Kw::PropertyNames(id) => {
                    let name = Value::String(k.clone());
                    let saved = self.subject.take();
                    if !quick {
                        self.subject = Some(format!("property name {}", quote(k)));
                    }
                    // `name` is a temporary: its address must not reach the memo.
                    let memo = self.memo.take();
                    let good = self.nested(*id, &name, quick);
                    self.memo = memo;
                    self.subject = saved;
                    if !good {
                        ok = false;
                        if stop(self, ok) {
                            break;
                        }
                    }
                    continue;
                }
                _ => return true,
            };
            if let Some(a) = ann.as_deref_mut() {
                a.set(i);
            }
            let pass = if is_false(target) && !matches!(kw, Kw::Properties(_)) {
                // Collected into one error naming every unexpected property.
                extra.push(k);
                false
            } else {
                self.child(target, v, Ok(k), quick)
            };
            if !pass {
                ok = false;
                if stop(self, ok) {
                    break;
                }
            }
        }
        if !extra.is_empty() && !quick {
            self.report_with(node, kw.name(), |m| {
                m.push_str(match extra.len() {
                    1 => "has unexpected property ",
                    _ => "has unexpected properties ",
                });
                list_into(m, extra.iter(), |m, k| quote_into(m, k));
                if let Kw::AdditionalProperties { props, pats, .. } = kw {
                    allowed_names(m, node, *props, *pats);
                }
            });
        }
        ok
    }

    /// True when `key` is covered by the sibling `properties` / `patternProperties`.
    fn is_declared(
        &self,
        node: &Node,
        props: Option<usize>,
        pats: Option<usize>,
        key: &str,
    ) -> bool {
        if let Some(Kw::Properties(list)) = props.and_then(|i| node.kws.get(i)) {
            if property(node, list, key).is_some() {
                return true;
            }
        }
        if let Some(Kw::PatternProperties(list)) = pats.and_then(|i| node.kws.get(i)) {
            return list.iter().any(|(p, _)| p.is_match(key));
        }
        false
    }
}

/// A name `additionalProperties` allows: a `properties` entry or a `patternProperties` one.
enum Allowed<'a> {
    Name(&'a str),
    Pattern(&'a Pattern),
}

/// `; allowed: "a", "b"` for additionalProperties messages, appended to `m`.
fn allowed_names(m: &mut String, node: &Node, props: Option<usize>, pats: Option<usize>) {
    let names = match props.and_then(|i| node.kws.get(i)) {
        Some(Kw::Properties(list)) => list.as_slice(),
        _ => &[],
    };
    let patterns = match pats.and_then(|i| node.kws.get(i)) {
        Some(Kw::PatternProperties(list)) => list.as_slice(),
        _ => &[],
    };
    if names.is_empty() && patterns.is_empty() {
        return m.push_str("; no other properties are allowed");
    }
    m.push_str("; allowed: ");
    let items = (names.iter().map(|(n, _)| Allowed::Name(n)))
        .chain(patterns.iter().map(|(p, _)| Allowed::Pattern(p)));
    list_into(m, items, |m, a| match a {
        Allowed::Name(n) => quote_into(m, n),
        Allowed::Pattern(p) => {
            m.push_str("names matching ");
            m.push_str(p.quoted());
        }
    });
}

/// The subschema of property `key` of `node`, whose `properties` are `list`.
fn property(node: &Node, list: &[(String, NodeId)], key: &str) -> Option<NodeId> {
    match node.fast.obj.as_deref() {
        Some(t) if t.len() == list.len() => t.written(key),
        _ => find_property(list, key),
    }
}

/// The subschema of property `key` in a sorted `properties` list.
fn find_property(list: &[(String, NodeId)], key: &str) -> Option<NodeId> {
    if list.len() <= 8 {
        // Short lists: compare lengths first, most keys differ there.
        return list
            .iter()
            .find(|(n, _)| n.len() == key.len() && n == key)
            .map(|(_, id)| *id);
    }
    list.binary_search_by(|(n, _)| n.as_str().cmp(key))
        .ok()
        .map(|j| list[j].1)
}
