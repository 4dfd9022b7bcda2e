//! Server-Sent Events (the WHATWG `text/event-stream` format): a decoder fed chunks of any
//! size ([`EventDecoder`]), the one writer of events ([`write_event`], [`write_comment`]),
//! and event ids a server can resume from ([`EventId`]).
//!
//! The decoder follows the WHATWG "event stream interpretation": lines end at CR, LF or
//! CRLF (also when a chunk ends between the CR and the LF); a leading U+FEFF BOM is skipped;
//! `data` lines are joined with LF; a line starting with `:` is a comment; `id` sets the
//! last event id (ignored when it holds a NUL); `retry` is kept when it is all ASCII digits;
//! unknown fields are ignored; an event is dispatched at a blank line, and only when it had a
//! `data` line; an unterminated last event is dropped at the end of the stream.
//!
//! Choices where the format is silent: an event's `data` plus the line being read are
//! bounded by the decoder's limit; an event over it is skipped (never stored whole) and
//! reported once, as [`SseItem::TooLong`], at its blank line. `event` and `id` values are
//! bounded by [`MAX_FIELD`] bytes: a longer one also makes the event [`SseItem::TooLong`]
//! (and leaves the last event id as it was). Values are bytes: the format is UTF-8, and the
//! bindings decode it as such (lossily, as WHATWG does).

mod decode;
mod encode;
mod event_id;

pub use decode::EventDecoder;
pub use encode::{write_comment, write_event};
pub use event_id::EventId;

/// The longest `event` type or `id` value the decoder keeps, in bytes.
pub const MAX_FIELD: usize = 128;

/// One event of a stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Event<'a> {
    /// The `event` field: the event type; empty means the default type, `message`.
    pub event: &'a [u8],
    /// The `data` lines joined with LF.
    pub data: &'a [u8],
    /// The last event id when the event was dispatched (set by this event's `id` field or an
    /// earlier one, as WHATWG says); empty when none.
    pub id: &'a [u8],
    /// The `retry` field given in this event's block, in milliseconds, if any.
    pub retry: Option<u64>,
}

impl<'a> Event<'a> {
    /// The event type, with the default `message` for an empty one.
    pub fn kind(&self) -> &'a [u8] {
        if self.event.is_empty() {
            b"message"
        } else {
            self.event
        }
    }
}

/// What the decoder yields at the end of an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SseItem<'a> {
    /// A complete event.
    Event(Event<'a>),
    /// An event over the limit, skipped: `len` counts the bytes of its lines (without line
    /// ends). Report it as `input_too_large` ([`SseItem::error`]).
    TooLong {
        /// The bytes of its lines.
        len: usize,
    },
}

impl SseItem<'_> {
    /// The error a [`SseItem::TooLong`] stands for (`input_too_large`), or `None`.
    pub fn error(&self) -> Option<crate::error::DecodeError> {
        match *self {
            SseItem::Event(_) => None,
            SseItem::TooLong { len } => Some(crate::error::DecodeError::new(
                crate::error::ErrorKind::InputTooLarge,
                len,
                "an SSE event larger than the limit",
            )),
        }
    }
}
