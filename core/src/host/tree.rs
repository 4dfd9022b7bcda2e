//! Small helpers for building and editing [`Value`] trees (objects keep member order).

use crate::json::Value;
use alloc::string::String;
use alloc::vec::Vec;

/// A string value.
pub(crate) fn text(s: &str) -> Value {
    Value::String(s.into())
}

/// An object from its members, in order.
pub(crate) fn object<const N: usize>(members: [(&str, Value); N]) -> Value {
    Value::Object(members.into_iter().map(|(k, v)| (k.into(), v)).collect())
}

/// The members of an object (empty for anything else).
pub(crate) fn members(v: &Value) -> &[(String, Value)] {
    match v {
        Value::Object(m) => m,
        _ => &[],
    }
}

/// The items of an array (empty for anything else).
pub(crate) fn items(v: &Value) -> &[Value] {
    match v {
        Value::Array(a) => a,
        _ => &[],
    }
}

/// The string member `key`.
pub(crate) fn str_at<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    match v.get(key) {
        Some(Value::String(s)) => Some(s),
        _ => None,
    }
}

/// The boolean member `key`.
pub(crate) fn bool_at(v: &Value, key: &str) -> Option<bool> {
    match v.get(key) {
        Some(Value::Bool(b)) => Some(*b),
        _ => None,
    }
}

/// The member `key` of an object, mutably.
pub(crate) fn get_mut<'a>(v: &'a mut Value, key: &str) -> Option<&'a mut Value> {
    match v {
        Value::Object(m) => m.iter_mut().find(|(k, _)| k == key).map(|(_, v)| v),
        _ => None,
    }
}

/// Sets member `key` of an object (replacing it in place, or appending it).
pub(crate) fn set(v: &mut Value, key: &str, value: Value) {
    if let Value::Object(m) = v {
        match m.iter_mut().find(|(k, _)| k == key) {
            Some((_, slot)) => *slot = value,
            None => m.push((key.into(), value)),
        }
    }
}

/// Removes member `key` of an object.
pub(crate) fn remove(v: &mut Value, key: &str) -> Option<Value> {
    match v {
        Value::Object(m) => {
            let i = m.iter().position(|(k, _)| k == key)?;
            Some(m.remove(i).1)
        }
        _ => None,
    }
}

/// The compact JSON text of a value (the canonical writer's output).
pub(crate) fn json_text(v: &Value) -> String {
    String::from_utf8(v.to_vec()).unwrap_or_default()
}

/// An array of strings.
pub(crate) fn strings<'a>(it: impl IntoIterator<Item = &'a str>) -> Value {
    Value::Array(it.into_iter().map(text).collect())
}

/// The strings of an array member (non-strings skipped).
pub(crate) fn str_items<'a>(v: &'a Value, key: &str) -> Vec<&'a str> {
    v.get(key)
        .map(items)
        .unwrap_or_default()
        .iter()
        .filter_map(|x| match x {
            Value::String(s) => Some(s.as_str()),
            _ => None,
        })
        .collect()
}

/// Appends `/`-escaped `token` to a JSON pointer.
pub(crate) fn pointer(base: &str, token: &str) -> String {
    let mut out = String::with_capacity(base.len() + token.len() + 1);
    out.push_str(base);
    out.push('/');
    for c in token.chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            c => out.push(c),
        }
    }
    out
}
