//! The canonical JSON writer: compact, fixed escaping, numbers that read back as written.
//!
//! Canonical form: no whitespace; strings escape only `"`, `\`, and U+0000..U+001F (as `\b`,
//! `\f`, `\n`, `\r`, `\t` or lowercase `\u00xx`), everything else is literal UTF-8; integers as
//! written (`-0` becomes `0`); other numbers in shortest round-trip form (ryu).

use super::scan::{byte_eq, find_flagged};
use super::string::{decode_escape, is_canonical_escape};
use super::{JsonStr, Number, RawJson};
use crate::error::BufferTooSmall;

/// Where encoded bytes go. Writes never fail: a full sink keeps counting so the caller can
/// learn how many bytes were needed.
pub trait Sink {
    /// Appends bytes.
    fn put(&mut self, bytes: &[u8]);
}

/// A sink over a caller-owned buffer.
pub struct SliceSink<'b> {
    buf: &'b mut [u8],
    len: usize,
}

impl<'b> SliceSink<'b> {
    /// A sink writing from the start of `buf`.
    pub fn new(buf: &'b mut [u8]) -> Self {
        SliceSink { buf, len: 0 }
    }

    /// Bytes written, or the size the buffer would have needed.
    pub fn finish(self) -> Result<usize, BufferTooSmall> {
        if self.len > self.buf.len() {
            Err(BufferTooSmall { required: self.len })
        } else {
            Ok(self.len)
        }
    }
}

impl Sink for SliceSink<'_> {
    #[inline]
    fn put(&mut self, bytes: &[u8]) {
        let end = self.len + bytes.len();
        if let Some(dst) = self.buf.get_mut(self.len..end) {
            dst.copy_from_slice(bytes);
        }
        self.len = end;
    }
}

/// A sink that only counts.
#[derive(Default)]
pub struct CountSink(pub usize);

impl Sink for CountSink {
    fn put(&mut self, bytes: &[u8]) {
        self.0 += bytes.len();
    }
}

#[cfg(feature = "alloc")]
impl Sink for alloc::vec::Vec<u8> {
    #[inline]
    fn put(&mut self, bytes: &[u8]) {
        self.extend_from_slice(bytes);
    }
}

const HEX: &[u8; 16] = b"0123456789abcdef";

fn escape_char(c: u8) -> Option<&'static [u8]> {
    Some(match c {
        b'"' => b"\\\"",
        b'\\' => b"\\\\",
        0x08 => b"\\b",
        0x0c => b"\\f",
        b'\n' => b"\\n",
        b'\r' => b"\\r",
        b'\t' => b"\\t",
        _ => return None,
    })
}

/// Writes `s` as a quoted JSON string in canonical form.
pub fn write_plain_str<S: Sink + ?Sized>(sink: &mut S, s: &str) {
    sink.put(b"\"");
    write_escaped_body(sink, s);
    sink.put(b"\"");
}

/// Writes the body of a JSON string (no quotes) in canonical form.
pub fn write_escaped_body<S: Sink + ?Sized>(sink: &mut S, s: &str) {
    let bytes = s.as_bytes();
    let (mut run, mut i) = (0, 0);
    loop {
        i = super::scan::scan_plain(bytes, i);
        let Some(&b) = bytes.get(i) else { break };
        sink.put(&bytes[run..i]);
        match escape_char(b) {
            Some(e) => sink.put(e),
            None => sink.put(&[
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[usize::from(b >> 4)],
                HEX[usize::from(b & 15)],
            ]),
        }
        i += 1;
        run = i;
    }
    sink.put(&bytes[run..]);
}

/// Writes a string of the spec (a method or type name) that needs no escaping.
#[inline]
pub fn write_known_str<S: Sink + ?Sized>(sink: &mut S, s: &str) {
    sink.put(b"\"");
    sink.put(s.as_bytes());
    sink.put(b"\"");
}

/// Writes a [`JsonStr`] in canonical form: one copy when the reader found it canonical;
/// otherwise text between escapes is copied as it stands (the reader guarantees it needs no
/// escaping) and only the escapes the writer would not produce are rewritten.
pub fn write_str<S: Sink + ?Sized>(sink: &mut S, s: &JsonStr<'_>) {
    if s.is_canonical() {
        sink.put(b"\"");
        sink.put(s.source().as_bytes());
        return sink.put(b"\"");
    }
    if let Some(plain) = s.as_str() {
        return write_plain_str(sink, plain);
    }
    sink.put(b"\"");
    write_string_runs::<_, true>(sink, s.source().as_bytes(), 0);
    sink.put(b"\"");
}

/// Writes checked string source (escapes as written) from `start` up to its closing quote
/// (when `QUOTE`; else up to the end of `src`) in canonical form, by runs: canonical escapes
/// stay inside the copied run, the others are decoded and written anew. Returns where it
/// stopped.
fn write_string_runs<S: Sink + ?Sized, const QUOTE: bool>(
    sink: &mut S,
    src: &[u8],
    start: usize,
) -> usize {
    let (mut run, mut i) = (start, start);
    loop {
        // Checked text holds no raw control characters: only `"` and `\\` need looking for.
        i = if QUOTE {
            let hit = |b: u8| b == b'"' || b == b'\\';
            find_flagged(src, i, |w| byte_eq(w, b'"') | byte_eq(w, b'\\'), hit)
        } else {
            find_flagged(src, i, |w| byte_eq(w, b'\\'), |b| b == b'\\')
        };
        if src.get(i) != Some(&b'\\') {
            break;
        }
        let esc = src.get(i..).unwrap_or_default();
        if is_canonical_escape(esc) {
            i += if esc.get(1) == Some(&b'u') { 6 } else { 2 };
            continue;
        }
        sink.put(src.get(run..i).unwrap_or_default());
        let (c, used) = decode_escape(esc);
        let mut buf = [0u8; 4];
        let utf8 = c.encode_utf8(&mut buf);
        if matches!(c, '"' | '\\' | '\0'..='\u{1f}') {
            write_escaped_body(sink, utf8);
        } else {
            sink.put(utf8.as_bytes()); // needs no escape
        }
        i += used;
        run = i;
    }
    sink.put(src.get(run..i).unwrap_or_default());
    i
}

/// Writes an integer.
pub fn write_i64<S: Sink + ?Sized>(sink: &mut S, v: i64) {
    sink.put(itoa::Buffer::new().format(v).as_bytes());
}

/// Writes a finite float in shortest round-trip form (always with `.` or `e`, so it reads
/// back as a float). Non-finite values, which JSON cannot hold, are written as `null`.
pub fn write_f64<S: Sink + ?Sized>(sink: &mut S, v: f64) {
    if v.is_finite() {
        sink.put(ryu::Buffer::new().format_finite(v).as_bytes());
    } else {
        sink.put(b"null");
    }
}

/// Writes a typed number.
pub fn write_number<S: Sink + ?Sized>(sink: &mut S, n: Number) {
    match n {
        Number::Int(i) => write_i64(sink, i),
        Number::Float(f) => write_f64(sink, f),
    }
}

/// Writes a number given as JSON text in canonical form.
pub fn write_number_text<S: Sink + ?Sized>(sink: &mut S, text: &str) {
    if is_canonical_number(text) {
        sink.put(text.as_bytes());
    } else if text == "-0" {
        sink.put(b"0");
    } else {
        write_f64(sink, text.parse().unwrap_or(f64::NAN));
    }
}

/// True when [`write_number_text`] writes JSON number text as it is: an integer other than
/// `-0`, or a fraction as ryu would print it.
pub(crate) fn is_canonical_number(text: &str) -> bool {
    let integer = !text.bytes().any(|b| matches!(b, b'.' | b'e' | b'E'));
    if integer {
        text != "-0"
    } else {
        super::number::is_canonical_fraction(text)
    }
}

/// Writes a raw value in canonical form: verbatim when it already is, else re-written token
/// by token (whitespace dropped, strings and numbers normalised, member order kept).
pub fn write_raw<S: Sink + ?Sized>(sink: &mut S, raw: &RawJson<'_>) {
    if raw.is_canonical() {
        return sink.put(raw.as_str().as_bytes());
    }
    if raw.is_escapes_only() {
        // Backslashes occur only inside strings: rewrite the escapes, copy the rest.
        write_string_runs::<_, false>(sink, raw.as_str().as_bytes(), 0);
        return;
    }
    let text = raw.as_str();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b' ' | b'\t' | b'\n' | b'\r' => i += 1,
            b'"' => {
                sink.put(b"\"");
                i = write_string_runs::<_, true>(sink, bytes, i + 1) + 1;
                sink.put(b"\"");
            }
            b'-' | b'0'..=b'9' => {
                let start = i;
                while i < bytes.len()
                    && matches!(bytes[i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                {
                    i += 1;
                }
                write_number_text(sink, text.get(start..i).unwrap_or("0"));
            }
            _ => {
                let start = i;
                while i < bytes.len()
                    && !matches!(
                        bytes[i],
                        b' ' | b'\t' | b'\n' | b'\r' | b'"' | b'-' | b'0'..=b'9'
                    )
                {
                    i += 1;
                }
                sink.put(&bytes[start..i]);
            }
        }
    }
}

/// Writes `{`, `,` and `"key":` in order for a hand-written object encoder.
pub struct ObjectWriter {
    first: bool,
}

impl ObjectWriter {
    /// Opens an object.
    #[inline]
    pub fn open<S: Sink + ?Sized>(sink: &mut S) -> Self {
        sink.put(b"{");
        ObjectWriter { first: true }
    }

    /// Starts a member; `key` must need no escaping (a field name of the spec).
    #[cfg_attr(not(target_os = "none"), inline(always))]
    pub fn key<S: Sink + ?Sized>(&mut self, sink: &mut S, key: &str) {
        if !self.first {
            sink.put(b",");
        }
        self.first = false;
        sink.put(b"\"");
        sink.put(key.as_bytes());
        sink.put(b"\":");
    }

    /// Starts a member whose key came from input (escaped canonically).
    pub fn json_key<S: Sink + ?Sized>(&mut self, sink: &mut S, key: &JsonStr<'_>) {
        if !self.first {
            sink.put(b",");
        }
        self.first = false;
        write_str(sink, key);
        sink.put(b":");
    }

    /// Closes the object.
    #[inline]
    pub fn close<S: Sink + ?Sized>(self, sink: &mut S) {
        sink.put(b"}");
    }
}
