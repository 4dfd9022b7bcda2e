//! The event-stream decoder (WHATWG "event stream interpretation"), fed chunks.

use super::{Event, SseItem, MAX_FIELD};
use crate::transport::buffer::LineBuffer;
use heapless::Vec as Small;

const BOM: &[u8; 3] = b"\xEF\xBB\xBF";

/// Decodes an event stream fed in chunks of any size: call [`feed`](Self::feed) until it
/// has taken the whole chunk, and [`finish`](Self::finish) at the end of the stream.
///
/// The buffer holds the event's `data` and the line being read; it is bounded by the limit
/// given to [`new`](Self::new) (and by what a `&mut [u8]` can hold).
///
/// ```
/// use mcpwire::transport::sse::{EventDecoder, SseItem};
/// let mut storage = [0u8; 256];
/// let mut decoder = EventDecoder::new(&mut storage[..], 256);
/// let mut input: &[u8] = b"id: 7-1\ndata: {\"a\":\ndata: 1}\n\n";
/// let mut seen = 0;
/// while !input.is_empty() {
///     let (taken, item) = decoder.feed(input);
///     if let Some(SseItem::Event(e)) = item {
///         assert_eq!((e.data, e.id), (&b"{\"a\":\n1}"[..], &b"7-1"[..]));
///         seen += 1;
///     }
///     input = &input[taken..];
/// }
/// assert_eq!(seen, 1);
/// ```
pub struct EventDecoder<B> {
    buffer: B,
    limit: usize,
    /// Bytes of `data` stored at the start of the buffer (each line followed by LF).
    data_len: usize,
    /// Bytes of the current line stored after the data.
    line_len: usize,
    /// Bytes of the current line seen (may exceed what is stored).
    line_seen: usize,
    /// The current line is a comment: nothing of it is stored.
    comment: bool,
    /// Bytes of the current event's lines.
    event_len: usize,
    /// The event went over a limit: skip to its end.
    over: bool,
    /// The current event has had a line other than a comment.
    fields: bool,
    event_type: Small<u8, MAX_FIELD>,
    last_id: Small<u8, MAX_FIELD>,
    retry: Option<u64>,
    event_retry: Option<u64>,
    /// The last byte was a CR: an LF right after it belongs to it.
    after_cr: bool,
    /// BOM bytes matched at the start of the stream; `None` once past the start.
    bom: Option<usize>,
    yielded: bool,
}

impl<B: LineBuffer> EventDecoder<B> {
    /// A decoder over `buffer`, accepting events whose `data` and longest line fit in
    /// `max_event` bytes (and in the buffer).
    pub fn new(buffer: B, max_event: usize) -> Self {
        EventDecoder {
            limit: max_event.min(buffer.max_len()),
            buffer,
            data_len: 0,
            line_len: 0,
            line_seen: 0,
            comment: false,
            event_len: 0,
            over: false,
            fields: false,
            event_type: Small::new(),
            last_id: Small::new(),
            retry: None,
            event_retry: None,
            after_cr: false,
            bom: Some(0),
            yielded: false,
        }
    }

    /// The last event id seen (WHATWG keeps it across events; empty when none). A client
    /// sends it as `Last-Event-ID` when it reconnects.
    pub fn last_event_id(&self) -> &[u8] {
        &self.last_id
    }

    /// The reconnection time the stream asked for with `retry`, in milliseconds.
    pub fn retry(&self) -> Option<u64> {
        self.retry
    }

    /// Takes bytes from `input` up to and including the blank line that ends an event;
    /// returns how many it took and the event, if one ended there. Takes all of `input` when
    /// no event ends in it.
    pub fn feed(&mut self, input: &[u8]) -> (usize, Option<SseItem<'_>>) {
        self.start_event_if_yielded();
        let mut at = self.skip_bom(input);
        if self.after_cr && at < input.len() {
            self.after_cr = false;
            if input[at] == b'\n' {
                at += 1;
            }
        }
        while at < input.len() {
            let rest = &input[at..];
            let Some(end) = memchr::memchr2(b'\r', b'\n', rest) else {
                self.append(rest);
                return (input.len(), None);
            };
            self.append(&rest[..end]);
            at += end + 1;
            if rest[end] == b'\r' {
                match input.get(at) {
                    Some(b'\n') => at += 1,
                    Some(_) => {}
                    None => self.after_cr = true,
                }
            }
            if self.end_line() {
                return (at, Some(self.item()));
            }
        }
        (input.len(), None)
    }

    /// End of the stream: an unterminated last event is dropped, as WHATWG says. Returns
    /// whether one was. The decoder is then ready for a new stream (the last event id and
    /// `retry` are kept, for the reconnection).
    pub fn finish(&mut self) -> bool {
        self.start_event_if_yielded();
        let dropped = self.fields || (self.line_seen > 0 && !self.comment);
        self.reset_event();
        self.line_len = 0;
        self.line_seen = 0;
        self.comment = false;
        self.after_cr = false;
        self.bom = Some(0);
        dropped
    }

    /// Skips a leading BOM (across chunks); a partial one that turns out not to be a BOM is
    /// content.
    fn skip_bom(&mut self, input: &[u8]) -> usize {
        let Some(mut matched) = self.bom else {
            return 0;
        };
        let mut at = 0;
        while let Some(&b) = input.get(at) {
            if matched < BOM.len() && b == BOM[matched] {
                matched += 1;
                at += 1;
                if matched == BOM.len() {
                    self.bom = None;
                    return at;
                }
            } else {
                self.bom = None;
                self.append(&BOM[..matched]);
                return at;
            }
        }
        self.bom = Some(matched);
        at
    }

    fn start_event_if_yielded(&mut self) {
        if core::mem::take(&mut self.yielded) {
            self.reset_event();
        }
    }

    fn reset_event(&mut self) {
        self.data_len = 0;
        self.event_len = 0;
        self.over = false;
        self.fields = false;
        self.event_type.clear();
        self.event_retry = None;
    }

    /// Adds bytes to the current line; a comment or a line past the limit is only counted.
    fn append(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        if self.line_seen == 0 && bytes[0] == b':' {
            self.comment = true;
        }
        self.line_seen = self.line_seen.saturating_add(bytes.len());
        if self.comment || self.over {
            return;
        }
        if self.data_len.saturating_add(self.line_seen) > self.limit {
            self.over = true;
            return;
        }
        self.buffer.write_at(self.data_len + self.line_len, bytes);
        self.line_len = self.line_seen;
    }

    /// Processes the line just ended; true when it dispatched an event.
    fn end_line(&mut self) -> bool {
        let blank = self.line_seen == 0;
        self.event_len = self.event_len.saturating_add(self.line_seen);
        self.fields |= !blank && !self.comment;
        if !blank && !self.comment && !self.over {
            self.field();
        }
        self.line_len = 0;
        self.line_seen = 0;
        self.comment = false;
        if !blank {
            return false;
        }
        if self.over {
            self.yielded = true;
            return true;
        }
        // WHATWG: "If the data buffer is an empty string, set the data buffer and the event
        // type buffer to the empty string and return."
        if self.data_len == 0 {
            self.reset_event();
            return false;
        }
        self.yielded = true;
        true
    }

    /// Interprets the stored line as a field.
    fn field(&mut self) {
        let start = self.data_len;
        let end = start + self.line_len;
        let line = self.buffer.stored(end).get(start..).unwrap_or_default();
        let (name, value_at) = match memchr::memchr(b':', line) {
            Some(c) if line.get(c + 1) == Some(&b' ') => (&line[..c], c + 2),
            Some(c) => (&line[..c], c + 1),
            None => (line, line.len()),
        };
        let value = &line[value_at..];
        match name {
            b"data" => {
                let (from, n) = (start + value_at, value.len());
                let all = self.buffer.stored_mut(end);
                // The LF fits: the line held at least "data" before its value.
                if all.len() == end && from + n <= end && start + n < end {
                    all.copy_within(from..from + n, start);
                    all[start + n] = b'\n';
                    self.data_len = start + n + 1;
                }
            }
            b"event" => {
                self.event_type.clear();
                if self.event_type.extend_from_slice(value).is_err() {
                    self.over = true;
                }
            }
            b"id" if !value.contains(&0) => {
                let mut id = Small::new();
                match id.extend_from_slice(value) {
                    Ok(()) => self.last_id = id,
                    Err(_) => self.over = true,
                }
            }
            b"retry" => {
                if let Some(ms) = parse_digits(value) {
                    self.retry = Some(ms);
                    self.event_retry = Some(ms);
                }
            }
            _ => {}
        }
    }

    fn item(&self) -> SseItem<'_> {
        if self.over {
            return SseItem::TooLong {
                len: self.event_len,
            };
        }
        let data = self.buffer.stored(self.data_len);
        SseItem::Event(Event {
            event: &self.event_type,
            // The last LF of the data buffer is removed (WHATWG).
            data: &data[..data.len().saturating_sub(1)],
            id: &self.last_id,
            retry: self.event_retry,
        })
    }
}

/// A `retry` value: ASCII digits only (WHATWG), not overflowing.
fn parse_digits(value: &[u8]) -> Option<u64> {
    if value.is_empty() {
        return None;
    }
    value.iter().try_fold(0u64, |n, &b| {
        if b.is_ascii_digit() {
            n.checked_mul(10)?.checked_add(u64::from(b - b'0'))
        } else {
            None
        }
    })
}

#[cfg(feature = "alloc")]
impl EventDecoder<alloc::vec::Vec<u8>> {
    /// A decoder with a growable buffer, accepting events up to `max_event` bytes.
    pub fn with_limit(max_event: usize) -> Self {
        EventDecoder::new(alloc::vec::Vec::new(), max_event)
    }
}
