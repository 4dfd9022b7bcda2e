//! Explaining why no branch of `anyOf` / `oneOf` matched, as helpfully as possible. The
//! branches are re-run collecting their errors, then, in order:
//!
//! 1. branches that reject the value's type here (`null` in an optional field) are set aside;
//!    if one branch is left, its own errors are the answer;
//! 2. if every branch rejects the type: one error with the union of the types;
//! 3. branches whose `const`/`enum` on a child property fails (a discriminator such as
//!    `kind`) are set aside; if one is left, its errors are the answer;
//! 4. if each branch fails one `const`/`enum` at the same place: one error listing all the
//!    allowed values (`z.union` of literals);
//! 5. otherwise one error naming each branch's first fault.

use super::error::ValidationError;
use super::keyword::{Kw, Node, NodeId};
use super::message::{name_list, show_into, type_list_into};
use super::validate::{has_type, Ctx};
use crate::json::Value;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// Most branches named in a generic explanation.
const MAX_REASONS: usize = 5;

/// Failures of `anyOf` / `oneOf` inside the explanation of another one that are explained
/// too: below that they get the short message, so that explaining nested alternatives costs
/// at most branches^this many evaluations.
const MAX_EXPLAIN_NESTING: u32 = 3;

/// Errors of one branch.
type Branch = Vec<ValidationError>;

/// The start of the message of a failed `kw` (`anyOf` / `oneOf`) of `n` branches.
fn must_match(kw: &str, n: usize) -> String {
    let what = if kw == "oneOf" {
        "exactly one"
    } else {
        "at least one"
    };
    format!("must match {what} of the {n} schemas in {kw}")
}

fn is_choice(e: &ValidationError) -> bool {
    matches!(e.keyword, "const" | "enum")
}

/// The allowed values of a `const` / `enum` message (`must be X; got Y` or
/// `must be one of X, Y; got Z`), and the `got` part.
fn allowed_part(message: &str) -> Option<(&str, &str)> {
    let i = message.find(" must be ")?;
    let rest = &message[i + " must be ".len()..];
    let rest = rest.strip_prefix("one of ").unwrap_or(rest);
    rest.rsplit_once("; got ")
}

/// True when `path` is `parent` plus one more token.
fn is_child(path: &str, parent: &str) -> bool {
    path.strip_prefix(parent)
        .and_then(|r| r.strip_prefix('/'))
        .is_some_and(|r| !r.contains('/'))
}

impl Ctx<'_> {
    /// The `type` a subschema demands, looking through plain `$ref`s.
    fn declared_types(&self, mut id: NodeId) -> Option<u8> {
        for _ in 0..16 {
            let node = self.s.nodes.get(id as usize)?;
            if let Some(Kw::Type(t)) = node.kws.iter().find(|k| matches!(k, Kw::Type(_))) {
                return Some(*t);
            }
            match node.kws.as_slice() {
                [Kw::Ref(t)] => id = *t,
                _ => return None,
            }
        }
        None
    }

    /// True when evaluating `id` on `inst` in full gives a `type` (or `false`) error at the
    /// value itself and nothing else that matters: a `false` schema, or one whose first
    /// keyword is a `type` that `inst` fails and whose others are all assertions (so the
    /// evaluation cannot meet a loop or the depth limit).
    fn rejects_type(&self, id: NodeId, inst: &Value) -> bool {
        let Some(node) = self.s.nodes.get(id as usize) else {
            return false;
        };
        if self.depth >= self.s.max_depth || self.broken.is_some() {
            return false;
        }
        if node.boolean.is_some() {
            return node.boolean == Some(false);
        }
        let [Kw::Type(bits), rest @ ..] = node.kws.as_slice() else {
            return false;
        };
        !has_type(inst, *bits) && rest.iter().all(Kw::checks_value_alone)
    }

    fn push_all(&mut self, errors: Branch) {
        for e in errors {
            if self.full() {
                break;
            }
            self.errors.push(e);
        }
    }

    /// Reports that no branch of `anyOf` / `oneOf` (`kw`) matched `inst`.
    pub(super) fn no_match(
        &mut self,
        node: &Node,
        kw: &'static str,
        list: &[NodeId],
        inst: &Value,
    ) {
        if self.full() {
            return;
        }
        if self.explaining >= MAX_EXPLAIN_NESTING {
            return self.report(node, kw, || must_match(kw, list.len()));
        }
        self.explaining += 1;
        self.explain(node, kw, list, inst);
        self.explaining -= 1;
    }

    /// [`no_match`](Self::no_match) with the branches' errors.
    fn explain(&mut self, node: &Node, kw: &'static str, list: &[NodeId], inst: &Value) {
        let saved = core::mem::take(&mut self.errors);
        let saved_max = self.max;
        self.max = saved_max.saturating_sub(saved.len()).max(1);
        // Branches sure to reject the value's type here (`{type: null}`) are run only if
        // their errors are needed (when every branch rejects the type).
        let sure: Vec<bool> = list.iter().map(|id| self.rejects_type(*id, inst)).collect();
        let all_sure = sure.iter().all(|s| *s);
        let mut per: Vec<Branch> = Vec::with_capacity(list.len());
        for (id, sure) in list.iter().zip(&sure) {
            if !*sure || all_sure {
                self.eval(*id, inst, false, None);
            }
            per.push(core::mem::take(&mut self.errors));
        }
        let here = String::from(self.ipath.as_str());

        // 1-2: the value's type.
        let wrong_type = |errs: &Branch| {
            errs.iter()
                .any(|e| e.instance_path() == here && matches!(e.keyword, "type" | "false"))
        };
        let relevant: Vec<usize> = (0..per.len())
            .filter(|&i| !(sure[i] || wrong_type(&per[i])))
            .collect();
        if relevant.is_empty() && !all_sure {
            for ((id, sure), errs) in list.iter().zip(&sure).zip(per.iter_mut()) {
                if *sure {
                    self.eval(*id, inst, false, None);
                    *errs = core::mem::take(&mut self.errors);
                }
            }
        }
        self.errors = saved;
        self.max = saved_max;
        if let [only] = relevant.as_slice() {
            let errs = core::mem::take(&mut per[*only]);
            return self.push_all(errs);
        }
        if relevant.is_empty() {
            let types = list
                .iter()
                .map(|id| self.declared_types(*id))
                .try_fold(0u8, |acc, t| t.map(|t| acc | t));
            if let Some(bits) = types {
                return self.report_with(node, kw, |m| {
                    m.push_str("must be ");
                    type_list_into(m, bits);
                    m.push_str("; got ");
                    show_into(m, inst);
                });
            }
        }
        // 3: a discriminator property that does not match.
        let disc = |errs: &Branch| {
            errs.iter()
                .any(|e| is_choice(e) && is_child(e.instance_path(), &here))
        };
        let undiscriminated: Vec<usize> = relevant
            .iter()
            .copied()
            .filter(|&i| !disc(&per[i]))
            .collect();
        if let [only] = undiscriminated.as_slice() {
            let errs = core::mem::take(&mut per[*only]);
            return self.push_all(errs);
        }
        // 4: one const/enum per branch, all at the same place.
        let choices: Option<Vec<&ValidationError>> = relevant
            .iter()
            .map(|&i| {
                let mut c = per[i].iter().filter(|e| is_choice(e));
                match (c.next(), c.next()) {
                    (Some(e), None) => Some(e),
                    _ => None,
                }
            })
            .collect();
        if let Some(choices) = choices.filter(|c| c.len() > 1) {
            let at = choices[0].instance_path();
            let parts: Option<Vec<(&str, &str)>> =
                choices.iter().map(|e| allowed_part(e.message())).collect();
            if let (true, Some(parts)) = (choices.iter().all(|e| e.instance_path() == at), parts) {
                let allowed = name_list(parts.iter().map(|(a, _)| String::from(*a)));
                let got = parts[0].1;
                let at = String::from(at);
                return self.report(node, kw, || {
                    if at == here {
                        format!("must be one of {allowed}; got {got}")
                    } else {
                        format!("does not match any schema in {kw}: `{at}` must be one of {allowed}; got {got}")
                    }
                });
            }
        }
        // 5: each branch's first fault.
        let shown = if relevant.is_empty() {
            (0..per.len()).collect()
        } else {
            relevant
        };
        let reasons: Vec<String> = shown
            .iter()
            .take(MAX_REASONS)
            .filter_map(|&i| per[i].first().map(|e| format!("({i}) {}", e.message())))
            .collect();
        let more = if shown.len() > MAX_REASONS {
            "; or …"
        } else {
            ""
        };
        let reasons = reasons.join("; or ") + more;
        self.report(node, kw, || must_match(kw, list.len()) + ": " + &reasons);
    }
}
