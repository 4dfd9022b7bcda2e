//! The schema walk shared by every target: the root's shape, then each subschema in turn
//! with the target's rules before and after its children.

use super::{anthropic, change_at, gemini, openai, Change, Converted, Restore, WRAP_KEY};
use crate::host::tree::{self, json_text, object, pointer, text};
use crate::host::Target;
use crate::json::Value;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// Deepest subschema nesting converted; deeper parts are replaced by `{}` with a change.
const MAX_DEPTH: usize = 48;

/// Members whose value is a map of subschemas.
pub(crate) const SCHEMA_MAPS: [&str; 5] = [
    "properties",
    "patternProperties",
    "$defs",
    "definitions",
    "dependentSchemas",
];
/// Members whose value is one subschema.
pub(crate) const SCHEMA_ONE: [&str; 11] = [
    "items",
    "additionalProperties",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
    "additionalItems",
];
/// Members whose value is a list of subschemas.
pub(crate) const SCHEMA_LISTS: [&str; 4] = ["anyOf", "oneOf", "allOf", "prefixItems"];

/// Annotations: removed (not moved to the description) where a target does not take them.
pub(crate) const ANNOTATIONS: [&str; 14] = [
    "$schema",
    "$id",
    "$comment",
    "$anchor",
    "$dynamicAnchor",
    "$vocabulary",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
    "contentMediaType",
    "contentEncoding",
    "contentSchema",
    "title",
];

/// The state of one conversion.
pub(crate) struct Ctx<'a> {
    pub target: Target,
    pub strict: bool,
    pub root: &'a Value,
    pub changes: Vec<Change>,
    pub strict_fail: Option<String>,
    pub optional: usize,
    pub unions: usize,
    pub inlined: usize,
    pub inlined_nodes: usize,
    /// Notes for the description of the node being converted.
    pub pending: Vec<String>,
}

impl Ctx<'_> {
    pub(crate) fn change(&mut self, path: &str, key: &str, code: &'static str, reason: String) {
        self.changes.push(change_at(path, key, code, reason));
    }

    /// Strict is impossible for this tool (the first reason is kept).
    pub(crate) fn fail(&mut self, path: &str, reason: &str) {
        if self.strict_fail.is_none() {
            self.strict_fail = Some(format!("{reason} at {path}"));
        }
    }

    /// Removes `key`; its constraint is written into the node's description when the node
    /// is done.
    pub(crate) fn move_to_description(
        &mut self,
        node: &mut Value,
        path: &str,
        key: &str,
        why: &str,
    ) {
        let Some(value) = tree::remove(node, key) else {
            return;
        };
        let mut shown = json_text(&value);
        if shown.chars().count() > 200 {
            shown = shown.chars().take(200).collect::<String>() + "…";
        }
        self.pending.push(format!("{key}: {shown}"));
        self.change(path, key, "moved_to_description", String::from(why));
    }

    /// Removes the keywords the target does not take (annotations dropped, constraints moved
    /// into the description).
    pub(crate) fn restrict(&mut self, node: &mut Value, path: &str, allowed: &[&str], why: &str) {
        let keys: Vec<String> = tree::members(node)
            .iter()
            .map(|(k, _)| k.clone())
            .filter(|k| !allowed.contains(&k.as_str()))
            .collect();
        for k in keys {
            if ANNOTATIONS.contains(&k.as_str()) {
                tree::remove(node, &k);
                self.change(path, &k, "removed_annotation", format!("{} {why}", k));
            } else {
                self.move_to_description(node, path, &k, &format!("{k} {why}"));
            }
        }
    }
}

/// A conversion and whether strict held.
pub(crate) struct Outcome {
    pub converted: Converted,
    pub strict_ok: Result<(), String>,
}

/// Whether the root must be put in a property (see [`WRAP_KEY`]).
fn needs_wrap(target: Target, strict: bool, s: &Value) -> bool {
    let typed_object = match s.get("type") {
        Some(Value::String(t)) => t == "object",
        None => true,
        Some(_) => false,
    };
    if matches!(s, Value::Bool(_)) {
        return false;
    }
    let composed = ["anyOf", "oneOf", "allOf"]
        .iter()
        .any(|k| s.get(k).is_some() && !constraint_only(s, k));
    let composition_refused = match target {
        Target::OpenAiChat | Target::OpenAiResponses => strict,
        Target::Anthropic | Target::Gemini => true,
        Target::GeminiJsonSchema => false,
    };
    !typed_object || (composed && composition_refused && !mergeable_all_of(s))
}

/// A composition whose branches only list `required` names (`oneOf: [{required: [a]},
/// {required: [b]}]`): it constrains which properties come together, not their shapes, so
/// it can move into the description (and is still checked when the call is decided).
pub(crate) fn constraint_only(s: &Value, key: &str) -> bool {
    match s.get(key) {
        Some(Value::Array(branches)) if !branches.is_empty() => branches.iter().all(|b| {
            matches!(b, Value::Object(m) if !m.is_empty()
                && m.iter().all(|(k, _)| matches!(k.as_str(), "required" | "description" | "title")))
        }),
        _ => false,
    }
}

/// A root or node whose only composition is an `allOf` of plain object schemas that merge.
fn mergeable_all_of(s: &Value) -> bool {
    s.get("anyOf").is_none()
        && s.get("oneOf").is_none()
        && s.get("allOf").is_some_and(|a| merge_all_of(s, a).is_some())
}

/// `allOf` branches of `{type: object, properties, required, description, title}` with no
/// property in two branches, merged into `node`: the same instances are accepted.
pub(crate) fn merge_all_of(node: &Value, all: &Value) -> Option<Value> {
    let mut merged = node.clone();
    tree::remove(&mut merged, "allOf");
    for branch in tree::items(all) {
        if !matches!(branch, Value::Object(_)) {
            return None;
        }
        for (k, v) in tree::members(branch) {
            match k.as_str() {
                "type" if v == &text("object") => tree::set(&mut merged, "type", text("object")),
                "description" | "title" => {}
                "properties" => {
                    for (pk, pv) in tree::members(v) {
                        let props = match tree::get_mut(&mut merged, "properties") {
                            Some(p) => p,
                            None => {
                                tree::set(&mut merged, "properties", Value::Object(Vec::new()));
                                tree::get_mut(&mut merged, "properties")?
                            }
                        };
                        if props.get(pk).is_some() {
                            return None;
                        }
                        tree::set(props, pk, pv.clone());
                    }
                }
                "required" => {
                    let mut req: Vec<Value> = merged
                        .get("required")
                        .map(tree::items)
                        .unwrap_or_default()
                        .to_vec();
                    for r in tree::items(v) {
                        if !req.contains(r) {
                            req.push(r.clone());
                        }
                    }
                    tree::set(&mut merged, "required", Value::Array(req));
                }
                _ => return None,
            }
        }
    }
    if merged.get("additionalProperties").is_some() {
        return None;
    }
    Some(merged)
}

/// Converts `schema` (a tool's `inputSchema`) for `target`.
pub(crate) fn convert(target: Target, strict: bool, schema: &Value) -> Outcome {
    let mut ctx = Ctx {
        target,
        strict,
        root: schema,
        changes: Vec::new(),
        strict_fail: None,
        optional: 0,
        unions: 0,
        inlined: 0,
        inlined_nodes: 0,
        pending: Vec::new(),
    };
    let base = "/inputSchema";
    let mut s = schema.clone();
    if target == Target::Gemini {
        s = gemini::inline_refs(&mut ctx, s, base);
    }
    if let Value::Bool(b) = s {
        ctx.change(
            base,
            "",
            "boolean_schema",
            format!("the inputSchema `{b}` is written as an object schema"),
        );
        s = object([("type", text("object"))]);
    }
    let wrap = needs_wrap(target, strict, &s);
    let mut restore = Restore::default();
    if !wrap {
        if s.get("type").is_none() {
            tree::set(&mut s, "type", text("object"));
            ctx.change(
                base,
                "type",
                "added_type_object",
                "the root of a tool's parameters must be `type: object`".into(),
            );
        }
        s = node(&mut ctx, s, base, 0, true);
    } else {
        ctx.change(base, "", "wrapped_root", format!(
            "{} takes only an object root without anyOf/oneOf/allOf: the arguments go in one property `{WRAP_KEY}`",
            target.name()
        ));
        let inner = node(&mut ctx, s, base, 1, false);
        let mut w = object([
            ("type", text("object")),
            ("properties", object([(WRAP_KEY, inner)])),
            ("required", tree::strings([WRAP_KEY])),
        ]);
        if strict {
            tree::set(&mut w, "additionalProperties", Value::Bool(false));
        }
        s = w;
        restore.wrapped = Some(WRAP_KEY.into());
    }
    for c in &ctx.changes {
        match c.change {
            "optional_made_nullable" => restore.strip_nulls = true,
            "renamed_property" => {
                restore.keys = Some(if target == Target::Gemini {
                    super::KeyRule::Gemini
                } else {
                    super::KeyRule::Anthropic
                })
            }
            "enum_stringified" => restore.enum_strings = true,
            _ => {}
        }
    }
    let strict_ok = match ctx.strict_fail.take() {
        Some(r) => Err(r),
        None => Ok(()),
    };
    Outcome {
        converted: Converted {
            schema: s,
            changes: ctx.changes,
            restore,
            strict: strict && strict_ok.is_ok(),
            optional: ctx.optional,
            unions: ctx.unions,
        },
        strict_ok,
    }
}

/// Converts one subschema and its children.
pub(crate) fn node(ctx: &mut Ctx<'_>, v: Value, path: &str, depth: usize, is_root: bool) -> Value {
    if depth > MAX_DEPTH {
        ctx.change(
            path,
            "",
            "moved_to_description",
            format!("nested deeper than {MAX_DEPTH} levels: left unconstrained"),
        );
        ctx.fail(path, "nesting too deep");
        return object([("description", text("(nested too deeply to describe)"))]);
    }
    let mut v = match v {
        Value::Bool(b) => {
            ctx.change(
                path,
                "",
                "boolean_schema",
                format!("the subschema `{b}` is written as an object schema"),
            );
            if b {
                Value::Object(Vec::new())
            } else {
                object([("not", Value::Object(Vec::new()))])
            }
        }
        Value::Object(_) => v,
        other => return other,
    };
    let outer = core::mem::take(&mut ctx.pending);
    pre(ctx, &mut v, path, is_root);
    children(ctx, &mut v, path, depth);
    post(ctx, &mut v, path, is_root);
    let notes = core::mem::replace(&mut ctx.pending, outer);
    if !notes.is_empty() {
        let joined = notes.join("; ");
        let desc = match tree::str_at(&v, "description") {
            Some(d) if !d.is_empty() => format!("{d} ({joined})"),
            _ => format!("({joined})"),
        };
        tree::set(&mut v, "description", Value::String(desc));
    }
    v
}

fn children(ctx: &mut Ctx<'_>, v: &mut Value, path: &str, depth: usize) {
    let Value::Object(members) = v else { return };
    for (k, child) in members.iter_mut() {
        let at = pointer(path, k);
        if SCHEMA_MAPS.contains(&k.as_str()) {
            if let Value::Object(m) = child {
                for (pk, pv) in m.iter_mut() {
                    let taken = core::mem::replace(pv, Value::Null);
                    *pv = node(ctx, taken, &pointer(&at, pk), depth + 1, false);
                }
            }
        } else if SCHEMA_ONE.contains(&k.as_str()) || SCHEMA_LISTS.contains(&k.as_str()) {
            match child {
                Value::Array(list) => {
                    for (i, item) in list.iter_mut().enumerate() {
                        let taken = core::mem::replace(item, Value::Null);
                        *item = node(
                            ctx,
                            taken,
                            &pointer(&at, &alloc::format!("{i}")),
                            depth + 1,
                            false,
                        );
                    }
                }
                Value::Object(_) | Value::Bool(_)
                    if k != "additionalProperties" || matches!(child, Value::Object(_)) =>
                {
                    let taken = core::mem::replace(child, Value::Null);
                    *child = node(ctx, taken, &at, depth + 1, false);
                }
                _ => {}
            }
        }
    }
}

fn pre(ctx: &mut Ctx<'_>, v: &mut Value, path: &str, is_root: bool) {
    let merge_here = match ctx.target {
        Target::OpenAiChat | Target::OpenAiResponses => ctx.strict,
        Target::Anthropic => is_root,
        Target::Gemini => true,
        Target::GeminiJsonSchema => false,
    };
    if merge_here {
        if let Some(merged) = v.get("allOf").and_then(|a| merge_all_of(v, a)) {
            *v = merged;
            ctx.change(
                path,
                "allOf",
                "merged_all_of",
                "allOf of object schemas merged into one object schema".into(),
            );
        }
    }
    let refuses_constraints = match ctx.target {
        Target::OpenAiChat | Target::OpenAiResponses => ctx.strict,
        Target::Anthropic => ctx.strict || is_root,
        Target::Gemini => true,
        Target::GeminiJsonSchema => false,
    };
    if refuses_constraints {
        for key in ["anyOf", "oneOf", "allOf"] {
            if constraint_only(v, key) {
                let why = format!(
                    "{key} of required-name sets: {} needs typed branches (checked when the call is decided)",
                    ctx.target.name()
                );
                ctx.move_to_description(v, path, key, &why);
            }
        }
    }
    match ctx.target {
        Target::OpenAiChat | Target::OpenAiResponses if ctx.strict => {
            openai::strict_pre(ctx, v, path)
        }
        Target::Anthropic if ctx.strict => anthropic::strict_pre(ctx, v, path),
        Target::Gemini => gemini::pre(ctx, v, path),
        _ => {}
    }
}

fn post(ctx: &mut Ctx<'_>, v: &mut Value, path: &str, is_root: bool) {
    match ctx.target {
        Target::OpenAiChat | Target::OpenAiResponses => openai::post(ctx, v, path, is_root),
        Target::Anthropic => anthropic::post(ctx, v, path, is_root),
        Target::Gemini => gemini::post(ctx, v, path, is_root),
        Target::GeminiJsonSchema => {
            if is_root {
                add_properties(ctx, v, path);
            }
        }
    }
}

/// Whether a node describes objects (`type: object`, or untyped with `properties`).
pub(crate) fn is_object_node(v: &Value) -> bool {
    match v.get("type") {
        Some(Value::String(t)) => t == "object",
        Some(Value::Array(ts)) => ts.contains(&text("object")),
        _ => v.get("properties").is_some(),
    }
}

/// Whether the node's `type` is `t` or a list holding `t`.
pub(crate) fn has_type(v: &Value, t: &str) -> bool {
    match v.get("type") {
        Some(Value::String(s)) => s == t,
        Some(Value::Array(ts)) => ts.iter().any(|x| matches!(x, Value::String(s) if s == t)),
        _ => false,
    }
}

/// Adds `properties: {}` to an object node without it.
pub(crate) fn add_properties(ctx: &mut Ctx<'_>, v: &mut Value, path: &str) {
    if has_type(v, "object") && v.get("properties").is_none() {
        tree::set(v, "properties", Value::Object(Vec::new()));
        ctx.change(
            path,
            "properties",
            "added_properties",
            format!(
                "{} refuses an object schema without `properties`",
                ctx.target.name()
            ),
        );
    }
}

/// Renames the property keys of an object node that the rule refuses (and its `required`).
pub(crate) fn rename_keys(ctx: &mut Ctx<'_>, v: &mut Value, path: &str, rule: super::KeyRule) {
    let Some(props) = v.get("properties") else {
        return;
    };
    let keys: Vec<String> = tree::members(props)
        .iter()
        .map(|(k, _)| k.clone())
        .collect();
    let refs: Vec<&str> = keys.iter().map(String::as_str).collect();
    let map: Vec<(String, String)> = super::keys::key_map(rule, &refs)
        .into_iter()
        .filter(|(o, s)| *o != s.as_str())
        .map(|(o, s)| (String::from(o), s))
        .collect();
    if map.is_empty() {
        return;
    }
    let at = pointer(path, "properties");
    if let Some(Value::Object(m)) = tree::get_mut(v, "properties") {
        for (k, _) in m.iter_mut() {
            if let Some((o, s)) = map.iter().find(|(o, _)| o == k) {
                ctx.change(
                    &at,
                    o,
                    "renamed_property",
                    format!(
                        "{} refuses the property key {o:?}: shown as {s:?}",
                        ctx.target.name()
                    ),
                );
                *k = s.clone();
            }
        }
    }
    if let Some(Value::Array(req)) = tree::get_mut(v, "required") {
        for r in req.iter_mut() {
            if let Value::String(name) = r {
                if let Some((_, s)) = map.iter().find(|(o, _)| o == name) {
                    *name = s.clone();
                }
            }
        }
    }
}
