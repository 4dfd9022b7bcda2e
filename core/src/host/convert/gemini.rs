//! Gemini `functionDeclarations`: `parameters` (the OpenAPI 3.0 subset) and
//! `parametersJsonSchema`.
//!
//! `parameters`: local `$ref`s inlined (a reference back into itself is cut after one
//! level; at most 256 references and 50,000 copied values are inlined per tool; each cut is
//! reported), one `type`
//! per schema (`["string","null"]` becomes `string` with `nullable: true`, several types an
//! `anyOf`), enums of strings only (other values written as their JSON text with `format:
//! "enum"`, given back by `decide`), `const` a one-value enum, `oneOf` an `anyOf`, no `type`
//! beside `anyOf`, string formats `enum` and `date-time` only, property keys
//! `^[a-zA-Z_][a-zA-Z0-9_]{0,63}$`, and every keyword outside the subset (`additionalProperties`,
//! `exclusiveMinimum`, `default`, `$schema`, `patternProperties`, …) moved into the
//! description. A tool with no parameters has no `parameters` member (an empty object schema
//! is refused: litellm #18442).
//!
//! `parametersJsonSchema` takes JSON Schema: only the root is made an object.

use super::refs::resolve_ref;
use super::walk::{merge_all_of, rename_keys, Ctx, SCHEMA_LISTS, SCHEMA_MAPS, SCHEMA_ONE};
use super::{enum_text, Change, KeyRule};
use crate::host::tree::{self, object, pointer, text};
use crate::json::Value;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// Keywords of the OpenAPI `Schema` subset `parameters` takes.
pub(crate) const KEYWORDS: [&str; 21] = [
    "type",
    "format",
    "description",
    "nullable",
    "enum",
    "items",
    "properties",
    "required",
    "propertyOrdering",
    "minItems",
    "maxItems",
    "minLength",
    "maxLength",
    "minimum",
    "maximum",
    "minProperties",
    "maxProperties",
    "pattern",
    "anyOf",
    "example",
    "title",
];

/// The single types `parameters` takes.
pub(crate) const TYPES: [&str; 6] = ["string", "number", "integer", "boolean", "array", "object"];

/// Most `$ref`s inlined per tool.
const MAX_INLINED: usize = 256;
/// Most JSON values copied by inlining per tool.
const MAX_INLINED_NODES: usize = 50_000;

/// The number of JSON values in `v`, counting no further than `cap`.
fn count_nodes(v: &Value, cap: usize) -> usize {
    let mut n = 0;
    let mut todo = alloc::vec![v];
    while let Some(x) = todo.pop() {
        n += 1;
        if n > cap {
            break;
        }
        match x {
            Value::Object(m) => todo.extend(m.iter().map(|(_, y)| y)),
            Value::Array(a) => todo.extend(a.iter()),
            _ => {}
        }
    }
    n
}

/// `{name, description?, parameters?}`.
pub(crate) fn declaration(mut decl: Value, schema: Value, changes: &mut Vec<Change>) -> Value {
    let empty = schema
        .get("properties")
        .is_none_or(|p| tree::members(p).is_empty());
    if empty {
        changes.push(Change {
            path: "/inputSchema".into(),
            change: "parameters_omitted",
            reason: "the tool takes no parameters; Gemini refuses an empty object schema".into(),
        });
    } else {
        tree::set(&mut decl, "parameters", schema);
    }
    decl
}

/// Replaces every local `$ref` by what it points to.
pub(crate) fn inline_refs(ctx: &mut Ctx<'_>, v: Value, path: &str) -> Value {
    let mut stack = Vec::new();
    let mut out = inline(ctx, v, path, &mut stack, 0);
    for k in ["$defs", "definitions"] {
        if tree::remove(&mut out, k).is_some() {
            ctx.change(
                path,
                k,
                "inlined_ref",
                "the definitions are inlined where they are used".into(),
            );
        }
    }
    out
}

fn cut(ctx: &mut Ctx<'_>, target: Option<&Value>, path: &str, r: &str, why: &str) -> Value {
    ctx.change(path, "$ref", "recursion_cut", format!("{r}: {why}"));
    let mut v = object([(
        "description",
        Value::String(format!("(left out: {why}, {r})")),
    )]);
    if let Some(Value::String(t)) = target.and_then(|t| t.get("type")) {
        tree::set(&mut v, "type", text(t));
    }
    v
}

fn inline(ctx: &mut Ctx<'_>, v: Value, path: &str, stack: &mut Vec<String>, depth: usize) -> Value {
    if depth > 48 {
        return v;
    }
    let Value::Object(_) = v else { return v };
    let mut v = v;
    if let Some(r) = tree::str_at(&v, "$ref").map(String::from) {
        let root = ctx.root;
        let target = resolve_ref(root, &r);
        tree::remove(&mut v, "$ref");
        let Some(target) = target else {
            ctx.change(
                path,
                "$ref",
                "moved_to_description",
                format!("{r} does not resolve in the schema"),
            );
            return v;
        };
        if stack.contains(&r) {
            return cut(ctx, Some(target), path, &r, "a recursive reference");
        }
        let size = count_nodes(target, MAX_INLINED_NODES);
        if ctx.inlined >= MAX_INLINED || ctx.inlined_nodes + size > MAX_INLINED_NODES {
            return cut(ctx, Some(target), path, &r, "too much to inline");
        }
        ctx.inlined += 1;
        ctx.inlined_nodes += size;
        ctx.change(
            path,
            "$ref",
            "inlined_ref",
            format!("{r} is inlined (Gemini's parameters take no $ref)"),
        );
        let mut merged = target.clone();
        if let Value::Object(m) = v {
            for (k, x) in m {
                tree::set(&mut merged, &k, x);
            }
        }
        for k in ["$defs", "definitions"] {
            tree::remove(&mut merged, k);
        }
        stack.push(r);
        let out = inline(ctx, merged, path, stack, depth + 1);
        stack.pop();
        return out;
    }
    if let Value::Object(members) = &mut v {
        for (k, child) in members.iter_mut() {
            let at = pointer(path, k);
            if SCHEMA_MAPS.contains(&k.as_str()) && k != "$defs" && k != "definitions" {
                if let Value::Object(m) = child {
                    for (pk, pv) in m.iter_mut() {
                        let taken = core::mem::replace(pv, Value::Null);
                        *pv = inline(ctx, taken, &pointer(&at, pk), stack, depth + 1);
                    }
                }
            } else if SCHEMA_ONE.contains(&k.as_str()) || SCHEMA_LISTS.contains(&k.as_str()) {
                match child {
                    Value::Array(list) => {
                        for (i, item) in list.iter_mut().enumerate() {
                            let taken = core::mem::replace(item, Value::Null);
                            *item = inline(
                                ctx,
                                taken,
                                &pointer(&at, &format!("{i}")),
                                stack,
                                depth + 1,
                            );
                        }
                    }
                    Value::Object(_) => {
                        let taken = core::mem::replace(child, Value::Null);
                        *child = inline(ctx, taken, &at, stack, depth + 1);
                    }
                    _ => {}
                }
            }
        }
    }
    v
}

pub(crate) fn pre(ctx: &mut Ctx<'_>, v: &mut Value, path: &str) {
    // OpenAPI's `nullable` is no JSON Schema keyword: the original does not accept null, so
    // it is not shown (the `nullable` written below comes from the schema's own types).
    if tree::remove(v, "nullable").is_some() {
        ctx.change(
            path,
            "nullable",
            "removed_annotation",
            "nullable is not JSON Schema: the tool's schema does not accept null here".into(),
        );
    }
    if let Some(all) = v.get("allOf") {
        if merge_all_of(v, all).is_none() {
            ctx.move_to_description(v, path, "allOf", "allOf is not in Gemini's schema subset");
        }
    }
    if let Some(one) = tree::remove(v, "oneOf") {
        if v.get("anyOf").is_none() {
            tree::set(v, "anyOf", one);
            ctx.change(
                path,
                "oneOf",
                "one_of_to_any_of",
                "Gemini takes anyOf, not oneOf (the arguments are still checked against oneOf)"
                    .into(),
            );
        } else {
            tree::set(v, "oneOf", one);
            ctx.move_to_description(v, path, "oneOf", "oneOf is not in Gemini's schema subset");
        }
    }
    if let Some(c) = tree::remove(v, "const") {
        tree::set(v, "enum", Value::Array(alloc::vec![c]));
        ctx.change(
            path,
            "const",
            "const_to_enum",
            "Gemini takes no const: written as a one-value enum".into(),
        );
    }
    types(ctx, v, path);
    enums(ctx, v, path);
    null_branches(ctx, v, path);
    if v.get("anyOf").is_some() && v.get("type").is_some() {
        tree::remove(v, "type");
        ctx.change(
            path,
            "type",
            "removed_type_beside_any_of",
            "Gemini refuses type beside anyOf".into(),
        );
    }
    if let Some(Value::String(f)) = v.get("format") {
        let ok = match v.get("type") {
            Some(Value::String(t)) if t == "string" => f == "enum" || f == "date-time",
            Some(Value::String(t)) if t == "integer" || t == "number" => {
                matches!(f.as_str(), "int32" | "int64" | "float" | "double")
            }
            _ => false,
        };
        if !ok {
            let why = format!("format {f:?} is not one Gemini takes here");
            ctx.move_to_description(v, path, "format", &why);
        }
    }
}

/// One `type` per schema: `null` becomes `nullable`, several types an `anyOf`.
fn types(ctx: &mut Ctx<'_>, v: &mut Value, path: &str) {
    let list: Vec<String> = match v.get("type") {
        Some(Value::Array(ts)) => ts
            .iter()
            .filter_map(|t| match t {
                Value::String(s) => Some(s.clone()),
                _ => None,
            })
            .collect(),
        Some(Value::String(t)) if t == "null" => alloc::vec![t.clone()],
        _ => return,
    };
    let nullable = list.iter().any(|t| t == "null");
    let rest: Vec<&String> = list.iter().filter(|t| *t != "null").collect();
    tree::remove(v, "type");
    if nullable {
        tree::set(v, "nullable", Value::Bool(true));
    }
    match rest.as_slice() {
        [] => ctx.change(
            path,
            "type",
            "type_array_to_nullable",
            "Gemini has no null type: written as nullable".into(),
        ),
        [one] => {
            tree::set(v, "type", text(one));
            ctx.change(
                path,
                "type",
                "type_array_to_nullable",
                "Gemini takes one type per schema, with nullable".into(),
            );
        }
        many if v.get("anyOf").is_none() => {
            let branches = many.iter().map(|t| object([("type", text(t))])).collect();
            tree::set(v, "anyOf", Value::Array(branches));
            ctx.change(
                path,
                "type",
                "type_array_to_any_of",
                "Gemini takes one type per schema: several types become anyOf".into(),
            );
        }
        _ => ctx.change(
            path,
            "type",
            "type_array_to_any_of",
            "Gemini takes one type per schema: the types beside anyOf are left to anyOf".into(),
        ),
    }
}

/// `anyOf` branches `{type: "null"}` become `nullable: true`; one branch left is merged into
/// the schema.
fn null_branches(ctx: &mut Ctx<'_>, v: &mut Value, path: &str) {
    let is_null = |b: &Value| matches!(b, Value::Object(m) if m.len() == 1 && b.get("type") == Some(&text("null")));
    let Some(Value::Array(branches)) = tree::get_mut(v, "anyOf") else {
        return;
    };
    if !branches.iter().any(is_null) {
        return;
    }
    branches.retain(|b| !is_null(b));
    let rest = core::mem::take(branches);
    tree::set(v, "nullable", Value::Bool(true));
    match rest.len() {
        0 => {
            tree::remove(v, "anyOf");
        }
        1 if rest[0].get("anyOf").is_none()
            && tree::members(&rest[0])
                .iter()
                .all(|(k, _)| v.get(k).is_none() || k == "description") =>
        {
            tree::remove(v, "anyOf");
            for (k, x) in tree::members(&rest[0]) {
                if v.get(k).is_none() {
                    tree::set(v, k, x.clone());
                }
            }
        }
        _ => tree::set(v, "anyOf", Value::Array(rest)),
    }
    ctx.change(
        path,
        "anyOf",
        "any_of_null_to_nullable",
        "Gemini has no null type: the null branch is written as nullable".into(),
    );
}

/// Enums of strings only; `null` in an enum becomes `nullable`.
fn enums(ctx: &mut Ctx<'_>, v: &mut Value, path: &str) {
    let Some(Value::Array(values)) = v.get("enum") else {
        return;
    };
    if values.iter().all(|x| matches!(x, Value::String(_))) {
        if v.get("type").is_none() && v.get("anyOf").is_none() {
            tree::set(v, "type", text("string"));
        }
        return;
    }
    let nullable = values.contains(&Value::Null);
    let texts: Vec<Value> = values
        .iter()
        .filter(|x| !matches!(x, Value::Null))
        .map(|x| Value::String(enum_text(x)))
        .collect();
    tree::set(v, "enum", Value::Array(texts));
    tree::set(v, "type", text("string"));
    tree::set(v, "format", text("enum"));
    if nullable {
        tree::set(v, "nullable", Value::Bool(true));
    }
    ctx.change(path, "enum", "enum_stringified", "Gemini takes string enums only: values written as their JSON text (decide gives the original values back)".into());
}

pub(crate) fn post(ctx: &mut Ctx<'_>, v: &mut Value, path: &str, is_root: bool) {
    if let Some(ap) = v.get("additionalProperties") {
        let why = match ap {
            Value::Bool(false) => {
                "Gemini takes no additionalProperties (no other members are allowed)"
            }
            _ => "Gemini takes no additionalProperties",
        };
        ctx.move_to_description(v, path, "additionalProperties", why);
    }
    for k in [
        "exclusiveMinimum",
        "exclusiveMaximum",
        "default",
        "multipleOf",
        "uniqueItems",
    ] {
        if v.get(k).is_some() {
            ctx.move_to_description(v, path, k, &format!("{k} is not in Gemini's schema subset"));
        }
    }
    ctx.restrict(v, path, &KEYWORDS, "is not in Gemini's schema subset");
    if let Some(Value::String(t)) = v.get("type") {
        if !TYPES.contains(&t.as_str()) {
            let why = format!("type {t:?} is not one Gemini takes");
            ctx.move_to_description(v, path, "type", &why);
        }
    }
    rename_keys(ctx, v, path, KeyRule::Gemini);
    drop_unknown_required(ctx, v, path);
    if is_root && v.get("type").is_none() {
        tree::set(v, "type", text("object"));
    }
}

/// `required` names with no property are dropped (Gemini refuses them).
fn drop_unknown_required(ctx: &mut Ctx<'_>, v: &mut Value, path: &str) {
    let props: Vec<String> = v
        .get("properties")
        .map(tree::members)
        .unwrap_or_default()
        .iter()
        .map(|(k, _)| k.clone())
        .collect();
    let Some(Value::Array(req)) = tree::get_mut(v, "required") else {
        return;
    };
    let before = req.len();
    req.retain(|r| matches!(r, Value::String(s) if props.contains(s)));
    if req.len() != before {
        ctx.change(
            path,
            "required",
            "dropped_required",
            "required names with no property are refused".into(),
        );
    }
    if req.is_empty() {
        tree::remove(v, "required");
    }
}
