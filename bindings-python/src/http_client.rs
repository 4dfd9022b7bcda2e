//! `HttpClient` for Python: the client side of Streamable HTTP (core's
//! `transport::http::HttpClient`). Requests and messages are plain dicts with `bytes`; every
//! rule lives in core.

use crate::convert::opt_value_of;
use crate::transport::header_pairs;
use crate::{core_error, input_bytes};
use mcpwire::api::ApiError;
use mcpwire::transport::http::{HttpClient as CoreClient, HttpRequest};
use mcpwire::transport::values as t;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString, PyTuple};

fn check<T>(py: Python<'_>, r: Result<T, ApiError>) -> PyResult<T> {
    r.map_err(|e| core_error(py, e))
}

fn request(py: Python<'_>, r: HttpRequest) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    let headers = r
        .headers
        .into_iter()
        .map(|(n, v)| PyTuple::new(py, [PyString::new(py, &n), PyString::new(py, &v)]))
        .collect::<PyResult<Vec<_>>>()?;
    d.set_item("exchange", r.exchange)?;
    d.set_item("method", r.method)?;
    d.set_item("headers", headers)?;
    d.set_item("body", PyBytes::new(py, &r.body))?;
    d.set_item("retry", r.retry)?;
    Ok(d)
}

/// The client side of Streamable HTTP, without I/O: `request` a message, send the returned
/// request, then `handle_response`, `handle_body` each chunk, `handle_end`, and
/// `poll_message` the messages for `Client.handle_input`.
#[pyclass(module = "mcpwire", name = "HttpClient")]
pub struct HttpClient {
    inner: CoreClient,
}

#[pymethods]
impl HttpClient {
    #[new]
    #[pyo3(signature = (version, *, max_message=None))]
    fn new(py: Python<'_>, version: &str, max_message: Option<usize>) -> PyResult<Self> {
        Ok(HttpClient {
            inner: check(py, t::http_client(version, max_message))?,
        })
    }

    /// The POST carrying `message` (its bytes); `tool` is the called tool's definition.
    #[pyo3(signature = (message, tool=None))]
    fn request<'py>(
        &mut self,
        message: &Bound<'py, PyAny>,
        tool: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let py = message.py();
        let bytes = input_bytes(message)?;
        let tool = opt_value_of(tool)?;
        let headers = check(py, t::tool_headers(tool.as_ref()))?;
        let r = check(py, self.inner.request(&bytes, headers.as_ref()))?;
        request(py, r)
    }

    /// The GET that opens the server's stream (2025-11-25).
    fn open_stream<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let r = check(py, self.inner.open_stream())?;
        request(py, r)
    }

    /// The GET with `Last-Event-ID` resuming the stream of `exchange`.
    fn resume<'py>(&mut self, py: Python<'py>, exchange: u64) -> PyResult<Bound<'py, PyDict>> {
        let r = check(py, self.inner.resume(exchange))?;
        request(py, r)
    }

    /// The DELETE that ends the session.
    fn end_session<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let r = check(py, self.inner.end_session())?;
        request(py, r)
    }

    /// What a response's body is, from its status and headers.
    fn handle_response(
        &mut self,
        py: Python<'_>,
        exchange: u64,
        status: u16,
        headers: &Bound<'_, PyAny>,
    ) -> PyResult<&'static str> {
        if !(100..=999).contains(&status) {
            return Err(PyValueError::new_err("status must be from 100 to 999"));
        }
        let owned = header_pairs(headers)?;
        let list: Vec<(&[u8], &[u8])> = owned.iter().map(|(a, b)| (&a[..], &b[..])).collect();
        let r = check(py, self.inner.handle_response(exchange, status, &list))?;
        Ok(r.name())
    }

    /// A chunk of the body of `exchange`.
    fn handle_body(&mut self, exchange: u64, chunk: &Bound<'_, PyAny>) -> PyResult<()> {
        let py = chunk.py();
        let bytes = input_bytes(chunk)?;
        check(py, self.inner.handle_body(exchange, &bytes))
    }

    /// The body of `exchange` ended: how.
    fn handle_end(&mut self, py: Python<'_>, exchange: u64) -> PyResult<&'static str> {
        Ok(check(py, self.inner.handle_end(exchange))?.name())
    }

    /// The next message from the server: `{"exchange": int, "message": bytes}`, or None.
    fn poll_message<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(r) = self.inner.poll_message() else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("exchange", r.exchange)?;
        d.set_item("message", PyBytes::new(py, &r.message))?;
        Ok(Some(d))
    }

    /// True once the response to the request `exchange` carries came while the exchange is
    /// open: stop reading and `close` it (a resumed stream may be left open).
    fn answered(&self, exchange: u64) -> bool {
        self.inner.answered(exchange)
    }

    /// The host closed the response of `exchange` early; True when it was open.
    fn close(&mut self, exchange: u64) -> bool {
        self.inner.close(exchange)
    }

    /// The session id the server gave, or None.
    #[getter]
    fn session_id(&self) -> Option<String> {
        self.inner.session_id().map(Into::into)
    }

    /// The version sent in `MCP-Protocol-Version`.
    #[getter]
    fn protocol_version(&self) -> &'static str {
        self.inner.protocol_version().as_str()
    }

    /// Exchanges not yet over.
    #[getter]
    fn exchange_count(&self) -> usize {
        self.inner.exchange_count()
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<HttpClient>()
}
