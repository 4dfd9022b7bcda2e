//! What a server session sends of its own (handshake answers, `ping`'s result, refusals),
//! queued by `handle_input` and written through the typed encoders by `poll_transmit`.

use super::Server;
use crate::classify::write_failure;
use crate::error::{DecodeError, ErrorKind};
use crate::json::writer::Sink;
use crate::json::{JsonStr, RawJson};
use crate::jsonrpc::{Message, Response};
use crate::mcp::{
    CacheScope, DiscoverResult, Encode, Extra, InitializeResult, List, McpMessage, ProtocolVersion,
    ResultType,
};
use crate::state::Key;
use core::fmt;

#[derive(Debug, Clone, Copy)]
pub(super) enum Why {
    Decode(DecodeError),
    Text(&'static str),
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::Decode(e) => fmt::Display::fmt(e, f),
            Why::Text(t) => f.write_str(t),
        }
    }
}

#[derive(Debug)]
pub(super) enum Outgoing {
    Failure {
        id: Option<Key>,
        kind: ErrorKind,
        why: Why,
    },
    Initialize {
        id: Key,
        version: ProtocolVersion,
    },
    Discover {
        id: Key,
    },
    /// `ping`'s empty result.
    Pong {
        id: Key,
    },
}

impl<'c, const N: usize> Server<'c, N> {
    /// Writes the next queued message (handshake answers, refusals). False when none.
    pub fn poll_transmit<S: Sink + ?Sized>(&mut self, sink: &mut S) -> bool {
        let Some(out) = self.outbox.take_first() else {
            return false;
        };
        match out {
            Outgoing::Failure { id, kind, why } => write_failure(
                sink,
                id.as_ref().map(Key::as_id).as_ref(),
                kind,
                &why,
                self.version(),
            ),
            Outgoing::Initialize { id, version } => {
                McpMessage::InitializeResult(id.as_id(), self.initialize_result(version))
                    .write(sink)
            }
            Outgoing::Pong { id } => Message::Response(Response {
                id: id.as_id(),
                result: RawJson::from_source("{}", true),
            })
            .write(sink),
            Outgoing::Discover { id } => {
                let versions = self.config.versions.as_slice();
                let mut names = [JsonStr::new(""); 3];
                for (name, v) in names.iter_mut().zip(versions) {
                    *name = JsonStr::new(v.as_str());
                }
                let supported = List::Slice(names.get(..versions.len()).unwrap_or_default());
                McpMessage::DiscoverResult(id.as_id(), self.discover_result(supported)).write(sink)
            }
        }
        true
    }

    fn initialize_result(&self, version: ProtocolVersion) -> InitializeResult<'_> {
        InitializeResult {
            protocol_version: JsonStr::new(version.as_str()),
            capabilities: self.config.capabilities.raw(),
            tools: None,
            server_info: self.config.server_info.raw(),
            instructions: None,
            meta: None,
            extra: Extra::NONE,
        }
    }

    /// The `DiscoverResult`: the server's `Implementation` in `_meta` ("Servers SHOULD
    /// include this field on every response"), `ttlMs` 0 (ask again each time) and
    /// `cacheScope` public (it holds nothing user-specific).
    fn discover_result<'s>(&'s self, supported: List<'s, JsonStr<'s>>) -> DiscoverResult<'s> {
        DiscoverResult {
            supported_versions: supported,
            capabilities: self.config.capabilities.raw(),
            tools: None,
            instructions: None,
            ttl_ms: Some(0),
            cache_scope: Some(CacheScope::Public),
            result_type: Some(ResultType::Complete),
            meta: None,
            server_info: Some(self.config.server_info.raw()),
            extra: Extra::NONE,
        }
    }
}
