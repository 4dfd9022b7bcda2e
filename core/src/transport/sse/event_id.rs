//! Event ids a server can resume from: `<stream>-<seq>`.
//!
//! The 2025-11-25 page: event ids "**MUST** be globally unique across all streams within
//! that session" and "**SHOULD** encode sufficient information to identify the originating
//! stream". An [`EventId`] names the stream (a number the server gives each stream of a
//! session, unique within it) and the event's place in it (1, 2, … in the order sent), as
//! two decimal numbers joined by `-`: `3-17` is the 17th event of stream 3. A
//! `Last-Event-ID: 3-17` asks for stream 3 from its 18th event on.

use core::fmt;

/// The id of one event of one stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EventId {
    /// The stream, unique within the session.
    pub stream: u64,
    /// The event's place in its stream, from 1.
    pub seq: u64,
}

impl EventId {
    /// Reads `<stream>-<seq>`: decimal digits without sign or leading zeros (so one id has
    /// one spelling). `None` for anything else.
    pub fn parse(text: &[u8]) -> Option<EventId> {
        let dash = memchr::memchr(b'-', text)?;
        Some(EventId {
            stream: number(&text[..dash])?,
            seq: number(&text[dash + 1..])?,
        })
    }

    /// Writes the id into `buf` and returns it as text (at most 41 bytes).
    pub fn write<'b>(&self, buf: &'b mut [u8; 41]) -> &'b str {
        let mut a = itoa::Buffer::new();
        let stream = a.format(self.stream).as_bytes();
        let mut b = itoa::Buffer::new();
        let seq = b.format(self.seq).as_bytes();
        let n = stream.len() + 1 + seq.len();
        buf[..stream.len()].copy_from_slice(stream);
        buf[stream.len()] = b'-';
        buf[stream.len() + 1..n].copy_from_slice(seq);
        core::str::from_utf8(&buf[..n]).unwrap_or_default()
    }
}

fn number(digits: &[u8]) -> Option<u64> {
    let leading_zero = digits.len() > 1 && digits[0] == b'0';
    if digits.is_empty() || leading_zero || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    digits.iter().try_fold(0u64, |n, &d| {
        n.checked_mul(10)?.checked_add(u64::from(d - b'0'))
    })
}

impl fmt::Display for EventId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.stream, self.seq)
    }
}
