//! Python binding of mcpwire: converts values between Python and core's JSON and maps core's
//! errors to Python exceptions. Every rule lives in core (`mcpwire::api`, `mcpwire::schema`).

mod convert;
mod host;
mod http_client;
mod input_required;
mod schema;
mod session;
mod transport;

use convert::{to_py, PyBuilder, ToValue};
use mcpwire::api::{self, ApiError};
use mcpwire::json::BuildError;
use mcpwire::{ErrorKind, Limits};
use pyo3::exceptions::{PyException, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyList, PyString};
use std::borrow::Cow;

pyo3::create_exception!(mcpwire, Error, PyException, "Root of every mcpwire error.");
pyo3::create_exception!(
    mcpwire,
    DecodeError,
    Error,
    "A message or a call failed core's rules."
);
pyo3::create_exception!(
    mcpwire,
    SchemaError,
    Error,
    "A JSON Schema that cannot be compiled."
);

/// Inputs larger than this are handed to core with the GIL released.
const DETACH_BYTES: usize = 64 * 1024;

/// The one error mapping: core's `ApiError` (and `DecodeError`, through `ApiError::from`)
/// becomes `mcpwire.DecodeError(message)` with `kind`, `code` and `offset`.
pub(crate) fn core_error(py: Python<'_>, e: ApiError) -> PyErr {
    let err = DecodeError::new_err(e.message);
    let v = err.value(py);
    let set = || -> PyResult<()> {
        v.setattr("kind", e.kind.name())?;
        v.setattr("code", e.kind.code())?;
        v.setattr("offset", e.offset)
    };
    set().err().unwrap_or(err)
}

fn decode_error(py: Python<'_>, e: mcpwire::DecodeError) -> PyErr {
    core_error(py, e.into())
}

/// A failure of `json::build`: core's decode error, or the builder's own Python exception.
fn build_error(py: Python<'_>, e: BuildError<PyErr>) -> PyErr {
    match e {
        BuildError::Decode(e) => decode_error(py, e),
        BuildError::Builder(e) => e,
    }
}

fn limits(bytes: Option<usize>, depth: Option<u32>, members: Option<u32>) -> Limits {
    let d = Limits::DEFAULT;
    Limits {
        max_input_bytes: bytes.unwrap_or(d.max_input_bytes),
        max_depth: depth.unwrap_or(d.max_depth),
        max_members: members.unwrap_or(d.max_members),
    }
}

/// The bytes of an input: borrowed from `bytes` (and from a `str`'s UTF-8 cache when it has
/// one), copied from `bytearray` and other `str`s.
pub(crate) fn input_bytes<'a>(data: &'a Bound<'_, PyAny>) -> PyResult<Cow<'a, [u8]>> {
    Ok(if let Ok(b) = data.cast::<PyBytes>() {
        Cow::Borrowed(b.as_bytes())
    } else if let Ok(s) = data.cast::<PyString>() {
        match s.to_cow()? {
            Cow::Borrowed(s) => Cow::Borrowed(s.as_bytes()),
            Cow::Owned(s) => Cow::Owned(s.into_bytes()),
        }
    } else if let Ok(b) = data.cast::<PyByteArray>() {
        Cow::Owned(b.to_vec())
    } else {
        let t = data.get_type().name()?;
        return Err(PyTypeError::new_err(format!(
            "expected bytes or str, not {t}"
        )));
    })
}

/// Runs `f` on the input's bytes, without the GIL when they are large.
fn with_input<T: Send>(data: &Bound<'_, PyAny>, f: impl FnOnce(&[u8]) -> T + Send) -> PyResult<T> {
    let bytes = input_bytes(data)?;
    Ok(if bytes.len() > DETACH_BYTES {
        data.py().detach(move || f(&bytes))
    } else {
        f(&bytes)
    })
}

#[pyfunction]
#[pyo3(signature = (data, *, max_bytes=None, max_depth=None, max_members=None))]
fn decode<'py>(
    data: &Bound<'py, PyAny>,
    max_bytes: Option<usize>,
    max_depth: Option<u32>,
    max_members: Option<u32>,
) -> PyResult<Bound<'py, PyAny>> {
    let lim = limits(max_bytes, max_depth, max_members);
    let py = data.py();
    let bytes = input_bytes(data)?;
    if bytes.len() <= DETACH_BYTES {
        return api::decode_build(&bytes, lim, &mut PyBuilder::new(py))
            .map_err(|e| build_error(py, e));
    }
    // Large: core's two steps apart, so every rule is checked without the GIL; only building
    // Python objects needs it. (Measured: the same speed for one thread as decode_build; the
    // check is about a quarter of the time, which other threads get.)
    py.detach(|| api::validate(&bytes, lim))
        .map_err(|e| decode_error(py, e))?;
    mcpwire::json::build(&bytes, lim, &mut PyBuilder::new(py)).map_err(|e| build_error(py, e))
}

#[pyfunction]
#[pyo3(signature = (message, *, max_bytes=None, max_depth=None, max_members=None))]
fn encode<'py>(
    message: &Bound<'py, PyAny>,
    max_bytes: Option<usize>,
    max_depth: Option<u32>,
    max_members: Option<u32>,
) -> PyResult<Bound<'py, PyBytes>> {
    let (py, lim) = (message.py(), limits(max_bytes, max_depth, max_members));
    let mut walk = ToValue::new(&lim);
    let v = walk.convert(message, 0)?;
    let run = || api::encode_value(&v, lim);
    let out = if walk.bytes > DETACH_BYTES {
        py.detach(run)
    } else {
        run()
    };
    let out = out.map_err(|e| decode_error(py, e))?;
    if walk.cut {
        return Err(PyValueError::new_err("message nests deeper than max_depth"));
    }
    Ok(PyBytes::new(py, &out))
}

#[pyfunction]
#[pyo3(signature = (data, *, max_bytes=None, max_depth=None, max_members=None))]
fn canonicalize<'py>(
    data: &Bound<'py, PyAny>,
    max_bytes: Option<usize>,
    max_depth: Option<u32>,
    max_members: Option<u32>,
) -> PyResult<Bound<'py, PyBytes>> {
    let (py, lim) = (data.py(), limits(max_bytes, max_depth, max_members));
    let out = with_input(data, |b| api::canonicalize(b, lim))?.map_err(|e| decode_error(py, e))?;
    Ok(PyBytes::new(py, &out))
}

#[pyfunction]
#[pyo3(signature = (data, *, max_bytes=None, max_depth=None, max_members=None))]
fn classify<'py>(
    data: &Bound<'py, PyAny>,
    max_bytes: Option<usize>,
    max_depth: Option<u32>,
    max_members: Option<u32>,
) -> PyResult<Bound<'py, PyAny>> {
    let lim = limits(max_bytes, max_depth, max_members);
    to_py(
        data.py(),
        &with_input(data, |b| api::classify_value(b, lim))?,
    )
}

#[pyfunction]
#[pyo3(signature = (kind, message, id=None, version="2026-07-28"))]
fn failure_response<'py>(
    py: Python<'py>,
    kind: &str,
    message: &str,
    id: Option<&Bound<'py, PyAny>>,
    version: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let id = id
        .map(|i| ToValue::new(&Limits::DEFAULT).convert(i, 0))
        .transpose()?;
    let v = api::failure_response(id.as_ref(), kind, message, version)
        .map_err(PyValueError::new_err)?;
    to_py(py, &v)
}

#[pymodule]
fn _mcpwire(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("DecodeError", py.get_type::<DecodeError>())?;
    m.add("SchemaError", py.get_type::<SchemaError>())?;
    let kinds = PyList::empty(py);
    for k in ErrorKind::ALL {
        let d = PyDict::new(py);
        d.set_item("name", k.name())?;
        d.set_item("code", k.code())?;
        kinds.append(d)?;
    }
    m.add("ERROR_KINDS", kinds)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(decode, m)?)?;
    m.add_function(wrap_pyfunction!(encode, m)?)?;
    m.add_function(wrap_pyfunction!(canonicalize, m)?)?;
    m.add_function(wrap_pyfunction!(classify, m)?)?;
    m.add_function(wrap_pyfunction!(failure_response, m)?)?;
    session::register(m)?;
    schema::register(m)?;
    transport::register(m)?;
    http_client::register(m)?;
    host::register(m)?;
    input_required::register(m)?;
    Ok(())
}
