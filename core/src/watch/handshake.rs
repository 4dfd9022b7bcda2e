//! Handshake order and version (2025 revisions' `initialize`; 2026-07-28's per-request
//! version).
//!
//! 2025-11-25 lifecycle: "The initialization phase MUST be the first interaction between
//! client and server"; "The client SHOULD NOT send requests other than pings before the
//! server has responded to the initialize request"; "After successful initialization, the
//! client MUST send an initialized notification to indicate it is ready to begin normal
//! operations". 2026-07-28 has no handshake: "Every request MUST include" its protocol
//! version in `_meta`, so a request carrying one starts a stateless session.

use super::{text, Ctx, InFlight, Rule};
use crate::jsonrpc::Request;
use crate::mcp::{McpMessage, Method, RequestMeta};
use alloc::format;
use alloc::string::String;

/// Every protocol version a revision of the spec defines.
const KNOWN_VERSIONS: &[&str] = &[
    "2024-11-05",
    "2025-03-26",
    "2025-06-18",
    "2025-11-25",
    "2026-07-28",
];

#[derive(Debug, Clone, PartialEq, Eq)]
enum State {
    /// Nothing yet.
    Start,
    /// `initialize` sent, not answered.
    Sent,
    /// `initialize` answered with a result.
    Answered,
    /// `initialize` answered with an error.
    Failed,
    /// 2026-07-28: requests carry their version.
    Stateless,
}

/// What the handshake has reached.
#[derive(Debug)]
pub(crate) struct Handshake {
    state: State,
    initialized: bool,
    version: Option<String>,
}

impl Handshake {
    /// True once a request carried 2026-07-28's per-request version (no handshake).
    pub(crate) fn is_stateless(&self) -> bool {
        self.state == State::Stateless
    }

    /// The version the `initialize` result named, if any.
    pub(crate) fn version(&self) -> Option<&str> {
        self.version.as_deref()
    }

    pub(crate) fn new() -> Self {
        Handshake {
            state: State::Start,
            initialized: false,
            version: None,
        }
    }
}

fn check_version(ctx: &mut Ctx, v: &str, whose: &str) {
    if !KNOWN_VERSIONS.contains(&v) {
        ctx.report(
            Rule::UnknownProtocolVersion,
            format!("{whose} protocol version {v:?} is not a version of the MCP specification"),
        );
    }
}

/// A request from the host.
pub(crate) fn on_request(
    hs: &mut Handshake,
    ctx: &mut Ctx,
    r: &Request<'_>,
    method: Option<Method>,
    meta: Option<&RequestMeta<'_>>,
) {
    match method {
        Some(Method::Initialize) => {
            if hs.state != State::Start {
                ctx.report(
                    Rule::InitializeRepeated,
                    "initialize sent again: the initialization phase MUST be the first interaction"
                        .into(),
                );
            }
            let asked = r.params.as_ref().and_then(|p| p.get("protocolVersion"));
            if let Some(v) = asked.and_then(|v| v.as_json_str()) {
                check_version(ctx, &text(&v), "the requested");
            }
            hs.state = State::Sent;
            return;
        }
        Some(Method::Ping | Method::ServerDiscover) => return,
        _ => {}
    }
    if let Some(v) = meta.and_then(|m| m.protocol_version) {
        check_version(ctx, &text(&v), "the request's");
        if hs.state == State::Start {
            hs.state = State::Stateless;
        }
    }
    let why = match hs.state {
        State::Start => "before initialize: the initialization phase MUST be the first interaction between client and server",
        State::Sent => "before the initialize result: the client SHOULD NOT send requests other than pings before the server has responded to the initialize request",
        State::Answered if !hs.initialized => {
            ctx.report(
                Rule::RequestBeforeInitialized,
                "request before notifications/initialized: after successful initialization, the client MUST send an initialized notification".into(),
            );
            return;
        }
        _ => return,
    };
    ctx.report(Rule::RequestBeforeInitialize, format!("request {why}"));
}

/// A notification (only `notifications/initialized` from the host matters here).
pub(crate) fn on_notification(hs: &mut Handshake, ctx: &mut Ctx, method: Option<Method>) {
    if method != Some(Method::Initialized) || ctx.dir != super::Direction::ToServer {
        return;
    }
    match (&hs.state, hs.initialized) {
        (State::Answered, false) => hs.initialized = true,
        (State::Answered, true) => ctx.report(
            Rule::InitializedOutOfOrder,
            "notifications/initialized sent twice".into(),
        ),
        _ => {
            ctx.report(
                Rule::InitializedOutOfOrder,
                "notifications/initialized before the initialize result".into(),
            );
            // Sent, if early: the requests that follow are not reported again for it.
            hs.initialized = true;
        }
    }
}

/// The response to `initialize`.
pub(crate) fn on_response(
    hs: &mut Handshake,
    ctx: &mut Ctx,
    entry: &InFlight,
    typed: Option<&McpMessage<'_>>,
) {
    if entry.method != Some(Method::Initialize) || ctx.dir != super::Direction::ToHost {
        return;
    }
    match typed {
        Some(McpMessage::InitializeResult(_, r)) => {
            let v = text(&r.protocol_version);
            check_version(ctx, &v, "the server's");
            hs.version = super::key_fits(&r.protocol_version).then_some(v);
            hs.state = State::Answered;
        }
        Some(McpMessage::Error(_)) => hs.state = State::Failed,
        _ => {}
    }
}
