//! [`HttpEndpoint::close_connection`]: a 2025-11-25 server ending a response on purpose
//! while its SSE stream goes on (SEP-1699's polling), so a long call does not hold a
//! connection; the client reconnects with GET and `Last-Event-ID` and the stream resumes.
//!
//! Choices where the page is silent: the event before the close is the priming event with
//! `retry` when the stream starts there, else an event of its own (an id, `retry`, empty
//! `data`), logged like any other so a resumption from an earlier id replays it too; the
//! standalone GET stream keeps its place when its connection is closed this way (a second
//! plain GET still gets 409 until the client resumes it or the session ends); the
//! 2026-07-28 wire has no resumption ("Closing the SSE response stream **MUST** be treated
//! by the server as cancellation"), so closing there is a usage error.

use super::{HttpEndpoint, HttpReply};
use crate::api::ApiError;
use crate::state::Millis;

impl HttpEndpoint {
    /// Closes the connection of `exchange`'s response without terminating its SSE stream
    /// (2025-11-25: "the server **MAY** close the _connection_ (without terminating the
    /// _SSE stream_) at any time in order to avoid holding a long-lived connection"). The
    /// returned reply ends the HTTP response (`done`) after an event carrying `retry`
    /// (milliseconds the client waits before it reconnects); the call goes on, and what it
    /// sends next is kept for the client's GET with `Last-Event-ID` (which
    /// [`handle`](Self::handle) answers with a [`Handled::Stream`](super::Handled::Stream)
    /// for this exchange, or the whole rest when the call has ended by then).
    ///
    /// Errors for an unknown exchange, a 2026-07-28 exchange (no resumption there) and a
    /// stream already ended.
    pub fn close_connection(
        &mut self,
        exchange: u64,
        retry: Millis,
    ) -> Result<HttpReply, ApiError> {
        let e = self
            .exchanges
            .get_mut(&exchange)
            .ok_or_else(|| ApiError::usage("unknown exchange"))?;
        let (Some(session), Some(stream)) = (e.session.clone(), e.reply.stream()) else {
            return Err(ApiError::usage(
                "only a 2025-11-25 stream can be resumed: closing a 2026-07-28 response \
                 cancels its request",
            ));
        };
        let reply = e
            .reply
            .close_connection(retry)
            .ok_or_else(|| ApiError::usage("the stream has ended"))?;
        let seq = e.reply.last_seq();
        if let Some(s) = self.sessions.get_mut(&session) {
            s.record(stream, seq, &reply.body);
        }
        Ok(reply)
    }
}
