//! Undoing a conversion on a model's arguments, guided by the tool's original `inputSchema`:
//! the root wrapper taken off, renamed property keys given their names back, `null`s that
//! stand for absent optional properties removed, stringified enum values given their
//! original values back. Only the kinds of change the conversion made are undone.

use super::convert::keys::key_map;
use super::convert::refs::resolve_ref;
use super::convert::{KeyRule, Restore};
use super::tree::{items, members, str_items};
use crate::json::Value;
use alloc::string::String;
use alloc::vec::Vec;

/// Deepest schema/instance nesting restoration follows (deeper parts are left as they are;
/// validation against the original schema judges them).
const MAX_DEPTH: usize = 64;

/// The arguments for the original schema.
pub(crate) fn restore(schema: &Value, how: &Restore, mut args: Value) -> Value {
    if let Some(key) = &how.wrapped {
        args = match args {
            Value::Object(mut m) => match m.iter().position(|(k, _)| k == key) {
                Some(i) if m.len() == 1 => m.remove(i).1,
                _ => Value::Object(m),
            },
            other => other,
        };
    }
    if how.strip_nulls || how.keys.is_some() || how.enum_strings {
        walk(schema, schema, how, &mut args, 0);
    }
    args
}

/// Whether a schema obviously accepts `null` (typed null, a null enum value, a branch that
/// does, or a schema with no constraint on the type).
pub(crate) fn accepts_null(schema: &Value, root: &Value, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    let s = match schema {
        Value::Bool(b) => return *b,
        Value::Object(_) => schema,
        _ => return false,
    };
    if let Some(r) = super::tree::str_at(s, "$ref") {
        return resolve_ref(root, r).is_some_and(|t| accepts_null(t, root, depth + 1));
    }
    match s.get("type") {
        Some(Value::String(t)) if t != "null" => return false,
        Some(Value::Array(ts)) if !ts.iter().any(|t| t == &Value::String("null".into())) => {
            return false
        }
        _ => {}
    }
    if let Some(e) = s.get("enum") {
        return items(e).contains(&Value::Null);
    }
    if let Some(c) = s.get("const") {
        return c == &Value::Null;
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(branches) = s.get(key) {
            return items(branches)
                .iter()
                .any(|b| accepts_null(b, root, depth + 1));
        }
    }
    true
}

fn json_type_fits(schema: &Value, v: &Value) -> bool {
    let name = match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    };
    let ok = |t: &str| t == name || (t == "integer" && name == "number");
    match schema.get("type") {
        Some(Value::String(t)) => ok(t),
        Some(Value::Array(ts)) => ts.iter().any(|t| matches!(t, Value::String(t) if ok(t))),
        _ => true,
    }
}

fn walk(schema: &Value, root: &Value, how: &Restore, v: &mut Value, depth: usize) {
    if depth > MAX_DEPTH || !matches!(schema, Value::Object(_)) {
        return;
    }
    if let Some(target) = super::tree::str_at(schema, "$ref").and_then(|r| resolve_ref(root, r)) {
        walk(target, root, how, v, depth + 1);
    }
    if let Some(all) = schema.get("allOf") {
        for branch in items(all) {
            walk(branch, root, how, v, depth + 1);
        }
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(branches) = schema.get(key) {
            if let Some(b) = items(branches).iter().find(|b| json_type_fits(b, v)) {
                walk(b, root, how, v, depth + 1);
            }
        }
    }
    match v {
        Value::Object(_) => walk_object(schema, root, how, v, depth),
        Value::Array(list) => {
            let prefix = schema.get("prefixItems").map(items).unwrap_or_default();
            for (i, item) in list.iter_mut().enumerate() {
                let s = prefix.get(i).or_else(|| schema.get("items"));
                if let Some(s) = s {
                    walk(s, root, how, item, depth + 1);
                }
            }
        }
        Value::String(text) if how.enum_strings => {
            let choices: Vec<&Value> = match (schema.get("enum"), schema.get("const")) {
                (Some(e), _) => items(e).iter().collect(),
                (None, Some(c)) => alloc::vec![c],
                _ => Vec::new(),
            };
            if let Some(orig) = choices
                .into_iter()
                .find(|c| !matches!(c, Value::String(_)) && &super::convert::enum_text(c) == text)
            {
                *v = orig.clone();
            }
        }
        _ => {}
    }
}

fn walk_object(schema: &Value, root: &Value, how: &Restore, v: &mut Value, depth: usize) {
    let props = schema.get("properties").map(members).unwrap_or_default();
    let Value::Object(m) = v else { return };
    if let Some(rule) = how.keys {
        rename_keys(rule, props, m);
    }
    if how.strip_nulls {
        let required = str_items(schema, "required");
        m.retain(|(k, x)| {
            let Some((_, ps)) = props.iter().find(|(p, _)| p == k) else {
                return true;
            };
            !(matches!(x, Value::Null)
                && !required.contains(&k.as_str())
                && !accepts_null(ps, root, 0))
        });
    }
    for (k, x) in m.iter_mut() {
        match props.iter().find(|(p, _)| p == k) {
            Some((_, ps)) => walk(ps, root, how, x, depth + 1),
            None => {
                if let Some(ap @ Value::Object(_)) = schema.get("additionalProperties") {
                    walk(ap, root, how, x, depth + 1);
                }
            }
        }
    }
}

fn rename_keys(rule: KeyRule, props: &[(String, Value)], m: &mut [(String, Value)]) {
    let names: Vec<&str> = props.iter().map(|(k, _)| k.as_str()).collect();
    for (orig, shown) in key_map(rule, &names) {
        if orig == shown || m.iter().any(|(k, _)| k == orig) {
            continue;
        }
        if let Some((k, _)) = m.iter_mut().find(|(k, _)| *k == shown) {
            *k = orig.into();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Limits;

    fn v(s: &str) -> Value {
        Value::parse(s.as_bytes(), Limits::DEFAULT).unwrap()
    }

    #[test]
    fn nulls_for_absent_optional_properties_are_removed_where_the_original_refuses_null() {
        let schema = v(r##"{"type":"object","required":["a"],"properties":{
            "a":{"type":["string","null"]},"b":{"type":"string"},"c":{"anyOf":[{"type":"string"},{"type":"null"}]},
            "d":{"type":"object","properties":{"e":{"type":"integer"}}},"f":{"$ref":"#/$defs/F"}},
            "$defs":{"F":{"type":"array","items":{"type":"object","properties":{"g":{"type":"string"}}}}}}"##);
        let how = Restore {
            strip_nulls: true,
            ..Restore::default()
        };
        let got = restore(
            &schema,
            &how,
            v(r#"{"a":null,"b":null,"c":null,"d":{"e":null},"f":[{"g":null},{"g":"x"}]}"#),
        );
        assert_eq!(got, v(r#"{"a":null,"c":null,"d":{},"f":[{},{"g":"x"}]}"#));
        // Not asked for: nothing is removed.
        let got = restore(&schema, &Restore::default(), v(r#"{"b":null}"#));
        assert_eq!(got, v(r#"{"b":null}"#));
    }

    #[test]
    fn wrapped_roots_renamed_keys_and_stringified_enums_are_undone() {
        let schema = v(
            r#"{"anyOf":[{"type":"object","properties":{"user name":{"enum":[1,2,true]},"9x":{"type":"string"}}}]}"#,
        );
        let how = Restore {
            wrapped: Some("input".into()),
            keys: Some(KeyRule::Gemini),
            enum_strings: true,
            ..Restore::default()
        };
        let got = restore(
            &schema,
            &how,
            v(r#"{"input":{"user_name":"true","_9x":"y"}}"#),
        );
        assert_eq!(got, v(r#"{"user name":true,"9x":"y"}"#));
        // A wrapper with other members beside it is left for validation to judge.
        let got = restore(&schema, &how, v(r#"{"input":{},"other":1}"#));
        assert_eq!(got, v(r#"{"input":{},"other":1}"#));
    }

    #[test]
    fn refs_resolve_as_json_pointers() {
        let root = v(r##"{"$defs":{"a/b":{"x":1},"l":[{"y":2}]}}"##);
        assert_eq!(resolve_ref(&root, "#/$defs/a~1b"), Some(&v(r#"{"x":1}"#)));
        assert_eq!(resolve_ref(&root, "#/$defs/l/0/y"), Some(&v("2")));
        assert_eq!(resolve_ref(&root, "#"), Some(&root));
        assert_eq!(resolve_ref(&root, "#/nope"), None);
        assert_eq!(resolve_ref(&root, "other.json#/a"), None);
    }
}
