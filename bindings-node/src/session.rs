//! Protocol state: `Client`, `Server` and `page` over `mcpwire::api::{ClientSession,
//! ServerSession, page}`. Arguments are converted, results turned into JS values, errors mapped
//! by [`mcpwire_error`]; every rule (ids, tokens, time limits, the capability gate, cursors)
//! stays in core.

use crate::args::{
    bool_arg, given, index_arg, integer_arg, millis_arg, opt_string, progress_args, string_arg,
};
use crate::{
    bytes_to_js, js_to_value, mcpwire_error, read_input, type_error, value_to_js, Napi,
    MAX_SAFE_INTEGER,
};
use mcpwire::api::{self, ApiError, ClientSession, ServerSession};
use mcpwire::json::Value;
use mcpwire_js::options;
use napi::bindgen_prelude::*;
use napi::{JsValue, ValueType};
use napi_derive::napi;

// ---------------------------------------------------------------------------------------------
// Results

/// `{id, bytes}` (and `token` for a call).
fn sent<'a>(env: &'a Env, id: i64, token: Option<&Value>, bytes: &[u8]) -> Result<Object<'a>> {
    let mut o = Object::new(env)?;
    o.set_named_property("id", id as f64)?;
    if let Some(t) = token {
        o.set_named_property("token", value_to_js(env, t)?)?;
    }
    o.set_named_property("bytes", &bytes_to_js(env, bytes)?)?;
    Ok(o)
}

fn opt_bytes<'a>(env: &'a Env, bytes: Option<Vec<u8>>) -> Result<Option<BufferSlice<'a>>> {
    bytes.map(|b| bytes_to_js(env, &b)).transpose()
}

// ---------------------------------------------------------------------------------------------
// Client

/// A host's session with one server (sans-IO): bytes in through `handleInput`, bytes out
/// through the return values and `pollTransmit`, time through `now` arguments.
#[napi]
pub struct Client {
    session: ClientSession,
}

#[napi]
impl Client {
    /// A client speaking `options.version`, identifying as `options.clientInfo`.
    #[napi(constructor, ts_args_type = "options: ClientOptions")]
    pub fn new(env: &Env, options: Unknown) -> Result<Self> {
        let c = mcpwire_js::options::client(&Napi::new(env), &options)?;
        let session = ClientSession::new(&c.version, &c.info, c.capabilities.as_ref(), &c.options)
            .map_err(|e| mcpwire_error(env, e))?;
        Ok(Client { session })
    }

    /// Starts the handshake (`initialize`, or `server/discover` for 2026-07-28).
    #[napi(ts_args_type = "now: number", ts_return_type = "Sent<Buffer>")]
    pub fn start<'a>(&mut self, env: &'a Env, now: Unknown) -> Result<Object<'a>> {
        let now = millis_arg(env, now, "now")?;
        let (id, bytes) = self.session.start(now).map_err(|e| mcpwire_error(env, e))?;
        sent(env, id, None, &bytes)
    }

    /// Skips the handshake when the server's tools capability is known some other way.
    #[napi(ts_args_type = "tools: boolean, listChanged?: boolean")]
    pub fn assume_ready(
        &mut self,
        env: &Env,
        tools: Unknown,
        list_changed: Option<Unknown>,
    ) -> Result<()> {
        let tools = bool_arg(env, tools, "tools")?;
        let list_changed = given(list_changed)?
            .map(|v| bool_arg(env, v, "listChanged"))
            .transpose()?
            .unwrap_or(false);
        self.session.assume_ready(tools, list_changed);
        Ok(())
    }

    /// Starts listing the catalog; later pages are queued for `pollTransmit`.
    #[napi(ts_args_type = "now: number", ts_return_type = "Sent<Buffer>")]
    pub fn list_tools<'a>(&mut self, env: &'a Env, now: Unknown) -> Result<Object<'a>> {
        let now = millis_arg(env, now, "now")?;
        let (id, bytes) = self
            .session
            .list_tools(now)
            .map_err(|e| mcpwire_error(env, e))?;
        sent(env, id, None, &bytes)
    }

    /// Sends `tools/call`. `progress`: `true` for a fresh token, a string or integer token,
    /// or `null`/`false`/omitted for none. `timeout` in milliseconds.
    #[napi(
        ts_args_type = "now: number, name: string, args?: JSONObject | null, timeout?: number | null, progress?: ProgressToken | boolean | null",
        ts_return_type = "CallSent<Buffer>"
    )]
    pub fn call_tool<'a>(
        &mut self,
        env: &'a Env,
        now: Unknown,
        name: Unknown,
        args: Option<Unknown>,
        timeout: Option<Unknown>,
        progress: Option<Unknown>,
    ) -> Result<Object<'a>> {
        let e = Napi::new(env);
        let (now, name, args) = options::tool_call(&e, &now, &name, args)?;
        let (timeout, progress) = options::call_options(&e, timeout, progress)?;
        let (id, token, bytes) = self
            .session
            .call_tool(now, &name, args.as_ref(), timeout, &progress)
            .map_err(|e| mcpwire_error(env, e))?;
        sent(env, id, Some(&token), &bytes)
    }

    /// Retries a `tools/call` answered with an `input_required` event (2026-07-28): the same
    /// `name` and `args`, with `inputResponses` (the client's result for each input request,
    /// by key) and the `requestState` the server sent. A new request with a new id.
    #[napi(
        ts_args_type = "now: number, name: string, args: JSONObject | null | undefined, inputResponses: InputResponses, requestState?: string | null, timeout?: number | null, progress?: ProgressToken | boolean | null",
        ts_return_type = "CallSent<Buffer>"
    )]
    #[allow(clippy::too_many_arguments)]
    pub fn retry_tool<'a>(
        &mut self,
        env: &'a Env,
        now: Unknown,
        name: Unknown,
        args: Option<Unknown>,
        input_responses: Unknown,
        request_state: Option<Unknown>,
        timeout: Option<Unknown>,
        progress: Option<Unknown>,
    ) -> Result<Object<'a>> {
        let e = Napi::new(env);
        let (now, name, args) = options::tool_call(&e, &now, &name, args)?;
        let responses = js_to_value(env, input_responses)?;
        let state = opt_string(env, request_state, "requestState")?;
        let (timeout, progress) = options::call_options(&e, timeout, progress)?;
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
            .map_err(|e| mcpwire_error(env, e))?;
        sent(env, id, Some(&token), &bytes)
    }

    /// Cancels a request in flight: the `notifications/cancelled` bytes, or `null` when it
    /// was not in flight.
    #[napi(
        ts_args_type = "id: number, reason?: string | null",
        ts_return_type = "Buffer | null"
    )]
    pub fn cancel<'a>(
        &mut self,
        env: &'a Env,
        id: Unknown,
        reason: Option<Unknown>,
    ) -> Result<Option<BufferSlice<'a>>> {
        let id = integer_arg(env, id, "id", -MAX_SAFE_INTEGER)?;
        let reason = opt_string(env, reason, "reason")?;
        opt_bytes(env, self.session.cancel(id, reason.as_deref()))
    }

    /// The response to a request the server sent (an `other` event): `result` under its
    /// `id`, written as given (its shape is the request method's).
    #[napi(ts_args_type = "id: RequestId, result: JSONObject")]
    pub fn respond<'a>(
        &self,
        env: &'a Env,
        id: Unknown,
        result: Unknown,
    ) -> Result<BufferSlice<'a>> {
        let id = js_to_value(env, id)?;
        let result = js_to_value(env, result)?;
        let bytes = self
            .session
            .respond(&id, &result)
            .map_err(|e| mcpwire_error(env, e))?;
        bytes_to_js(env, &bytes)
    }

    /// Handles one message from the server; returns what it meant.
    #[napi(
        ts_args_type = "input: Buffer | Uint8Array | string, now: number",
        ts_return_type = "ClientIncoming"
    )]
    pub fn handle_input<'a>(
        &mut self,
        env: &'a Env,
        input: Unknown,
        now: Unknown,
    ) -> Result<Unknown<'a>> {
        let input = read_input(env, input)?;
        let now = millis_arg(env, now, "now")?;
        let event = self
            .session
            .handle_input(input.bytes(), now)
            .map_err(|e| mcpwire_error(env, e))?;
        value_to_js(env, &event)
    }

    /// The next queued message to send (`initialized`, the next page request, a
    /// cancellation after a time limit), or `null`.
    #[napi(ts_return_type = "Buffer | null")]
    pub fn poll_transmit<'a>(&mut self, env: &'a Env) -> Result<Option<BufferSlice<'a>>> {
        opt_bytes(env, self.session.poll_transmit())
    }

    /// The next timer event (`{event: 'timed_out', id, method}`), or `null`.
    #[napi(ts_return_type = "ClientTimerEvent | null")]
    pub fn poll_event<'a>(&mut self, env: &'a Env) -> Result<Option<Unknown<'a>>> {
        self.session
            .poll_event()
            .map(|e| value_to_js(env, &e))
            .transpose()
    }

    /// When `handleTimeout` must next be called (milliseconds on the caller's clock), or
    /// `null`.
    #[napi]
    pub fn poll_timeout(&self) -> Option<f64> {
        self.session.poll_timeout().map(|t| t as f64)
    }

    /// Expires requests whose time limit has passed (events for `pollEvent`, cancellations
    /// for `pollTransmit`).
    #[napi(ts_args_type = "now: number")]
    pub fn handle_timeout(&mut self, env: &Env, now: Unknown) -> Result<()> {
        let now = millis_arg(env, now, "now")?;
        self.session.handle_timeout(now);
        Ok(())
    }

    /// Requests in flight.
    #[napi(getter)]
    pub fn in_flight(&self) -> u32 {
        self.session.in_flight() as u32
    }

    /// True when the catalog must be (re)listed.
    #[napi(getter)]
    pub fn catalog_stale(&self) -> bool {
        self.session.catalog_stale()
    }

    /// True once the handshake completed.
    #[napi(getter)]
    pub fn is_ready(&self) -> bool {
        self.session.is_ready()
    }
}

// ---------------------------------------------------------------------------------------------
// Server

/// A server's session with one client (sans-IO).
#[napi]
pub struct Server {
    session: ServerSession,
}

/// Core's answer to a `tools/call` (`ServerSession::respond_tool` or `respond_input_required`).
type CallAnswer =
    fn(&mut ServerSession, &Value, &Value) -> std::result::Result<Option<Vec<u8>>, ApiError>;

impl Server {
    /// `respond` (core's answer to a `tools/call`) of `id` and `result`: the bytes, or `null`
    /// when the request was cancelled.
    fn answer_call<'a>(
        &mut self,
        env: &'a Env,
        id: Unknown,
        result: Unknown,
        respond: CallAnswer,
    ) -> Result<Option<BufferSlice<'a>>> {
        let id = js_to_value(env, id)?;
        let result = js_to_value(env, result)?;
        let bytes = respond(&mut self.session, &id, &result).map_err(|e| mcpwire_error(env, e))?;
        opt_bytes(env, bytes)
    }
}

#[napi]
impl Server {
    /// A server serving `options.versions`, identifying as `options.serverInfo`, declaring
    /// `options.capabilities` (`tools` in it opens the tools methods).
    #[napi(constructor, ts_args_type = "options: ServerOptions")]
    pub fn new(env: &Env, options: Unknown) -> Result<Self> {
        let s = mcpwire_js::options::server(&Napi::new(env), &options)?;
        let session = ServerSession::new(&s.versions(), &s.info, &s.capabilities)
            .map_err(|e| mcpwire_error(env, e))?;
        Ok(Server { session })
    }

    /// Handles one message from the client; returns what it asks for. Never throws for bad
    /// input: a refusal is an event, its error response queued for `pollTransmit`.
    #[napi(
        ts_args_type = "input: Buffer | Uint8Array | string, now: number",
        ts_return_type = "ServerIncoming"
    )]
    pub fn handle_input<'a>(
        &mut self,
        env: &'a Env,
        input: Unknown,
        now: Unknown,
    ) -> Result<Unknown<'a>> {
        let input = read_input(env, input)?;
        let now = millis_arg(env, now, "now")?;
        value_to_js(env, &self.session.handle_input(input.bytes(), now))
    }

    /// The response to a `tools/call`, or `null` when the request was cancelled (its
    /// response is suppressed).
    #[napi(
        ts_args_type = "id: RequestId, result: CallToolResult",
        ts_return_type = "Buffer | null"
    )]
    pub fn respond_tool<'a>(
        &mut self,
        env: &'a Env,
        id: Unknown,
        result: Unknown,
    ) -> Result<Option<BufferSlice<'a>>> {
        self.answer_call(env, id, result, ServerSession::respond_tool)
    }

    /// The response to a `tools/call` asking for input (2026-07-28): `result` is an
    /// `InputRequiredResult` (`inputRequests` and/or `requestState`). `null` when the request
    /// was cancelled; an input request for a capability the call did not declare throws
    /// `missing_required_client_capability` and leaves the call open.
    #[napi(
        ts_args_type = "id: RequestId, result: InputRequiredResult",
        ts_return_type = "Buffer | null"
    )]
    pub fn respond_input_required<'a>(
        &mut self,
        env: &'a Env,
        id: Unknown,
        result: Unknown,
    ) -> Result<Option<BufferSlice<'a>>> {
        self.answer_call(env, id, result, ServerSession::respond_input_required)
    }

    /// The response to a `tools/list` with one page.
    #[napi(ts_args_type = "id: RequestId, result: ListToolsResult")]
    pub fn respond_list<'a>(
        &mut self,
        env: &'a Env,
        id: Unknown,
        result: Unknown,
    ) -> Result<BufferSlice<'a>> {
        let id = js_to_value(env, id)?;
        let result = js_to_value(env, result)?;
        let bytes = self
            .session
            .respond_list(&id, &result)
            .map_err(|e| mcpwire_error(env, e))?;
        bytes_to_js(env, &bytes)
    }

    /// The wire form of a failure of `kind` (an ErrorKind name) for request `id`, or `null`
    /// when the request was cancelled; `data`'s members go into the error's `data` (e.g.
    /// `requiredCapabilities` of `missing_required_client_capability`).
    #[napi(
        ts_args_type = "id: RequestId, kind: ErrorKindName, message: string, data?: Record<string, JSONValue> | null",
        ts_return_type = "Buffer | null"
    )]
    pub fn respond_failure<'a>(
        &mut self,
        env: &'a Env,
        id: Unknown,
        kind: Unknown,
        message: Unknown,
        data: Option<Unknown>,
    ) -> Result<Option<BufferSlice<'a>>> {
        let id = js_to_value(env, id)?;
        let kind = string_arg(env, kind, "kind")?;
        let message = string_arg(env, message, "message")?;
        let data = given(data)?.map(|d| js_to_value(env, d)).transpose()?;
        let bytes = self
            .session
            .respond_failure_with_data(&id, &kind, &message, data.as_ref())
            .map_err(|e| mcpwire_error(env, e))?;
        opt_bytes(env, bytes)
    }

    /// A `notifications/progress` for request `id` (which must carry a progress token).
    #[napi(
        ts_args_type = "id: RequestId, progress: number, total?: number | null, message?: string | null"
    )]
    pub fn notify_progress<'a>(
        &mut self,
        env: &'a Env,
        id: Unknown,
        progress: Unknown,
        total: Option<Unknown>,
        message: Option<Unknown>,
    ) -> Result<BufferSlice<'a>> {
        let id = js_to_value(env, id)?;
        let (progress, total, message) = progress_args(env, progress, total, message)?;
        let bytes = self
            .session
            .notify_progress(&id, progress, total, message.as_deref())
            .map_err(|e| mcpwire_error(env, e))?;
        bytes_to_js(env, &bytes)
    }

    /// The next queued message (handshake answers, refusals), or `null`.
    #[napi(ts_return_type = "Buffer | null")]
    pub fn poll_transmit<'a>(&mut self, env: &'a Env) -> Result<Option<BufferSlice<'a>>> {
        opt_bytes(env, self.session.poll_transmit())
    }

    /// The client closed request `id`'s response stream (Streamable HTTP 2026-07-28): the
    /// request is cancelled. True when it was in flight.
    #[napi(ts_args_type = "id: RequestId")]
    pub fn stream_closed(&mut self, env: &Env, id: Unknown) -> Result<bool> {
        let id = js_to_value(env, id)?;
        self.session
            .stream_closed(&id)
            .map_err(|e| mcpwire_error(env, e))
    }

    /// Requests in flight.
    #[napi(getter)]
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
#[napi(
    ts_args_type = "key: Uint8Array, length: number, pageSize: number, cursor: string | null, catalogVersion: number",
    ts_return_type = "Page"
)]
pub fn page<'a>(
    env: &'a Env,
    key: Unknown,
    length: Unknown,
    page_size: Unknown,
    cursor: Option<Unknown>,
    catalog_version: Unknown,
) -> Result<Unknown<'a>> {
    let key = match key.get_type()? {
        ValueType::Object if key.is_typedarray()? => unsafe { key.cast::<Uint8ArraySlice>() }
            .map_err(|_| type_error(env, "key must be a Uint8Array"))?,
        _ => return Err(type_error(env, "key must be a Uint8Array")),
    };
    let length = index_arg(env, length, "length")?;
    let page_size = index_arg(env, page_size, "pageSize")?;
    let cursor = opt_string(env, cursor, "cursor")?;
    let catalog_version = integer_arg(env, catalog_version, "catalogVersion", 0.0)? as u64;
    let p = api::page(&key, length, page_size, cursor.as_deref(), catalog_version)
        .map_err(|e| mcpwire_error(env, e))?;
    value_to_js(env, &p)
}

/// An `ElicitResult` with the `default` of every property of the `elicitation/create`
/// params' `requestedSchema` that an accepted `content` omits (SEP-1034); other results as
/// they came.
#[napi(
    ts_args_type = "params: JSONObject, result: JSONObject",
    ts_return_type = "JSONObject"
)]
pub fn apply_elicitation_defaults<'a>(
    env: &'a Env,
    params: Unknown,
    result: Unknown,
) -> Result<Unknown<'a>> {
    let params = js_to_value(env, params)?;
    let result = js_to_value(env, result)?;
    let v = api::apply_elicitation_defaults(&params, &result).map_err(|e| mcpwire_error(env, e))?;
    value_to_js(env, &v)
}
