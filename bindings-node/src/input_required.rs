//! `sealRequestState`, `openRequestState`, `declaredInputRequests`: core's server side of
//! 2026-07-28 multi round-trip requests (`mcpwire::api`), with JS values.

use crate::args::{given, string_arg};
use crate::{js_to_value, mcpwire_error, read_input, value_to_js};
use mcpwire::api;
use napi::bindgen_prelude::*;
use napi_derive::napi;

/// `state` (any JSON value) sealed with `key` (at least 32 bytes) for `boundTo` (e.g. the
/// tool's name): a `requestState` string the client cannot change unnoticed.
#[napi(ts_args_type = "key: Uint8Array, boundTo: string, state: JSONValue")]
pub fn seal_request_state(
    env: &Env,
    key: Unknown,
    bound_to: Unknown,
    state: Unknown,
) -> Result<String> {
    let key = read_input(env, key)?;
    let bound_to = string_arg(env, bound_to, "boundTo")?;
    let state = js_to_value(env, state)?;
    api::seal_request_state(key.bytes(), &bound_to, &state).map_err(|e| mcpwire_error(env, e))
}

/// The value sealed in `sealed` with the same `key` and `boundTo`; an `McpwireError`
/// (`invalid_value`, -32602) for a changed or foreign state.
#[napi(
    ts_args_type = "key: Uint8Array, boundTo: string, sealed: string",
    ts_return_type = "JSONValue"
)]
pub fn open_request_state<'a>(
    env: &'a Env,
    key: Unknown,
    bound_to: Unknown,
    sealed: Unknown,
) -> Result<Unknown<'a>> {
    let key = read_input(env, key)?;
    let bound_to = string_arg(env, bound_to, "boundTo")?;
    let sealed = string_arg(env, sealed, "sealed")?;
    let v = api::open_request_state(key.bytes(), &bound_to, &sealed)
        .map_err(|e| mcpwire_error(env, e))?;
    value_to_js(env, &v)
}

/// The members of `inputRequests` whose capability `clientCapabilities` (the call's declared
/// capabilities, or null) declares.
#[napi(
    ts_args_type = "inputRequests: Record<string, JSONValue>, clientCapabilities?: Record<string, JSONValue> | null",
    ts_return_type = "Record<string, JSONValue>"
)]
pub fn declared_input_requests<'a>(
    env: &'a Env,
    input_requests: Unknown,
    client_capabilities: Option<Unknown>,
) -> Result<Unknown<'a>> {
    let requests = js_to_value(env, input_requests)?;
    let caps = given(client_capabilities)?
        .map(|c| js_to_value(env, c))
        .transpose()?;
    let v = api::declared_input_requests(&requests, caps.as_ref())
        .map_err(|e| mcpwire_error(env, e))?;
    value_to_js(env, &v)
}
