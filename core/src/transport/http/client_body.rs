//! Reading a response body fed in chunks: one JSON message, or an SSE stream of them.

use crate::api::ApiError;
use crate::error::{DecodeError, ErrorKind};
use crate::limits::Limits;
use crate::transport::sse::{EventDecoder, SseItem};
use alloc::string::String;
use alloc::vec::Vec;

/// What a body is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Body {
    /// One JSON-RPC message (`application/json`).
    Json,
    /// Events whose `data` are messages (`text/event-stream`).
    Sse,
}

/// A body being read. Messages are bounded by `Limits::max_input_bytes`: a JSON body or an
/// event over it is skipped (never stored whole) and reported as `input_too_large`.
pub(super) struct BodyReader {
    kind: Body,
    limit: usize,
    /// Bytes of the body read so far (error offsets are into the body).
    offset: usize,
    json: Vec<u8>,
    /// The JSON body went over the limit.
    over: bool,
    sse: EventDecoder<Vec<u8>>,
}

impl BodyReader {
    pub(super) fn new(kind: Body, limits: Limits) -> Self {
        let limit = limits.max_input_bytes;
        BodyReader {
            kind,
            limit,
            offset: 0,
            json: Vec::new(),
            over: false,
            sse: EventDecoder::with_limit(if kind == Body::Sse { limit } else { 0 }),
        }
    }

    pub(super) fn kind(&self) -> Body {
        self.kind
    }

    /// The stream's last event id (empty when none).
    pub(super) fn last_event_id(&self) -> String {
        String::from_utf8_lossy(self.sse.last_event_id()).into_owned()
    }

    /// The stream's `retry`, if it set one.
    pub(super) fn retry(&self) -> Option<u64> {
        self.sse.retry()
    }

    /// Reads `chunk`, pushing each message it completes to `out`; the first error in it
    /// (after reading all of it).
    pub(super) fn feed(&mut self, chunk: &[u8], out: &mut Vec<Vec<u8>>) -> Result<(), ApiError> {
        let start = self.offset;
        self.offset = self.offset.saturating_add(chunk.len());
        match self.kind {
            Body::Json => self.feed_json(chunk),
            Body::Sse => self.feed_sse(chunk, start, out),
        }
    }

    fn feed_json(&mut self, chunk: &[u8]) -> Result<(), ApiError> {
        if self.over {
            return Ok(());
        }
        if self.json.len().saturating_add(chunk.len()) > self.limit {
            self.over = true;
            self.json = Vec::new();
            return Err(too_large(self.limit, "a JSON body larger than the limit"));
        }
        self.json.extend_from_slice(chunk);
        Ok(())
    }

    fn feed_sse(
        &mut self,
        mut chunk: &[u8],
        start: usize,
        out: &mut Vec<Vec<u8>>,
    ) -> Result<(), ApiError> {
        let mut first_error = None;
        let mut at = start;
        while !chunk.is_empty() {
            let (taken, item) = self.sse.feed(chunk);
            at = at.saturating_add(taken);
            match item {
                // MCP's messages are events of the default type; the priming event has an
                // empty `data`.
                Some(SseItem::Event(e)) if e.kind() == b"message" && !e.data.is_empty() => {
                    out.push(e.data.to_vec())
                }
                Some(SseItem::TooLong { .. }) if first_error.is_none() => {
                    first_error = Some(too_large(at, "an SSE event larger than the limit"));
                }
                _ => {}
            }
            chunk = &chunk[taken..];
        }
        first_error.map_or(Ok(()), Err)
    }

    /// The body ended: a JSON body is its message (`unexpected_end` when empty); an SSE
    /// stream's unterminated last event is dropped, as WHATWG says.
    pub(super) fn finish(&mut self, out: &mut Vec<Vec<u8>>) -> Result<(), ApiError> {
        match self.kind {
            Body::Json if self.over => Ok(()),
            Body::Json if self.json.iter().all(u8::is_ascii_whitespace) => {
                Err(
                    DecodeError::new(ErrorKind::UnexpectedEnd, self.json.len(), "a JSON body")
                        .into(),
                )
            }
            Body::Json => {
                out.push(core::mem::take(&mut self.json));
                Ok(())
            }
            Body::Sse => {
                self.sse.finish();
                Ok(())
            }
        }
    }
}

fn too_large(offset: usize, detail: &'static str) -> ApiError {
    DecodeError::new(ErrorKind::InputTooLarge, offset, detail).into()
}
