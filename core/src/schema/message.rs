//! Short renderings of values and lists for error messages.

use super::keyword::types;
use crate::json::writer::{is_canonical_number, SliceSink};
use crate::json::Value;
use alloc::format;
use alloc::string::String;

/// Longest rendering of a value before it is cut.
const MAX_SHOWN: usize = 60;
/// Most list entries shown before `…`.
const MAX_LISTED: usize = 10;

/// A value as compact JSON, cut to a readable length (containers as a summary when long).
pub(super) fn show(v: &Value) -> String {
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

/// [`show`] appended to `out` (short strings, numbers, booleans and `null` without an
/// allocation of their own).
pub(super) fn show_into(out: &mut String, v: &Value) {
    match v {
        Value::String(s) if s.len() + 2 <= MAX_SHOWN => quote_into(out, s),
        // (Other numbers are shown in their canonical form, by `show`.)
        Value::Number(t) if t.len() <= MAX_SHOWN && is_canonical_number(t) => out.push_str(t),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Null => out.push_str("null"),
        _ => {
            // Written on the stack when it fits (then it is shown whole): no buffer of its
            // own, and no summary to make.
            let mut buf = [0u8; MAX_SHOWN];
            let mut sink = SliceSink::new(&mut buf);
            v.write(&mut sink);
            let short = sink.finish().ok().and_then(|n| buf.get(..n));
            match short.and_then(|b| core::str::from_utf8(b).ok()) {
                Some(text) => out.push_str(text),
                None => out.push_str(&show(v)),
            }
        }
    }
}

/// [`quote`] appended to `out`.
pub(super) fn quote_into(out: &mut String, s: &str) {
    if crate::json::scan::scan_plain(s.as_bytes(), 0) == s.len() {
        // Nothing to escape.
        out.push('"');
        out.push_str(s);
        out.push('"');
    } else {
        out.push_str(&quote(s));
    }
}

/// `"a", "b" or "c"`-style list of type names, appended to `out`.
pub(super) fn type_list_into(out: &mut String, bits: u8) {
    // `number` covers `integer`: name only the wider one.
    let bits = match bits & types::NUMBER {
        0 => bits,
        _ => bits & !types::INTEGER,
    };
    let mut names = [""; types::NAMES.len()];
    let mut n = 0;
    for (b, name) in types::NAMES {
        if let (true, Some(slot)) = (bits & b != 0, names.get_mut(n)) {
            *slot = name;
            n += 1;
        }
    }
    let named = names.get(..n).unwrap_or_default();
    or_list_into(out, named.iter().copied(), n);
}

/// `a`, `a or b`, `a, b or c`.
pub(super) fn or_list(items: &[&str]) -> String {
    let mut s = String::new();
    or_list_into(&mut s, items.iter().copied(), items.len());
    s
}

/// [`or_list`] of the `len` items of `items`, appended to `out`.
fn or_list_into<'a>(out: &mut String, items: impl Iterator<Item = &'a str>, len: usize) {
    for (i, n) in items.enumerate() {
        if i > 0 {
            out.push_str(if i + 1 == len { " or " } else { ", " });
        }
        out.push_str(n);
    }
}

/// Values as a comma-separated list, cut after a few, appended to `out`.
pub(super) fn value_list_into<'v>(out: &mut String, values: impl Iterator<Item = &'v Value>) {
    list_into(out, values, show_into);
}

/// Already-rendered items as a comma-separated list, cut after a few.
pub(super) fn name_list(items: impl Iterator<Item = String>) -> String {
    let mut s = String::new();
    list_into(&mut s, items, |out, item| out.push_str(&item));
    s
}

/// Items written by `put`, comma-separated, cut with `, …` after [`MAX_LISTED`].
pub(super) fn list_into<T>(
    out: &mut String,
    items: impl Iterator<Item = T>,
    put: impl Fn(&mut String, T),
) {
    for (i, item) in items.enumerate() {
        if i == MAX_LISTED {
            out.push_str(", …");
            break;
        }
        if i > 0 {
            out.push_str(", ");
        }
        put(out, item);
    }
}

/// A string as a JSON string literal.
pub(super) fn quote(s: &str) -> String {
    let mut out = alloc::vec::Vec::with_capacity(s.len() + 2);
    crate::json::writer::write_plain_str(&mut out, s);
    String::from_utf8(out).unwrap_or_default()
}

/// `1 item`, `2 items`; `1 property`, `2 properties`.
pub(super) fn plural(n: u64, word: &str) -> String {
    let mut s = String::new();
    plural_into(&mut s, n, word);
    s
}

/// [`plural`] appended to `out`.
pub(super) fn plural_into(out: &mut String, n: u64, word: &str) {
    out.push_str(itoa::Buffer::new().format(n));
    out.push(' ');
    match word.strip_suffix('y') {
        Some(stem) if n != 1 => {
            out.push_str(stem);
            out.push_str("ies");
        }
        _ => {
            out.push_str(word);
            if n != 1 {
                out.push('s');
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;
    use alloc::vec;
    use alloc::vec::Vec;

    fn parse(text: &str) -> Value {
        Value::parse(text.as_bytes(), crate::Limits::DEFAULT).unwrap()
    }

    #[test]
    fn show_into_writes_what_show_returns() {
        let long_digits = "7".repeat(70);
        let long_text = alloc::format!("\"{}\"", "é".repeat(70));
        // Containers written in exactly 60 and 61 bytes, and one of 60 characters in more bytes.
        let (fits, over) = (
            alloc::format!("[\"{}\"]", "a".repeat(56)),
            alloc::format!("[\"{}\"]", "a".repeat(57)),
        );
        let wide = alloc::format!("[\"{}\"]", "é".repeat(56));
        let cases = [
            "\"plain\"",
            "\"tab\\tand \\\"quote\\\"\"",
            long_text.as_str(),
            "0",
            "-0",
            "-12",
            "1.0",
            "1e2",
            "-2.50",
            "2.5",
            "0.000001",
            long_digits.as_str(),
            "true",
            "false",
            "null",
            "[1,2]",
            "{\"a\":1}",
            fits.as_str(),
            over.as_str(),
            wide.as_str(),
        ];
        for text in cases {
            let v = parse(text);
            let mut out = String::from("> ");
            show_into(&mut out, &v);
            assert_eq!(out, alloc::format!("> {}", show(&v)), "{text}");
        }
        // Numbers are shown in canonical form.
        assert_eq!(show(&parse("-0")), "0");
        assert_eq!(show(&parse("1e2")), "100.0");
    }

    #[test]
    fn lists_are_separated_and_cut() {
        let mut out = String::new();
        type_list_into(&mut out, types::INTEGER | types::NUMBER | types::NULL);
        assert_eq!(out, "number or null");
        assert_eq!(or_list(&["a"]), "a");
        assert_eq!(or_list(&["a", "b", "c"]), "a, b or c");
        let values: Vec<Value> = (0..12).map(|i| Value::Number(i.to_string())).collect();
        let mut out = String::new();
        value_list_into(&mut out, values.iter());
        assert_eq!(out, "0, 1, 2, 3, 4, 5, 6, 7, 8, 9, …");
        let names = name_list(vec!["\"a\"".to_string(), "\"b\"".to_string()].into_iter());
        assert_eq!(names, "\"a\", \"b\"");
    }

    #[test]
    fn plurals() {
        let words = [(1, "item"), (2, "item"), (1, "property"), (0, "property")];
        let got: Vec<String> = words.iter().map(|(n, w)| plural(*n, w)).collect();
        assert_eq!(got, ["1 item", "2 items", "1 property", "0 properties"]);
    }
}
