//! Shared by the encode tests: spelling strings as JSON source with any escape style.
#![allow(dead_code)]

use proptest::prelude::*;

/// How to spell one character inside a JSON string.
#[derive(Clone, Copy, Debug)]
pub enum Style {
    Literal,
    Short,
    LowerHex,
    UpperHex,
}

fn push_hex(out: &mut String, unit: u32, upper: bool) {
    if upper {
        out.push_str(&format!("\\u{unit:04X}"));
    } else {
        out.push_str(&format!("\\u{unit:04x}"));
    }
}

/// `s` as JSON string source (no quotes) with each character spelled per `styles`.
pub fn spell(s: &str, styles: &[Style]) -> String {
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        let style = styles.get(i % styles.len().max(1)).copied();
        let short = match c {
            '"' => Some("\\\""),
            '\\' => Some("\\\\"),
            '/' => Some("\\/"),
            '\u{8}' => Some("\\b"),
            '\u{c}' => Some("\\f"),
            '\n' => Some("\\n"),
            '\r' => Some("\\r"),
            '\t' => Some("\\t"),
            _ => None,
        };
        let must_escape = matches!(c, '"' | '\\' | '\0'..='\u{1f}');
        match (style.unwrap_or(Style::Literal), short) {
            (Style::Literal, _) if !must_escape => out.push(c),
            (Style::Short | Style::Literal, Some(e)) => out.push_str(e),
            (Style::UpperHex, _) | (Style::Short | Style::Literal, None) | (Style::LowerHex, _) => {
                let upper = matches!(style, Some(Style::UpperHex));
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    push_hex(&mut out, u32::from(*u), upper);
                }
            }
        }
    }
    out
}

pub fn arb_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "\\PC{0,24}",
        "[\u{0}-\u{1f}\"\\\\/a-z\u{7f}\u{e9}\u{2014}\u{1F600}]{0,16}",
        "[a-z \n\t\"\u{e9}]{0,40}",
    ]
}

pub fn arb_styles() -> impl Strategy<Value = Vec<Style>> {
    let style = prop_oneof![
        4 => Just(Style::Literal),
        2 => Just(Style::Short),
        1 => Just(Style::LowerHex),
        1 => Just(Style::UpperHex),
    ];
    prop::collection::vec(style, 1..6)
}
