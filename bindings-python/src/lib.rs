//! Python binding of mcpwire: converts values between Python and `mcpwire::json::Value` and
//! maps `DecodeError` to `mcpwire.DecodeError`. Every rule lives in core (`mcpwire::api`).

use mcpwire::api;
use mcpwire::json::Value;
use mcpwire::{ErrorKind, Limits};
use pyo3::exceptions::{PyException, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{
    PyBool, PyByteArray, PyBytes, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple,
};
use std::borrow::Cow;

pyo3::create_exception!(mcpwire, Error, PyException, "Root of every mcpwire error.");
pyo3::create_exception!(
    mcpwire,
    DecodeError,
    Error,
    "A message failed core's rules."
);

/// Inputs larger than this are handed to core with the GIL released.
const DETACH_BYTES: usize = 64 * 1024;
/// Containers nested this deep in a Python value are refused before core sees them (cycles).
const MAX_PY_NESTING: u32 = 4096;

/// The one error mapping: core's `DecodeError` becomes `mcpwire.DecodeError(kind, code, offset)`.
fn decode_error(py: Python<'_>, e: &mcpwire::DecodeError) -> PyErr {
    let err = DecodeError::new_err(e.to_string());
    let v = err.value(py);
    let set = || -> PyResult<()> {
        v.setattr("kind", e.kind.name())?;
        v.setattr("code", e.kind.code())?;
        v.setattr("offset", e.offset)
    };
    set().err().unwrap_or(err)
}

fn limits(bytes: Option<usize>, depth: Option<u32>, members: Option<u32>) -> Limits {
    let d = Limits::DEFAULT;
    Limits {
        max_input_bytes: bytes.unwrap_or(d.max_input_bytes),
        max_depth: depth.unwrap_or(d.max_depth),
        max_members: members.unwrap_or(d.max_members),
    }
}

/// Borrows (bytes) or copies (str, bytearray) the input, then runs `f` on it, without the GIL
/// when it is large.
fn with_input<T: Send>(data: &Bound<'_, PyAny>, f: impl FnOnce(&[u8]) -> T + Send) -> PyResult<T> {
    let py = data.py();
    let bytes: Cow<'_, [u8]> = if let Ok(b) = data.cast::<PyBytes>() {
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
    };
    Ok(if bytes.len() > DETACH_BYTES {
        py.detach(move || f(&bytes))
    } else {
        f(&bytes)
    })
}

fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(t) if t.contains(['.', 'e', 'E']) => PyFloat::new(
            py,
            t.parse().map_err(|_| PyValueError::new_err("bad number"))?,
        )
        .into_any(),
        Value::Number(t) => match t.parse::<i64>() {
            Ok(i) => i.into_pyobject(py)?.into_any(),
            Err(_) => py.get_type::<PyInt>().call1((t.as_str(),))?,
        },
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => PyList::new(
            py,
            items
                .iter()
                .map(|i| to_py(py, i))
                .collect::<PyResult<Vec<_>>>()?,
        )?
        .into_any(),
        Value::Object(members) => {
            let d = PyDict::new(py);
            for (k, v) in members {
                d.set_item(k, to_py(py, v)?)?;
            }
            d.into_any()
        }
    })
}

/// Converts a Python value to JSON. `max_depth` bounds the walk (reference cycles): containers
/// nested deeper than core's limit are passed on empty, since core refuses them anyway, with
/// `too_deep` at the same offset; `cut` records it so a value core accepted is never truncated.
struct ToValue {
    max_depth: u32,
    bytes: usize,
    cut: bool,
}

impl ToValue {
    fn new(lim: &Limits) -> Self {
        let (max_depth, bytes, cut) = (lim.max_depth.saturating_add(1), 0, false);
        ToValue {
            max_depth,
            bytes,
            cut,
        }
    }

    fn convert(&mut self, o: &Bound<'_, PyAny>, depth: u32) -> PyResult<Value> {
        self.bytes += 8;
        let seq = o.is_instance_of::<PyList>() || o.is_instance_of::<PyTuple>();
        let dict = o.cast::<PyDict>().ok();
        if (seq || dict.is_some()) && depth >= MAX_PY_NESTING {
            return Err(PyValueError::new_err(
                "message nests too deep (circular reference?)",
            ));
        }
        let open = depth < self.max_depth;
        self.cut |= (seq || dict.is_some()) && !open;
        if o.is_none() {
            Ok(Value::Null)
        } else if let Ok(b) = o.cast::<PyBool>() {
            Ok(Value::Bool(b.is_true()))
        } else if let Ok(i) = o.cast::<PyInt>() {
            Ok(match i.extract::<i64>() {
                Ok(i) => Value::from_i64(i),
                Err(_) => {
                    let int_repr = o.py().get_type::<PyInt>().getattr("__repr__")?;
                    Value::Number(int_repr.call1((i,))?.extract()?)
                }
            })
        } else if let Ok(f) = o.cast::<PyFloat>() {
            let x = f.value();
            Value::from_f64(x).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "out of range float values are not JSON compliant: {x}"
                ))
            })
        } else if let Ok(s) = o.cast::<PyString>() {
            let s = s.to_cow()?.into_owned();
            self.bytes += s.len();
            Ok(Value::String(s))
        } else if let Some(d) = dict {
            let mut members = Vec::new();
            for (k, v) in d.iter().take_while(|_| open) {
                let Ok(k) = k.cast::<PyString>() else {
                    let t = k.get_type().name()?;
                    return Err(PyTypeError::new_err(format!("keys must be str, not {t}")));
                };
                let k = k.to_cow()?.into_owned();
                self.bytes += k.len();
                members.push((k, self.convert(&v, depth + 1)?));
            }
            Ok(Value::Object(members))
        } else if seq {
            let items = o.try_iter()?.take_while(|_| open);
            Ok(Value::Array(
                items
                    .map(|i| self.convert(&i?, depth + 1))
                    .collect::<PyResult<_>>()?,
            ))
        } else {
            let t = o.get_type().name()?;
            Err(PyTypeError::new_err(format!(
                "Object of type {t} is not JSON serializable"
            )))
        }
    }
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
    let v = with_input(data, |b| api::decode_value(b, lim))?.map_err(|e| decode_error(py, &e))?;
    to_py(py, &v)
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
    let out = out.map_err(|e| decode_error(py, &e))?;
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
    let out = with_input(data, |b| api::canonicalize(b, lim))?.map_err(|e| decode_error(py, &e))?;
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
    Ok(())
}
