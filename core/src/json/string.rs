//! Zero-copy JSON strings: a borrowed view that unescapes lazily.

use core::fmt;

/// A JSON string value borrowed from the input (or from the caller, for encoding).
///
/// When the source had no backslash escapes, [`as_str`](Self::as_str) gives the text with no
/// copy. Otherwise the escapes are decoded on demand by [`chars`](Self::chars) or, with
/// `alloc`, [`to_cow`](Self::to_cow). Equality compares the decoded text.
#[derive(Clone, Copy)]
pub struct JsonStr<'a> {
    text: &'a str,
    escaped: bool,
}

impl<'a> JsonStr<'a> {
    /// A string with this exact value (nothing to unescape).
    pub const fn new(value: &'a str) -> Self {
        JsonStr {
            text: value,
            escaped: false,
        }
    }

    /// A view of JSON source text between the quotes. The caller guarantees it is valid
    /// (the reader does).
    pub(crate) const fn from_source(source: &'a str, escaped: bool) -> Self {
        JsonStr {
            text: source,
            escaped,
        }
    }

    /// The value without copying, when the source had no escapes.
    pub fn as_str(&self) -> Option<&'a str> {
        (!self.escaped).then_some(self.text)
    }

    /// True when the source had backslash escapes.
    pub fn is_escaped(&self) -> bool {
        self.escaped
    }

    /// The source text between the quotes (escapes as written) when escaped, else the value.
    pub fn source(&self) -> &'a str {
        self.text
    }

    /// The decoded characters.
    pub fn chars(&self) -> Chars<'a> {
        Chars {
            rest: self.text,
            escaped: self.escaped,
        }
    }

    /// The value when it is one of `names` (object keys are matched this way, so an escaped
    /// key like `"n\u0061me"` still means `name`). Unescaped text is returned as is.
    pub fn known(&self, names: &[&'static str]) -> Option<&'a str> {
        if !self.escaped {
            return Some(self.text);
        }
        names.iter().copied().find(|n| self.eq_str(n))
    }

    /// Compares the decoded value with `s`.
    pub fn eq_str(&self, s: &str) -> bool {
        if !self.escaped {
            return self.text == s;
        }
        self.chars().eq(s.chars())
    }

    /// The decoded value, borrowed when possible.
    #[cfg(feature = "alloc")]
    pub fn to_cow(&self) -> alloc::borrow::Cow<'a, str> {
        match self.as_str() {
            Some(s) => alloc::borrow::Cow::Borrowed(s),
            None => alloc::borrow::Cow::Owned(self.chars().collect()),
        }
    }

    /// The decoded length in bytes of UTF-8.
    pub fn decoded_len(&self) -> usize {
        if self.escaped {
            self.chars().map(char::len_utf8).sum()
        } else {
            self.text.len()
        }
    }
}

impl PartialEq for JsonStr<'_> {
    fn eq(&self, other: &Self) -> bool {
        if !self.escaped && !other.escaped {
            return self.text == other.text;
        }
        self.chars().eq(other.chars())
    }
}

impl Eq for JsonStr<'_> {}

impl PartialEq<str> for JsonStr<'_> {
    fn eq(&self, other: &str) -> bool {
        self.eq_str(other)
    }
}

impl PartialEq<&str> for JsonStr<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.eq_str(other)
    }
}

impl<'a> From<&'a str> for JsonStr<'a> {
    fn from(s: &'a str) -> Self {
        JsonStr::new(s)
    }
}

impl fmt::Debug for JsonStr<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"")?;
        for c in self.chars() {
            fmt::Display::fmt(&c.escape_debug(), f)?;
        }
        f.write_str("\"")
    }
}

impl fmt::Display for JsonStr<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.as_str() {
            Some(s) => f.write_str(s),
            None => self.chars().try_for_each(|c| fmt::Write::write_char(f, c)),
        }
    }
}

/// Iterator over the decoded characters of a [`JsonStr`].
#[derive(Clone)]
pub struct Chars<'a> {
    rest: &'a str,
    escaped: bool,
}

impl<'a> Chars<'a> {
    /// The source text not yet decoded.
    pub(crate) fn rest(&self) -> &'a str {
        self.rest
    }
}

fn hex4(s: &[u8]) -> u32 {
    s.iter().take(4).fold(0, |acc, &b| {
        let d = match b {
            b'0'..=b'9' => b - b'0',
            b'a'..=b'f' => b - b'a' + 10,
            b'A'..=b'F' => b - b'A' + 10,
            _ => 0,
        };
        acc * 16 + u32::from(d)
    })
}

impl Iterator for Chars<'_> {
    type Item = char;

    fn next(&mut self) -> Option<char> {
        let mut it = self.rest.chars();
        let c = it.next()?;
        if c != '\\' || !self.escaped {
            self.rest = it.as_str();
            return Some(c);
        }
        // Source text was validated by the reader; anything odd decodes as U+FFFD.
        let b = self.rest.as_bytes();
        let (ch, used) = match b.get(1) {
            Some(b'"') => ('"', 2),
            Some(b'\\') => ('\\', 2),
            Some(b'/') => ('/', 2),
            Some(b'b') => ('\u{8}', 2),
            Some(b'f') => ('\u{c}', 2),
            Some(b'n') => ('\n', 2),
            Some(b'r') => ('\r', 2),
            Some(b't') => ('\t', 2),
            Some(b'u') if b.len() >= 6 => {
                let hi = hex4(&b[2..6]);
                if (0xD800..0xDC00).contains(&hi) && b.len() >= 12 {
                    let lo = hex4(&b[8..12]);
                    let cp = 0x10000 + ((hi - 0xD800) << 10) + (lo.wrapping_sub(0xDC00) & 0x3FF);
                    (char::from_u32(cp).unwrap_or('\u{FFFD}'), 12)
                } else {
                    (char::from_u32(hi).unwrap_or('\u{FFFD}'), 6)
                }
            }
            _ => ('\u{FFFD}', b.len().min(2)),
        };
        self.rest = self.rest.get(used..).unwrap_or("");
        Some(ch)
    }
}
