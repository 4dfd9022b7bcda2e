//! Transports: `LineFramer`, `SseDecoder`, `HttpEndpoint` and the header helpers over
//! `mcpwire::transport::values` and `mcpwire::transport::http`. Frames, events and replies are
//! plain objects; every rule stays in core.

use crate::args::{given, index_arg, millis_arg, opt_string, progress_args, string_arg};
use crate::{bytes_to_js, js_to_value, mcpwire_error, read_input, type_error, value_to_js, Napi};
use mcpwire::api::ApiError;
use mcpwire::json::Value;
use mcpwire::transport::http::{Handled, HttpEndpoint as CoreEndpoint, HttpReply};
use mcpwire::transport::values::{self as t, OwnedFrame, OwnedSseItem};
use napi::bindgen_prelude::*;
use napi::{JsValue, ValueType};
use napi_derive::napi;

const DEFAULT_LIMIT: usize = 64 * 1024 * 1024;

fn opt_limit(env: &Env, v: Option<Unknown>, name: &str) -> Result<usize> {
    Ok(match given(v)? {
        Some(v) => index_arg(env, v, name)?,
        None => DEFAULT_LIMIT,
    })
}

fn frame<'a>(env: &'a Env, f: OwnedFrame) -> Result<Object<'a>> {
    let mut o = Object::new(env)?;
    match f {
        OwnedFrame::Line(l) => {
            o.set_named_property("kind", "line")?;
            o.set_named_property("line", bytes_to_js(env, &l)?)?;
        }
        OwnedFrame::TooLong(len) => {
            o.set_named_property("kind", "too_long")?;
            o.set_named_property("len", len as f64)?;
        }
    }
    Ok(o)
}

/// Splits stdio input into lines (one JSON-RPC message each), fed chunks of any size.
#[napi]
pub struct LineFramer {
    inner: t::Lines,
}

#[napi]
impl LineFramer {
    /// A framer accepting lines up to `maxLine` bytes (default 64 MiB).
    #[napi(constructor, ts_args_type = "maxLine?: number")]
    pub fn new(env: &Env, max_line: Option<Unknown>) -> Result<Self> {
        Ok(LineFramer {
            inner: t::Lines::new(opt_limit(env, max_line, "maxLine")?),
        })
    }

    /// Every frame that ends in `chunk`.
    #[napi(
        ts_args_type = "chunk: Buffer | Uint8Array | string",
        ts_return_type = "Array<LineFrame<Buffer> | TooLong>"
    )]
    pub fn feed<'a>(&mut self, env: &'a Env, chunk: Unknown) -> Result<Array<'a>> {
        let input = read_input(env, chunk)?;
        let frames = self.inner.feed(input.bytes());
        let mut out = env.create_array(frames.len() as u32)?;
        for (i, f) in frames.into_iter().enumerate() {
            out.set(i as u32, frame(env, f)?)?;
        }
        Ok(out)
    }

    /// End of input: the partial last line, or `null`.
    #[napi(ts_return_type = "LineFrame<Buffer> | TooLong | null")]
    pub fn finish<'a>(&mut self, env: &'a Env) -> Result<Option<Object<'a>>> {
        self.inner.finish().map(|f| frame(env, f)).transpose()
    }
}

/// One message and its `\n`; a raw CR or LF in it is an `McpwireError` (`unexpected_byte`).
#[napi(ts_args_type = "message: Buffer | Uint8Array | string")]
pub fn write_line<'a>(env: &'a Env, message: Unknown) -> Result<BufferSlice<'a>> {
    let input = read_input(env, message)?;
    let out = t::write_line(input.bytes()).map_err(|e| mcpwire_error(env, e))?;
    bytes_to_js(env, &out)
}

/// Decodes a `text/event-stream` fed chunks of any size.
#[napi]
pub struct SseDecoder {
    inner: t::Events,
}

#[napi]
impl SseDecoder {
    /// A decoder accepting events up to `maxEvent` bytes (default 64 MiB).
    #[napi(constructor, ts_args_type = "maxEvent?: number")]
    pub fn new(env: &Env, max_event: Option<Unknown>) -> Result<Self> {
        Ok(SseDecoder {
            inner: t::Events::new(opt_limit(env, max_event, "maxEvent")?),
        })
    }

    /// Every event that ends in `chunk`.
    #[napi(
        ts_args_type = "chunk: Buffer | Uint8Array | string",
        ts_return_type = "Array<SseEvent | TooLong>"
    )]
    pub fn feed<'a>(&mut self, env: &'a Env, chunk: Unknown) -> Result<Array<'a>> {
        let input = read_input(env, chunk)?;
        let items = self.inner.feed(input.bytes());
        let mut out = env.create_array(items.len() as u32)?;
        for (i, item) in items.into_iter().enumerate() {
            let mut o = Object::new(env)?;
            match item {
                OwnedSseItem::Event(e) => {
                    o.set_named_property("kind", "event")?;
                    o.set_named_property("event", e.event)?;
                    o.set_named_property("data", e.data)?;
                    o.set_named_property("id", e.id)?;
                    match e.retry {
                        Some(ms) => o.set_named_property("retry", ms as f64)?,
                        None => o.set_named_property("retry", Null)?,
                    }
                }
                OwnedSseItem::TooLong(len) => {
                    o.set_named_property("kind", "too_long")?;
                    o.set_named_property("len", len as f64)?;
                }
            }
            out.set(i as u32, o)?;
        }
        Ok(out)
    }

    /// End of the stream: true when an unterminated last event was dropped.
    #[napi]
    pub fn finish(&mut self) -> bool {
        self.inner.finish()
    }

    /// The last event id seen (send it as `Last-Event-ID` to resume).
    #[napi(getter)]
    pub fn last_event_id(&self) -> String {
        self.inner.last_event_id()
    }

    /// The reconnection time the stream set with `retry`, or `null`.
    #[napi(getter)]
    pub fn retry(&self) -> Option<f64> {
        self.inner.retry().map(|ms| ms as f64)
    }
}

/// The bytes of one SSE event (`fields`: `event`, `id`, `retry`).
#[napi(ts_args_type = "data: string, fields?: SseEventFields")]
pub fn encode_sse_event<'a>(
    env: &'a Env,
    data: Unknown,
    fields: Option<Unknown>,
) -> Result<BufferSlice<'a>> {
    let data = string_arg(env, data, "data")?;
    let f = mcpwire_js::options::sse_fields(&Napi::new(env), fields)?;
    let out = t::write_event(&data, &f.event, &f.id, f.retry).map_err(|e| mcpwire_error(env, e))?;
    bytes_to_js(env, &out)
}

/// The bytes of one SSE comment line (`encodeSseComment()` is the keep-alive `:\n`).
#[napi(ts_args_type = "text?: string")]
pub fn encode_sse_comment<'a>(env: &'a Env, text: Option<Unknown>) -> Result<BufferSlice<'a>> {
    let text = opt_string(env, text, "text")?.unwrap_or_default();
    let out = t::write_comment(&text).map_err(|e| mcpwire_error(env, e))?;
    bytes_to_js(env, &out)
}

fn pairs<'a>(env: &'a Env, list: Vec<(String, String)>) -> Result<Array<'a>> {
    let mut out = env.create_array(list.len() as u32)?;
    for (i, (n, v)) in list.into_iter().enumerate() {
        let mut pair = env.create_array(2)?;
        pair.set(0, n)?;
        pair.set(1, v)?;
        out.set(i as u32, pair)?;
    }
    Ok(out)
}

fn parse(env: &Env, bytes: &[u8]) -> Result<mcpwire::json::Value> {
    mcpwire::json::Value::parse(bytes, mcpwire::Limits::DEFAULT).map_err(|e| mcpwire_error(env, e))
}

/// The headers of a client's POST carrying `message` (a value, or its bytes), as
/// `[name, value]` pairs.
#[napi(
    ts_args_type = "message: JSONRPCMessage | Uint8Array | string, version: ProtocolVersion, tool?: Tool | null, sessionId?: string | null",
    ts_return_type = "Array<[string, string]>"
)]
pub fn client_request_headers<'a>(
    env: &'a Env,
    message: Unknown,
    version: Unknown,
    tool: Option<Unknown>,
    session_id: Option<Unknown>,
) -> Result<Array<'a>> {
    // The message as a value, or as the bytes a `Client` returned.
    let message = match message.get_type()? {
        ValueType::String => parse(env, read_input(env, message)?.bytes())?,
        ValueType::Object if message.is_typedarray()? => {
            parse(env, read_input(env, message)?.bytes())?
        }
        _ => js_to_value(env, message)?,
    };
    let version = string_arg(env, version, "version")?;
    let tool = given(tool)?.map(|t| js_to_value(env, t)).transpose()?;
    let session = opt_string(env, session_id, "sessionId")?;
    let list = t::client_request_headers(&message, &version, tool.as_ref(), session.as_deref())
        .map_err(|e| mcpwire_error(env, e))?;
    pairs(env, list)
}

/// The tools a Streamable HTTP client keeps, and those left out with the reason.
#[napi(ts_args_type = "tools: Tool[]", ts_return_type = "HttpCatalog")]
pub fn http_tool_catalog<'a>(env: &'a Env, tools: Unknown) -> Result<Unknown<'a>> {
    let tools = js_to_value(env, tools)?;
    let v = t::http_tool_catalog(&tools).map_err(|e| mcpwire_error(env, e))?;
    value_to_js(env, &v)
}

/// `value` as is when it is a plain ASCII header value, else `=?base64?…?=`.
#[napi]
pub fn encode_header_value(value: String) -> String {
    mcpwire::transport::http::encode_header_value(&value).into_owned()
}

/// The text a header carries (`=?base64?…?=` decoded); an `McpwireError`
/// (`header_mismatch`) when malformed.
#[napi(ts_args_type = "value: string | Uint8Array")]
pub fn decode_header_value(env: &Env, value: Unknown) -> Result<String> {
    let input = read_input(env, value)?;
    t::decode_header_value(input.bytes()).map_err(|e| mcpwire_error(env, e))
}

/// Header pairs from an object (`IncomingMessage.headers`: string or string[] values) or an
/// array of `[name, value]` pairs.
pub(crate) fn header_pairs(env: &Env, headers: Unknown) -> Result<Vec<(Vec<u8>, Vec<u8>)>> {
    let bad = || {
        type_error(
            env,
            "headers must be an object or an array of [name, value] pairs",
        )
    };
    if headers.get_type()? != ValueType::Object {
        return Err(bad());
    }
    let obj: Object = unsafe { headers.cast()? };
    let mut out = Vec::new();
    let text = |v: Unknown, out: &mut Vec<u8>| -> Result<()> {
        out.extend_from_slice(read_input(env, v)?.bytes());
        Ok(())
    };
    if headers.is_array()? {
        for i in 0..obj.get_array_length_unchecked()? {
            let pair: Unknown = obj.get_element(i)?;
            if !pair.is_array()? {
                return Err(bad());
            }
            let pair: Object = unsafe { pair.cast()? };
            let (mut n, mut v) = (Vec::new(), Vec::new());
            text(pair.get_element(0)?, &mut n)?;
            text(pair.get_element(1)?, &mut v)?;
            out.push((n, v));
        }
        return Ok(out);
    }
    let keys = obj.get_property_names()?;
    for i in 0..keys.get_array_length_unchecked()? {
        let key: Unknown = keys.get_element(i)?;
        let name = string_arg(env, key, "header name")?;
        let value: Unknown = obj.get_named_property_unchecked(&name)?;
        match value.get_type()? {
            ValueType::Undefined => {}
            ValueType::Object if value.is_array()? => {
                let list: Object = unsafe { value.cast()? };
                for j in 0..list.get_array_length_unchecked()? {
                    let mut v = Vec::new();
                    text(list.get_element(j)?, &mut v)?;
                    out.push((name.clone().into_bytes(), v));
                }
            }
            _ => {
                let mut v = Vec::new();
                text(value, &mut v)?;
                out.push((name.into_bytes(), v));
            }
        }
    }
    Ok(out)
}

fn reply<'a>(env: &'a Env, kind: &str, r: HttpReply) -> Result<Object<'a>> {
    let mut o = Object::new(env)?;
    o.set_named_property("kind", kind)?;
    match r.status {
        Some(s) => o.set_named_property("status", s as f64)?,
        None => o.set_named_property("status", Null)?,
    }
    o.set_named_property("headers", pairs(env, r.headers)?)?;
    o.set_named_property("body", bytes_to_js(env, &r.body)?)?;
    o.set_named_property("done", r.done)?;
    Ok(o)
}

fn exchange_arg(env: &Env, v: Unknown) -> Result<u64> {
    Ok(index_arg(env, v, "exchange")? as u64)
}

/// One MCP endpoint serving Streamable HTTP 2026-07-28 (stateless) and 2025-11-25
/// (sessions), sans-IO: `handle` each request; answer calls with `respond*`.
#[napi]
pub struct HttpEndpoint {
    inner: CoreEndpoint,
}

impl HttpEndpoint {
    /// `respond` (one of core's `respond_*` taking a result) of `exchange` and `result`, as
    /// `{reply}`.
    fn answer<'a>(
        &mut self,
        env: &'a Env,
        exchange: Unknown,
        result: Unknown,
        respond: fn(&mut CoreEndpoint, u64, &Value) -> std::result::Result<HttpReply, ApiError>,
    ) -> Result<Object<'a>> {
        let exchange = exchange_arg(env, exchange)?;
        let result = js_to_value(env, result)?;
        let r = respond(&mut self.inner, exchange, &result).map_err(|e| mcpwire_error(env, e))?;
        reply(env, "reply", r)
    }
}

#[napi]
impl HttpEndpoint {
    /// An endpoint for `options.serverInfo` and `options.capabilities`.
    #[napi(constructor, ts_args_type = "options: HttpEndpointOptions")]
    pub fn new(env: &Env, options: Unknown) -> Result<Self> {
        let o = mcpwire_js::options::endpoint(&Napi::new(env), &options)?;
        let inner = t::http_endpoint(o.options()).map_err(|e| mcpwire_error(env, e))?;
        Ok(HttpEndpoint { inner })
    }

    /// Handles one HTTP request (`random`: at least 16 fresh random bytes, needed when it
    /// opens a session).
    #[napi(
        ts_args_type = "method: string, headers: HttpHeaders, body: Buffer | Uint8Array | string, now: number, random?: Uint8Array | null",
        ts_return_type = "HttpHandled<Buffer>"
    )]
    pub fn handle<'a>(
        &mut self,
        env: &'a Env,
        method: Unknown,
        headers: Unknown,
        body: Unknown,
        now: Unknown,
        random: Option<Unknown>,
    ) -> Result<Object<'a>> {
        let method = string_arg(env, method, "method")?;
        let owned = header_pairs(env, headers)?;
        let list: Vec<(&[u8], &[u8])> = owned.iter().map(|(a, b)| (&a[..], &b[..])).collect();
        let body = read_input(env, body)?;
        let now = millis_arg(env, now, "now")?;
        let random = match given(random)? {
            Some(r) if r.is_typedarray()? => Some(
                unsafe { r.cast::<Uint8ArraySlice>() }
                    .map_err(|_| type_error(env, "random must be a Uint8Array"))?,
            ),
            Some(_) => return Err(type_error(env, "random must be a Uint8Array")),
            None => None,
        };
        let random: &[u8] = random.as_deref().unwrap_or_default();
        let handled = self
            .inner
            .handle(&method, &list, body.bytes(), now, random)
            .map_err(|e| mcpwire_error(env, e))?;
        match handled {
            Handled::Reply(r) => reply(env, "reply", r),
            Handled::Stream { exchange, reply: r } => {
                let mut o = reply(env, "stream", r)?;
                o.set_named_property("exchange", exchange as f64)?;
                Ok(o)
            }
            Handled::Call { exchange, request } => {
                let mut o = Object::new(env)?;
                o.set_named_property("kind", "call")?;
                o.set_named_property("exchange", exchange as f64)?;
                o.set_named_property("request", value_to_js(env, &request)?)?;
                Ok(o)
            }
        }
    }

    /// A `notifications/progress` for the call on `exchange` (the first turns the answer
    /// into an SSE stream).
    #[napi(
        ts_args_type = "exchange: number, progress: number, total?: number | null, message?: string | null",
        ts_return_type = "HttpReply<Buffer>"
    )]
    pub fn notify_progress<'a>(
        &mut self,
        env: &'a Env,
        exchange: Unknown,
        progress: Unknown,
        total: Option<Unknown>,
        message: Option<Unknown>,
    ) -> Result<Object<'a>> {
        let exchange = exchange_arg(env, exchange)?;
        let (progress, total, message) = progress_args(env, progress, total, message)?;
        let r = self
            .inner
            .notify_progress(exchange, progress, total, message.as_deref())
            .map_err(|e| mcpwire_error(env, e))?;
        reply(env, "reply", r)
    }

    /// Answers the `tools/call` on `exchange` with `result`.
    #[napi(
        ts_args_type = "exchange: number, result: CallToolResult",
        ts_return_type = "HttpReply<Buffer>"
    )]
    pub fn respond_tool<'a>(
        &mut self,
        env: &'a Env,
        exchange: Unknown,
        result: Unknown,
    ) -> Result<Object<'a>> {
        self.answer(env, exchange, result, CoreEndpoint::respond_tool)
    }

    /// Answers the `tools/call` on `exchange` asking for input (2026-07-28): `result` is an
    /// `InputRequiredResult`.
    #[napi(
        ts_args_type = "exchange: number, result: InputRequiredResult",
        ts_return_type = "HttpReply<Buffer>"
    )]
    pub fn respond_input_required<'a>(
        &mut self,
        env: &'a Env,
        exchange: Unknown,
        result: Unknown,
    ) -> Result<Object<'a>> {
        self.answer(env, exchange, result, CoreEndpoint::respond_input_required)
    }

    /// Answers the `tools/list` on `exchange` with `result`.
    #[napi(
        ts_args_type = "exchange: number, result: ListToolsResult",
        ts_return_type = "HttpReply<Buffer>"
    )]
    pub fn respond_list<'a>(
        &mut self,
        env: &'a Env,
        exchange: Unknown,
        result: Unknown,
    ) -> Result<Object<'a>> {
        self.answer(env, exchange, result, CoreEndpoint::respond_list)
    }

    /// Answers the request on `exchange` with a failure of `kind` (an ErrorKind name).
    #[napi(
        ts_args_type = "exchange: number, kind: ErrorKindName, message: string, data?: Record<string, JSONValue> | null",
        ts_return_type = "HttpReply<Buffer>"
    )]
    pub fn respond_failure<'a>(
        &mut self,
        env: &'a Env,
        exchange: Unknown,
        kind: Unknown,
        message: Unknown,
        data: Option<Unknown>,
    ) -> Result<Object<'a>> {
        let exchange = exchange_arg(env, exchange)?;
        let kind = string_arg(env, kind, "kind")?;
        let message = string_arg(env, message, "message")?;
        let data = match given(data)? {
            Some(d) => Some(js_to_value(env, d)?),
            None => None,
        };
        let r = self
            .inner
            .respond_failure_with_data(exchange, &kind, &message, data.as_ref())
            .map_err(|e| mcpwire_error(env, e))?;
        reply(env, "reply", r)
    }

    /// Ends `exchange`'s response without terminating its SSE stream (2025-11-25 polling):
    /// the reply (`done`) ends with an event carrying `retry` (milliseconds before the client
    /// reconnects); the call goes on and answers on the stream the client resumes with GET
    /// and `Last-Event-ID`. Throws on the 2026-07-28 wire (no resumption there).
    #[napi(
        ts_args_type = "exchange: number, retry: number",
        ts_return_type = "HttpReply<Buffer>"
    )]
    pub fn close_connection<'a>(
        &mut self,
        env: &'a Env,
        exchange: Unknown,
        retry: Unknown,
    ) -> Result<Object<'a>> {
        let exchange = exchange_arg(env, exchange)?;
        let retry = millis_arg(env, retry, "retry")?;
        let r = self
            .inner
            .close_connection(exchange, retry)
            .map_err(|e| mcpwire_error(env, e))?;
        reply(env, "reply", r)
    }

    /// The client's connection for `exchange` closed: on 2026-07-28 that cancels the call
    /// (true when it did).
    #[napi(ts_args_type = "exchange: number")]
    pub fn stream_closed(&mut self, env: &Env, exchange: Unknown) -> Result<bool> {
        Ok(self.inner.stream_closed(exchange_arg(env, exchange)?))
    }

    /// The next exchange a 2025 `notifications/cancelled` cancelled (stop its tool), or `null`.
    #[napi]
    pub fn poll_cancelled(&mut self) -> Option<f64> {
        self.inner.poll_cancelled().map(|e| e as f64)
    }

    /// When `handleTimeout` should next run (a session expiry), or `null`.
    #[napi]
    pub fn poll_timeout(&self) -> Option<f64> {
        self.inner.poll_timeout().map(|t| t as f64)
    }

    /// Ends the sessions idle too long at `now`.
    #[napi(ts_args_type = "now: number")]
    pub fn handle_timeout(&mut self, env: &Env, now: Unknown) -> Result<()> {
        self.inner.handle_timeout(millis_arg(env, now, "now")?);
        Ok(())
    }

    /// Sessions open.
    #[napi(getter)]
    pub fn session_count(&self) -> u32 {
        self.inner.session_count() as u32
    }

    /// Calls not yet answered.
    #[napi(getter)]
    pub fn exchange_count(&self) -> u32 {
        self.inner.exchange_count() as u32
    }
}
