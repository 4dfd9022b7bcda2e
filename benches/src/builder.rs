//! A tiny deterministic generator and JSON builder for the corpus.

use std::fmt::Write as _;

/// xorshift64*: deterministic, no dependency.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    /// Next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    /// One of `items`.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
    /// True with probability `num/den`.
    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }
}

/// A JSON value as the corpus writes it: strings are JSON *source* (already escaped), so a
/// class can put `\u00e9` escapes or raw UTF-8 exactly where it wants them.
#[derive(Clone, Debug)]
pub enum J {
    /// `null`
    Null,
    /// `true` / `false`
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A number as written (e.g. `0.75`).
    Num(String),
    /// A string: JSON source between the quotes.
    Str(String),
    /// An array.
    Arr(Vec<J>),
    /// An object (members in order).
    Obj(Vec<(String, J)>),
}

/// A string value, escaped canonically (`"`, `\`, control characters).
pub fn s(text: &str) -> J {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    J::Str(out)
}

/// A string value given as JSON source (escapes kept as written).
pub fn src(source: &str) -> J {
    J::Str(source.to_string())
}

/// An object from `(key, value)` pairs.
pub fn obj<K: Into<String>>(members: Vec<(K, J)>) -> J {
    J::Obj(members.into_iter().map(|(k, v)| (k.into(), v)).collect())
}

/// The float `units / 10^digits`, written the way JSON producers write floats (shortest
/// round-trip form, as `JSON.stringify` or Python's `json.dumps` do; `.0` kept on whole
/// values, as Python does).
pub fn num(units: i64, digits: i32) -> J {
    let v = units as f64 / 10f64.powi(digits);
    let mut text = format!("{v}");
    if !text.contains(['.', 'e', 'E']) {
        text.push_str(".0");
    }
    J::Num(text)
}

impl J {
    /// Compact JSON.
    pub fn write(&self, out: &mut String) {
        match self {
            J::Null => out.push_str("null"),
            J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            J::Int(i) => {
                let _ = write!(out, "{i}");
            }
            J::Num(n) => out.push_str(n),
            J::Str(s) => {
                out.push('"');
                out.push_str(s);
                out.push('"');
            }
            J::Arr(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write(out);
                }
                out.push(']');
            }
            J::Obj(members) => {
                out.push('{');
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push('"');
                    out.push_str(k);
                    out.push_str("\":");
                    v.write(out);
                }
                out.push('}');
            }
        }
    }

    /// Compact JSON bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = String::new();
        self.write(&mut out);
        out.into_bytes()
    }
}

pub(crate) fn response(id: J, result: J) -> Vec<u8> {
    obj(vec![("jsonrpc", s("2.0")), ("id", id), ("result", result)]).to_bytes()
}
