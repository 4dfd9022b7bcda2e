//! Gemini `parameters` rules for one schema node (`providers.md` §1c).

use super::{bad_keys, Violation};
use crate::host::convert::gemini::{KEYWORDS, TYPES};
use crate::host::convert::keys::KeyRule;
use crate::host::tree::{self, pointer};
use crate::json::Value;
use alloc::format;
use alloc::vec::Vec;

/// The OpenAPI subset: its keywords, one type, string enums, no type beside anyOf,
/// parameter names, formats, `required` naming properties.
pub(crate) fn node(out: &mut Vec<Violation>, v: &Value, path: &str) {
    let mut add = |code, p: alloc::string::String, message: alloc::string::String| {
        out.push(Violation {
            code,
            path: p,
            message,
        })
    };
    for (k, _) in tree::members(v) {
        if !KEYWORDS.contains(&k.as_str()) {
            add(
                "keyword_unsupported",
                pointer(path, k),
                format!("Gemini's parameters do not take {k}"),
            );
        }
    }
    match v.get("type") {
        None => {}
        Some(Value::String(t)) if TYPES.contains(&t.as_str()) => {}
        Some(t) => add(
            "type_not_single",
            pointer(path, "type"),
            format!(
                "one type of {TYPES:?} expected, got {}",
                crate::host::tree::json_text(t)
            ),
        ),
    }
    if let Some(e) = v.get("enum") {
        if !tree::items(e).iter().all(|x| matches!(x, Value::String(_)))
            || !matches!(e, Value::Array(_))
        {
            add(
                "enum_not_string",
                pointer(path, "enum"),
                "Gemini takes enums of strings only".into(),
            );
        }
    }
    if v.get("type").is_some() && v.get("anyOf").is_some() {
        add(
            "type_beside_any_of",
            path.into(),
            "type and anyOf cannot be both populated".into(),
        );
    }
    if let (Some(Value::String(f)), Some(Value::String(t))) = (v.get("format"), v.get("type")) {
        let ok = match t.as_str() {
            "string" => f == "enum" || f == "date-time",
            "integer" | "number" => matches!(f.as_str(), "int32" | "int64" | "float" | "double"),
            _ => false,
        };
        if !ok {
            add(
                "format_unsupported",
                pointer(path, "format"),
                format!("format {f:?} is not taken for {t}"),
            );
        }
    }
    let props: Vec<&str> = v
        .get("properties")
        .map(tree::members)
        .unwrap_or_default()
        .iter()
        .map(|(k, _)| k.as_str())
        .collect();
    for r in tree::str_items(v, "required") {
        if !props.contains(&r) {
            add(
                "required_unknown",
                pointer(path, "required"),
                format!("{r:?} is required but is not a property"),
            );
        }
    }
    bad_keys(out, KeyRule::Gemini, "property_key_invalid", v, path);
}
