//! 2026-07-28 multi round-trip requests at the value level, server side: a tool's
//! `requestState` sealed and opened ([`crate::state::request_state`]), and its input
//! requests cut down to what the client declared.

use super::ApiError;
use crate::error::ErrorKind;
use crate::json::Value;
use crate::limits::Limits;
use crate::state::request_state::{self, RequestStateError};
use crate::state::ClientCapability;
use alloc::string::String;
use alloc::vec::Vec;

fn state_error(e: RequestStateError) -> ApiError {
    // A changed or foreign state is the client's bad parameter: -32602, as the retry's
    // `requestState` is a parameter of the request.
    ApiError::new(ErrorKind::InvalidValue, e.message())
}

/// `state` (any JSON value) sealed with `key` for `bound_to` (e.g. the tool's name), as a
/// `requestState` string (see [`request_state`]).
pub fn seal_request_state(key: &[u8], bound_to: &str, state: &Value) -> Result<String, ApiError> {
    request_state::seal_request_state(key, bound_to.as_bytes(), &state.to_vec())
        .map_err(state_error)
}

/// The JSON value sealed in `sealed` by [`seal_request_state`] with the same `key` and
/// `bound_to`; fails with `invalid_value` (-32602) for a state that was changed, sealed
/// for something else or with another key.
pub fn open_request_state(key: &[u8], bound_to: &str, sealed: &str) -> Result<Value, ApiError> {
    let bytes =
        request_state::open_request_state(key, bound_to.as_bytes(), sealed).map_err(state_error)?;
    // Sealed by this server from a value: anything else is a misuse of the key.
    Value::parse(&bytes, Limits::DEFAULT).map_err(|_| state_error(RequestStateError::Malformed))
}

/// The members of `input_requests` (an `InputRequests` object) the client can fulfil: those
/// whose method needs a capability `client_capabilities` (the request's declared
/// `ClientCapabilities`, `None` when it declared nothing) has as an object. "A server
/// **MUST NOT** rely on capabilities the client has not declared": a tool that can do with
/// less asks only for these. A member that is not an input request (`elicitation/create`,
/// `sampling/createMessage`, `roots/list`) is a usage error.
pub fn declared_input_requests(
    input_requests: &Value,
    client_capabilities: Option<&Value>,
) -> Result<Value, ApiError> {
    let Value::Object(members) = input_requests else {
        return Err(ApiError::usage("inputRequests must be an object"));
    };
    let declared = |c: ClientCapability| {
        matches!(
            client_capabilities.and_then(|caps| caps.get(c.name())),
            Some(Value::Object(_))
        )
    };
    let mut kept = Vec::new();
    for (key, request) in members {
        let method = match request.get("method") {
            Some(Value::String(m)) => ClientCapability::of_method_name(m),
            _ => None,
        };
        let needed = method.ok_or_else(|| {
            ApiError::usage(
                "an input request's method must be elicitation/create, \
                 sampling/createMessage or roots/list",
            )
        })?;
        if declared(needed) {
            kept.push((key.clone(), request.clone()));
        }
    }
    Ok(Value::Object(kept))
}
