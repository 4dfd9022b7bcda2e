//! What a host gives the client and gets back from it: its configuration, the options of a
//! call, the messages it reads, the events it reports and the ways a call can fail.

use super::{ConfigJson, Millis};
use crate::classify::ResponseClass;
use crate::error::ErrorKind;
use crate::json::{JsonStr, Number, RawJson};
use crate::jsonrpc::ErrorObject;
use crate::limits::Limits;
use crate::mcp::{
    CallToolResult, InputRequiredResult, ListToolsResult, McpMessage, Method, ProgressToken,
    ProtocolVersion, ToolsCapability,
};

/// How a client is set up.
#[derive(Clone, Debug)]
pub struct ClientConfig<'c> {
    /// The protocol version to speak.
    pub version: ProtocolVersion,
    /// The client's `Implementation` object, e.g. `{"name":"host","version":"1.0"}`.
    pub client_info: ConfigJson<'c>,
    /// The client's capabilities object (`{}` for none).
    pub capabilities: ConfigJson<'c>,
    /// Time limit for a request when the call does not set one.
    pub default_timeout: Option<Millis>,
    /// Limit that progress never extends ("SHOULD always enforce a maximum timeout").
    pub max_timeout: Option<Millis>,
    /// Restart a request's time limit when its progress arrives.
    pub reset_timeout_on_progress: bool,
    /// Most `tools/list` pages one listing fetches (default 100).
    pub max_pages: u32,
    /// Decode limits for incoming messages.
    pub limits: Limits,
}

impl<'c> ClientConfig<'c> {
    /// A configuration with defaults: no time limits, 100 pages, default limits.
    pub fn new(version: ProtocolVersion, client_info: RawJson<'c>) -> Self {
        ClientConfig {
            version,
            client_info: client_info.into(),
            capabilities: RawJson::from_source("{}", true).into(),
            default_timeout: None,
            max_timeout: None,
            reset_timeout_on_progress: false,
            max_pages: 100,
            limits: Limits::DEFAULT,
        }
    }
}

/// Why a request could not be sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClientError {
    /// The server never declared `tools` (or the handshake has not completed): refused
    /// locally, as a server without tools answers, with -32601.
    MethodNotFound,
    /// The progress token is already used by a request in flight ("MUST be unique").
    DuplicateProgressToken,
    /// A fixed-capacity table is full (no-alloc build) or a string is too long for it.
    Capacity,
    /// The protocol version in use has no such request (a retry with `inputResponses`
    /// before 2026-07-28).
    NotInVersion,
}

impl ClientError {
    /// The error kind (and so the code) this refusal corresponds to.
    pub fn kind(self) -> ErrorKind {
        match self {
            ClientError::MethodNotFound => ErrorKind::MethodNotFound,
            ClientError::DuplicateProgressToken => ErrorKind::InvalidValue,
            ClientError::Capacity => ErrorKind::InternalError,
            ClientError::NotInVersion => ErrorKind::InvalidValue,
        }
    }
}

/// How a call picks its progress token.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TokenChoice<'t> {
    /// No progress wanted.
    #[default]
    None,
    /// The client issues a fresh integer token.
    Auto,
    /// The caller's token (checked to be unique among requests in flight).
    Given(ProgressToken<'t>),
}

/// Options of one `tools/call`.
#[derive(Clone, Copy, Debug, Default)]
pub struct CallOptions<'t> {
    /// Time limit from now (else the configured default).
    pub timeout: Option<Millis>,
    /// Progress token.
    pub progress: TokenChoice<'t>,
}

/// What a retried `tools/call` answers an `InputRequiredResult` with (2026-07-28).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct InputResponses<'t> {
    /// `inputResponses`: an object with the client's result for each input request, by the
    /// key the server gave it.
    pub input_responses: Option<RawJson<'t>>,
    /// `requestState`, echoed exactly as the server sent it.
    pub request_state: Option<JsonStr<'t>>,
}

/// Why a listing stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PagerStop {
    /// The last page had no `nextCursor`: the catalog is complete.
    Complete,
    /// The server sent a cursor it had already sent in this listing.
    RepeatedCursor,
    /// `max_pages` pages were fetched and more were offered.
    PageCap,
    /// A page request failed (error response or time limit).
    Failed,
}

/// A message that arrived but belongs to nothing in flight; reported, not passed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Late {
    /// A response to an id this client never sent (or not as an integer).
    UnknownResponse,
    /// A second response to an id already answered.
    DuplicateResponse,
    /// A response to a request this client cancelled or gave up on.
    ResponseAfterCancel,
    /// Progress for a token no request in flight owns.
    ProgressUnknownToken,
    /// Progress for a request that already finished ("MUST stop after completion").
    ProgressAfterFinish,
    /// Progress that did not increase ("MUST increase with each notification").
    ProgressNotIncreasing,
}

/// What one incoming message meant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Incoming<'a> {
    /// The handshake completed (`initialize` or `server/discover`).
    Ready {
        /// The version in use.
        version: ProtocolVersion,
        /// The server's tools capability, if declared.
        tools: Option<ToolsCapability>,
    },
    /// The server speaks no version this client does.
    HandshakeFailed,
    /// The server refused the handshake's version with an `UnsupportedProtocolVersionError`
    /// whose `supported` list names `version`, which this client speaks: the handshake is
    /// queued again at `version` for [`poll_transmit`](super::Client::poll_transmit) (once).
    VersionRetry {
        /// The refused request.
        id: i64,
        /// The version of the retry (and of every request after it).
        version: ProtocolVersion,
    },
    /// A page of the catalog; `stop` is `None` when the next page request was queued.
    ToolsPage {
        /// The request id.
        id: i64,
        /// The page.
        result: ListToolsResult<'a>,
        /// Why the listing ended, if it did.
        stop: Option<PagerStop>,
    },
    /// The result of a `tools/call` (`class` is success or tool_error).
    ToolResult {
        /// The request id.
        id: i64,
        /// The result.
        result: CallToolResult<'a>,
        /// Success or tool error.
        class: ResponseClass,
    },
    /// 2026-07-28: the call needs more input. Fulfil `result.input_requests` (each an
    /// `elicitation/create`, `sampling/createMessage` or `roots/list` request, by key), then
    /// [`Client::retry_tool`](super::Client::retry_tool) with the responses and
    /// `result.request_state`.
    InputRequired {
        /// The request id.
        id: i64,
        /// What the server asks for.
        result: InputRequiredResult<'a>,
    },
    /// A JSON-RPC error answering one of our requests.
    Error {
        /// The request id.
        id: i64,
        /// The method of the request.
        method: Method,
        /// The error.
        error: ErrorObject<'a>,
    },
    /// Progress for a request in flight.
    Progress {
        /// The request it belongs to.
        id: i64,
        /// Progress so far.
        progress: Number,
        /// Total, if known.
        total: Option<Number>,
        /// Message, if any.
        message: Option<JsonStr<'a>>,
    },
    /// `notifications/tools/list_changed`: the cached catalog is stale.
    ToolListChanged,
    /// A message that belongs to nothing in flight.
    Late(Late),
    /// Anything else (server requests such as `ping`, other notifications).
    Other(McpMessage<'a>),
}

/// Events from the passage of time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClientEvent {
    /// A request hit its time limit; a cancellation was queued for it.
    TimedOut {
        /// The request id.
        id: i64,
        /// Its method.
        method: Method,
    },
}
