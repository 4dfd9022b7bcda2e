//! ECMA-262 patterns (the dialect JSON Schema names) on a `no_std` regex engine.
//!
//! A pattern is translated to `regex-automata` syntax so that it means what ECMA-262 with the
//! `u` flag means: `\d`, `\w`, `\b` are ASCII-only, `\s` is ECMA's whitespace set, `.` stops at
//! all four line terminators, `\uXXXX` (and surrogate pairs) and `\cX` escapes work, `[^]`
//! matches anything. Lookaround and backreferences have no equivalent on a finite automaton:
//! such a pattern is refused when the schema is compiled.

use alloc::format;
use alloc::string::String;
use core::fmt::Write;
use regex_automata::meta::Regex;

/// ECMA-262 `WhiteSpace` and `LineTerminator` code points, as class items.
const SPACE: &str = r"\t\n\x{B}\x{C}\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}";
const DIGIT: &str = "0-9";
const WORD: &str = "0-9A-Za-z_";

/// A compiled pattern together with the source text it was written as (quoted).
#[derive(Clone, Debug)]
pub(crate) struct Pattern {
    re: Regex,
    /// The pattern as a class sequence, when it is one.
    seq: Option<super::seq::Seq>,
    /// `source` as a JSON string, for messages.
    quoted: String,
}

impl Pattern {
    /// Compiles an ECMA-262 pattern; the error says why it cannot be used.
    pub(crate) fn new(source: &str) -> Result<Pattern, String> {
        let translated = translate(source, false)?;
        let re = Regex::new(&translated).map_err(|e| format!("{e}"))?;
        Ok(Pattern {
            re,
            seq: super::seq::Seq::new(&translated),
            quoted: super::message::quote(source),
        })
    }

    /// True when the pattern matches anywhere in `text` (patterns are not anchored).
    pub(crate) fn is_match(&self, text: &str) -> bool {
        if let Some(m) = self.seq.as_ref().and_then(|s| s.is_match(text.as_bytes())) {
            return m;
        }
        self.re.is_match(text)
    }

    /// The pattern as written, as a JSON string literal.
    pub(crate) fn quoted(&self) -> &str {
        &self.quoted
    }
}

/// True when `src` is a valid ECMA-262 pattern (the `regex` format): lookaround and
/// backreferences count as valid here even though `pattern` cannot run them.
pub(super) fn is_valid_syntax(src: &str) -> bool {
    translate(src, true).is_ok_and(|t| Regex::new(&t).is_ok())
}

struct Tr<'a> {
    chars: core::iter::Peekable<core::str::Chars<'a>>,
    out: String,
    /// Check syntax only: lookaround becomes a plain group, backreferences vanish.
    lenient: bool,
}

/// Translates an ECMA-262 pattern into `regex-syntax` syntax.
pub(super) fn translate(src: &str, lenient: bool) -> Result<String, String> {
    let mut t = Tr {
        chars: src.chars().peekable(),
        out: String::with_capacity(src.len() + 8),
        lenient,
    };
    while let Some(c) = t.chars.next() {
        match c {
            '\\' => t.escape(false)?,
            '[' => t.class()?,
            '.' => t.out.push_str(r"[^\n\r\x{2028}\x{2029}]"),
            '(' => t.group()?,
            c => t.out.push(c),
        }
    }
    Ok(t.out)
}

fn push_cp(out: &mut String, cp: u32) {
    let _ = write!(out, "\\x{{{cp:X}}}");
}

impl Tr<'_> {
    fn group(&mut self) -> Result<(), String> {
        self.out.push('(');
        if self.chars.peek() != Some(&'?') {
            return Ok(());
        }
        self.chars.next();
        self.out.push('?');
        match self.chars.peek() {
            Some(':') => {}
            Some('=') | Some('!') if self.lenient => {
                self.chars.next();
                self.out.push(':');
            }
            Some('=') | Some('!') => return Err("lookahead is not supported".into()),
            Some('<') => {
                self.chars.next();
                match self.chars.peek() {
                    Some('=') | Some('!') if self.lenient => {
                        self.chars.next();
                        self.out.push(':');
                    }
                    Some('=') | Some('!') => return Err("lookbehind is not supported".into()),
                    _ => self.out.push('<'),
                }
            }
            _ => return Err("unknown group syntax".into()),
        }
        Ok(())
    }

    fn hex(&mut self, n: usize) -> Option<u32> {
        let mut v = 0;
        for _ in 0..n {
            let d = self.chars.peek()?.to_digit(16)?;
            self.chars.next();
            v = v * 16 + d;
        }
        Some(v)
    }

    /// `\u` escapes: `\uXXXX`, a surrogate pair `\uD83D\uDE00`, or `\u{X…}`.
    fn unicode_escape(&mut self) -> Result<u32, String> {
        if self.chars.peek() == Some(&'{') {
            self.chars.next();
            let mut v: u32 = 0;
            loop {
                match self.chars.next() {
                    Some('}') => break,
                    Some(c) => {
                        let d = c.to_digit(16).ok_or("bad \\u{…} escape")?;
                        v = v.saturating_mul(16).saturating_add(d);
                    }
                    None => return Err("unterminated \\u{…} escape".into()),
                }
            }
            return Ok(v);
        }
        let hi = self.hex(4).ok_or("bad \\u escape")?;
        if (0xD800..0xDC00).contains(&hi) {
            let mut look = self.chars.clone();
            if look.next() == Some('\\') && look.next() == Some('u') {
                let mut t = Tr {
                    chars: look,
                    out: String::new(),
                    lenient: false,
                };
                if let Some(lo) = t.hex(4).filter(|lo| (0xDC00..0xE000).contains(lo)) {
                    self.chars = t.chars;
                    return Ok(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00));
                }
            }
        }
        Ok(hi)
    }

    /// One escape after `\`. Inside a class, shorthand classes become nested classes.
    fn escape(&mut self, in_class: bool) -> Result<(), String> {
        let c = self.chars.next().ok_or("pattern ends with a backslash")?;
        let neg = |s: &str| format!("[^{s}]");
        let out = &mut self.out;
        match c {
            'd' if in_class => out.push_str(DIGIT),
            'w' if in_class => out.push_str(WORD),
            's' if in_class => out.push_str(SPACE),
            'd' => out.push_str("[0-9]"),
            'w' => out.push_str("[0-9A-Za-z_]"),
            's' => {
                out.push('[');
                out.push_str(SPACE);
                out.push(']');
            }
            'D' => out.push_str(&neg(DIGIT)),
            'W' => out.push_str(&neg(WORD)),
            'S' => out.push_str(&neg(SPACE)),
            'b' if in_class => push_cp(out, 8),
            'b' => out.push_str(r"(?-u:\b)"),
            'B' => out.push_str(r"(?-u:\B)"),
            't' | 'n' | 'r' | 'f' | 'v' => {
                let cp = match c {
                    't' => 9,
                    'n' => 10,
                    'v' => 11,
                    'f' => 12,
                    _ => 13,
                };
                push_cp(out, cp);
            }
            '0' if !self.chars.peek().is_some_and(char::is_ascii_digit) => push_cp(out, 0),
            '1'..='9' if self.lenient => {
                while self.chars.next_if(char::is_ascii_digit).is_some() {}
            }
            'k' if self.lenient && self.chars.peek() == Some(&'<') => {
                if !self.chars.by_ref().any(|c| c == '>') {
                    return Err("unterminated \\k<name>".into());
                }
            }
            '1'..='9' => return Err("backreferences are not supported".into()),
            'k' => return Err("named backreferences are not supported".into()),
            'c' => {
                let l = self.chars.next().filter(char::is_ascii_alphabetic);
                let l = l.ok_or("bad \\c escape")?;
                push_cp(&mut self.out, (l as u32) % 32);
            }
            'x' => {
                let v = self.hex(2).ok_or("bad \\x escape")?;
                push_cp(&mut self.out, v);
            }
            'u' => {
                let v = self.unicode_escape()?;
                push_cp(&mut self.out, v);
            }
            'p' | 'P' => {
                out.push('\\');
                out.push(c);
                if self.chars.peek() != Some(&'{') {
                    return Err("\\p needs {…}".into());
                }
                for c in self.chars.by_ref() {
                    self.out.push(c);
                    if c == '}' {
                        break;
                    }
                }
            }
            c if c.is_ascii_alphanumeric() => return Err(format!("unknown escape \\{c}")),
            c => push_literal(out, c),
        }
        Ok(())
    }

    fn class(&mut self) -> Result<(), String> {
        let negated = self.chars.peek() == Some(&'^');
        if negated {
            self.chars.next();
        }
        if self.chars.peek() == Some(&']') {
            self.chars.next();
            // `[]` matches nothing, `[^]` matches anything.
            self.out.push_str(if negated {
                r"(?s:.)"
            } else {
                r"[^\x{0}-\x{10FFFF}]"
            });
            return Ok(());
        }
        self.out.push('[');
        if negated {
            self.out.push('^');
        }
        // Whether the last item was a single character that a `-` may extend into a range.
        let mut atom = false;
        loop {
            let c = self.chars.next().ok_or("unterminated character class")?;
            match c {
                ']' => break,
                '\\' => {
                    let shorthand =
                        matches!(self.chars.peek(), Some('d' | 'D' | 'w' | 'W' | 's' | 'S'));
                    self.escape(true)?;
                    atom = !shorthand;
                }
                '-' if atom && self.chars.peek().is_some_and(|&n| n != ']') => {
                    self.out.push('-');
                    atom = false;
                    // The range end: one character or escape.
                    match self.chars.next() {
                        Some('\\') => self.escape(true)?,
                        Some(c) => push_literal(&mut self.out, c),
                        None => return Err("unterminated character class".into()),
                    }
                }
                c => {
                    push_literal(&mut self.out, c);
                    atom = true;
                }
            }
        }
        self.out.push(']');
        Ok(())
    }
}

/// A literal character, escaped when regex-syntax gives it a meaning (in or out of classes).
fn push_literal(out: &mut String, c: char) {
    if "\\.+*?()|[]{}^$#&-~".contains(c) {
        out.push('\\');
    }
    if c.is_whitespace() {
        push_cp(out, c as u32);
    } else {
        out.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(p: &str, s: &str) -> bool {
        Pattern::new(p).unwrap().is_match(s)
    }

    #[test]
    fn ecma_semantics() {
        assert!(m(r"^\d+$", "123"));
        assert!(!m(r"^\d$", "\u{0663}"));
        assert!(!m(r"^\w$", "é"));
        assert!(m(r"^\s$", "\u{FEFF}"));
        assert!(!m(r"^.$", "\n") && !m(r"^.$", "\u{2028}"));
        assert!(m(r"^\u00e9$", "é"));
        assert!(m(r"^\uD83D\uDE00$", "😀"));
        assert!(m(r"^[^]$", "\n"));
        assert!(!m(r"[]", "a"));
        assert!(m(r"^[+--]$", ","));
        assert!(m(r"^[\w-]+$", "a-b"));
        assert!(m(r"^\cJ$", "\n"));
        assert!(m(r"^\p{L}+$", "héllo"));
        assert!(m(r"^a{2}\/$", "aa/"));
        assert!(m(r"^[a-z]+&[~]$", "ab&~"));
        assert!(m(r"^(?<year>\d{4})$", "2024"));
        assert!(m(r"^\p{Script=Greek}+$", "αβ") && m(r"^\p{scx=Grek}$", "α"));
        assert!(m(r"^\p{Lu}\P{Lu}$", "Ab"));
        assert!(m(r"^a+?b*?$", "aab"));
        assert!(is_valid_syntax(r"(?<=a)b\k<x>(?<x>c)") && !is_valid_syntax("(?<=a"));
    }

    #[test]
    fn refused() {
        assert!(Pattern::new(r"(?=a)").is_err());
        assert!(Pattern::new(r"(a)\1").is_err());
        assert!(Pattern::new(r"(?<!a)b").is_err());
        assert!(Pattern::new(r"[a").is_err());
        assert!(Pattern::new(r"^(abc]").is_err());
        assert!(Pattern::new(r"\w{1,100000}\w{1,100000}").is_err());
    }
}
