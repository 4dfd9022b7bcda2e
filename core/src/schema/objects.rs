//! Object applicators: `properties`, `patternProperties`, `additionalProperties`,
//! `propertyNames`, `unevaluatedProperties`.

use super::keyword::{Kw, Node, NodeId};
use super::message::{name_list, quote};
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
        let false_node =
            |id: &NodeId| s.nodes.get(*id as usize).and_then(|n| n.boolean) == Some(false);
        for (i, (k, v)) in members.iter().enumerate() {
            let targets: Vec<NodeId> = match kw {
                Kw::Properties(list) => {
                    match list.binary_search_by(|(n, _)| n.as_str().cmp(k.as_str())) {
                        Ok(j) => alloc::vec![list[j].1],
                        Err(_) => continue,
                    }
                }
                Kw::PatternProperties(list) => {
                    let t: Vec<NodeId> = list
                        .iter()
                        .filter(|(p, _)| p.is_match(k))
                        .map(|(_, id)| *id)
                        .collect();
                    if t.is_empty() {
                        continue;
                    }
                    t
                }
                Kw::AdditionalProperties {
                    node: id,
                    props,
                    pats,
                } => {
                    if self.is_declared(node, *props, *pats, k) {
                        continue;
                    }
                    alloc::vec![*id]
                }
                Kw::UnevaluatedProperties(id) => {
                    if ann.as_ref().is_some_and(|a| a.get(i)) {
                        continue;
                    }
                    alloc::vec![*id]
                }
                Kw::PropertyNames(id) => {
                    let name = Value::String(k.clone());
                    let saved = self.subject.replace(format!("property name {}", quote(k)));
                    let good = self.nested(*id, &name, quick);
                    self.subject = saved;
                    if !good {
                        ok = false;
                        if quick || self.full() {
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
            for id in targets {
                let pass = if false_node(&id)
                    && matches!(
                        kw,
                        Kw::AdditionalProperties { .. } | Kw::UnevaluatedProperties(_)
                    ) {
                    extra.push(k);
                    false
                } else {
                    self.child(id, v, Ok(k), quick)
                };
                if !pass {
                    ok = false;
                    if quick || self.full() {
                        break;
                    }
                }
            }
            if !ok && (quick || self.full()) {
                break;
            }
        }
        if !extra.is_empty() && !quick {
            let allowed = match kw {
                Kw::AdditionalProperties { props, pats, .. } => {
                    self.allowed_names(node, *props, *pats)
                }
                _ => String::new(),
            };
            let names = name_list(extra.iter().map(|k| quote(k)));
            let word = if extra.len() == 1 {
                "property"
            } else {
                "properties"
            };
            self.report(node, kw.name(), || {
                format!("has unexpected {word} {names}{allowed}")
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
            if list.binary_search_by(|(n, _)| n.as_str().cmp(key)).is_ok() {
                return true;
            }
        }
        if let Some(Kw::PatternProperties(list)) = pats.and_then(|i| node.kws.get(i)) {
            return list.iter().any(|(p, _)| p.is_match(key));
        }
        false
    }

    /// `; allowed: "a", "b"` for additionalProperties messages.
    fn allowed_names(&self, node: &Node, props: Option<usize>, pats: Option<usize>) -> String {
        let mut items: Vec<String> = Vec::new();
        if let Some(Kw::Properties(list)) = props.and_then(|i| node.kws.get(i)) {
            items.extend(list.iter().map(|(n, _)| quote(n)));
        }
        if let Some(Kw::PatternProperties(list)) = pats.and_then(|i| node.kws.get(i)) {
            items.extend(
                list.iter()
                    .map(|(p, _)| format!("names matching {}", quote(p.source()))),
            );
        }
        if items.is_empty() {
            return "; no other properties are allowed".into();
        }
        format!("; allowed: {}", name_list(items.into_iter()))
    }
}
