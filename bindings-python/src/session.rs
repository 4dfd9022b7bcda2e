//! `mcpwire.Client`, `mcpwire.Server` and `mcpwire.page`: core's value-level sessions
//! (`api::ClientSession`, `api::ServerSession`, `api::page`) with Python values. `now` is the
//! caller's clock in milliseconds; bytes in and out; events are plain dicts.

use crate::convert::{opt_value_of, to_py, value_of};
use crate::{core_error, input_bytes};
use mcpwire::api::{self, ApiError, ClientOptions, ClientSession, ServerSession};
use mcpwire::json::Value;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};

type Out<'py> = Bound<'py, PyAny>;

fn bytes<'py>(py: Python<'py>, b: Vec<u8>) -> Bound<'py, PyBytes> {
    PyBytes::new(py, &b)
}

fn check<T>(py: Python<'_>, r: Result<T, ApiError>) -> PyResult<T> {
    r.map_err(|e| core_error(py, e))
}

/// A host's protocol state for one connection (sans-IO): feed it what arrives with
/// `handle_input`, send what `start`, `list_tools`, `call_tool`, `cancel` and `poll_transmit`
/// return, and drive time limits with `poll_timeout` / `handle_timeout` / `poll_event`.
#[pyclass(module = "mcpwire", name = "Client")]
pub struct Client {
    inner: ClientSession,
}

#[pymethods]
impl Client {
    #[new]
    #[pyo3(signature = (version, client_info, capabilities=None, *, default_timeout=None, max_timeout=None, reset_timeout_on_progress=false, max_pages=None))]
    fn new(
        version: &str,
        client_info: &Bound<'_, PyAny>,
        capabilities: Option<&Bound<'_, PyAny>>,
        default_timeout: Option<u64>,
        max_timeout: Option<u64>,
        reset_timeout_on_progress: bool,
        max_pages: Option<u32>,
    ) -> PyResult<Self> {
        let py = client_info.py();
        let info = value_of(client_info)?;
        let caps = opt_value_of(capabilities)?;
        let opts = ClientOptions {
            default_timeout,
            max_timeout,
            reset_timeout_on_progress,
            max_pages,
        };
        let inner = check(py, ClientSession::new(version, &info, caps.as_ref(), &opts))?;
        Ok(Client { inner })
    }

    /// Starts the handshake: `(request id, bytes to send)`.
    fn start<'py>(&mut self, py: Python<'py>, now: u64) -> PyResult<(i64, Bound<'py, PyBytes>)> {
        let (id, out) = check(py, self.inner.start(now))?;
        Ok((id, bytes(py, out)))
    }

    /// Skips the handshake: the server's tools capability is known.
    #[pyo3(signature = (tools, list_changed=false))]
    fn assume_ready(&mut self, tools: bool, list_changed: bool) {
        self.inner.assume_ready(tools, list_changed)
    }

    /// Starts listing the catalog: `(request id, bytes to send)`.
    fn list_tools<'py>(
        &mut self,
        py: Python<'py>,
        now: u64,
    ) -> PyResult<(i64, Bound<'py, PyBytes>)> {
        let (id, out) = check(py, self.inner.list_tools(now))?;
        Ok((id, bytes(py, out)))
    }

    /// Sends `tools/call`: `(request id, progress token or None, bytes to send)`.
    #[pyo3(signature = (now, name, arguments=None, timeout=None, progress=None))]
    fn call_tool<'py>(
        &mut self,
        py: Python<'py>,
        now: u64,
        name: &str,
        arguments: Option<&Bound<'py, PyAny>>,
        timeout: Option<u64>,
        progress: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let args = opt_value_of(arguments)?;
        let progress = opt_value_of(progress)?.unwrap_or(mcpwire::json::Value::Null);
        let (id, token, out) = check(
            py,
            self.inner
                .call_tool(now, name, args.as_ref(), timeout, &progress),
        )?;
        PyTuple::new(
            py,
            [
                id.into_pyobject(py)?.into_any(),
                to_py(py, &token)?,
                bytes(py, out).into_any(),
            ],
        )
    }

    /// Retries a `tools/call` answered with an `input_required` event (2026-07-28): the same
    /// `name` and `arguments`, with `input_responses` (the client's result for each input
    /// request, by key) and the `request_state` the server sent. A new request with a new id:
    /// `(request id, progress token or None, bytes to send)`.
    #[pyo3(signature = (now, name, arguments, input_responses, request_state=None, timeout=None, progress=None))]
    #[allow(clippy::too_many_arguments)]
    fn retry_tool<'py>(
        &mut self,
        py: Python<'py>,
        now: u64,
        name: &str,
        arguments: Option<&Bound<'py, PyAny>>,
        input_responses: &Bound<'py, PyAny>,
        request_state: Option<&str>,
        timeout: Option<u64>,
        progress: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let args = opt_value_of(arguments)?;
        let responses = value_of(input_responses)?;
        let progress = opt_value_of(progress)?.unwrap_or(mcpwire::json::Value::Null);
        let (id, token, out) = check(
            py,
            self.inner.retry_tool(
                now,
                name,
                args.as_ref(),
                &responses,
                request_state,
                timeout,
                &progress,
            ),
        )?;
        PyTuple::new(
            py,
            [
                id.into_pyobject(py)?.into_any(),
                to_py(py, &token)?,
                bytes(py, out).into_any(),
            ],
        )
    }

    /// Cancels a request in flight: the bytes to send, or `None` when it was not in flight.
    #[pyo3(signature = (id, reason=None))]
    fn cancel<'py>(
        &mut self,
        py: Python<'py>,
        id: i64,
        reason: Option<&str>,
    ) -> Option<Bound<'py, PyBytes>> {
        self.inner.cancel(id, reason).map(|b| bytes(py, b))
    }

    /// The response to a request the server sent (an `other` event): `result` under its
    /// `id`, written as given (its shape is the request method's).
    fn respond<'py>(
        &self,
        py: Python<'py>,
        id: &Bound<'py, PyAny>,
        result: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let out = self.inner.respond(&value_of(id)?, &value_of(result)?);
        Ok(bytes(py, check(py, out)?))
    }

    /// Handles one incoming message: what it meant, as a dict with an `event`.
    fn handle_input<'py>(&mut self, data: &Bound<'py, PyAny>, now: u64) -> PyResult<Out<'py>> {
        let py = data.py();
        let input = input_bytes(data)?;
        let v = check(py, self.inner.handle_input(&input, now))?;
        to_py(py, &v)
    }

    /// The next queued message to send, or `None`.
    fn poll_transmit<'py>(&mut self, py: Python<'py>) -> Option<Bound<'py, PyBytes>> {
        self.inner.poll_transmit().map(|b| bytes(py, b))
    }

    /// The next timer event (`{"event": "timed_out", "id", "method"}`), or `None`.
    fn poll_event<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Out<'py>>> {
        self.inner.poll_event().map(|v| to_py(py, &v)).transpose()
    }

    /// When `handle_timeout` must next be called (milliseconds), or `None`.
    fn poll_timeout(&self) -> Option<u64> {
        self.inner.poll_timeout()
    }

    /// Expires requests whose time limit passed.
    fn handle_timeout(&mut self, now: u64) {
        self.inner.handle_timeout(now)
    }

    /// Requests in flight.
    fn in_flight(&self) -> usize {
        self.inner.in_flight()
    }

    /// True when the catalog must be (re)listed.
    fn catalog_stale(&self) -> bool {
        self.inner.catalog_stale()
    }

    /// True once the handshake completed.
    fn is_ready(&self) -> bool {
        self.inner.is_ready()
    }
}

/// A server's protocol state for one connection (sans-IO): `handle_input` says what each
/// message asks for; answer with `respond_*` / `notify_progress`, and send what
/// `poll_transmit` returns (handshake answers, refusals).
#[pyclass(module = "mcpwire", name = "Server")]
pub struct Server {
    inner: ServerSession,
}

/// Core's answer to a `tools/call` (`ServerSession::respond_tool` or `respond_input_required`).
type CallAnswer = fn(&mut ServerSession, &Value, &Value) -> Result<Option<Vec<u8>>, ApiError>;

impl Server {
    /// `respond` of `id` and `result`: the bytes, or `None` when the request was cancelled.
    fn answer_call<'py>(
        &mut self,
        id: &Bound<'py, PyAny>,
        result: &Bound<'py, PyAny>,
        respond: CallAnswer,
    ) -> PyResult<Option<Bound<'py, PyBytes>>> {
        let py = id.py();
        let (id, result) = (value_of(id)?, value_of(result)?);
        Ok(check(py, respond(&mut self.inner, &id, &result))?.map(|b| bytes(py, b)))
    }
}

#[pymethods]
impl Server {
    #[new]
    fn new(
        py: Python<'_>,
        versions: Vec<String>,
        server_info: &Bound<'_, PyAny>,
        capabilities: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let versions: Vec<&str> = versions.iter().map(String::as_str).collect();
        let info = value_of(server_info)?;
        let caps = value_of(capabilities)?;
        let inner = check(py, ServerSession::new(&versions, &info, &caps))?;
        Ok(Server { inner })
    }

    /// Handles one incoming message: what it asks for, as a dict with an `event`.
    fn handle_input<'py>(&mut self, data: &Bound<'py, PyAny>, now: u64) -> PyResult<Out<'py>> {
        let input = input_bytes(data)?;
        to_py(data.py(), &self.inner.handle_input(&input, now))
    }

    /// The bytes answering a `tools/call` with `result` (a `CallToolResult`), or `None` when
    /// the request was cancelled (its response is suppressed).
    fn respond_tool<'py>(
        &mut self,
        id: &Bound<'py, PyAny>,
        result: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyBytes>>> {
        self.answer_call(id, result, ServerSession::respond_tool)
    }

    /// The bytes answering a `tools/call` that needs more input (2026-07-28): `result` is an
    /// `InputRequiredResult` (`inputRequests` and/or `requestState`). `None` when the request
    /// was cancelled; an input request for a capability the call did not declare raises
    /// `missing_required_client_capability` and leaves the call open.
    fn respond_input_required<'py>(
        &mut self,
        id: &Bound<'py, PyAny>,
        result: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyBytes>>> {
        self.answer_call(id, result, ServerSession::respond_input_required)
    }

    /// The bytes answering a `tools/list` with one page (a `ListToolsResult`).
    fn respond_list<'py>(
        &mut self,
        id: &Bound<'py, PyAny>,
        result: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let py = id.py();
        let (id, result) = (value_of(id)?, value_of(result)?);
        Ok(bytes(py, check(py, self.inner.respond_list(&id, &result))?))
    }

    /// The wire form of a failure of `kind` (an `ERROR_KINDS` name) for request `id`, or
    /// `None` when it was cancelled; `data`'s members (a dict) go into the error's `data`,
    /// e.g. `requiredCapabilities` of `missing_required_client_capability`.
    #[pyo3(signature = (id, kind, message, data=None))]
    fn respond_failure<'py>(
        &mut self,
        id: &Bound<'py, PyAny>,
        kind: &str,
        message: &str,
        data: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Option<Bound<'py, PyBytes>>> {
        let py = id.py();
        let id = value_of(id)?;
        let data = data.map(value_of).transpose()?;
        let out = check(
            py,
            self.inner
                .respond_failure_with_data(&id, kind, message, data.as_ref()),
        )?;
        Ok(out.map(|b| bytes(py, b)))
    }

    /// A `notifications/progress` for request `id`.
    #[pyo3(signature = (id, progress, total=None, message=None))]
    fn notify_progress<'py>(
        &mut self,
        id: &Bound<'py, PyAny>,
        progress: f64,
        total: Option<f64>,
        message: Option<&str>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let py = id.py();
        let id = value_of(id)?;
        let out = check(
            py,
            self.inner.notify_progress(&id, progress, total, message),
        )?;
        Ok(bytes(py, out))
    }

    /// The next queued message to send (handshake answers, refusals), or `None`.
    fn poll_transmit<'py>(&mut self, py: Python<'py>) -> Option<Bound<'py, PyBytes>> {
        self.inner.poll_transmit().map(|b| bytes(py, b))
    }

    /// The client closed request `id`'s response stream (Streamable HTTP 2026-07-28): the
    /// request is cancelled. True when it was in flight.
    fn stream_closed(&mut self, id: &Bound<'_, PyAny>) -> PyResult<bool> {
        let py = id.py();
        check(py, self.inner.stream_closed(&value_of(id)?))
    }

    /// Requests in flight.
    fn in_flight(&self) -> usize {
        self.inner.in_flight()
    }
}

/// One page of a catalog of `length` items: `{"start", "end", "nextCursor"}`.
#[pyfunction]
#[pyo3(signature = (key, length, page_size, cursor, catalog_version))]
fn page<'py>(
    py: Python<'py>,
    key: &[u8],
    length: usize,
    page_size: usize,
    cursor: Option<&str>,
    catalog_version: u64,
) -> PyResult<Out<'py>> {
    let v = check(
        py,
        api::page(key, length, page_size, cursor, catalog_version),
    )?;
    to_py(py, &v)
}

/// An ``ElicitResult`` with the ``default`` of every property of the ``elicitation/create``
/// params' ``requestedSchema`` that an accepted ``content`` omits (SEP-1034); other results as
/// they came.
#[pyfunction]
fn apply_elicitation_defaults<'py>(
    params: &Bound<'py, PyAny>,
    result: &Bound<'py, PyAny>,
) -> PyResult<Out<'py>> {
    let py = params.py();
    let v = api::apply_elicitation_defaults(&value_of(params)?, &value_of(result)?);
    to_py(py, &check(py, v)?)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Client>()?;
    m.add_class::<Server>()?;
    m.add_function(wrap_pyfunction!(page, m)?)?;
    m.add_function(wrap_pyfunction!(apply_elicitation_defaults, m)?)?;
    Ok(())
}
