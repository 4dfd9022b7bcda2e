//! Protocol state: `Client`, `Server` and `page` over `mcpwire::api::{ClientSession,
//! ServerSession, page}`. Arguments are converted, results turned into JS values, errors mapped
//! by [`mcpwire_error`]; every rule (ids, tokens, time limits, the capability gate, cursors)
//! stays in core. Same names and argument checks as the Node binding.

use crate::args::{
    bool_arg, given, index_arg, integer_arg, millis_arg, opt_string, progress_args, string_arg,
};
use crate::{
    js_to_value, mcpwire_error, read_input, type_error, value_to_js, WasmBindgen, MAX_SAFE_INTEGER,
};
use js_sys::{Object, Reflect, Uint8Array};
use mcpwire::api::{self, ApiError, ClientSession, ServerSession};
use mcpwire::json::Value;
use mcpwire_js::options;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

// ---------------------------------------------------------------------------------------------
// Results

fn bytes_to_js(bytes: &[u8]) -> JsValue {
    Uint8Array::from(bytes).into()
}

/// Bytes, or `null`.
fn opt_bytes(bytes: Option<Vec<u8>>) -> JsValue {
    bytes.map_or(JsValue::NULL, |b| bytes_to_js(&b))
}

/// `{id, bytes}` (and `token` for a call).
fn sent(id: i64, token: Option<&Value>, bytes: &[u8]) -> Result<JsValue, JsValue> {
    let o = Object::new();
    Reflect::set(&o, &"id".into(), &JsValue::from_f64(id as f64))?;
    if let Some(t) = token {
        Reflect::set(&o, &"token".into(), &value_to_js(t)?)?;
    }
    Reflect::set(&o, &"bytes".into(), &bytes_to_js(bytes))?;
    Ok(o.into())
}

// ---------------------------------------------------------------------------------------------
// Client

/// A host's session with one server (sans-IO): bytes in through `handleInput`, bytes out
/// through the return values and `pollTransmit`, time through `now` arguments.
#[wasm_bindgen]
pub struct Client {
    session: ClientSession,
}

#[wasm_bindgen]
impl Client {
    /// A client speaking `options.version`, identifying as `options.clientInfo`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "ClientOptions")] options: JsValue,
    ) -> Result<Client, JsValue> {
        let c = mcpwire_js::options::client(&WasmBindgen::new(), &options)?;
        let session = ClientSession::new(&c.version, &c.info, c.capabilities.as_ref(), &c.options)
            .map_err(mcpwire_error)?;
        Ok(Client { session })
    }

    /// Starts the handshake (`initialize`, or `server/discover` for 2026-07-28).
    #[wasm_bindgen(unchecked_return_type = "Sent")]
    pub fn start(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] now: JsValue,
    ) -> Result<JsValue, JsValue> {
        let now = millis_arg(&now, "now")?;
        let (id, bytes) = self.session.start(now).map_err(mcpwire_error)?;
        sent(id, None, &bytes)
    }

    /// Skips the handshake when the server's tools capability is known some other way.
    #[wasm_bindgen(js_name = assumeReady)]
    pub fn assume_ready(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "boolean")] tools: JsValue,
        #[wasm_bindgen(js_name = listChanged, unchecked_optional_param_type = "boolean")]
        list_changed: JsValue,
    ) -> Result<(), JsValue> {
        let tools = bool_arg(&tools, "tools")?;
        let list_changed = given(&list_changed)
            .map(|v| bool_arg(v, "listChanged"))
            .transpose()?
            .unwrap_or(false);
        self.session.assume_ready(tools, list_changed);
        Ok(())
    }

    /// Starts listing the catalog; later pages are queued for `pollTransmit`.
    #[wasm_bindgen(js_name = listTools, unchecked_return_type = "Sent")]
    pub fn list_tools(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] now: JsValue,
    ) -> Result<JsValue, JsValue> {
        let now = millis_arg(&now, "now")?;
        let (id, bytes) = self.session.list_tools(now).map_err(mcpwire_error)?;
        sent(id, None, &bytes)
    }

    /// Sends `tools/call`. `progress`: `true` for a fresh token, a string or integer token,
    /// or `null`/`false`/omitted for none. `timeout` in milliseconds.
    #[wasm_bindgen(js_name = callTool, unchecked_return_type = "CallSent")]
    pub fn call_tool(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] now: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "JSONObject | null")] args: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] timeout: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ProgressToken | boolean | null")]
        progress: JsValue,
    ) -> Result<JsValue, JsValue> {
        let e = WasmBindgen::new();
        let (now, name, args) = options::tool_call(&e, &now, &name, Some(args))?;
        let (timeout, progress) = options::call_options(&e, Some(timeout), Some(progress))?;
        let (id, token, bytes) = self
            .session
            .call_tool(now, &name, args.as_ref(), timeout, &progress)
            .map_err(mcpwire_error)?;
        sent(id, Some(&token), &bytes)
    }

    /// Retries a `tools/call` answered with an `input_required` event (2026-07-28): the same
    /// `name` and `args`, with `inputResponses` (the client's result for each input request,
    /// by key) and the `requestState` the server sent. A new request with a new id.
    #[wasm_bindgen(js_name = retryTool, unchecked_return_type = "CallSent")]
    #[allow(clippy::too_many_arguments)]
    pub fn retry_tool(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] now: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
        #[wasm_bindgen(unchecked_param_type = "JSONObject | null | undefined")] args: JsValue,
        #[wasm_bindgen(unchecked_param_type = "InputResponses")] input_responses: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] request_state: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] timeout: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ProgressToken | boolean | null")]
        progress: JsValue,
    ) -> Result<JsValue, JsValue> {
        let e = WasmBindgen::new();
        let (now, name, args) = options::tool_call(&e, &now, &name, Some(args))?;
        let responses = js_to_value(&input_responses)?;
        let state = opt_string(&request_state, "requestState")?;
        let (timeout, progress) = options::call_options(&e, Some(timeout), Some(progress))?;
        let (id, token, bytes) = self
            .session
            .retry_tool(
                now,
                &name,
                args.as_ref(),
                &responses,
                state.as_deref(),
                timeout,
                &progress,
            )
            .map_err(mcpwire_error)?;
        sent(id, Some(&token), &bytes)
    }

    /// Cancels a request in flight: the `notifications/cancelled` bytes, or `null` when it
    /// was not in flight.
    #[wasm_bindgen(unchecked_return_type = "Uint8Array | null")]
    pub fn cancel(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] reason: JsValue,
    ) -> Result<JsValue, JsValue> {
        let id = integer_arg(&id, "id", -MAX_SAFE_INTEGER)?;
        let reason = opt_string(&reason, "reason")?;
        Ok(opt_bytes(self.session.cancel(id, reason.as_deref())))
    }

    /// The response to a request the server sent (an `other` event): `result` under its
    /// `id`, written as given (its shape is the request method's).
    #[wasm_bindgen(unchecked_return_type = "Uint8Array")]
    pub fn respond(
        &self,
        #[wasm_bindgen(unchecked_param_type = "RequestId")] id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "JSONObject")] result: JsValue,
    ) -> Result<JsValue, JsValue> {
        let id = js_to_value(&id)?;
        let result = js_to_value(&result)?;
        let bytes = self.session.respond(&id, &result).map_err(mcpwire_error)?;
        Ok(bytes_to_js(&bytes))
    }

    /// Handles one message from the server; returns what it meant.
    #[wasm_bindgen(js_name = handleInput, unchecked_return_type = "ClientIncoming")]
    pub fn handle_input(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array | string")] input: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] now: JsValue,
    ) -> Result<JsValue, JsValue> {
        let input = read_input(&input)?;
        let now = millis_arg(&now, "now")?;
        let event = self
            .session
            .handle_input(input.bytes(), now)
            .map_err(mcpwire_error)?;
        value_to_js(&event)
    }

    /// The next queued message to send (`initialized`, the next page request, a
    /// cancellation after a time limit), or `null`.
    #[wasm_bindgen(js_name = pollTransmit, unchecked_return_type = "Uint8Array | null")]
    pub fn poll_transmit(&mut self) -> JsValue {
        opt_bytes(self.session.poll_transmit())
    }

    /// The next timer event (`{event: 'timed_out', id, method}`), or `null`.
    #[wasm_bindgen(js_name = pollEvent, unchecked_return_type = "ClientTimerEvent | null")]
    pub fn poll_event(&mut self) -> Result<JsValue, JsValue> {
        match self.session.poll_event() {
            Some(e) => value_to_js(&e),
            None => Ok(JsValue::NULL),
        }
    }

    /// When `handleTimeout` must next be called (milliseconds on the caller's clock), or
    /// `null`.
    #[wasm_bindgen(js_name = pollTimeout, unchecked_return_type = "number | null")]
    pub fn poll_timeout(&self) -> JsValue {
        self.session
            .poll_timeout()
            .map_or(JsValue::NULL, |t| JsValue::from_f64(t as f64))
    }

    /// Expires requests whose time limit has passed (events for `pollEvent`, cancellations
    /// for `pollTransmit`).
    #[wasm_bindgen(js_name = handleTimeout)]
    pub fn handle_timeout(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] now: JsValue,
    ) -> Result<(), JsValue> {
        let now = millis_arg(&now, "now")?;
        self.session.handle_timeout(now);
        Ok(())
    }

    /// Requests in flight.
    #[wasm_bindgen(getter, js_name = inFlight)]
    pub fn in_flight(&self) -> u32 {
        self.session.in_flight() as u32
    }

    /// True when the catalog must be (re)listed.
    #[wasm_bindgen(getter, js_name = catalogStale)]
    pub fn catalog_stale(&self) -> bool {
        self.session.catalog_stale()
    }

    /// True once the handshake completed.
    #[wasm_bindgen(getter, js_name = isReady)]
    pub fn is_ready(&self) -> bool {
        self.session.is_ready()
    }
}

// ---------------------------------------------------------------------------------------------
// Server

/// A server's session with one client (sans-IO).
#[wasm_bindgen]
pub struct Server {
    session: ServerSession,
}

/// Core's answer to a `tools/call` (`ServerSession::respond_tool` or `respond_input_required`).
type CallAnswer = fn(&mut ServerSession, &Value, &Value) -> Result<Option<Vec<u8>>, ApiError>;

impl Server {
    /// `respond` (core's answer to a `tools/call`) of `id` and `result`: the bytes, or `null`
    /// when the request was cancelled.
    fn answer_call(
        &mut self,
        id: &JsValue,
        result: &JsValue,
        respond: CallAnswer,
    ) -> Result<JsValue, JsValue> {
        let id = js_to_value(id)?;
        let result = js_to_value(result)?;
        let bytes = respond(&mut self.session, &id, &result).map_err(mcpwire_error)?;
        Ok(opt_bytes(bytes))
    }
}

#[wasm_bindgen]
impl Server {
    /// A server serving `options.versions`, identifying as `options.serverInfo`, declaring
    /// `options.capabilities` (`tools` in it opens the tools methods).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "ServerOptions")] options: JsValue,
    ) -> Result<Server, JsValue> {
        let s = mcpwire_js::options::server(&WasmBindgen::new(), &options)?;
        let session =
            ServerSession::new(&s.versions(), &s.info, &s.capabilities).map_err(mcpwire_error)?;
        Ok(Server { session })
    }

    /// Handles one message from the client; returns what it asks for. Never throws for bad
    /// input: a refusal is an event, its error response queued for `pollTransmit`.
    #[wasm_bindgen(js_name = handleInput, unchecked_return_type = "ServerIncoming")]
    pub fn handle_input(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array | string")] input: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] now: JsValue,
    ) -> Result<JsValue, JsValue> {
        let input = read_input(&input)?;
        let now = millis_arg(&now, "now")?;
        value_to_js(&self.session.handle_input(input.bytes(), now))
    }

    /// The response to a `tools/call`, or `null` when the request was cancelled (its
    /// response is suppressed).
    #[wasm_bindgen(js_name = respondTool, unchecked_return_type = "Uint8Array | null")]
    pub fn respond_tool(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "RequestId")] id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "CallToolResult")] result: JsValue,
    ) -> Result<JsValue, JsValue> {
        self.answer_call(&id, &result, ServerSession::respond_tool)
    }

    /// The response to a `tools/call` asking for input (2026-07-28): `result` is an
    /// `InputRequiredResult` (`inputRequests` and/or `requestState`). `null` when the request
    /// was cancelled; an input request for a capability the call did not declare throws
    /// `missing_required_client_capability` and leaves the call open.
    #[wasm_bindgen(js_name = respondInputRequired, unchecked_return_type = "Uint8Array | null")]
    pub fn respond_input_required(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "RequestId")] id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "InputRequiredResult")] result: JsValue,
    ) -> Result<JsValue, JsValue> {
        self.answer_call(&id, &result, ServerSession::respond_input_required)
    }

    /// The response to a `tools/list` with one page.
    #[wasm_bindgen(js_name = respondList)]
    pub fn respond_list(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "RequestId")] id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "ListToolsResult")] result: JsValue,
    ) -> Result<Vec<u8>, JsValue> {
        let id = js_to_value(&id)?;
        let result = js_to_value(&result)?;
        self.session
            .respond_list(&id, &result)
            .map_err(mcpwire_error)
    }

    /// The wire form of a failure of `kind` (an ErrorKind name) for request `id`, or `null`
    /// when the request was cancelled; `data`'s members go into the error's `data` (e.g.
    /// `requiredCapabilities` of `missing_required_client_capability`).
    #[wasm_bindgen(js_name = respondFailure, unchecked_return_type = "Uint8Array | null")]
    pub fn respond_failure(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "RequestId")] id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "ErrorKindName")] kind: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] message: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Record<string, JSONValue> | null")]
        data: JsValue,
    ) -> Result<JsValue, JsValue> {
        let id = js_to_value(&id)?;
        let kind = string_arg(&kind, "kind")?;
        let message = string_arg(&message, "message")?;
        let data = given(&data).map(js_to_value).transpose()?;
        let bytes = self
            .session
            .respond_failure_with_data(&id, &kind, &message, data.as_ref())
            .map_err(mcpwire_error)?;
        Ok(opt_bytes(bytes))
    }

    /// A `notifications/progress` for request `id` (which must carry a progress token).
    #[wasm_bindgen(js_name = notifyProgress)]
    pub fn notify_progress(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "RequestId")] id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] progress: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] total: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] message: JsValue,
    ) -> Result<Vec<u8>, JsValue> {
        let id = js_to_value(&id)?;
        let (progress, total, message) = progress_args(&progress, &total, &message)?;
        self.session
            .notify_progress(&id, progress, total, message.as_deref())
            .map_err(mcpwire_error)
    }

    /// The next queued message (handshake answers, refusals), or `null`.
    #[wasm_bindgen(js_name = pollTransmit, unchecked_return_type = "Uint8Array | null")]
    pub fn poll_transmit(&mut self) -> JsValue {
        opt_bytes(self.session.poll_transmit())
    }

    /// The client closed request `id`'s response stream (Streamable HTTP 2026-07-28): the
    /// request is cancelled. True when it was in flight.
    #[wasm_bindgen(js_name = streamClosed)]
    pub fn stream_closed(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "RequestId")] id: JsValue,
    ) -> Result<bool, JsValue> {
        let id = js_to_value(&id)?;
        self.session.stream_closed(&id).map_err(mcpwire_error)
    }

    /// Requests in flight.
    #[wasm_bindgen(getter, js_name = inFlight)]
    pub fn in_flight(&self) -> u32 {
        self.session.in_flight() as u32
    }
}

// ---------------------------------------------------------------------------------------------
// Paging

/// One page of a catalog of `length` items, `pageSize` per page, from `cursor` (`null` for
/// the first page): `{start, end, nextCursor}`. `key` is the server's 16-byte cursor secret;
/// `catalogVersion` changes whenever the catalog does. A tampered, foreign or stale cursor is
/// an `McpwireError` of kind `invalid_cursor` (-32602).
#[wasm_bindgen(unchecked_return_type = "Page")]
pub fn page(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array")] key: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] length: JsValue,
    #[wasm_bindgen(js_name = pageSize, unchecked_param_type = "number")] page_size: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | null")] cursor: JsValue,
    #[wasm_bindgen(js_name = catalogVersion, unchecked_param_type = "number")]
    catalog_version: JsValue,
) -> Result<JsValue, JsValue> {
    let key = key
        .dyn_ref::<Uint8Array>()
        .ok_or_else(|| type_error("key must be a Uint8Array"))?
        .to_vec();
    let length = index_arg(&length, "length")?;
    let page_size = index_arg(&page_size, "pageSize")?;
    let cursor = opt_string(&cursor, "cursor")?;
    let catalog_version = integer_arg(&catalog_version, "catalogVersion", 0.0)? as u64;
    let p = api::page(&key, length, page_size, cursor.as_deref(), catalog_version)
        .map_err(mcpwire_error)?;
    value_to_js(&p)
}

/// An `ElicitResult` with the `default` of every property of the `elicitation/create`
/// params' `requestedSchema` that an accepted `content` omits (SEP-1034); other results as
/// they came.
#[wasm_bindgen(js_name = applyElicitationDefaults, unchecked_return_type = "JSONObject")]
pub fn apply_elicitation_defaults(
    #[wasm_bindgen(unchecked_param_type = "JSONObject")] params: JsValue,
    #[wasm_bindgen(unchecked_param_type = "JSONObject")] result: JsValue,
) -> Result<JsValue, JsValue> {
    let params = js_to_value(&params)?;
    let result = js_to_value(&result)?;
    value_to_js(&api::apply_elicitation_defaults(&params, &result).map_err(mcpwire_error)?)
}
