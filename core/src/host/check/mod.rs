//! The checker: what each target refuses in a tool list, written from `providers.md` (one
//! rule per code). Every list [`Catalog::to_model`](super::Catalog::to_model) gives passes
//! it; `inspect` runs it on tools as listed to say what each provider would refuse.
//!
//! Codes: `shape` (not the target's tool shape), `too_many_tools` (OpenAI 128, Gemini 512),
//! `too_many_strict_tools` / `too_many_optional` / `too_many_unions` (Anthropic strict: 20,
//! 24, 16 per request), `name_invalid`, `name_duplicate`, `root_not_object`,
//! `root_composition` (`anyOf`/`oneOf`/`allOf` at the root), `properties_missing`,
//! `items_missing`, `type_missing` (OpenAI: a property or item schema without a type), `additional_properties_not_false`, `required_incomplete`,
//! `keyword_unsupported`, `format_unsupported`, `min_items_unsupported`, `enum_too_long` and
//! `too_deep` (OpenAI strict: 1,000 enum values, or a string enum of more than 250 values
//! over 15,000 characters; 10 levels of nesting),
//! `recursive_schema`, `property_key_invalid`, `type_not_single`, `enum_not_string`,
//! `type_beside_any_of`, `required_unknown`, `strict_missing` (a Responses tool must say
//! `strict`).

mod anthropic;
mod gemini;
mod openai;

use super::convert::keys::{key_fits, KeyRule};
use super::convert::walk::{SCHEMA_LISTS, SCHEMA_MAPS, SCHEMA_ONE};
use super::names;
use super::tree::{self, object, pointer, text};
use super::Target;
use crate::json::Value;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// One thing a target refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The rule (see the module docs).
    pub code: &'static str,
    /// Where, as a JSON pointer into the tool list.
    pub path: String,
    /// What is wrong.
    pub message: String,
}

/// Every rule of `target` (with `strict` as requested) that the tool list `tools` (the
/// `tools` member of [`to_model`](super::Catalog::to_model)'s answer) breaks, as
/// `"code at path: message"`; empty when the target takes it.
pub fn check_tools(target: Target, strict: bool, tools: &Value) -> Vec<String> {
    violations(target, strict, tools)
        .into_iter()
        .map(|v| format!("{} at {}: {}", v.code, v.path, v.message))
        .collect()
}

struct Checker {
    target: Target,
    out: Vec<Violation>,
}

impl Checker {
    fn add(&mut self, code: &'static str, path: &str, message: String) {
        self.out.push(Violation {
            code,
            path: path.into(),
            message,
        });
    }
}

/// A tool's declaration list in the target's shape, as listed (for `inspect`).
pub(crate) fn raw_declaration(target: Target, strict: bool, name: &str, schema: &Value) -> Value {
    let decl = object([("name", text(name))]);
    let one = match target {
        Target::OpenAiChat => super::convert::openai::chat_tool(decl, schema.clone(), strict),
        Target::OpenAiResponses => {
            super::convert::openai::responses_tool(decl, schema.clone(), strict)
        }
        Target::Anthropic => super::convert::anthropic::tool(decl, schema.clone(), strict),
        Target::Gemini | Target::GeminiJsonSchema => {
            let key = if target == Target::Gemini {
                "parameters"
            } else {
                "parametersJsonSchema"
            };
            let mut d = decl;
            tree::set(&mut d, key, schema.clone());
            return Value::Array(alloc::vec![object([(
                "functionDeclarations",
                Value::Array(alloc::vec![d])
            )])]);
        }
    };
    Value::Array(alloc::vec![one])
}

/// The declarations of a tool list: `(path, declaration)`.
fn declarations<'a>(c: &mut Checker, tools: &'a Value) -> Vec<(String, &'a Value)> {
    let Value::Array(list) = tools else {
        c.add("shape", "", "the tool list is not an array".into());
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, t) in list.iter().enumerate() {
        let at = format!("/{i}");
        match c.target {
            Target::OpenAiChat => match (t.get("type"), t.get("function")) {
                (Some(Value::String(ty)), Some(f @ Value::Object(_))) if ty == "function" => {
                    out.push((pointer(&at, "function"), f))
                }
                _ => c.add(
                    "shape",
                    &at,
                    "a Chat Completions tool is {type: \"function\", function: {...}}".into(),
                ),
            },
            Target::OpenAiResponses => {
                if t.get("type") != Some(&text("function")) {
                    c.add(
                        "shape",
                        &at,
                        "a Responses function tool has type \"function\"".into(),
                    );
                }
                out.push((at, t));
            }
            Target::Anthropic => out.push((at, t)),
            Target::Gemini | Target::GeminiJsonSchema => match t.get("functionDeclarations") {
                Some(Value::Array(decls)) => {
                    for (j, d) in decls.iter().enumerate() {
                        out.push((format!("{at}/functionDeclarations/{j}"), d));
                    }
                }
                _ => c.add(
                    "shape",
                    &at,
                    "a Gemini tool is {functionDeclarations: [...]}".into(),
                ),
            },
        }
    }
    out
}

/// The violations of a tool list.
pub(crate) fn violations(target: Target, strict: bool, tools: &Value) -> Vec<Violation> {
    let mut c = Checker {
        target,
        out: Vec::new(),
    };
    let decls = declarations(&mut c, tools);
    let limit = match target {
        Target::OpenAiChat | Target::OpenAiResponses => Some(128),
        Target::Gemini | Target::GeminiJsonSchema => Some(512),
        Target::Anthropic => None,
    };
    if let Some(limit) = limit.filter(|l| decls.len() > *l) {
        c.add(
            "too_many_tools",
            "",
            format!(
                "{} takes at most {limit} tools per request; the list has {}",
                target.name(),
                decls.len()
            ),
        );
    }
    let mut seen: Vec<&str> = Vec::new();
    let mut anthropic = anthropic::Totals::default();
    for (at, d) in &decls {
        let name = tree::str_at(d, "name").unwrap_or("");
        if !names::fits(Some(target), name) {
            c.add(
                "name_invalid",
                &pointer(at, "name"),
                format!("{name:?} is not a name {} takes", target.name()),
            );
        }
        if seen.contains(&name) {
            c.add(
                "name_duplicate",
                &pointer(at, "name"),
                format!("{name:?} is used twice"),
            );
        }
        seen.push(name);
        let tool_strict = match target {
            Target::OpenAiChat | Target::Anthropic => tree::bool_at(d, "strict") == Some(true),
            Target::OpenAiResponses => match tree::bool_at(d, "strict") {
                Some(s) => s,
                None => {
                    c.add(
                        "strict_missing",
                        at,
                        "a Responses tool must say strict (Responses defaults to strict)".into(),
                    );
                    true
                }
            },
            _ => false,
        };
        let _ = strict;
        let (key, required) = match target {
            Target::OpenAiChat | Target::OpenAiResponses => ("parameters", false),
            Target::Anthropic => ("input_schema", true),
            Target::Gemini => ("parameters", false),
            Target::GeminiJsonSchema => ("parametersJsonSchema", true),
        };
        if target == Target::Gemini && d.get("parametersJsonSchema").is_some() {
            c.add(
                "shape",
                at,
                "parameters and parametersJsonSchema are mutually exclusive".into(),
            );
        }
        let Some(schema) = d.get(key) else {
            if required {
                c.add("shape", at, format!("the tool has no {key}"));
            }
            continue;
        };
        let sp = pointer(at, key);
        root_rules(&mut c, target, tool_strict, schema, &sp);
        each_node(schema, &sp, &mut |node, path| match target {
            Target::OpenAiChat | Target::OpenAiResponses => {
                openai::node(&mut c.out, tool_strict, node, path)
            }
            Target::Anthropic => anthropic::node(&mut c.out, tool_strict, node, path),
            Target::Gemini => gemini::node(&mut c.out, node, path),
            Target::GeminiJsonSchema => {}
        });
        if target == Target::Anthropic && tool_strict {
            anthropic.add(&mut c.out, schema, &sp);
        }
    }
    if target == Target::Anthropic {
        anthropic.finish(&mut c.out);
    }
    c.out
}

fn root_rules(c: &mut Checker, target: Target, strict: bool, schema: &Value, at: &str) {
    if schema.get("type") != Some(&text("object")) {
        c.add(
            "root_not_object",
            at,
            "the root schema must be type \"object\"".into(),
        );
    }
    let refuses_composition = match target {
        Target::OpenAiChat | Target::OpenAiResponses => strict,
        Target::Anthropic | Target::Gemini => true,
        Target::GeminiJsonSchema => false,
    };
    if refuses_composition {
        for k in ["anyOf", "oneOf", "allOf"] {
            if schema.get(k).is_some() {
                c.add(
                    "root_composition",
                    &pointer(at, k),
                    format!("{} refuses {k} at the root", target.name()),
                );
            }
        }
    }
}

/// Property keys that break `rule` in one object node.
pub(crate) fn bad_keys(
    out: &mut Vec<Violation>,
    rule: KeyRule,
    code: &'static str,
    node: &Value,
    path: &str,
) {
    for (k, _) in node
        .get("properties")
        .map(tree::members)
        .unwrap_or_default()
    {
        if !key_fits(rule, k) {
            out.push(Violation {
                code,
                path: pointer(&pointer(path, "properties"), k),
                message: format!("the property key {k:?} is refused"),
            });
        }
    }
}

/// Calls `f` on every subschema of `schema` (depth-first, with its JSON pointer).
pub(crate) fn each_node(schema: &Value, path: &str, f: &mut dyn FnMut(&Value, &str)) {
    fn go(v: &Value, path: &str, f: &mut dyn FnMut(&Value, &str), depth: usize) {
        if depth > 64 || !matches!(v, Value::Object(_)) {
            return;
        }
        f(v, path);
        for (k, child) in tree::members(v) {
            let at = pointer(path, k);
            if SCHEMA_MAPS.contains(&k.as_str()) {
                for (pk, pv) in tree::members(child) {
                    go(pv, &pointer(&at, pk), f, depth + 1);
                }
            } else if SCHEMA_ONE.contains(&k.as_str()) || SCHEMA_LISTS.contains(&k.as_str()) {
                match child {
                    Value::Array(list) => {
                        for (i, item) in list.iter().enumerate() {
                            go(item, &format!("{at}/{i}"), f, depth + 1);
                        }
                    }
                    other => go(other, &at, f, depth + 1),
                }
            }
        }
    }
    go(schema, path, f, 0);
}
