//! `mcpwire.validate`, `mcpwire.validate_json`, `mcpwire.Schema`, `mcpwire.check_arguments`,
//! `mcpwire.check_output`: core's JSON Schema validator (`mcpwire::schema`) with Python values,
//! or JSON text given explicitly: as `bytes`/`bytearray` (never a JSON value), or any text
//! to `validate_json`. A `str` is always a value: `validate({"type": "string"}, "hello")`
//! validates the string `hello`, as the `jsonschema` package does.

use crate::convert::{sized_value_of, to_py, value_of};
use crate::{decode_error, input_bytes, SchemaError, DETACH_BYTES};
use mcpwire::json::Value;
use mcpwire::schema::{self, SchemaOptions, ValidationError};
use mcpwire::Limits;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyList, PyString};

/// `mcpwire.SchemaError(message)` with `kind` and `schema_path`.
fn schema_error(py: Python<'_>, e: schema::SchemaError) -> PyErr {
    let err = SchemaError::new_err(e.to_string());
    let v = err.value(py);
    let set = || -> PyResult<()> {
        v.setattr("kind", e.kind.name())?;
        v.setattr("schema_path", &e.schema_path)
    };
    set().err().unwrap_or(err)
}

/// Bytes are JSON text: no JSON value is `bytes`, so reading them as text is never ambiguous.
pub(crate) fn is_bytes(o: &Bound<'_, PyAny>) -> bool {
    o.is_instance_of::<PyBytes>() || o.is_instance_of::<PyByteArray>()
}

/// A JSON argument given as a Python value, or as JSON text in bytes/bytearray (parsed with
/// core's rules under `Limits::DEFAULT`, a `DecodeError` when it is not JSON). Also roughly
/// its size, to decide on releasing the GIL.
pub(crate) fn json_arg(o: &Bound<'_, PyAny>) -> PyResult<(Value, usize)> {
    if is_bytes(o) {
        json_text(o)
    } else {
        sized_value_of(o)
    }
}

/// A JSON argument that must be text (`str`, `bytes`, `bytearray`).
fn json_text(o: &Bound<'_, PyAny>) -> PyResult<(Value, usize)> {
    if !(is_bytes(o) || o.is_instance_of::<PyString>()) {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "expected JSON text (str, bytes or bytearray)",
        ));
    }
    let text = input_bytes(o)?;
    let v = Value::parse(&text, Limits::DEFAULT).map_err(|e| decode_error(o.py(), e))?;
    Ok((v, text.len()))
}

/// A schema argument: like [`json_arg`], but text that is not JSON is core's compile error
/// (`SchemaError` kind `invalid_json`).
fn schema_arg(o: &Bound<'_, PyAny>, opts: &SchemaOptions) -> PyResult<Value> {
    if is_bytes(o) {
        schema_text(o, opts)
    } else {
        value_of(o)
    }
}

/// A schema that must be text.
fn schema_text(o: &Bound<'_, PyAny>, opts: &SchemaOptions) -> PyResult<Value> {
    let text = input_bytes(o)?;
    match Value::parse(&text, Limits::DEFAULT) {
        Ok(v) => Ok(v),
        Err(_) => Err(match schema::Schema::compile_bytes_with(&text, opts) {
            Err(e) => schema_error(o.py(), e),
            Ok(_) => pyo3::exceptions::PyValueError::new_err("schema is not JSON"),
        }),
    }
}

fn options(
    assert_formats: bool,
    max_errors: Option<usize>,
    resources: Option<&Bound<'_, PyDict>>,
) -> PyResult<SchemaOptions> {
    let mut opts = SchemaOptions::new().assert_formats(assert_formats);
    if let Some(n) = max_errors {
        opts = opts.max_errors(n);
    }
    if let Some(r) = resources {
        for (uri, doc) in r.iter() {
            let uri: String = uri.extract()?;
            let doc = schema_arg(&doc, &opts)?;
            opts = opts.with_resource(&uri, doc);
        }
    }
    Ok(opts)
}

/// The errors as a list of `{instance_path, schema_path, keyword, message}`.
fn errors<'py>(py: Python<'py>, errors: &[ValidationError]) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for e in errors {
        let d = PyDict::new(py);
        d.set_item("instance_path", e.instance_path())?;
        d.set_item("schema_path", e.schema_path())?;
        d.set_item("keyword", e.keyword)?;
        d.set_item("message", e.message())?;
        out.append(d)?;
    }
    Ok(out)
}

/// Runs `f` without the GIL when the instance is large.
fn maybe_detach<T: Send>(py: Python<'_>, size: usize, f: impl FnOnce() -> T + Send) -> T {
    if size > DETACH_BYTES {
        py.detach(f)
    } else {
        f()
    }
}

/// A compiled JSON Schema: compile once, validate many instances.
#[pyclass(module = "mcpwire", name = "Schema", frozen)]
pub struct Schema {
    inner: schema::Schema,
}

#[pymethods]
impl Schema {
    #[new]
    #[pyo3(signature = (schema, *, assert_formats=false, max_errors=None, resources=None))]
    fn new(
        schema: &Bound<'_, PyAny>,
        assert_formats: bool,
        max_errors: Option<usize>,
        resources: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let py = schema.py();
        let opts = options(assert_formats, max_errors, resources)?;
        let doc = schema_arg(schema, &opts)?;
        let inner = schema::Schema::compile_with(&doc, &opts).map_err(|e| schema_error(py, e))?;
        Ok(Schema { inner })
    }

    /// Every way `instance` does not fit (up to `max_errors`); empty when valid.
    fn validate<'py>(&self, instance: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        let py = instance.py();
        let (v, size) = json_arg(instance)?;
        let found = maybe_detach(py, size, || self.inner.validate(&v));
        errors(py, &found)
    }

    /// [`Schema::validate`] with `instance` given as JSON text (`str`, `bytes`, `bytearray`).
    fn validate_json<'py>(&self, instance: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        let py = instance.py();
        let (v, size) = json_text(instance)?;
        let found = maybe_detach(py, size, || self.inner.validate(&v));
        errors(py, &found)
    }

    /// True when `instance` fits (stops at the first failure).
    fn is_valid(&self, instance: &Bound<'_, PyAny>) -> PyResult<bool> {
        let (v, size) = json_arg(instance)?;
        Ok(maybe_detach(instance.py(), size, || {
            self.inner.is_valid(&v)
        }))
    }

    /// The `$schema` URI of the draft the root schema follows.
    #[getter]
    fn draft(&self) -> &'static str {
        self.inner.draft().uri()
    }
}

/// Compiles `schema` and validates `instance`: the list of errors, empty when valid.
#[pyfunction]
#[pyo3(signature = (schema, instance, *, assert_formats=false, max_errors=None, resources=None))]
fn validate<'py>(
    schema: &Bound<'py, PyAny>,
    instance: &Bound<'py, PyAny>,
    assert_formats: bool,
    max_errors: Option<usize>,
    resources: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyList>> {
    let py = schema.py();
    let opts = options(assert_formats, max_errors, resources)?;
    let doc = schema_arg(schema, &opts)?;
    let (v, size) = json_arg(instance)?;
    let found = maybe_detach(py, size, || schema::validate_value(&doc, &v, &opts))
        .map_err(|e| schema_error(py, e))?;
    errors(py, &found)
}

/// [`validate`] with both `schema` and `instance` given as JSON text (`str`, `bytes` or
/// `bytearray`).
#[pyfunction]
#[pyo3(signature = (schema, instance, *, assert_formats=false, max_errors=None, resources=None))]
fn validate_json<'py>(
    schema: &Bound<'py, PyAny>,
    instance: &Bound<'py, PyAny>,
    assert_formats: bool,
    max_errors: Option<usize>,
    resources: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyList>> {
    let py = schema.py();
    let opts = options(assert_formats, max_errors, resources)?;
    if !(is_bytes(schema) || schema.is_instance_of::<PyString>()) {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "expected JSON text (str, bytes or bytearray)",
        ));
    }
    let doc = schema_text(schema, &opts)?;
    let (v, size) = json_text(instance)?;
    let found = maybe_detach(py, size, || schema::validate_value(&doc, &v, &opts))
        .map_err(|e| schema_error(py, e))?;
    errors(py, &found)
}

/// Server side: `None` when `arguments` fit `input_schema`, else the tool-error
/// `CallToolResult` (`isError: true`) to send for tool `tool`.
#[pyfunction]
#[pyo3(signature = (input_schema, tool, arguments=None, *, assert_formats=false, max_errors=None))]
fn check_arguments<'py>(
    input_schema: &Bound<'py, PyAny>,
    tool: &str,
    arguments: Option<&Bound<'py, PyAny>>,
    assert_formats: bool,
    max_errors: Option<usize>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let py = input_schema.py();
    let opts = options(assert_formats, max_errors, None)?;
    let doc = schema_arg(input_schema, &opts)?;
    let args = arguments
        .filter(|a| !a.is_none())
        .map(json_arg)
        .transpose()?;
    let size = args.as_ref().map_or(0, |a| a.1);
    let out = maybe_detach(py, size, || {
        schema::tools::check_arguments_value(&doc, tool, args.as_ref().map(|a| &a.0), &opts)
    })
    .map_err(|e| schema_error(py, e))?;
    out.map(|v| to_py(py, &v)).transpose()
}

/// Host side: checks `structuredContent` of `result` (a `CallToolResult`) against
/// `output_schema`: `{"outcome", "errors"}`.
#[pyfunction]
#[pyo3(signature = (output_schema, result, *, assert_formats=false, max_errors=None))]
fn check_output<'py>(
    output_schema: &Bound<'py, PyAny>,
    result: &Bound<'py, PyAny>,
    assert_formats: bool,
    max_errors: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = output_schema.py();
    let opts = options(assert_formats, max_errors, None)?;
    let doc = schema_arg(output_schema, &opts)?;
    let (res, size) = json_arg(result)?;
    let mut out = maybe_detach(py, size, || {
        schema::tools::check_output_value(&doc, &res, &opts)
    })
    .map_err(|e| schema_error(py, e))?;
    // Error dicts use the same snake_case keys as `validate`.
    if let Some(Value::Array(list)) = member(&mut out, "errors") {
        for e in list {
            if let Value::Object(fields) = e {
                for (k, _) in fields {
                    match k.as_str() {
                        "instancePath" => *k = "instance_path".into(),
                        "schemaPath" => *k = "schema_path".into(),
                        _ => {}
                    }
                }
            }
        }
    }
    to_py(py, &out)
}

fn member<'v>(v: &'v mut Value, key: &str) -> Option<&'v mut Value> {
    match v {
        Value::Object(m) => m.iter_mut().find(|(k, _)| k == key).map(|(_, v)| v),
        _ => None,
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Schema>()?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(validate_json, m)?)?;
    m.add_function(wrap_pyfunction!(check_arguments, m)?)?;
    m.add_function(wrap_pyfunction!(check_output, m)?)?;
    Ok(())
}
