//! The transports for Python: `LineFramer`, `SseDecoder`, `HttpEndpoint` and the header
//! helpers (core's `transport::values` and `transport::http`). Frames, events and replies are
//! plain dicts; every rule lives in core.

use crate::convert::{opt_value_of, to_py, value_of};
use crate::{core_error, input_bytes};
use mcpwire::api::ApiError;
use mcpwire::json::Value;
use mcpwire::transport::http::{Handled, HttpEndpoint as CoreEndpoint, HttpReply};
use mcpwire::transport::values::{self as t, OwnedFrame, OwnedSseItem};
use mcpwire::Limits;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};

type Out<'py> = Bound<'py, PyAny>;

fn check<T>(py: Python<'_>, r: Result<T, ApiError>) -> PyResult<T> {
    r.map_err(|e| core_error(py, e))
}

fn frame<'py>(py: Python<'py>, f: OwnedFrame) -> PyResult<Out<'py>> {
    let d = PyDict::new(py);
    match f {
        OwnedFrame::Line(l) => {
            d.set_item("kind", "line")?;
            d.set_item("line", PyBytes::new(py, &l))?;
        }
        OwnedFrame::TooLong(len) => {
            d.set_item("kind", "too_long")?;
            d.set_item("len", len)?;
        }
    }
    Ok(d.into_any())
}

/// Splits stdio input into lines (one JSON-RPC message each), fed chunks of any size.
#[pyclass(module = "mcpwire", name = "LineFramer")]
pub struct LineFramer {
    inner: t::Lines,
}

#[pymethods]
impl LineFramer {
    #[new]
    #[pyo3(signature = (max_line=64 * 1024 * 1024))]
    fn new(max_line: usize) -> Self {
        LineFramer {
            inner: t::Lines::new(max_line),
        }
    }

    /// Every frame ending in `data`: `{"kind": "line", "line": bytes}` or
    /// `{"kind": "too_long", "len": int}`.
    fn feed<'py>(&mut self, data: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        let py = data.py();
        let bytes = input_bytes(data)?;
        let items = self
            .inner
            .feed(&bytes)
            .into_iter()
            .map(|f| frame(py, f))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, items)
    }

    /// End of input: the partial last line, if any.
    fn finish<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Out<'py>>> {
        self.inner.finish().map(|f| frame(py, f)).transpose()
    }
}

/// One message and its `\n`; a message holding a raw CR or LF raises `DecodeError`.
#[pyfunction]
fn write_line<'py>(message: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBytes>> {
    let py = message.py();
    let bytes = input_bytes(message)?;
    Ok(PyBytes::new(py, &check(py, t::write_line(&bytes))?))
}

/// Decodes a `text/event-stream` fed chunks of any size.
#[pyclass(module = "mcpwire", name = "SseDecoder")]
pub struct SseDecoder {
    inner: t::Events,
}

#[pymethods]
impl SseDecoder {
    #[new]
    #[pyo3(signature = (max_event=64 * 1024 * 1024))]
    fn new(max_event: usize) -> Self {
        SseDecoder {
            inner: t::Events::new(max_event),
        }
    }

    /// Every event ending in `data`: `{"kind": "event", "event", "data", "id", "retry"}` or
    /// `{"kind": "too_long", "len"}`.
    fn feed<'py>(&mut self, data: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        let py = data.py();
        let bytes = input_bytes(data)?;
        let list = PyList::empty(py);
        for item in self.inner.feed(&bytes) {
            let d = PyDict::new(py);
            match item {
                OwnedSseItem::Event(e) => {
                    d.set_item("kind", "event")?;
                    d.set_item("event", e.event)?;
                    d.set_item("data", e.data)?;
                    d.set_item("id", e.id)?;
                    d.set_item("retry", e.retry)?;
                }
                OwnedSseItem::TooLong(len) => {
                    d.set_item("kind", "too_long")?;
                    d.set_item("len", len)?;
                }
            }
            list.append(d)?;
        }
        Ok(list)
    }

    /// End of the stream: True when an unterminated last event was dropped.
    fn finish(&mut self) -> bool {
        self.inner.finish()
    }

    /// The last event id seen (send it as `Last-Event-ID` to resume).
    #[getter]
    fn last_event_id(&self) -> String {
        self.inner.last_event_id()
    }

    /// The reconnection time the stream set with `retry`, in milliseconds.
    #[getter]
    fn retry(&self) -> Option<u64> {
        self.inner.retry()
    }
}

/// The bytes of one SSE event.
#[pyfunction]
#[pyo3(signature = (data, event="", id="", retry=None))]
fn encode_sse_event<'py>(
    py: Python<'py>,
    data: &str,
    event: &str,
    id: &str,
    retry: Option<u64>,
) -> PyResult<Bound<'py, PyBytes>> {
    Ok(PyBytes::new(
        py,
        &check(py, t::write_event(data, event, id, retry))?,
    ))
}

/// The bytes of one SSE comment line (`":"` alone is a keep-alive).
#[pyfunction]
#[pyo3(signature = (text=""))]
fn encode_sse_comment<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyBytes>> {
    Ok(PyBytes::new(py, &check(py, t::write_comment(text))?))
}

/// The headers of a client's POST carrying `message` (a dict, or its bytes): a list of
/// `(name, value)`.
#[pyfunction]
#[pyo3(signature = (message, version, tool=None, session_id=None))]
fn client_request_headers<'py>(
    message: &Bound<'py, PyAny>,
    version: &str,
    tool: Option<&Bound<'py, PyAny>>,
    session_id: Option<&str>,
) -> PyResult<Vec<(String, String)>> {
    let py = message.py();
    // The message as a value, or as the bytes a `Client` returned.
    let message = match input_bytes(message) {
        Ok(bytes) => check(
            py,
            Value::parse(&bytes, Limits::DEFAULT).map_err(ApiError::from),
        )?,
        Err(_) => value_of(message)?,
    };
    let tool = opt_value_of(tool)?;
    check(
        py,
        t::client_request_headers(&message, version, tool.as_ref(), session_id),
    )
}

/// `{"tools": [...kept], "rejected": [{"tool", "reason"}]}`: the tools an HTTP client keeps.
#[pyfunction]
fn http_tool_catalog<'py>(tools: &Bound<'py, PyAny>) -> PyResult<Out<'py>> {
    let py = tools.py();
    let v = check(py, t::http_tool_catalog(&value_of(tools)?))?;
    to_py(py, &v)
}

/// A header value for `value`: as is, or `=?base64?…?=`.
#[pyfunction]
fn encode_header_value(value: &str) -> String {
    mcpwire::transport::http::encode_header_value(value).into_owned()
}

/// The value a header carries (the `=?base64?…?=` form decoded).
#[pyfunction]
fn decode_header_value(value: &Bound<'_, PyAny>) -> PyResult<String> {
    let py = value.py();
    let bytes = input_bytes(value)?;
    check(py, t::decode_header_value(&bytes))
}

/// Header pairs from a list of `(name, value)` (bytes or str) or a mapping.
pub(crate) fn header_pairs(headers: &Bound<'_, PyAny>) -> PyResult<Vec<(Vec<u8>, Vec<u8>)>> {
    let items = if let Ok(d) = headers.cast::<PyDict>() {
        d.items().into_any()
    } else if headers.hasattr("items")? && !headers.is_instance_of::<PyList>() {
        headers.call_method0("items")?
    } else {
        headers.clone()
    };
    let mut out = Vec::new();
    for pair in items.try_iter()? {
        let pair = pair?;
        let (name, value): (Bound<'_, PyAny>, Bound<'_, PyAny>) = pair
            .extract()
            .map_err(|_| PyTypeError::new_err("headers are (name, value) pairs"))?;
        out.push((
            input_bytes(&name)?.into_owned(),
            input_bytes(&value)?.into_owned(),
        ));
    }
    Ok(out)
}

fn reply_dict<'py>(py: Python<'py>, kind: &str, r: HttpReply) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("kind", kind)?;
    d.set_item("status", r.status)?;
    let headers = r
        .headers
        .into_iter()
        .map(|(n, v)| PyTuple::new(py, [PyString::new(py, &n), PyString::new(py, &v)]))
        .collect::<PyResult<Vec<_>>>()?;
    d.set_item("headers", PyList::new(py, headers)?)?;
    d.set_item("body", PyBytes::new(py, &r.body))?;
    d.set_item("done", r.done)?;
    Ok(d)
}

/// One MCP endpoint serving Streamable HTTP 2026-07-28 (stateless) and 2025-11-25
/// (sessions), sans-IO: `handle` each request; answer calls with `respond_*`.
#[pyclass(module = "mcpwire", name = "HttpEndpoint")]
pub struct HttpEndpoint {
    inner: CoreEndpoint,
}

impl HttpEndpoint {
    /// `respond` (one of core's `respond_*` taking a result) of `exchange` and `result`: the
    /// last reply part.
    fn answer<'py>(
        &mut self,
        exchange: u64,
        result: &Bound<'py, PyAny>,
        respond: fn(&mut CoreEndpoint, u64, &Value) -> Result<HttpReply, ApiError>,
    ) -> PyResult<Out<'py>> {
        let py = result.py();
        let r = check(py, respond(&mut self.inner, exchange, &value_of(result)?))?;
        Ok(reply_dict(py, "reply", r)?.into_any())
    }
}

#[pymethods]
impl HttpEndpoint {
    #[new]
    #[pyo3(signature = (server_info, capabilities, *, versions=None, tools=None, allowed_origins=Vec::new(), session_idle_ms=None, max_sessions=None))]
    fn new(
        server_info: &Bound<'_, PyAny>,
        capabilities: &Bound<'_, PyAny>,
        versions: Option<Vec<String>>,
        tools: Option<&Bound<'_, PyAny>>,
        allowed_origins: Vec<String>,
        session_idle_ms: Option<u64>,
        max_sessions: Option<usize>,
    ) -> PyResult<Self> {
        let py = server_info.py();
        let (info, caps) = (value_of(server_info)?, value_of(capabilities)?);
        let tools = opt_value_of(tools)?;
        let options = t::EndpointOptions {
            versions: versions
                .as_ref()
                .map(|v| v.iter().map(String::as_str).collect()),
            server_info: &info,
            capabilities: &caps,
            tools: tools.as_ref(),
            allowed_origins,
            session_idle_ms,
            max_sessions,
        };
        Ok(HttpEndpoint {
            inner: check(py, t::http_endpoint(options))?,
        })
    }

    /// Handles one HTTP request. Returns `{"kind": "reply", status, headers, body, done}`,
    /// `{"kind": "call", "exchange", "request"}` or `{"kind": "stream", "exchange", status,
    /// headers, body, done}`. `random`: at least 16 fresh random bytes (used when the request
    /// opens a session).
    #[pyo3(signature = (method, headers, body, now, random=None))]
    fn handle<'py>(
        &mut self,
        method: &str,
        headers: &Bound<'py, PyAny>,
        body: &Bound<'py, PyAny>,
        now: u64,
        random: Option<&[u8]>,
    ) -> PyResult<Out<'py>> {
        let py = headers.py();
        let owned = header_pairs(headers)?;
        let pairs: Vec<(&[u8], &[u8])> = owned.iter().map(|(a, b)| (&a[..], &b[..])).collect();
        let body = input_bytes(body)?;
        let handled = check(
            py,
            self.inner
                .handle(method, &pairs, &body, now, random.unwrap_or_default()),
        )?;
        Ok(match handled {
            Handled::Reply(r) => reply_dict(py, "reply", r)?.into_any(),
            Handled::Stream { exchange, reply } => {
                let d = reply_dict(py, "stream", reply)?;
                d.set_item("exchange", exchange)?;
                d.into_any()
            }
            Handled::Call { exchange, request } => {
                let d = PyDict::new(py);
                d.set_item("kind", "call")?;
                d.set_item("exchange", exchange)?;
                d.set_item("request", to_py(py, &request)?)?;
                d.into_any()
            }
        })
    }

    /// A `notifications/progress` for the call on `exchange` (the first turns the answer
    /// into an SSE stream): a reply part `{status, headers, body, done}`.
    #[pyo3(signature = (exchange, progress, total=None, message=None))]
    fn notify_progress<'py>(
        &mut self,
        py: Python<'py>,
        exchange: u64,
        progress: f64,
        total: Option<f64>,
        message: Option<&str>,
    ) -> PyResult<Out<'py>> {
        let r = check(
            py,
            self.inner
                .notify_progress(exchange, progress, total, message),
        )?;
        Ok(reply_dict(py, "reply", r)?.into_any())
    }

    /// Answers the `tools/call` on `exchange` with `result`: the last reply part.
    fn respond_tool<'py>(
        &mut self,
        exchange: u64,
        result: &Bound<'py, PyAny>,
    ) -> PyResult<Out<'py>> {
        self.answer(exchange, result, CoreEndpoint::respond_tool)
    }

    /// Answers the `tools/call` on `exchange` asking for input (2026-07-28): `result` is an
    /// `InputRequiredResult`; the last reply part.
    fn respond_input_required<'py>(
        &mut self,
        exchange: u64,
        result: &Bound<'py, PyAny>,
    ) -> PyResult<Out<'py>> {
        self.answer(exchange, result, CoreEndpoint::respond_input_required)
    }

    /// Answers the `tools/list` on `exchange` with `result`: the last reply part.
    fn respond_list<'py>(
        &mut self,
        exchange: u64,
        result: &Bound<'py, PyAny>,
    ) -> PyResult<Out<'py>> {
        self.answer(exchange, result, CoreEndpoint::respond_list)
    }

    /// Answers the request on `exchange` with a failure of `kind` (an `ERROR_KINDS` name);
    /// `data`'s members (a dict) go into the error's `data`, e.g. `requiredCapabilities`.
    #[pyo3(signature = (exchange, kind, message, data=None))]
    fn respond_failure<'py>(
        &mut self,
        py: Python<'py>,
        exchange: u64,
        kind: &str,
        message: &str,
        data: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Out<'py>> {
        let data = data.map(value_of).transpose()?;
        let r = check(
            py,
            self.inner
                .respond_failure_with_data(exchange, kind, message, data.as_ref()),
        )?;
        Ok(reply_dict(py, "reply", r)?.into_any())
    }

    /// Ends `exchange`'s response without terminating its SSE stream (2025-11-25 polling):
    /// the reply (`done`) carries an event with `retry` (milliseconds before the client
    /// reconnects); the call goes on and answers on the stream the client resumes with GET
    /// and `Last-Event-ID`. Raises on the 2026-07-28 wire (no resumption there).
    fn close_connection<'py>(
        &mut self,
        py: Python<'py>,
        exchange: u64,
        retry: u64,
    ) -> PyResult<Out<'py>> {
        let r = check(py, self.inner.close_connection(exchange, retry))?;
        Ok(reply_dict(py, "reply", r)?.into_any())
    }

    /// The client's connection for `exchange` closed: on 2026-07-28 that cancels the call
    /// (True when it did).
    fn stream_closed(&mut self, exchange: u64) -> bool {
        self.inner.stream_closed(exchange)
    }

    /// The next exchange a 2025 `notifications/cancelled` cancelled (stop its tool), or None.
    fn poll_cancelled(&mut self) -> Option<u64> {
        self.inner.poll_cancelled()
    }

    /// When `handle_timeout` should next run (a session expiry), or None.
    fn poll_timeout(&self) -> Option<u64> {
        self.inner.poll_timeout()
    }

    /// Ends the sessions idle too long at `now`.
    fn handle_timeout(&mut self, now: u64) {
        self.inner.handle_timeout(now)
    }

    /// Sessions open.
    #[getter]
    fn session_count(&self) -> usize {
        self.inner.session_count()
    }

    /// Calls not yet answered.
    #[getter]
    fn exchange_count(&self) -> usize {
        self.inner.exchange_count()
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<LineFramer>()?;
    m.add_class::<SseDecoder>()?;
    m.add_class::<HttpEndpoint>()?;
    m.add_function(wrap_pyfunction!(write_line, m)?)?;
    m.add_function(wrap_pyfunction!(encode_sse_event, m)?)?;
    m.add_function(wrap_pyfunction!(encode_sse_comment, m)?)?;
    m.add_function(wrap_pyfunction!(client_request_headers, m)?)?;
    m.add_function(wrap_pyfunction!(http_tool_catalog, m)?)?;
    m.add_function(wrap_pyfunction!(encode_header_value, m)?)?;
    m.add_function(wrap_pyfunction!(decode_header_value, m)?)?;
    Ok(())
}
