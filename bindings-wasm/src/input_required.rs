//! `sealRequestState`, `openRequestState`, `declaredInputRequests`: core's server side of
//! 2026-07-28 multi round-trip requests (`mcpwire::api`), with the Node binding's names.

use crate::args::{given, string_arg};
use crate::{js_to_value, mcpwire_error, read_input, value_to_js};
use mcpwire::api;
use wasm_bindgen::prelude::*;

/// `state` (any JSON value) sealed with `key` (at least 32 bytes) for `boundTo` (e.g. the
/// tool's name): a `requestState` string the client cannot change unnoticed.
#[wasm_bindgen(js_name = sealRequestState)]
pub fn seal_request_state(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array")] key: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string", js_name = boundTo)] bound_to: JsValue,
    #[wasm_bindgen(unchecked_param_type = "JSONValue")] state: JsValue,
) -> Result<String, JsValue> {
    let key = read_input(&key)?;
    let bound_to = string_arg(&bound_to, "boundTo")?;
    let state = js_to_value(&state)?;
    api::seal_request_state(key.bytes(), &bound_to, &state).map_err(mcpwire_error)
}

/// The value sealed in `sealed` with the same `key` and `boundTo`; an `McpwireError`
/// (`invalid_value`, -32602) for a changed or foreign state.
#[wasm_bindgen(js_name = openRequestState, unchecked_return_type = "JSONValue")]
pub fn open_request_state(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array")] key: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string", js_name = boundTo)] bound_to: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] sealed: JsValue,
) -> Result<JsValue, JsValue> {
    let key = read_input(&key)?;
    let bound_to = string_arg(&bound_to, "boundTo")?;
    let sealed = string_arg(&sealed, "sealed")?;
    let v = api::open_request_state(key.bytes(), &bound_to, &sealed).map_err(mcpwire_error)?;
    value_to_js(&v)
}

/// The members of `inputRequests` whose capability `clientCapabilities` (the call's declared
/// capabilities, or null) declares.
#[wasm_bindgen(js_name = declaredInputRequests, unchecked_return_type = "Record<string, JSONValue>")]
pub fn declared_input_requests(
    #[wasm_bindgen(unchecked_param_type = "Record<string, JSONValue>", js_name = inputRequests)]
    input_requests: JsValue,
    #[wasm_bindgen(
        unchecked_optional_param_type = "Record<string, JSONValue> | null",
        js_name = clientCapabilities
    )]
    client_capabilities: JsValue,
) -> Result<JsValue, JsValue> {
    let requests = js_to_value(&input_requests)?;
    let caps = given(&client_capabilities).map(js_to_value).transpose()?;
    let v = api::declared_input_requests(&requests, caps.as_ref()).map_err(mcpwire_error)?;
    value_to_js(&v)
}
