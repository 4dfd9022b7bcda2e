//! stdio framing: one JSON-RPC message per line.
//!
//! The stdio page: "Messages are delimited by newlines, and **MUST NOT** contain embedded
//! newlines." [`LineFramer`] splits a byte stream fed in chunks of any size (one byte to
//! megabytes) into lines; [`write_line`] writes one message and its `\n`.
//!
//! Choices where the page is silent:
//! - A line ends at LF; a CR right before the LF is part of the line end (CRLF). A CR
//!   anywhere else is content (JSON reads it as whitespace). A CR as the very last byte of
//!   the input (at [`LineFramer::finish`]) is taken as a cut-off line end and dropped.
//! - A blank line (empty, or only spaces, tabs and CRs, which JSON reads as whitespace) is
//!   never yielded: it cannot be a message, and senders emit them as keep-alives.
//! - A line longer than the limit is reported once, as [`Frame::TooLong`] with its full
//!   length, when its end arrives; its bytes past the limit are never stored. The limit is
//!   the smaller of `max_line` and what the buffer can hold.

use super::buffer::LineBuffer;
use crate::error::{DecodeError, ErrorKind};
use crate::json::writer::Sink;

/// One line of the stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Frame<'a> {
    /// A complete line, without its LF or CRLF; never blank.
    Line(&'a [u8]),
    /// A line longer than the limit, skipped: `len` is its length without the line end
    /// (report it as `input_too_large`, see [`Frame::error`]).
    TooLong {
        /// The line's length in bytes, without its line end.
        len: usize,
    },
}

impl Frame<'_> {
    /// The error a [`Frame::TooLong`] stands for (`input_too_large`, at the line's length), or
    /// `None` for a line.
    pub fn error(&self) -> Option<DecodeError> {
        match *self {
            Frame::Line(_) => None,
            Frame::TooLong { len } => Some(DecodeError::new(
                ErrorKind::InputTooLarge,
                len,
                "a stdio line longer than the limit",
            )),
        }
    }
}

/// Splits a byte stream into lines, fed chunks of any size (postcard's `CobsAccumulator`
/// style): call [`feed`](Self::feed) until it has taken the whole chunk, then
/// [`finish`](Self::finish) at end of input.
///
/// ```
/// use mcpwire::transport::stdio::{Frame, LineFramer};
/// let mut storage = [0u8; 64];
/// let mut framer = LineFramer::new(&mut storage[..], 64);
/// let mut lines = 0;
/// let mut chunk: &[u8] = b"{\"a\":1}\r\n\n{\"b\"";
/// while !chunk.is_empty() {
///     let (taken, frame) = framer.feed(chunk);
///     if let Some(Frame::Line(line)) = frame {
///         assert_eq!(line, b"{\"a\":1}");
///         lines += 1;
///     }
///     chunk = &chunk[taken..];
/// }
/// assert_eq!(framer.finish(), Some(Frame::Line(b"{\"b\"")));
/// assert_eq!(lines, 1);
/// ```
pub struct LineFramer<B> {
    buffer: B,
    limit: usize,
    /// Bytes of the current line stored in `buffer` (at most `limit`).
    stored: usize,
    /// The current line's length so far (may exceed `limit`: then it is too long).
    len: usize,
    /// The last byte seen was a CR that may start a CRLF (not yet counted).
    pending_cr: bool,
    /// The line in `buffer` was handed out: start a new one on the next call.
    yielded: bool,
}

impl<B: LineBuffer> LineFramer<B> {
    /// A framer over `buffer`, accepting lines up to `max_line` bytes (without the line end;
    /// at most what `buffer` can hold).
    pub fn new(buffer: B, max_line: usize) -> Self {
        let limit = max_line.min(buffer.max_len());
        LineFramer {
            buffer,
            limit,
            stored: 0,
            len: 0,
            pending_cr: false,
            yielded: false,
        }
    }

    /// The longest line accepted, in bytes.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Takes bytes from `input` up to and including the first line end; returns how many it
    /// took and the frame that ended there, if any. Takes all of `input` when it holds no LF.
    pub fn feed(&mut self, input: &[u8]) -> (usize, Option<Frame<'_>>) {
        self.start_line_if_yielded();
        match memchr::memchr(b'\n', input) {
            None => {
                self.take_partial(input);
                (input.len(), None)
            }
            Some(lf) => {
                let content = &input[..lf];
                match content.split_last() {
                    Some((b'\r', before)) => {
                        self.flush_pending_cr();
                        self.append(before);
                    }
                    Some(_) => {
                        self.flush_pending_cr();
                        self.append(content);
                    }
                    // An LF right after a CR that ended the previous chunk: a CRLF.
                    None => self.pending_cr = false,
                }
                (lf + 1, self.end_line())
            }
        }
    }

    /// End of input: the partial last line, if any (a [`Frame::TooLong`] if it was over the
    /// limit). The framer is then empty and can be fed a new stream.
    pub fn finish(&mut self) -> Option<Frame<'_>> {
        self.start_line_if_yielded();
        // A CR as the last byte is a cut-off CRLF: dropped.
        self.pending_cr = false;
        self.end_line()
    }

    fn start_line_if_yielded(&mut self) {
        if self.yielded {
            self.yielded = false;
            self.stored = 0;
            self.len = 0;
        }
    }

    fn take_partial(&mut self, input: &[u8]) {
        if input.is_empty() {
            return;
        }
        self.flush_pending_cr();
        match input.split_last() {
            Some((b'\r', before)) => {
                self.append(before);
                self.pending_cr = true;
            }
            _ => self.append(input),
        }
    }

    fn flush_pending_cr(&mut self) {
        if core::mem::take(&mut self.pending_cr) {
            self.append(b"\r");
        }
    }

    /// Adds bytes to the current line; past the limit only their count is kept.
    fn append(&mut self, bytes: &[u8]) {
        self.len = self.len.saturating_add(bytes.len());
        if self.len <= self.limit {
            self.buffer.write_at(self.stored, bytes);
            self.stored = self.len;
        }
    }

    fn end_line(&mut self) -> Option<Frame<'_>> {
        self.yielded = true;
        if self.len > self.limit {
            return Some(Frame::TooLong { len: self.len });
        }
        let line = self.buffer.stored(self.stored);
        if line.iter().all(|&b| matches!(b, b' ' | b'\t' | b'\r')) {
            return None;
        }
        Some(Frame::Line(line))
    }
}

#[cfg(feature = "alloc")]
impl LineFramer<alloc::vec::Vec<u8>> {
    /// A framer with a growable buffer, accepting lines up to `max_line` bytes; it allocates
    /// only as much as the longest accepted line needs.
    pub fn with_limit(max_line: usize) -> Self {
        LineFramer::new(alloc::vec::Vec::new(), max_line)
    }
}

/// Writes one message and its `\n` to `out`.
///
/// The stdio page: messages "**MUST NOT** contain embedded newlines": a message holding a raw
/// LF or CR is refused (`unexpected_byte` at its offset) and nothing is written. The core's
/// writers never emit one (they escape them inside strings and add no whitespace).
pub fn write_line<S: Sink + ?Sized>(message: &[u8], out: &mut S) -> Result<(), DecodeError> {
    if let Some(at) = memchr::memchr2(b'\n', b'\r', message) {
        return Err(DecodeError::new(
            ErrorKind::UnexpectedByte,
            at,
            "a line end inside a stdio message",
        ));
    }
    out.put(message);
    out.put(b"\n");
    Ok(())
}
