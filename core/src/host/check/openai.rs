//! OpenAI's rules for one schema node (`providers.md` §1a).

use super::Violation;
use crate::host::convert::openai::{
    enum_over_limits, is_typed, is_value_schema, STRICT_FORMATS, STRICT_KEYWORDS,
};
use crate::host::tree::{self, pointer, text};
use crate::json::Value;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

fn add(out: &mut Vec<Violation>, code: &'static str, path: String, message: String) {
    out.push(Violation {
        code,
        path,
        message,
    });
}

/// Non-strict: objects need `properties`, arrays `items`. Strict: the keyword subset,
/// `additionalProperties: false` and every property required on every object, known formats.
pub(crate) fn node(out: &mut Vec<Violation>, strict: bool, v: &Value, path: &str) {
    let ty = v.get("type");
    let has_type = |t: &str| match ty {
        Some(Value::String(s)) => s == t,
        Some(Value::Array(ts)) => ts.contains(&text(t)),
        _ => false,
    };
    if is_value_schema(path) && !is_typed(v) {
        add(out, "type_missing", path.into(), "a property or item schema without a type is refused (\"schema must have a 'type' key\")".into());
    }
    if has_type("object") && v.get("properties").is_none() {
        add(
            out,
            "properties_missing",
            path.into(),
            "an object schema without properties is refused".into(),
        );
    }
    if has_type("array") && v.get("items").is_none() {
        add(
            out,
            "items_missing",
            path.into(),
            "an array schema without items is refused".into(),
        );
    }
    if !strict {
        return;
    }
    for (k, _) in tree::members(v) {
        if !STRICT_KEYWORDS.contains(&k.as_str()) {
            add(
                out,
                "keyword_unsupported",
                pointer(path, k),
                format!("strict mode does not take {k}"),
            );
        }
    }
    if let Some(why) = enum_over_limits(v) {
        add(
            out,
            "enum_too_long",
            pointer(path, "enum"),
            format!("strict mode refuses {why}"),
        );
    }
    if path.matches("/properties/").count() > 10 {
        add(
            out,
            "too_deep",
            path.into(),
            "strict mode takes at most 10 levels of nesting".into(),
        );
    }
    if let Some(Value::String(f)) = v.get("format") {
        if !STRICT_FORMATS.contains(&f.as_str()) {
            add(
                out,
                "format_unsupported",
                pointer(path, "format"),
                format!("strict mode does not take format {f:?}"),
            );
        }
    }
    if has_type("object") || v.get("properties").is_some() {
        if v.get("additionalProperties") != Some(&Value::Bool(false)) {
            add(
                out,
                "additional_properties_not_false",
                path.into(),
                "strict mode needs additionalProperties: false".into(),
            );
        }
        let required = tree::str_items(v, "required");
        for (k, _) in v.get("properties").map(tree::members).unwrap_or_default() {
            if !required.contains(&k.as_str()) {
                add(
                    out,
                    "required_incomplete",
                    pointer(&pointer(path, "properties"), k),
                    format!("strict mode needs {k:?} in required"),
                );
            }
        }
    }
}
