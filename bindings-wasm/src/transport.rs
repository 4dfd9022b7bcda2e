//! Transports: `LineFramer`, `SseDecoder`, `HttpEndpoint` and the header helpers over
//! `mcpwire::transport::values` and `mcpwire::transport::http`, with the Node binding's names
//! and shapes (bytes are `Uint8Array`s). Every rule stays in core.

use crate::args::{given, index_arg, millis_arg, opt_string, progress_args, string_arg};
use crate::{js_to_value, mcpwire_error, read_input, type_error, value_to_js, WasmBindgen};
use js_sys::{Array, Object, Reflect, Uint8Array};
use mcpwire::api::ApiError;
use mcpwire::json::Value;
use mcpwire::transport::http::{Handled, HttpEndpoint as CoreEndpoint, HttpReply};
use mcpwire::transport::values::{self as t, OwnedFrame, OwnedSseItem};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

const DEFAULT_LIMIT: usize = 64 * 1024 * 1024;

fn opt_limit(v: &JsValue, name: &str) -> Result<usize, JsValue> {
    Ok(match given(v) {
        Some(v) => index_arg(v, name)?,
        None => DEFAULT_LIMIT,
    })
}

/// A plain object from (name, value) members.
fn object(members: &[(&str, JsValue)]) -> Result<JsValue, JsValue> {
    let o = Object::new();
    for (k, v) in members {
        Reflect::set(&o, &(*k).into(), v)?;
    }
    Ok(o.into())
}

fn bytes(b: &[u8]) -> JsValue {
    Uint8Array::from(b).into()
}

fn frame(f: OwnedFrame) -> Result<JsValue, JsValue> {
    match f {
        OwnedFrame::Line(l) => object(&[("kind", "line".into()), ("line", bytes(&l))]),
        OwnedFrame::TooLong(len) => {
            object(&[("kind", "too_long".into()), ("len", (len as f64).into())])
        }
    }
}

/// Splits stdio input into lines (one JSON-RPC message each), fed chunks of any size.
#[wasm_bindgen]
pub struct LineFramer {
    inner: t::Lines,
}

#[wasm_bindgen]
impl LineFramer {
    /// A framer accepting lines up to `maxLine` bytes (default 64 MiB).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(js_name = maxLine, unchecked_optional_param_type = "number")]
        max_line: JsValue,
    ) -> Result<LineFramer, JsValue> {
        Ok(LineFramer {
            inner: t::Lines::new(opt_limit(&max_line, "maxLine")?),
        })
    }

    /// Every frame that ends in `chunk`.
    #[wasm_bindgen(unchecked_return_type = "Array<LineFrame<Uint8Array> | TooLong>")]
    pub fn feed(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array | string")] chunk: JsValue,
    ) -> Result<JsValue, JsValue> {
        let input = read_input(&chunk)?;
        let out = Array::new();
        for f in self.inner.feed(input.bytes()) {
            out.push(&frame(f)?);
        }
        Ok(out.into())
    }

    /// End of input: the partial last line, or `null`.
    #[wasm_bindgen(unchecked_return_type = "LineFrame<Uint8Array> | TooLong | null")]
    pub fn finish(&mut self) -> Result<JsValue, JsValue> {
        self.inner.finish().map_or(Ok(JsValue::NULL), frame)
    }
}

/// One message and its `\n`; a raw CR or LF in it is an `McpwireError` (`unexpected_byte`).
#[wasm_bindgen(js_name = writeLine)]
pub fn write_line(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array | string")] message: JsValue,
) -> Result<Vec<u8>, JsValue> {
    let input = read_input(&message)?;
    t::write_line(input.bytes()).map_err(mcpwire_error)
}

/// Decodes a `text/event-stream` fed chunks of any size.
#[wasm_bindgen]
pub struct SseDecoder {
    inner: t::Events,
}

#[wasm_bindgen]
impl SseDecoder {
    /// A decoder accepting events up to `maxEvent` bytes (default 64 MiB).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(js_name = maxEvent, unchecked_optional_param_type = "number")]
        max_event: JsValue,
    ) -> Result<SseDecoder, JsValue> {
        Ok(SseDecoder {
            inner: t::Events::new(opt_limit(&max_event, "maxEvent")?),
        })
    }

    /// Every event that ends in `chunk`.
    #[wasm_bindgen(unchecked_return_type = "Array<SseEvent | TooLong>")]
    pub fn feed(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array | string")] chunk: JsValue,
    ) -> Result<JsValue, JsValue> {
        let input = read_input(&chunk)?;
        let out = Array::new();
        for item in self.inner.feed(input.bytes()) {
            let o = match item {
                OwnedSseItem::Event(e) => object(&[
                    ("kind", "event".into()),
                    ("event", e.event.into()),
                    ("data", e.data.into()),
                    ("id", e.id.into()),
                    (
                        "retry",
                        e.retry.map_or(JsValue::NULL, |ms| (ms as f64).into()),
                    ),
                ])?,
                OwnedSseItem::TooLong(len) => {
                    object(&[("kind", "too_long".into()), ("len", (len as f64).into())])?
                }
            };
            out.push(&o);
        }
        Ok(out.into())
    }

    /// End of the stream: true when an unterminated last event was dropped.
    pub fn finish(&mut self) -> bool {
        self.inner.finish()
    }

    /// The last event id seen (send it as `Last-Event-ID` to resume).
    #[wasm_bindgen(getter, js_name = lastEventId)]
    pub fn last_event_id(&self) -> String {
        self.inner.last_event_id()
    }

    /// The reconnection time the stream set with `retry`, or `null`.
    #[wasm_bindgen(getter, unchecked_return_type = "number | null")]
    pub fn retry(&self) -> JsValue {
        self.inner
            .retry()
            .map_or(JsValue::NULL, |ms| (ms as f64).into())
    }
}

/// The bytes of one SSE event (`fields`: `event`, `id`, `retry`).
#[wasm_bindgen(js_name = encodeSseEvent)]
pub fn encode_sse_event(
    #[wasm_bindgen(unchecked_param_type = "string")] data: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SseEventFields")] fields: JsValue,
) -> Result<Vec<u8>, JsValue> {
    let data = string_arg(&data, "data")?;
    let f = mcpwire_js::options::sse_fields(&WasmBindgen::new(), Some(fields))?;
    t::write_event(&data, &f.event, &f.id, f.retry).map_err(mcpwire_error)
}

/// The bytes of one SSE comment line (`encodeSseComment()` is the keep-alive `:\n`).
#[wasm_bindgen(js_name = encodeSseComment)]
pub fn encode_sse_comment(
    #[wasm_bindgen(unchecked_optional_param_type = "string")] text: JsValue,
) -> Result<Vec<u8>, JsValue> {
    let text = opt_string(&text, "text")?.unwrap_or_default();
    t::write_comment(&text).map_err(mcpwire_error)
}

fn pairs(list: Vec<(String, String)>) -> JsValue {
    let out = Array::new();
    for (n, v) in list {
        out.push(&Array::of2(&n.into(), &v.into()));
    }
    out.into()
}

/// The headers of a client's POST carrying `message` (a value, or its bytes), as
/// `[name, value]` pairs.
#[wasm_bindgen(js_name = clientRequestHeaders, unchecked_return_type = "Array<[string, string]>")]
pub fn client_request_headers(
    #[wasm_bindgen(unchecked_param_type = "JSONRPCMessage | Uint8Array | string")] message: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ProtocolVersion")] version: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "Tool | null")] tool: JsValue,
    #[wasm_bindgen(js_name = sessionId, unchecked_optional_param_type = "string | null")]
    session_id: JsValue,
) -> Result<JsValue, JsValue> {
    // The message as a value, or as the bytes a `Client` returned.
    let message = if message.is_string() || message.is_instance_of::<Uint8Array>() {
        let input = read_input(&message)?;
        mcpwire::json::Value::parse(input.bytes(), mcpwire::Limits::DEFAULT)
            .map_err(mcpwire_error)?
    } else {
        js_to_value(&message)?
    };
    let version = string_arg(&version, "version")?;
    let tool = given(&tool).map(js_to_value).transpose()?;
    let session = opt_string(&session_id, "sessionId")?;
    let list = t::client_request_headers(&message, &version, tool.as_ref(), session.as_deref())
        .map_err(mcpwire_error)?;
    Ok(pairs(list))
}

/// The tools a Streamable HTTP client keeps, and those left out with the reason.
#[wasm_bindgen(js_name = httpToolCatalog, unchecked_return_type = "HttpCatalog")]
pub fn http_tool_catalog(
    #[wasm_bindgen(unchecked_param_type = "Tool[]")] tools: JsValue,
) -> Result<JsValue, JsValue> {
    let tools = js_to_value(&tools)?;
    value_to_js(&t::http_tool_catalog(&tools).map_err(mcpwire_error)?)
}

/// `value` as is when it is a plain ASCII header value, else `=?base64?…?=`.
#[wasm_bindgen(js_name = encodeHeaderValue)]
pub fn encode_header_value(
    #[wasm_bindgen(unchecked_param_type = "string")] value: JsValue,
) -> Result<String, JsValue> {
    let value = string_arg(&value, "value")?;
    Ok(mcpwire::transport::http::encode_header_value(&value).into_owned())
}

/// The text a header carries (`=?base64?…?=` decoded); an `McpwireError`
/// (`header_mismatch`) when malformed.
#[wasm_bindgen(js_name = decodeHeaderValue)]
pub fn decode_header_value(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] value: JsValue,
) -> Result<String, JsValue> {
    let input = read_input(&value)?;
    t::decode_header_value(input.bytes()).map_err(mcpwire_error)
}

/// Request headers as owned (name, value) bytes.
pub(crate) type OwnedHeaders = Vec<(Vec<u8>, Vec<u8>)>;

/// Header pairs from a plain object (string or string[] values) or `[name, value]` pairs.
pub(crate) fn header_pairs(headers: &JsValue) -> Result<OwnedHeaders, JsValue> {
    let bad = || type_error("headers must be an object or an array of [name, value] pairs");
    if !headers.is_object() {
        return Err(bad());
    }
    let mut out = Vec::new();
    let text = |v: &JsValue| -> Result<Vec<u8>, JsValue> { Ok(read_input(v)?.bytes().to_vec()) };
    if let Some(list) = headers.dyn_ref::<Array>() {
        for pair in list.iter() {
            let pair = pair.dyn_into::<Array>().map_err(|_| bad())?;
            out.push((text(&pair.get(0))?, text(&pair.get(1))?));
        }
        return Ok(out);
    }
    let obj: &Object = headers.unchecked_ref();
    for key in Object::keys(obj).iter() {
        let name = string_arg(&key, "header name")?;
        let value = Reflect::get(obj, &key)?;
        if value.is_undefined() {
            continue;
        }
        match value.dyn_ref::<Array>() {
            Some(list) => {
                for v in list.iter() {
                    out.push((name.clone().into_bytes(), text(&v)?));
                }
            }
            None => out.push((name.into_bytes(), text(&value)?)),
        }
    }
    Ok(out)
}

fn reply(kind: &str, r: HttpReply) -> Result<JsValue, JsValue> {
    object(&[
        ("kind", kind.into()),
        (
            "status",
            r.status.map_or(JsValue::NULL, |s| f64::from(s).into()),
        ),
        ("headers", pairs(r.headers)),
        ("body", bytes(&r.body)),
        ("done", r.done.into()),
    ])
}

fn exchange_arg(v: &JsValue) -> Result<u64, JsValue> {
    Ok(index_arg(v, "exchange")? as u64)
}

/// One MCP endpoint serving Streamable HTTP 2026-07-28 (stateless) and 2025-11-25
/// (sessions), sans-IO: `handle` each request; answer calls with `respond*`.
#[wasm_bindgen]
pub struct HttpEndpoint {
    inner: CoreEndpoint,
}

impl HttpEndpoint {
    /// `respond` (one of core's `respond_*` taking a result) of `exchange` and `result`, as
    /// `{reply}`.
    fn answer(
        &mut self,
        exchange: &JsValue,
        result: &JsValue,
        respond: fn(&mut CoreEndpoint, u64, &Value) -> Result<HttpReply, ApiError>,
    ) -> Result<JsValue, JsValue> {
        let exchange = exchange_arg(exchange)?;
        let result = js_to_value(result)?;
        reply(
            "reply",
            respond(&mut self.inner, exchange, &result).map_err(mcpwire_error)?,
        )
    }
}

#[wasm_bindgen]
impl HttpEndpoint {
    /// An endpoint for `options.serverInfo` and `options.capabilities`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "HttpEndpointOptions")] options: JsValue,
    ) -> Result<HttpEndpoint, JsValue> {
        let o = mcpwire_js::options::endpoint(&WasmBindgen::new(), &options)?;
        Ok(HttpEndpoint {
            inner: t::http_endpoint(o.options()).map_err(mcpwire_error)?,
        })
    }

    /// Handles one HTTP request (`random`: at least 16 fresh random bytes, needed when it
    /// opens a session).
    #[wasm_bindgen(unchecked_return_type = "HttpHandled<Uint8Array>")]
    pub fn handle(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] method: JsValue,
        #[wasm_bindgen(unchecked_param_type = "HttpHeaders")] headers: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array | string")] body: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] now: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Uint8Array | null")] random: JsValue,
    ) -> Result<JsValue, JsValue> {
        let method = string_arg(&method, "method")?;
        let owned = header_pairs(&headers)?;
        let list: Vec<(&[u8], &[u8])> = owned.iter().map(|(a, b)| (&a[..], &b[..])).collect();
        let body = read_input(&body)?;
        let now = millis_arg(&now, "now")?;
        let random = match given(&random) {
            Some(r) => r
                .dyn_ref::<Uint8Array>()
                .ok_or_else(|| type_error("random must be a Uint8Array"))?
                .to_vec(),
            None => Vec::new(),
        };
        let handled = self
            .inner
            .handle(&method, &list, body.bytes(), now, &random)
            .map_err(mcpwire_error)?;
        match handled {
            Handled::Reply(r) => reply("reply", r),
            Handled::Stream { exchange, reply: r } => {
                let o = reply("stream", r)?;
                Reflect::set(&o, &"exchange".into(), &(exchange as f64).into())?;
                Ok(o)
            }
            Handled::Call { exchange, request } => object(&[
                ("kind", "call".into()),
                ("exchange", (exchange as f64).into()),
                ("request", value_to_js(&request)?),
            ]),
        }
    }

    /// A `notifications/progress` for the call on `exchange` (the first turns the answer
    /// into an SSE stream).
    #[wasm_bindgen(js_name = notifyProgress, unchecked_return_type = "HttpReply<Uint8Array>")]
    pub fn notify_progress(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] exchange: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] progress: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] total: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] message: JsValue,
    ) -> Result<JsValue, JsValue> {
        let exchange = exchange_arg(&exchange)?;
        let (progress, total, message) = progress_args(&progress, &total, &message)?;
        let r = self
            .inner
            .notify_progress(exchange, progress, total, message.as_deref())
            .map_err(mcpwire_error)?;
        reply("reply", r)
    }

    /// Answers the `tools/call` on `exchange` with `result`.
    #[wasm_bindgen(js_name = respondTool, unchecked_return_type = "HttpReply<Uint8Array>")]
    pub fn respond_tool(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] exchange: JsValue,
        #[wasm_bindgen(unchecked_param_type = "CallToolResult")] result: JsValue,
    ) -> Result<JsValue, JsValue> {
        self.answer(&exchange, &result, CoreEndpoint::respond_tool)
    }

    /// Answers the `tools/call` on `exchange` asking for input (2026-07-28): `result` is an
    /// `InputRequiredResult`.
    #[wasm_bindgen(
        js_name = respondInputRequired,
        unchecked_return_type = "HttpReply<Uint8Array>"
    )]
    pub fn respond_input_required(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] exchange: JsValue,
        #[wasm_bindgen(unchecked_param_type = "InputRequiredResult")] result: JsValue,
    ) -> Result<JsValue, JsValue> {
        self.answer(&exchange, &result, CoreEndpoint::respond_input_required)
    }

    /// Answers the `tools/list` on `exchange` with `result`.
    #[wasm_bindgen(js_name = respondList, unchecked_return_type = "HttpReply<Uint8Array>")]
    pub fn respond_list(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] exchange: JsValue,
        #[wasm_bindgen(unchecked_param_type = "ListToolsResult")] result: JsValue,
    ) -> Result<JsValue, JsValue> {
        self.answer(&exchange, &result, CoreEndpoint::respond_list)
    }

    /// Answers the request on `exchange` with a failure of `kind` (an ErrorKind name).
    #[wasm_bindgen(js_name = respondFailure, unchecked_return_type = "HttpReply<Uint8Array>")]
    pub fn respond_failure(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] exchange: JsValue,
        #[wasm_bindgen(unchecked_param_type = "ErrorKindName")] kind: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] message: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Record<string, JSONValue> | null | undefined")]
        data: JsValue,
    ) -> Result<JsValue, JsValue> {
        let exchange = exchange_arg(&exchange)?;
        let kind = string_arg(&kind, "kind")?;
        let message = string_arg(&message, "message")?;
        let data = given(&data).map(js_to_value).transpose()?;
        reply(
            "reply",
            self.inner
                .respond_failure_with_data(exchange, &kind, &message, data.as_ref())
                .map_err(mcpwire_error)?,
        )
    }

    /// Ends `exchange`'s response without terminating its SSE stream (2025-11-25 polling):
    /// the reply (`done`) ends with an event carrying `retry` (milliseconds before the client
    /// reconnects); the call goes on and answers on the stream the client resumes with GET
    /// and `Last-Event-ID`. Throws on the 2026-07-28 wire (no resumption there).
    #[wasm_bindgen(js_name = closeConnection, unchecked_return_type = "HttpReply<Uint8Array>")]
    pub fn close_connection(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] exchange: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] retry: JsValue,
    ) -> Result<JsValue, JsValue> {
        let exchange = exchange_arg(&exchange)?;
        let retry = millis_arg(&retry, "retry")?;
        reply(
            "reply",
            self.inner
                .close_connection(exchange, retry)
                .map_err(mcpwire_error)?,
        )
    }

    /// The client's connection for `exchange` closed: on 2026-07-28 that cancels the call
    /// (true when it did).
    #[wasm_bindgen(js_name = streamClosed)]
    pub fn stream_closed(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] exchange: JsValue,
    ) -> Result<bool, JsValue> {
        Ok(self.inner.stream_closed(exchange_arg(&exchange)?))
    }

    /// The next exchange a 2025 `notifications/cancelled` cancelled (stop its tool), or `null`.
    #[wasm_bindgen(js_name = pollCancelled, unchecked_return_type = "number | null")]
    pub fn poll_cancelled(&mut self) -> JsValue {
        self.inner
            .poll_cancelled()
            .map_or(JsValue::NULL, |e| (e as f64).into())
    }

    /// When `handleTimeout` should next run (a session expiry), or `null`.
    #[wasm_bindgen(js_name = pollTimeout, unchecked_return_type = "number | null")]
    pub fn poll_timeout(&self) -> JsValue {
        self.inner
            .poll_timeout()
            .map_or(JsValue::NULL, |t| (t as f64).into())
    }

    /// Ends the sessions idle too long at `now`.
    #[wasm_bindgen(js_name = handleTimeout)]
    pub fn handle_timeout(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] now: JsValue,
    ) -> Result<(), JsValue> {
        self.inner.handle_timeout(millis_arg(&now, "now")?);
        Ok(())
    }

    /// Sessions open.
    #[wasm_bindgen(getter, js_name = sessionCount)]
    pub fn session_count(&self) -> u32 {
        self.inner.session_count() as u32
    }

    /// Calls not yet answered.
    #[wasm_bindgen(getter, js_name = exchangeCount)]
    pub fn exchange_count(&self) -> u32 {
        self.inner.exchange_count() as u32
    }
}
