//! The 2025-11-25 sessions of Streamable HTTP: `Mcp-Session-Id` minted at `initialize`,
//! idle expiry, and the event logs that let a client resume a stream with `Last-Event-ID`.
//!
//! Choices where the page is silent: an id is 32 lowercase hex digits of 16 random bytes
//! the caller passes in (the page: "globally unique and cryptographically secure", "only
//! visible ASCII characters"); a session idle for longer than the endpoint's idle time ends
//! (later requests with its id get 404, as for any ended session); each session keeps the
//! events of its last [`MAX_STREAMS`] streams, at most [`MAX_EVENTS`] per stream, for
//! resumption.

use crate::api::ServerSession;
use crate::state::Millis;
use alloc::collections::{BTreeMap, VecDeque};
use alloc::string::String;
use alloc::vec::Vec;

/// Streams whose events a session keeps for resumption.
pub const MAX_STREAMS: usize = 16;
/// Events kept per stream.
pub const MAX_EVENTS: usize = 256;
/// Random bytes a session id is made of.
pub const SESSION_ID_BYTES: usize = 16;

/// The events written on one stream, for replay.
#[derive(Debug, Default)]
pub struct StreamLog {
    /// The stream number (the first part of its event ids).
    pub stream: u64,
    /// (sequence number of the last event in the chunk, the chunk's bytes), in order.
    pub chunks: VecDeque<(u64, Vec<u8>)>,
    /// The exchange still writing to it, if any.
    pub exchange: Option<u64>,
}

impl StreamLog {
    /// The bytes to send to resume after event `seq` (events after it, in order).
    pub fn replay_after(&self, seq: u64) -> Vec<u8> {
        let mut out = Vec::new();
        for (last, chunk) in &self.chunks {
            if *last > seq {
                out.extend_from_slice(chunk);
            }
        }
        out
    }
}

/// One session.
pub struct Session {
    /// The server's state for this client.
    pub server: ServerSession,
    /// When the client was last heard from.
    pub last_seen: Millis,
    /// The event logs of its recent streams, oldest first.
    pub streams: VecDeque<StreamLog>,
    /// The next stream number.
    pub next_stream: u64,
    /// The exchange holding its standalone GET stream, if open.
    pub listener: Option<u64>,
}

impl Session {
    /// A new session around `server`.
    pub fn new(server: ServerSession, now: Millis) -> Self {
        Session {
            server,
            last_seen: now,
            streams: VecDeque::new(),
            next_stream: 1,
            listener: None,
        }
    }

    /// A new stream number, with its (empty) log.
    pub fn open_stream(&mut self, exchange: Option<u64>) -> u64 {
        let stream = self.next_stream;
        self.next_stream += 1;
        if self.streams.len() == MAX_STREAMS {
            self.streams.pop_front();
        }
        self.streams.push_back(StreamLog {
            stream,
            chunks: VecDeque::new(),
            exchange,
        });
        stream
    }

    /// The log of stream `stream`, if kept.
    pub fn stream_mut(&mut self, stream: u64) -> Option<&mut StreamLog> {
        self.streams.iter_mut().find(|s| s.stream == stream)
    }

    /// Records bytes written on `stream` up to event `seq`.
    pub fn record(&mut self, stream: u64, seq: u64, chunk: &[u8]) {
        if let Some(log) = self.stream_mut(stream) {
            if log.chunks.len() == MAX_EVENTS {
                log.chunks.pop_front();
            }
            log.chunks.push_back((seq, chunk.to_vec()));
        }
    }
}

/// The session table.
#[derive(Default)]
pub struct Sessions {
    by_id: BTreeMap<String, Session>,
}

/// A session id from random bytes: lowercase hex, visible ASCII. `None` when fewer than
/// [`SESSION_ID_BYTES`] bytes are given.
pub fn session_id(random: &[u8]) -> Option<String> {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let bytes = random.get(..SESSION_ID_BYTES)?;
    let mut id = String::with_capacity(2 * SESSION_ID_BYTES);
    for b in bytes {
        id.push(char::from(HEX[usize::from(b >> 4)]));
        id.push(char::from(HEX[usize::from(b & 15)]));
    }
    Some(id)
}

impl Sessions {
    /// Sessions open.
    pub fn len(&self) -> usize {
        self.by_id.len()
    }

    /// True when none is open.
    pub fn is_empty(&self) -> bool {
        self.by_id.is_empty()
    }

    /// Adds a session under `id`.
    pub fn insert(&mut self, id: String, session: Session) {
        self.by_id.insert(id, session);
    }

    /// The live session `id`, if any.
    pub fn get_mut(&mut self, id: &str) -> Option<&mut Session> {
        self.by_id.get_mut(id)
    }

    /// Ends session `id`; false when there was none.
    pub fn end(&mut self, id: &str) -> Option<Session> {
        self.by_id.remove(id)
    }

    /// Ends every session idle for `idle` or longer at `now`; returns their ids.
    pub fn expire(&mut self, now: Millis, idle: Millis) -> Vec<String> {
        let ended: Vec<String> = self
            .by_id
            .iter()
            .filter(|(_, s)| now.saturating_sub(s.last_seen) >= idle)
            .map(|(id, _)| id.clone())
            .collect();
        for id in &ended {
            self.by_id.remove(id);
        }
        ended
    }

    /// When the next session will expire.
    pub fn next_expiry(&self, idle: Millis) -> Option<Millis> {
        self.by_id
            .values()
            .map(|s| s.last_seen.saturating_add(idle))
            .min()
    }
}
