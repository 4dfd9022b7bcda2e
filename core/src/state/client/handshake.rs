//! The handshake: `initialize` (2025 versions) or `server/discover` (2026-07-28), its answer,
//! and the one retry an `UnsupportedProtocolVersionError` allows.

use super::{Client, ClientError, Handshake, Incoming, Method, Millis, Outgoing};
use crate::json::writer::{ObjectWriter, Sink};
use crate::json::JsonStr;
use crate::jsonrpc::{write_request, RequestId};
use crate::mcp::{Encode, InitializeRequestParams, McpMessage, ProtocolVersion, ToolsCapability};

impl<'c, const N: usize> Client<'c, N> {
    /// Starts the handshake: `initialize` (2025 versions) or `server/discover` (2026-07-28).
    pub fn start<S: Sink + ?Sized>(
        &mut self,
        sink: &mut S,
        now: Millis,
    ) -> Result<i64, ClientError> {
        let version = self.config.version;
        let method = if version.has_initialize() {
            Method::Initialize
        } else {
            Method::ServerDiscover
        };
        let id = self.register(method, now, None, None)?;
        self.handshake = Handshake::Waiting(id);
        if version.has_initialize() {
            let params = InitializeRequestParams {
                protocol_version: JsonStr::new(version.as_str()),
                capabilities: self.config.capabilities.raw(),
                client_info: self.config.client_info.raw(),
                meta: None,
                extra: Default::default(),
            };
            McpMessage::InitializeRequest(RequestId::Int(id), params).write(sink);
        } else {
            self.write_discover(sink, id);
        }
        Ok(id)
    }

    pub(super) fn write_discover<S: Sink + ?Sized>(&self, sink: &mut S, id: i64) {
        let params = |sink: &mut S| {
            let mut p = ObjectWriter::open(sink);
            p.key(sink, "_meta");
            self.meta(None).write(sink);
            p.close(sink);
        };
        let id = RequestId::Int(id);
        write_request(sink, Some(&id), Method::ServerDiscover.name(), Some(params));
    }

    /// "retry using the advertised `supported` versions": once, at a version without
    /// `initialize` this client speaks (see `state::unsupported_version`).
    pub(super) fn retry_handshake<'a>(
        &mut self,
        refused: i64,
        error: &crate::jsonrpc::ErrorObject<'_>,
        now: Millis,
    ) -> Option<Incoming<'a>> {
        if self.version_retried || self.config.version.has_initialize() {
            return None;
        }
        let version = crate::state::unsupported_version::retry_version(error)?;
        let previous = core::mem::replace(&mut self.config.version, version);
        let Ok(id) = self.register(Method::ServerDiscover, now, None, None) else {
            self.config.version = previous;
            return None;
        };
        if self.outbox.push(Outgoing::Discover { id }).is_err() {
            self.config.version = previous;
            let _ = self.pending.take(|p| p.id == id);
            return None;
        }
        self.version_retried = true;
        self.handshake = Handshake::Waiting(id);
        Some(Incoming::VersionRetry {
            id: refused,
            version,
        })
    }

    pub(super) fn finish_handshake<'a>(
        &mut self,
        version: Option<ProtocolVersion>,
        tools: Option<ToolsCapability>,
        initialized: bool,
    ) -> Incoming<'a> {
        match version {
            Some(version) => {
                self.handshake = Handshake::Ready(version, tools);
                if initialized {
                    let _ = self.outbox.push(Outgoing::Initialized);
                }
                Incoming::Ready { version, tools }
            }
            None => {
                self.handshake = Handshake::Failed;
                Incoming::HandshakeFailed
            }
        }
    }
}
