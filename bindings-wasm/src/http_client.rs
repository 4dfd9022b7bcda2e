//! `HttpClient`: the client side of Streamable HTTP over `mcpwire::transport::http::HttpClient`
//! (the Node binding's names and shapes; bytes are `Uint8Array`s). Every rule stays in core.

use crate::args::{given, index_arg};
use crate::transport::{header_pairs, OwnedHeaders};
use crate::{js_to_value, mcpwire_error, read_input};
use js_sys::{Array, Object, Reflect, Uint8Array};
use mcpwire::transport::http::{HttpClient as CoreClient, HttpRequest};
use mcpwire::transport::values as t;
use wasm_bindgen::prelude::*;

fn request(r: HttpRequest) -> Result<JsValue, JsValue> {
    let o = Object::new();
    let headers = Array::new();
    for (n, v) in r.headers {
        headers.push(&Array::of2(&n.into(), &v.into()));
    }
    Reflect::set(&o, &"exchange".into(), &(r.exchange as f64).into())?;
    Reflect::set(&o, &"method".into(), &r.method.into())?;
    Reflect::set(&o, &"headers".into(), &headers)?;
    Reflect::set(&o, &"body".into(), &Uint8Array::from(&r.body[..]))?;
    let retry = r.retry.map_or(JsValue::NULL, |ms| (ms as f64).into());
    Reflect::set(&o, &"retry".into(), &retry)?;
    Ok(o.into())
}

fn exchange_arg(v: &JsValue) -> Result<u64, JsValue> {
    Ok(index_arg(v, "exchange")? as u64)
}

/// Response headers: a `Headers` (or any iterable of pairs), `[name, value]` pairs, or a
/// plain object.
fn response_headers(v: &JsValue) -> Result<OwnedHeaders, JsValue> {
    if v.is_object() && !Array::is_array(v) {
        if let Some(iter) = js_sys::try_iter(v)? {
            let pairs = Array::new();
            for pair in iter {
                pairs.push(&pair?);
            }
            return header_pairs(&pairs.into());
        }
    }
    header_pairs(v)
}

/// The client side of Streamable HTTP, sans-IO: `request` a message, send the returned
/// request, then `handleResponse`, `handleBody` each chunk, `handleEnd`, and `pollMessage`
/// the messages for `Client.handleInput`.
#[wasm_bindgen]
pub struct HttpClient {
    inner: CoreClient,
}

#[wasm_bindgen]
impl HttpClient {
    /// A client speaking `version` (`2026-07-28`: stateless; earlier: sessions);
    /// `options.maxMessage` bounds one message (default 64 MiB).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "ProtocolVersion")] version: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "HttpClientOptions")] options: JsValue,
    ) -> Result<HttpClient, JsValue> {
        let version = crate::args::string_arg(&version, "version")?;
        let max = mcpwire_js::options::http_client_max(&crate::WasmBindgen::new(), Some(options))?;
        Ok(HttpClient {
            inner: t::http_client(&version, max).map_err(mcpwire_error)?,
        })
    }

    /// The POST carrying `message` (its bytes, as a `Client` returned them); `tool` is the
    /// called tool's definition (for `Mcp-Param-*` on 2026-07-28).
    #[wasm_bindgen(unchecked_return_type = "HttpRequest<Uint8Array>")]
    pub fn request(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array | string")] message: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Tool | null")] tool: JsValue,
    ) -> Result<JsValue, JsValue> {
        let input = read_input(&message)?;
        let tool = given(&tool).map(js_to_value).transpose()?;
        let headers = t::tool_headers(tool.as_ref()).map_err(mcpwire_error)?;
        let r = self
            .inner
            .request(input.bytes(), headers.as_ref())
            .map_err(mcpwire_error)?;
        request(r)
    }

    /// The GET that opens the server's stream (2025-11-25).
    #[wasm_bindgen(js_name = openStream, unchecked_return_type = "HttpRequest<Uint8Array>")]
    pub fn open_stream(&mut self) -> Result<JsValue, JsValue> {
        request(self.inner.open_stream().map_err(mcpwire_error)?)
    }

    /// The GET with `Last-Event-ID` resuming the stream of `exchange` (after `handleEnd`
    /// returned `'resumable'`); wait `retry` ms first when it is not null.
    #[wasm_bindgen(unchecked_return_type = "HttpRequest<Uint8Array>")]
    pub fn resume(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] exchange: JsValue,
    ) -> Result<JsValue, JsValue> {
        let exchange = exchange_arg(&exchange)?;
        request(self.inner.resume(exchange).map_err(mcpwire_error)?)
    }

    /// The DELETE that ends the session.
    #[wasm_bindgen(js_name = endSession, unchecked_return_type = "HttpRequest<Uint8Array>")]
    pub fn end_session(&mut self) -> Result<JsValue, JsValue> {
        request(self.inner.end_session().map_err(mcpwire_error)?)
    }

    /// What a response's body is, from its status and headers.
    #[wasm_bindgen(js_name = handleResponse, unchecked_return_type = "HttpResponseKind")]
    pub fn handle_response(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] exchange: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] status: JsValue,
        #[wasm_bindgen(unchecked_param_type = "HttpResponseHeaders")] headers: JsValue,
    ) -> Result<String, JsValue> {
        let exchange = exchange_arg(&exchange)?;
        let status = match index_arg(&status, "status")? {
            s @ 100..=999 => s as u16,
            _ => return Err(crate::args::range_error("status must be from 100 to 999")),
        };
        let owned = response_headers(&headers)?;
        let list: Vec<(&[u8], &[u8])> = owned.iter().map(|(a, b)| (&a[..], &b[..])).collect();
        let r = self
            .inner
            .handle_response(exchange, status, &list)
            .map_err(mcpwire_error)?;
        Ok(r.name().into())
    }

    /// A chunk of the body of `exchange`.
    #[wasm_bindgen(js_name = handleBody)]
    pub fn handle_body(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] exchange: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array | string")] chunk: JsValue,
    ) -> Result<(), JsValue> {
        let exchange = exchange_arg(&exchange)?;
        let input = read_input(&chunk)?;
        self.inner
            .handle_body(exchange, input.bytes())
            .map_err(mcpwire_error)
    }

    /// The body of `exchange` ended: how.
    #[wasm_bindgen(js_name = handleEnd, unchecked_return_type = "HttpEnded")]
    pub fn handle_end(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] exchange: JsValue,
    ) -> Result<String, JsValue> {
        let exchange = exchange_arg(&exchange)?;
        let ended = self.inner.handle_end(exchange).map_err(mcpwire_error)?;
        Ok(ended.name().into())
    }

    /// The next message from the server, or `null`.
    #[wasm_bindgen(js_name = pollMessage, unchecked_return_type = "HttpReceived<Uint8Array> | null")]
    pub fn poll_message(&mut self) -> Result<JsValue, JsValue> {
        let Some(r) = self.inner.poll_message() else {
            return Ok(JsValue::NULL);
        };
        let o = Object::new();
        Reflect::set(&o, &"exchange".into(), &(r.exchange as f64).into())?;
        Reflect::set(&o, &"message".into(), &Uint8Array::from(&r.message[..]))?;
        Ok(o.into())
    }

    /// True once the response to the request `exchange` carries came while the exchange is
    /// open: stop reading and `close` it (a resumed stream may be left open).
    pub fn answered(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] exchange: JsValue,
    ) -> Result<bool, JsValue> {
        Ok(self.inner.answered(exchange_arg(&exchange)?))
    }

    /// The host closed the response of `exchange` early (on 2026-07-28 that cancels the
    /// request); true when it was open.
    pub fn close(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] exchange: JsValue,
    ) -> Result<bool, JsValue> {
        Ok(self.inner.close(exchange_arg(&exchange)?))
    }

    /// The session id the server gave, or `null`.
    #[wasm_bindgen(getter, js_name = sessionId, unchecked_return_type = "string | null")]
    pub fn session_id(&self) -> JsValue {
        self.inner.session_id().map_or(JsValue::NULL, Into::into)
    }

    /// The version sent in `MCP-Protocol-Version`.
    #[wasm_bindgen(getter, js_name = protocolVersion, unchecked_return_type = "ProtocolVersion")]
    pub fn protocol_version(&self) -> String {
        self.inner.protocol_version().as_str().into()
    }

    /// Exchanges not yet over.
    #[wasm_bindgen(getter, js_name = exchangeCount)]
    pub fn exchange_count(&self) -> u32 {
        self.inner.exchange_count() as u32
    }
}
