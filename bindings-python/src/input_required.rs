//! `mcpwire.seal_request_state`, `mcpwire.open_request_state`,
//! `mcpwire.declared_input_requests`: core's server side of 2026-07-28 multi round-trip
//! requests (`mcpwire::api`), with Python values.

use crate::convert::{opt_value_of, to_py, value_of};
use crate::{core_error, input_bytes};
use mcpwire::api;
use pyo3::prelude::*;

/// `state` (any JSON value) sealed with `key` (bytes, at least 32) for `bound_to` (e.g. the
/// tool's name): a `requestState` string the client cannot change unnoticed.
#[pyfunction]
fn seal_request_state(
    key: &Bound<'_, PyAny>,
    bound_to: &str,
    state: &Bound<'_, PyAny>,
) -> PyResult<String> {
    let py = key.py();
    api::seal_request_state(&input_bytes(key)?, bound_to, &value_of(state)?)
        .map_err(|e| core_error(py, e))
}

/// The value sealed in `sealed` with the same `key` and `bound_to`; raises
/// `mcpwire.DecodeError` (kind `invalid_value`, -32602) for a changed or foreign state.
#[pyfunction]
fn open_request_state<'py>(
    key: &Bound<'py, PyAny>,
    bound_to: &str,
    sealed: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let py = key.py();
    let v = api::open_request_state(&input_bytes(key)?, bound_to, sealed)
        .map_err(|e| core_error(py, e))?;
    to_py(py, &v)
}

/// The members of `input_requests` whose capability `client_capabilities` (the call's
/// declared capabilities, or None) declares.
#[pyfunction]
#[pyo3(signature = (input_requests, client_capabilities=None))]
fn declared_input_requests<'py>(
    input_requests: &Bound<'py, PyAny>,
    client_capabilities: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = input_requests.py();
    let caps = opt_value_of(client_capabilities)?;
    let v = api::declared_input_requests(&value_of(input_requests)?, caps.as_ref())
        .map_err(|e| core_error(py, e))?;
    to_py(py, &v)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(seal_request_state, m)?)?;
    m.add_function(wrap_pyfunction!(open_request_state, m)?)?;
    m.add_function(wrap_pyfunction!(declared_input_requests, m)?)?;
    Ok(())
}
