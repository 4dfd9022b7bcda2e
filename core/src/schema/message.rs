//! Short renderings of values and lists for error messages.

use super::keyword::types;
use crate::json::Value;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// Longest rendering of a value before it is cut.
const MAX_SHOWN: usize = 60;
/// Most list entries shown before `…`.
const MAX_LISTED: usize = 10;

/// A value as compact JSON, cut to a readable length (containers as a summary when long).
pub fn show(v: &Value) -> String {
    let text = match v {
        Value::String(s) => quote(s),
        _ => String::from_utf8(v.to_vec()).unwrap_or_default(),
    };
    // Counting characters is needed only when the bytes are too many.
    if text.len() <= MAX_SHOWN || text.chars().count() <= MAX_SHOWN {
        return text;
    }
    match v {
        Value::String(s) => {
            let cut: String = s.chars().take(MAX_SHOWN - 10).collect();
            let mut out = String::from_utf8(Value::String(cut).to_vec()).unwrap_or_default();
            out.insert(out.len() - 1, '…');
            out
        }
        Value::Array(a) => format!("an array of {}", plural(a.len() as u64, "item")),
        Value::Object(m) => format!("an object with {}", plural(m.len() as u64, "property")),
        _ => text,
    }
}

/// [`show`] appended to `out` (short plain strings without an allocation).
pub fn show_into(out: &mut String, v: &Value) {
    match v {
        Value::String(s) if s.len() + 2 <= MAX_SHOWN => quote_into(out, s),
        _ => out.push_str(&show(v)),
    }
}

/// [`quote`] appended to `out`.
pub fn quote_into(out: &mut String, s: &str) {
    if crate::json::scan::scan_plain(s.as_bytes(), 0) == s.len() {
        // Nothing to escape.
        out.push('"');
        out.push_str(s);
        out.push('"');
    } else {
        out.push_str(&quote(s));
    }
}

/// `"a", "b" or "c"`-style list of type names.
pub fn type_list(bits: u8) -> String {
    let mut names: Vec<&str> = Vec::new();
    for (b, n) in types::NAMES {
        // `number` covers `integer`: name only the wider one.
        if bits & b != 0 && !(b == types::INTEGER && bits & types::NUMBER != 0) {
            names.push(n);
        }
    }
    or_list(&names)
}

/// `a`, `a or b`, `a, b or c`.
pub fn or_list(items: &[&str]) -> String {
    let mut s = String::new();
    for (i, n) in items.iter().enumerate() {
        if i > 0 {
            s.push_str(if i + 1 == items.len() { " or " } else { ", " });
        }
        s.push_str(n);
    }
    s
}

/// Values as a comma-separated list, cut after a few.
pub fn value_list<'v>(values: impl Iterator<Item = &'v Value>) -> String {
    name_list(values.map(show))
}

/// Already-rendered items as a comma-separated list, cut after a few.
pub fn name_list(items: impl Iterator<Item = String>) -> String {
    let mut s = String::new();
    for (i, item) in items.enumerate() {
        if i == MAX_LISTED {
            s.push_str(", …");
            break;
        }
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(&item);
    }
    s
}

/// A string as a JSON string literal.
pub fn quote(s: &str) -> String {
    let mut out = alloc::vec::Vec::with_capacity(s.len() + 2);
    crate::json::writer::write_plain_str(&mut out, s);
    String::from_utf8(out).unwrap_or_default()
}

/// `1 item`, `2 items`; `1 property`, `2 properties`.
pub fn plural(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else if let Some(stem) = word.strip_suffix('y') {
        format!("{n} {stem}ies")
    } else {
        format!("{n} {word}s")
    }
}
