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
    /// [`ESCAPED`] and [`CANONICAL`] in one word: a view returned by the reader and then
    /// copied is read back as whole words, which a store of two bytes could not forward to.
    flags: usize,
}

/// The source had backslash escapes.
const ESCAPED: usize = 1;
/// The text is exactly the canonical body of the string (it came from checked input and
/// every escape in it is one the writer would produce), so it is copied as it stands.
const CANONICAL: usize = 2;

impl<'a> JsonStr<'a> {
    /// A string with this exact value (nothing to unescape).
    pub const fn new(value: &'a str) -> Self {
        JsonStr {
            text: value,
            flags: 0,
        }
    }

    /// A view of JSON source text between the quotes, which the caller (the reader) has
    /// checked; `canonical_escapes` says every escape in it is one the writer produces.
    pub(crate) const fn from_checked(
        source: &'a str,
        escaped: bool,
        canonical_escapes: bool,
    ) -> Self {
        let canonical = !escaped || canonical_escapes;
        JsonStr {
            text: source,
            flags: (escaped as usize * ESCAPED) | (canonical as usize * CANONICAL),
        }
    }

    /// True when the source text is already the canonical body (written with one copy).
    pub(crate) fn is_canonical(&self) -> bool {
        self.flags & CANONICAL != 0
    }

    /// The value without copying, when the source had no escapes.
    pub fn as_str(&self) -> Option<&'a str> {
        (!self.is_escaped()).then_some(self.text)
    }

    /// True when the source had backslash escapes.
    pub fn is_escaped(&self) -> bool {
        self.flags & ESCAPED != 0
    }

    /// The source text between the quotes (escapes as written) when escaped, else the value.
    pub fn source(&self) -> &'a str {
        self.text
    }

    /// The decoded characters.
    pub fn chars(&self) -> Chars<'a> {
        Chars {
            rest: self.text,
            escaped: self.is_escaped(),
        }
    }

    /// The value when it is one of `names` (object keys are matched this way, so an escaped
    /// key like `"n\u0061me"` still means `name`). Unescaped text is returned as is.
    pub fn known(&self, names: &[&'static str]) -> Option<&'a str> {
        if !self.is_escaped() {
            return Some(self.text);
        }
        names.iter().copied().find(|n| self.eq_str(n))
    }

    /// Compares the decoded value with `s`.
    #[inline]
    pub fn eq_str(&self, s: &str) -> bool {
        if !self.is_escaped() {
            return self.text == s;
        }
        self.eq_decoded_str(s)
    }

    // Kept out of line so the plain comparisons above stay small enough to inline into the
    // reader's duplicate-key scan.
    #[inline(never)]
    fn eq_decoded_str(&self, s: &str) -> bool {
        self.chars().eq(s.chars())
    }

    #[inline(never)]
    fn eq_decoded(&self, other: &Self) -> bool {
        self.chars().eq(other.chars())
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
        if self.is_escaped() {
            self.chars().map(char::len_utf8).sum()
        } else {
            self.text.len()
        }
    }
}

impl PartialEq for JsonStr<'_> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        if !self.is_escaped() && !other.is_escaped() {
            return self.text == other.text;
        }
        self.eq_decoded(other)
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

pub(crate) fn hex4(s: &[u8]) -> u32 {
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
        let (ch, used) = decode_escape(self.rest.as_bytes());
        self.rest = self.rest.get(used..).unwrap_or("");
        Some(ch)
    }
}

/// Decodes the escape at the start of `b` (a backslash) into its character and the number of
/// bytes it takes (a surrogate pair takes 12). Source text was validated by the reader;
/// anything odd decodes as U+FFFD.
pub(crate) fn decode_escape(b: &[u8]) -> (char, usize) {
    match b.get(1) {
        Some(b'"') => ('"', 2),
        Some(b'\\') => ('\\', 2),
        Some(b'/') => ('/', 2),
        Some(b'b') => ('\u{8}', 2),
        Some(b'f') => ('\u{c}', 2),
        Some(b'n') => ('\n', 2),
        Some(b'r') => ('\r', 2),
        Some(b't') => ('\t', 2),
        Some(b'u') if b.len() >= 6 => {
            let hi = hex4(b.get(2..6).unwrap_or_default());
            match b.get(8..12) {
                Some(lo) if (0xD800..0xDC00).contains(&hi) => {
                    let lo = hex4(lo);
                    let cp = 0x10000 + ((hi - 0xD800) << 10) + (lo.wrapping_sub(0xDC00) & 0x3FF);
                    (char::from_u32(cp).unwrap_or('\u{FFFD}'), 12)
                }
                _ => (char::from_u32(hi).unwrap_or('\u{FFFD}'), 6),
            }
        }
        _ => ('\u{FFFD}', b.len().min(2)),
    }
}

/// True when the escape at the start of `b` (a backslash, then at least one byte) is one
/// the canonical writer produces: `\" \\ \b \f \n \r \t`, or `\u00xx` in lower-case hex
/// for a control character without a short form. Agrees with the reader's `hex_escape`.
pub(crate) fn is_canonical_escape(b: &[u8]) -> bool {
    match b.get(1) {
        Some(b'"' | b'\\' | b'b' | b'f' | b'n' | b'r' | b't') => true,
        Some(b'u') => match b.get(2..6) {
            Some([b'0', b'0', hi @ (b'0' | b'1'), lo]) => {
                let lo_ok = matches!(lo, b'0'..=b'9' | b'a'..=b'f');
                let short = *hi == b'0' && matches!(lo, b'8' | b'9' | b'a' | b'c' | b'd');
                lo_ok && !short
            }
            _ => false,
        },
        _ => false,
    }
}
