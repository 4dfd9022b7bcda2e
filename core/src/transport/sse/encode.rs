//! The one writer of event-stream bytes.

use super::Event;
use crate::error::{DecodeError, ErrorKind};
use crate::json::writer::Sink;

fn refuse(at: usize, detail: &'static str) -> DecodeError {
    DecodeError::new(ErrorKind::UnexpectedByte, at, detail)
}

/// Checks that a single-line field value holds no CR or LF (it would end the line).
fn one_line(value: &[u8], detail: &'static str) -> Result<(), DecodeError> {
    match memchr::memchr2(b'\r', b'\n', value) {
        Some(at) => Err(refuse(at, detail)),
        None => Ok(()),
    }
}

/// Writes one event: `event:` (when not empty), `id:` (when not empty), `retry:`, one
/// `data:` line per line of `data` (split at CR, LF or CRLF; a reader joins them with LF),
/// then the blank line that dispatches it.
///
/// An `event` or `id` holding CR or LF, or an `id` holding NUL (a reader would ignore it),
/// is refused (`unexpected_byte` at its offset in that value) and nothing is written.
pub fn write_event<S: Sink + ?Sized>(out: &mut S, event: &Event<'_>) -> Result<(), DecodeError> {
    one_line(event.event, "a line end in an SSE event type")?;
    one_line(event.id, "a line end in an SSE event id")?;
    if let Some(at) = memchr::memchr(0, event.id) {
        return Err(refuse(at, "a NUL in an SSE event id"));
    }
    if !event.event.is_empty() {
        out.put(b"event: ");
        out.put(event.event);
        out.put(b"\n");
    }
    if !event.id.is_empty() {
        out.put(b"id: ");
        out.put(event.id);
        out.put(b"\n");
    }
    if let Some(ms) = event.retry {
        out.put(b"retry: ");
        out.put(itoa::Buffer::new().format(ms).as_bytes());
        out.put(b"\n");
    }
    let mut rest = event.data;
    loop {
        let end = memchr::memchr2(b'\r', b'\n', rest);
        let line = &rest[..end.unwrap_or(rest.len())];
        out.put(if line.is_empty() { b"data:" } else { b"data: " });
        out.put(line);
        out.put(b"\n");
        let Some(end) = end else { break };
        let crlf = rest[end] == b'\r' && rest.get(end + 1) == Some(&b'\n');
        rest = &rest[end + 1 + usize::from(crlf)..];
    }
    out.put(b"\n");
    Ok(())
}

/// Writes a comment line (`:` and `text`); `:` alone is the usual keep-alive. A `text`
/// holding CR or LF is refused.
pub fn write_comment<S: Sink + ?Sized>(out: &mut S, text: &[u8]) -> Result<(), DecodeError> {
    one_line(text, "a line end in an SSE comment")?;
    out.put(b":");
    out.put(text);
    out.put(b"\n");
    Ok(())
}
