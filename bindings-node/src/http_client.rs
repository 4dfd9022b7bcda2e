//! `HttpClient`: the client side of Streamable HTTP over
//! `mcpwire::transport::http::HttpClient`. Requests and messages are plain objects with
//! `Buffer` bytes; every rule stays in core.

use crate::args::{given, index_arg, string_arg};
use crate::transport::header_pairs;
use crate::{bytes_to_js, js_to_value, mcpwire_error, range_error, read_input};
use mcpwire::transport::http::{HttpClient as CoreClient, HttpRequest};
use mcpwire::transport::values as t;
use napi::bindgen_prelude::*;
use napi::{JsValue, ValueType};
use napi_derive::napi;

fn request<'a>(env: &'a Env, r: HttpRequest) -> Result<Object<'a>> {
    let mut o = Object::new(env)?;
    let mut headers = env.create_array(r.headers.len() as u32)?;
    for (i, (n, v)) in r.headers.into_iter().enumerate() {
        let mut pair = env.create_array(2)?;
        pair.set(0, n)?;
        pair.set(1, v)?;
        headers.set(i as u32, pair)?;
    }
    o.set_named_property("exchange", r.exchange as f64)?;
    o.set_named_property("method", r.method)?;
    o.set_named_property("headers", headers)?;
    o.set_named_property("body", bytes_to_js(env, &r.body)?)?;
    o.set_named_property("retry", r.retry.map(|ms| ms as f64))?;
    Ok(o)
}

fn exchange_arg(env: &Env, v: Unknown) -> Result<u64> {
    Ok(index_arg(env, v, "exchange")? as u64)
}

/// Response headers: fetch's `Headers` (any iterable of pairs, through `Array.from`),
/// `[name, value]` pairs, or a plain object.
fn response_headers(env: &Env, headers: Unknown) -> Result<Vec<(Vec<u8>, Vec<u8>)>> {
    if headers.get_type()? == ValueType::Object && !headers.is_array()? {
        let obj: Object = unsafe { headers.cast()? };
        let global = env.get_global()?;
        let symbol: Object = global.get_named_property_unchecked("Symbol")?;
        let iterator: Unknown = symbol.get_named_property_unchecked("iterator")?;
        let method: Unknown = obj.get_property_unchecked(iterator)?;
        if method.get_type()? == ValueType::Function {
            let array: Object = global.get_named_property_unchecked("Array")?;
            let from: Function<Unknown, Unknown> = array.get_named_property("from")?;
            return header_pairs(env, from.call(headers)?);
        }
    }
    header_pairs(env, headers)
}

/// The client side of Streamable HTTP, sans-IO: `request` a message, send the returned
/// request, then `handleResponse`, `handleBody` each chunk, `handleEnd`, and `pollMessage`
/// the messages for `Client.handleInput`.
#[napi]
pub struct HttpClient {
    inner: CoreClient,
}

#[napi]
impl HttpClient {
    /// A client speaking `version` (`2026-07-28`: stateless; earlier: sessions);
    /// `options.maxMessage` bounds one message (default 64 MiB).
    #[napi(
        constructor,
        ts_args_type = "version: ProtocolVersion, options?: HttpClientOptions"
    )]
    pub fn new(env: &Env, version: Unknown, options: Option<Unknown>) -> Result<Self> {
        let version = string_arg(env, version, "version")?;
        let max = mcpwire_js::options::http_client_max(&crate::Napi::new(env), options)?;
        let inner = t::http_client(&version, max).map_err(|e| mcpwire_error(env, e))?;
        Ok(HttpClient { inner })
    }

    /// The POST carrying `message` (its bytes, as a `Client` returned them); `tool` is the
    /// called tool's definition (for `Mcp-Param-*` on 2026-07-28).
    #[napi(
        ts_args_type = "message: Buffer | Uint8Array | string, tool?: Tool | null",
        ts_return_type = "HttpRequest<Buffer>"
    )]
    pub fn request<'a>(
        &mut self,
        env: &'a Env,
        message: Unknown,
        tool: Option<Unknown>,
    ) -> Result<Object<'a>> {
        let input = read_input(env, message)?;
        let tool = given(tool)?.map(|t| js_to_value(env, t)).transpose()?;
        let headers = t::tool_headers(tool.as_ref()).map_err(|e| mcpwire_error(env, e))?;
        let r = self
            .inner
            .request(input.bytes(), headers.as_ref())
            .map_err(|e| mcpwire_error(env, e))?;
        request(env, r)
    }

    /// The GET that opens the server's stream (2025-11-25).
    #[napi(ts_return_type = "HttpRequest<Buffer>")]
    pub fn open_stream<'a>(&mut self, env: &'a Env) -> Result<Object<'a>> {
        let r = self
            .inner
            .open_stream()
            .map_err(|e| mcpwire_error(env, e))?;
        request(env, r)
    }

    /// The GET with `Last-Event-ID` resuming the stream of `exchange` (after `handleEnd`
    /// returned `'resumable'`); wait `retry` ms first when it is not null.
    #[napi(
        ts_args_type = "exchange: number",
        ts_return_type = "HttpRequest<Buffer>"
    )]
    pub fn resume<'a>(&mut self, env: &'a Env, exchange: Unknown) -> Result<Object<'a>> {
        let exchange = exchange_arg(env, exchange)?;
        let r = self
            .inner
            .resume(exchange)
            .map_err(|e| mcpwire_error(env, e))?;
        request(env, r)
    }

    /// The DELETE that ends the session.
    #[napi(ts_return_type = "HttpRequest<Buffer>")]
    pub fn end_session<'a>(&mut self, env: &'a Env) -> Result<Object<'a>> {
        let r = self
            .inner
            .end_session()
            .map_err(|e| mcpwire_error(env, e))?;
        request(env, r)
    }

    /// What a response's body is, from its status and headers.
    #[napi(
        ts_args_type = "exchange: number, status: number, headers: HttpResponseHeaders",
        ts_return_type = "HttpResponseKind"
    )]
    pub fn handle_response(
        &mut self,
        env: &Env,
        exchange: Unknown,
        status: Unknown,
        headers: Unknown,
    ) -> Result<&'static str> {
        let exchange = exchange_arg(env, exchange)?;
        let status = match index_arg(env, status, "status")? {
            s @ 100..=999 => s as u16,
            _ => return Err(range_error(env, "status must be from 100 to 999")),
        };
        let owned = response_headers(env, headers)?;
        let list: Vec<(&[u8], &[u8])> = owned.iter().map(|(a, b)| (&a[..], &b[..])).collect();
        let r = self
            .inner
            .handle_response(exchange, status, &list)
            .map_err(|e| mcpwire_error(env, e))?;
        Ok(r.name())
    }

    /// A chunk of the body of `exchange`.
    #[napi(ts_args_type = "exchange: number, chunk: Buffer | Uint8Array | string")]
    pub fn handle_body(&mut self, env: &Env, exchange: Unknown, chunk: Unknown) -> Result<()> {
        let exchange = exchange_arg(env, exchange)?;
        let input = read_input(env, chunk)?;
        self.inner
            .handle_body(exchange, input.bytes())
            .map_err(|e| mcpwire_error(env, e))
    }

    /// The body of `exchange` ended: how.
    #[napi(ts_args_type = "exchange: number", ts_return_type = "HttpEnded")]
    pub fn handle_end(&mut self, env: &Env, exchange: Unknown) -> Result<&'static str> {
        let exchange = exchange_arg(env, exchange)?;
        let ended = self
            .inner
            .handle_end(exchange)
            .map_err(|e| mcpwire_error(env, e))?;
        Ok(ended.name())
    }

    /// The next message from the server, or `null`.
    #[napi(ts_return_type = "HttpReceived<Buffer> | null")]
    pub fn poll_message<'a>(&mut self, env: &'a Env) -> Result<Option<Object<'a>>> {
        let Some(r) = self.inner.poll_message() else {
            return Ok(None);
        };
        let mut o = Object::new(env)?;
        o.set_named_property("exchange", r.exchange as f64)?;
        o.set_named_property("message", bytes_to_js(env, &r.message)?)?;
        Ok(Some(o))
    }

    /// True once the response to the request `exchange` carries came while the exchange is
    /// open: stop reading and `close` it (a resumed stream may be left open).
    #[napi(ts_args_type = "exchange: number")]
    pub fn answered(&self, env: &Env, exchange: Unknown) -> Result<bool> {
        Ok(self.inner.answered(exchange_arg(env, exchange)?))
    }

    /// The host closed the response of `exchange` early (on 2026-07-28 that cancels the
    /// request); true when it was open.
    #[napi(ts_args_type = "exchange: number")]
    pub fn close(&mut self, env: &Env, exchange: Unknown) -> Result<bool> {
        Ok(self.inner.close(exchange_arg(env, exchange)?))
    }

    /// The session id the server gave, or `null`.
    #[napi(getter, ts_return_type = "string | null")]
    pub fn session_id(&self) -> Option<String> {
        self.inner.session_id().map(Into::into)
    }

    /// The version sent in `MCP-Protocol-Version`.
    #[napi(getter, ts_return_type = "ProtocolVersion")]
    pub fn protocol_version(&self) -> &'static str {
        self.inner.protocol_version().as_str()
    }

    /// Exchanges not yet over.
    #[napi(getter)]
    pub fn exchange_count(&self) -> u32 {
        self.inner.exchange_count() as u32
    }
}
