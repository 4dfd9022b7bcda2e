//! OpenAI Chat Completions and Responses function tools.
//!
//! Non-strict: every object schema gets `properties` and every array schema `items` (both
//! refused when missing even without strict: kagent #1888, ruflo #1294). Strict (the
//! documented subset): `additionalProperties: false` on every object, every property in
//! `required`, an optional property made a union with `null`; `oneOf` becomes `anyOf`,
//! `const` a one-value `enum`; keywords outside the subset move into the description. A tool
//! that cannot be made strict without accepting less (an object open to other members, a
//! value of any type, `patternProperties`, nesting past 10 objects, more than 1,000 enum
//! values) goes out with `strict: false`.

use super::refs::{refs_under, resolve_ref};
use super::walk::{add_properties, has_type, is_object_node, Ctx};
use crate::host::tree::{self, object, text};
use crate::json::Value;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// Keywords strict mode takes (besides `const`, turned into `enum` first).
pub(crate) const STRICT_KEYWORDS: [&str; 21] = [
    "type",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "enum",
    "anyOf",
    "description",
    "title",
    "$ref",
    "$defs",
    "definitions",
    "pattern",
    "format",
    "multipleOf",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "minItems",
    "maxItems",
];

/// String formats strict mode takes (no `uri`: chatlas PR #255).
pub(crate) const STRICT_FORMATS: [&str; 9] = [
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "uuid",
];

/// `{"type":"function","function":{name, description?, parameters, strict?}}`.
pub(crate) fn chat_tool(mut decl: Value, schema: Value, strict: bool) -> Value {
    tree::set(&mut decl, "parameters", schema);
    if strict {
        tree::set(&mut decl, "strict", Value::Bool(true));
    }
    object([("type", text("function")), ("function", decl)])
}

/// `{"type":"function", name, description?, parameters, strict}` (`strict` always written:
/// Responses defaults to strict).
pub(crate) fn responses_tool(decl: Value, schema: Value, strict: bool) -> Value {
    let mut out = object([("type", text("function"))]);
    if let Value::Object(m) = decl {
        for (k, v) in m {
            tree::set(&mut out, &k, v);
        }
    }
    tree::set(&mut out, "parameters", schema);
    tree::set(&mut out, "strict", Value::Bool(strict));
    out
}

pub(crate) fn strict_pre(ctx: &mut Ctx<'_>, v: &mut Value, path: &str) {
    inline_ref_with_siblings(ctx, v, path);
    if let Some(one) = tree::remove(v, "oneOf") {
        match tree::get_mut(v, "anyOf") {
            None => tree::set(v, "anyOf", one),
            Some(_) => {
                tree::set(v, "oneOf", one);
                ctx.fail(path, "oneOf beside anyOf");
                return;
            }
        }
        ctx.change(
            path,
            "oneOf",
            "one_of_to_any_of",
            "strict mode takes anyOf, not oneOf (the arguments are still checked against oneOf)"
                .into(),
        );
    }
    if let Some(c) = tree::remove(v, "const") {
        tree::set(v, "enum", Value::Array(alloc::vec![c]));
        ctx.change(
            path,
            "const",
            "const_to_enum",
            "written as a one-value enum".into(),
        );
    }
    if v.get("allOf").is_some() {
        ctx.fail(path, "allOf that does not merge");
    }
    if v.get("patternProperties").is_some() {
        ctx.fail(path, "patternProperties");
    }
    if let Some(why) = enum_over_limits(v) {
        ctx.fail(path, why);
    }
    if let Some(Value::String(f)) = v.get("format") {
        if !STRICT_FORMATS.contains(&f.as_str()) {
            let why = format!("format {f:?} is not one strict mode takes");
            ctx.move_to_description(v, path, "format", &why);
        }
    }
}

/// A `$ref` beside other keywords is replaced by what it points to, the other keywords on top
/// (as the Agents SDK does for strict schemas), when that target has no `$ref` of its own.
fn inline_ref_with_siblings(ctx: &mut Ctx<'_>, v: &mut Value, path: &str) {
    let Some(r) = tree::str_at(v, "$ref").map(String::from) else {
        return;
    };
    if tree::members(v).len() < 2 {
        return;
    }
    let Some(target @ Value::Object(_)) = resolve_ref(ctx.root, &r) else {
        return;
    };
    let mut inner = Vec::new();
    refs_under(target, &mut inner, 0);
    if !inner.is_empty() {
        return;
    }
    let mut merged = target.clone();
    tree::remove(v, "$ref");
    for (k, x) in tree::members(v) {
        tree::set(&mut merged, k, x.clone());
    }
    *v = merged;
    ctx.change(
        path,
        "$ref",
        "inlined_ref",
        format!("{r} is inlined: strict mode takes no keywords beside $ref"),
    );
}

/// Strict mode's enum limits: 1,000 values; a string enum of more than 250 values at most
/// 15,000 characters in all.
pub(crate) fn enum_over_limits(v: &Value) -> Option<&'static str> {
    let values = tree::items(v.get("enum").unwrap_or(&Value::Null));
    if values.len() > 1000 {
        return Some("more than 1,000 enum values");
    }
    let chars: usize = values
        .iter()
        .map(|x| match x {
            Value::String(s) => s.chars().count(),
            _ => 0,
        })
        .sum();
    (values.len() > 250 && chars > 15_000)
        .then_some("a string enum of more than 250 values over 15,000 characters")
}

/// Whether `path` is a property's or an array's item schema (where OpenAI needs a type).
pub(crate) fn is_value_schema(path: &str) -> bool {
    let mut segments = path.rsplit('/');
    let last = segments.next().unwrap_or("");
    last == "items" || segments.next() == Some("properties")
}

/// Whether a schema says what type its values have (directly or through its branches).
pub(crate) fn is_typed(v: &Value) -> bool {
    ["type", "anyOf", "oneOf", "allOf", "$ref", "enum", "const"]
        .iter()
        .any(|k| v.get(k).is_some())
}

/// The item schema of an array that may hold anything but arrays.
fn any_item() -> Value {
    object([
        (
            "type",
            tree::strings(["string", "number", "boolean", "object", "null"]),
        ),
        ("properties", Value::Object(Vec::new())),
    ])
}

/// Gives a schema of any type every JSON type.
fn type_any(v: &mut Value) {
    tree::set(
        v,
        "type",
        tree::strings(["string", "number", "boolean", "object", "array", "null"]),
    );
    if v.get("properties").is_none() {
        tree::set(v, "properties", Value::Object(Vec::new()));
    }
    if v.get("items").is_none() {
        tree::set(v, "items", any_item());
    }
}

/// Object nesting of `path` (counted from `properties`/`items` steps).
fn object_depth(path: &str) -> usize {
    path.matches("/properties/").count()
}

pub(crate) fn post(ctx: &mut Ctx<'_>, v: &mut Value, path: &str, is_root: bool) {
    let object_like = is_object_node(v);
    if !ctx.strict {
        if !is_root && is_value_schema(path) && !is_typed(v) {
            type_any(v);
            ctx.change(path, "type", "typed_any", "a schema without a type is refused: every JSON type is listed instead (arrays in it hold no arrays)".into());
        }
        add_properties(ctx, v, path);
        if has_type(v, "array") && v.get("items").is_none() {
            tree::set(v, "items", any_item());
            ctx.change(
                path,
                "items",
                "added_items",
                "an array schema without `items` is refused".into(),
            );
        }
        return;
    }
    ctx.restrict(
        v,
        path,
        &STRICT_KEYWORDS,
        "is not in strict mode's keyword set",
    );
    if object_like {
        strict_object(ctx, v, path, is_root);
    } else if has_type(v, "array") && v.get("items").is_none() {
        ctx.fail(path, "an array without items");
    }
    let typed = ["type", "enum", "anyOf", "$ref"]
        .iter()
        .any(|k| v.get(k).is_some());
    if !typed && !is_root {
        ctx.fail(path, "a value of any type");
    }
    if object_depth(path) > 10 {
        ctx.fail(path, "more than 10 levels of nesting");
    }
}

fn strict_object(ctx: &mut Ctx<'_>, v: &mut Value, path: &str, is_root: bool) {
    match v.get("additionalProperties") {
        Some(Value::Bool(false)) => {}
        Some(_) => ctx.fail(
            path,
            "an object that takes other members (additionalProperties)",
        ),
        None if v.get("properties").is_none() && !is_root => {
            ctx.fail(path, "an object of any members")
        }
        None => {
            tree::set(v, "additionalProperties", Value::Bool(false));
            ctx.change(
                path,
                "additionalProperties",
                "additional_properties_false",
                "strict mode needs additionalProperties: false on every object".into(),
            );
        }
    }
    if v.get("type").is_none() {
        tree::set(v, "type", text("object"));
    }
    add_properties(ctx, v, path);
    let keys: Vec<String> = v
        .get("properties")
        .map(tree::members)
        .unwrap_or_default()
        .iter()
        .map(|(k, _)| k.clone())
        .collect();
    let required: Vec<String> = tree::str_items(v, "required")
        .into_iter()
        .map(String::from)
        .collect();
    let props_at = tree::pointer(path, "properties");
    for k in &keys {
        if required.contains(k) {
            continue;
        }
        if let Some(p) = tree::get_mut(v, "properties").and_then(|ps| tree::get_mut(ps, k)) {
            if !is_plain_nullable(p) {
                make_nullable(p);
                ctx.change(&props_at, k, "optional_made_nullable", "optional: strict mode lists every property in required, so null stands for absent".into());
            }
        }
    }
    if !keys.is_empty() {
        if required.len() != keys.len() {
            ctx.change(
                path,
                "required",
                "made_required",
                "strict mode lists every property in required".into(),
            );
        }
        tree::set(
            v,
            "required",
            tree::strings(keys.iter().map(String::as_str)),
        );
    }
}

/// A schema whose own `type`/`enum`/`anyOf` already names null (so the model can send it).
fn is_plain_nullable(p: &Value) -> bool {
    match p.get("type") {
        Some(Value::String(t)) => t == "null",
        Some(Value::Array(ts)) => ts.contains(&text("null")),
        _ => {
            tree::items(p.get("enum").unwrap_or(&Value::Null)).contains(&Value::Null)
                || tree::items(p.get("anyOf").unwrap_or(&Value::Null))
                    .iter()
                    .any(|b| b.get("type") == Some(&text("null")))
        }
    }
}

/// Makes a property schema also accept `null`: `type` gains `"null"` (and `enum` gains
/// `null`), `anyOf` gains `{"type":"null"}`, anything else is wrapped in an `anyOf`.
fn make_nullable(p: &mut Value) {
    match p.get("type").cloned() {
        Some(Value::String(t)) => {
            tree::set(p, "type", tree::strings([t.as_str(), "null"]));
        }
        Some(Value::Array(mut ts)) => {
            ts.push(text("null"));
            tree::set(p, "type", Value::Array(ts));
        }
        _ => {
            if let Some(Value::Array(branches)) = tree::get_mut(p, "anyOf") {
                branches.push(object([("type", text("null"))]));
                return;
            }
            let inner = core::mem::replace(p, Value::Null);
            *p = object([(
                "anyOf",
                Value::Array(alloc::vec![inner, object([("type", text("null"))])]),
            )]);
            return;
        }
    }
    if let Some(Value::Array(e)) = tree::get_mut(p, "enum") {
        if !e.contains(&Value::Null) {
            e.push(Value::Null);
        }
    }
}
