//! 2026-07-28's multi round-trip requests, server side: the checks an `InputRequiredResult`
//! passes before [`Server::respond_input_required`](super::Server::respond_input_required)
//! writes it.
//!
//! A `tools/call` may be answered with `{"resultType":"input_required","inputRequests":…,
//! "requestState":…}`; the client fulfils each input request and retries the call (a new id)
//! with `inputResponses` and the `requestState` echoed, which the tool handler reads from
//! [`CallToolRequestParams`](crate::mcp::CallToolRequestParams). The server keeps nothing
//! between the rounds: what it needs again travels in `requestState`, which the client can
//! read and change, so a server that trusts it protects it (a MAC, for example).
//!
//! Choices where the spec is silent: the capability an input request needs is judged at its
//! top level (`elicitation`, `sampling`, `roots`), not by elicitation mode; a request whose
//! method is none of `InputRequest`'s three is refused, not sent.

use super::ServerError;
use crate::json::{JsonStr, Kind, RawJson};
use crate::mcp::InputRequiredResult;

/// A client capability an input request relies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClientCapability {
    /// `elicitation`, for `elicitation/create`.
    Elicitation,
    /// `sampling`, for `sampling/createMessage`.
    Sampling,
    /// `roots`, for `roots/list`.
    Roots,
}

impl ClientCapability {
    const ALL: [ClientCapability; 3] = [
        ClientCapability::Elicitation,
        ClientCapability::Sampling,
        ClientCapability::Roots,
    ];

    /// The capability's member name in `ClientCapabilities`.
    pub const fn name(self) -> &'static str {
        match self {
            ClientCapability::Elicitation => "elicitation",
            ClientCapability::Sampling => "sampling",
            ClientCapability::Roots => "roots",
        }
    }

    /// The method of an input request that needs it.
    pub const fn method(self) -> &'static str {
        match self {
            ClientCapability::Elicitation => "elicitation/create",
            ClientCapability::Sampling => "sampling/createMessage",
            ClientCapability::Roots => "roots/list",
        }
    }

    /// The capability an input request of `method` needs; `None` for a method that is not
    /// an `InputRequest` (`CreateMessageRequest`, `ListRootsRequest`, `ElicitRequest`).
    pub fn of_method(method: &JsonStr<'_>) -> Option<Self> {
        Self::ALL.into_iter().find(|c| method.eq_str(c.method()))
    }

    /// [`of_method`](Self::of_method) for a method name already read.
    pub fn of_method_name(method: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.method() == method)
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The capabilities a request's `_meta` declared, of those an input request can need.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Declared(u8);

impl Declared {
    /// From `_meta.io.modelcontextprotocol/clientCapabilities` (none when absent).
    pub(crate) fn of(capabilities: Option<&RawJson<'_>>) -> Self {
        let Some(caps) = capabilities else {
            return Declared(0);
        };
        let bits = caps
            .members()
            .filter(|(_, v)| v.kind() == Kind::Object)
            .filter_map(|(k, _)| {
                ClientCapability::ALL
                    .into_iter()
                    .find(|c| k.eq_str(c.name()))
            })
            .fold(0, |bits, c| bits | c.bit());
        Declared(bits)
    }

    fn has(self, c: ClientCapability) -> bool {
        self.0 & c.bit() != 0
    }
}

/// What an `InputRequiredResult` must be before it is sent for a request that declared
/// `declared`.
pub(crate) fn check(
    result: &InputRequiredResult<'_>,
    declared: Declared,
) -> Result<(), ServerError> {
    // "At least one of `inputRequests` or `requestState` MUST be present."
    if result.input_requests.is_none() && result.request_state.is_none() {
        return Err(ServerError::EmptyInputRequired);
    }
    let Some(requests) = result.input_requests else {
        return Ok(());
    };
    if requests.kind() != Kind::Object {
        return Err(ServerError::InvalidInputRequest);
    }
    for (_, request) in requests.members() {
        let method = request
            .get("method")
            .and_then(|m| m.as_json_str())
            .ok_or(ServerError::InvalidInputRequest)?;
        let needed =
            ClientCapability::of_method(&method).ok_or(ServerError::InvalidInputRequest)?;
        // "A server MUST NOT rely on capabilities the client has not declared."
        if !declared.has(needed) {
            return Err(ServerError::UndeclaredCapability(needed));
        }
    }
    Ok(())
}
