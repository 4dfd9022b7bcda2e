//! The response choice: one JSON object, or an SSE stream when notifications come before
//! the result; and the HTTP status of a JSON-RPC error.

use crate::error::code;
use crate::json::Value;
use crate::limits::Limits;
use crate::transport::sse::{write_event, Event, EventId};
use alloc::string::String;
use alloc::vec::Vec;

/// What to send on an HTTP response: its head when it starts (`status` and `headers`),
/// body bytes, and whether the response ends with them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HttpReply {
    /// The status, when these bytes start the response (then `headers` go with it);
    /// `None` for more bytes of a response already started.
    pub status: Option<u16>,
    /// The response headers (with `status`).
    pub headers: Vec<(String, String)>,
    /// Body bytes to write.
    pub body: Vec<u8>,
    /// The response ends after these bytes.
    pub done: bool,
}

impl HttpReply {
    /// A whole response.
    pub fn whole(status: u16, headers: Vec<(String, String)>, body: Vec<u8>) -> Self {
        HttpReply {
            status: Some(status),
            headers,
            body,
            done: true,
        }
    }

    /// A whole response with a JSON body.
    pub fn json(status: u16, body: Vec<u8>) -> Self {
        Self::whole(status, alloc::vec![content_type("application/json")], body)
    }

    /// A whole response without a body (`202 Accepted`, `405`, …).
    pub fn empty(status: u16) -> Self {
        Self::whole(status, Vec::new(), Vec::new())
    }
}

pub(crate) fn content_type(t: &str) -> (String, String) {
    ("Content-Type".into(), t.into())
}

/// The headers that start an SSE response. `X-Accel-Buffering: no`: the page says servers
/// "**SHOULD** include the `X-Accel-Buffering: no` header" so proxies do not buffer events.
pub fn sse_headers() -> Vec<(String, String)> {
    alloc::vec![
        content_type("text/event-stream"),
        ("Cache-Control".into(), "no-cache".into()),
        ("X-Accel-Buffering".into(), "no".into()),
    ]
}

/// The HTTP status of a JSON-RPC message sent as a whole response on the 2026-07-28 wire
/// (`modern`): `404` for -32601 (the 2026-07-28 page: the server "**MUST** respond with `404 Not Found` and a JSON-RPC error
/// with code `-32601`"), `400` for -32020, -32021, -32022 (their schema: "the response status
/// code **MUST** be `400 Bad Request`"), -32700 and -32600; `200` for anything else
/// (results, and errors about a well-formed request such as -32602). On the 2025-11-25 wire
/// only -32700 and -32600 get `400`, everything else `200` (there a `404` means "session
/// not found" and makes the client start over).
pub fn status_for_wire(message: &[u8], modern: bool) -> u16 {
    let parsed = Value::parse(message, Limits::DEFAULT).ok();
    let code = parsed
        .as_ref()
        .and_then(|m| m.get("error"))
        .and_then(|e| e.get("code"));
    let code = match code {
        Some(Value::Number(n)) => n.parse::<i64>().ok(),
        _ => None,
    };
    match code {
        Some(code::PARSE_ERROR | code::INVALID_REQUEST) => 400,
        _ if !modern => 200,
        Some(code::METHOD_NOT_FOUND) => 404,
        Some(
            code::HEADER_MISMATCH
            | code::MISSING_REQUIRED_CLIENT_CAPABILITY
            | code::UNSUPPORTED_PROTOCOL_VERSION,
        ) => 400,
        _ => 200,
    }
}

/// The answer to one request, message by message: JSON when the final response is the
/// first message, else an SSE stream (notifications, then the response, then the end).
///
/// With `stream` (the 2025-11-25 wire, resumable), every event gets an [`EventId`] and the
/// stream opens with the priming event the 2025-11-25 page asks for: "an SSE event
/// consisting of an event ID and an empty `data` field". Such a stream can also lose its
/// connection on purpose ([`close_connection`](Self::close_connection)) and go on when the
/// client reconnects.
#[derive(Clone, Debug)]
pub struct ReplyStream {
    stream: Option<u64>,
    modern: bool,
    seq: u64,
    started: bool,
    done: bool,
}

impl ReplyStream {
    /// A reply on the 2026-07-28 wire (`modern`) or the 2025-11-25 one; `stream` numbers
    /// its events for resumption.
    pub fn new(stream: Option<u64>, modern: bool) -> Self {
        ReplyStream {
            stream,
            modern,
            seq: 0,
            started: false,
            done: false,
        }
    }

    /// True once the reply started as an SSE stream.
    pub fn is_streaming(&self) -> bool {
        self.started
    }

    /// True once the reply ended.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The stream number, when events are numbered.
    pub fn stream(&self) -> Option<u64> {
        self.stream
    }

    /// The sequence number of the last event written (0 for the priming event).
    pub fn last_seq(&self) -> u64 {
        self.seq
    }

    /// A notification before the result: starts the SSE stream if needed.
    pub fn notification(&mut self, message: &[u8]) -> HttpReply {
        let mut reply = self.open();
        self.event(message, &mut reply.body);
        reply
    }

    /// The final message (`None` when the response is suppressed because the request was
    /// cancelled): a JSON response, or the last event of the stream.
    pub fn finish(&mut self, message: Option<&[u8]>) -> HttpReply {
        self.done = true;
        match (self.started, message) {
            (false, Some(m)) => HttpReply::json(status_for_wire(m, self.modern), m.to_vec()),
            (false, None) => HttpReply::whole(200, sse_headers(), Vec::new()),
            (true, m) => {
                let mut reply = HttpReply::default();
                if let Some(m) = m {
                    self.event(m, &mut reply.body);
                }
                reply.done = true;
                reply
            }
        }
    }

    /// Starts the SSE stream: its head and, when events are numbered, the priming event
    /// (empty when it already started).
    pub fn open(&mut self) -> HttpReply {
        self.open_with_retry(None)
    }

    fn open_with_retry(&mut self, retry: Option<u64>) -> HttpReply {
        if self.started {
            return HttpReply::default();
        }
        self.started = true;
        let mut reply = HttpReply {
            status: Some(200),
            headers: sse_headers(),
            ..Default::default()
        };
        if let Some(stream) = self.stream {
            let mut buf = [0u8; 41];
            let id = EventId { stream, seq: 0 }.write(&mut buf);
            let prime = Event {
                id: id.as_bytes(),
                retry,
                ..Default::default()
            };
            let _ = write_event(&mut reply.body, &prime);
        }
        reply
    }

    /// Ends the HTTP response without terminating the SSE stream (2025-11-25: "the server
    /// **MAY** close the _connection_ (without terminating the _SSE stream_) at any time"),
    /// so the client reconnects with `Last-Event-ID` and the stream goes on there. `None`
    /// when events are not numbered (nothing to resume from) or the stream ended.
    ///
    /// "If the server does close the _connection_ prior to terminating the _SSE stream_, it
    /// **SHOULD** send an SSE event with a standard `retry` field before closing the
    /// connection": the last event is one with an id, `retry` (milliseconds) and empty
    /// `data` — the priming event itself when the stream starts here, else an event of its
    /// own (the client's cursor then points past everything sent).
    pub fn close_connection(&mut self, retry: u64) -> Option<HttpReply> {
        let stream = self.stream?;
        if self.done {
            return None;
        }
        let mut reply = if self.started {
            self.seq += 1;
            let mut buf = [0u8; 41];
            let id = EventId {
                stream,
                seq: self.seq,
            }
            .write(&mut buf);
            let event = Event {
                id: id.as_bytes(),
                retry: Some(retry),
                ..Default::default()
            };
            let mut reply = HttpReply::default();
            let _ = write_event(&mut reply.body, &event);
            reply
        } else {
            self.open_with_retry(Some(retry))
        };
        reply.done = true;
        Some(reply)
    }

    fn event(&mut self, message: &[u8], out: &mut Vec<u8>) {
        self.seq += 1;
        let mut buf = [0u8; 41];
        let id = match self.stream {
            Some(stream) => EventId {
                stream,
                seq: self.seq,
            }
            .write(&mut buf),
            None => "",
        };
        let event = Event {
            event: b"message",
            data: message,
            id: id.as_bytes(),
            retry: None,
        };
        // A message from the core's writers has no raw line end; the writer splits data
        // lines anyway, so nothing is refused here.
        let _ = write_event(out, &event);
    }
}
