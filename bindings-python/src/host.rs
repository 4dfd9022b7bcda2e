//! `mcpwire.Catalog`, `mcpwire.render_result`, `mcpwire.links_to_read`, `mcpwire.check_tools`:
//! core's host kit (`mcpwire::host`) with Python values. Only conversions live here: a policy
//! is a dict whose `predicate` (a callable) becomes the closure core calls; every rule is in
//! core.

use crate::convert::{to_py, value_of};
use crate::schema::{is_bytes, json_arg};
use crate::{core_error, input_bytes};
use mcpwire::api::ApiError;
use mcpwire::host::{self, Policy, Target};
use mcpwire::json::Value;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

type Out<'py> = Bound<'py, PyAny>;

fn check<T>(py: Python<'_>, r: Result<T, ApiError>) -> PyResult<T> {
    r.map_err(|e| core_error(py, e))
}

fn target(py: Python<'_>, name: &str) -> PyResult<Target> {
    check(py, Target::parse(name))
}

/// A JSON value given as a Python value or as its JSON text in bytes or bytearray (read with
/// core's strict reader; a `DecodeError` when it is not JSON).
fn json_or_text(o: &Bound<'_, PyAny>) -> PyResult<Value> {
    Ok(json_arg(o)?.0)
}

/// A policy dict split into core's [`Policy`] (every member but `predicate`, read by
/// `Policy::from_value`) and the `predicate` callable, if any.
fn policy<'py>(p: Option<&Bound<'py, PyAny>>) -> PyResult<(Policy, Option<Bound<'py, PyAny>>)> {
    let Some(p) = p.filter(|p| !p.is_none()) else {
        return Ok((Policy::default(), None));
    };
    let py = p.py();
    let Ok(d) = p.cast::<PyDict>() else {
        // not a dict: core says what a policy must be
        return Ok((check(py, Policy::from_value(&value_of(p)?))?, None));
    };
    let predicate = d.get_item("predicate")?.filter(|f| !f.is_none());
    if let Some(f) = &predicate {
        if !f.is_callable() {
            let t = f.get_type().name()?;
            return Err(PyTypeError::new_err(format!(
                "policy predicate must be callable, not {t}"
            )));
        }
    }
    let rest = d.copy()?;
    if rest.contains("predicate")? {
        rest.del_item("predicate")?;
    }
    Ok((
        check(py, Policy::from_value(&value_of(rest.as_any())?))?,
        predicate,
    ))
}

/// Core's closure over the Python predicate: called with the tool as a dict, its truthiness
/// the answer. The first exception it raises is kept in `raised` (and the predicate is not
/// called again: every later tool counts as refused) for the caller to re-raise once core
/// returns.
struct Predicate<'a, 'py> {
    f: &'a Bound<'py, PyAny>,
    raised: Option<PyErr>,
}

impl Predicate<'_, '_> {
    fn call(&mut self, tool: &Value) -> bool {
        if self.raised.is_some() {
            return false;
        }
        let answer = to_py(self.f.py(), tool)
            .and_then(|t| self.f.call1((t,)))
            .and_then(|r| r.is_truthy());
        answer.unwrap_or_else(|e| {
            self.raised = Some(e);
            false
        })
    }

    /// `Ok(v)`, or the exception the predicate raised.
    fn finish<T>(self, v: T) -> PyResult<T> {
        self.raised.map_or(Ok(v), Err)
    }
}

/// Runs `f` with the policy's predicate as core's closure (or none), then re-raises what the
/// predicate raised.
fn with_predicate<T>(
    predicate: Option<&Bound<'_, PyAny>>,
    f: impl FnOnce(Option<&mut dyn FnMut(&Value) -> bool>) -> T,
) -> PyResult<T> {
    let Some(func) = predicate else {
        return Ok(f(None));
    };
    let mut p = Predicate {
        f: func,
        raised: None,
    };
    let out = f(Some(&mut |tool: &Value| p.call(tool)));
    p.finish(out)
}

/// The tools of one or more servers, from their `tools/list` pages: inspect them, select what
/// a model sees, convert them for a model API, and decide the model's calls.
#[pyclass(module = "mcpwire", name = "Catalog")]
#[derive(Default)]
pub struct Catalog {
    inner: host::Catalog,
}

#[pymethods]
impl Catalog {
    #[new]
    fn new() -> Self {
        Self::default()
    }

    /// Adds a page of `server`'s tools: a `tools/list` result (dict, or its JSON as bytes), a response message holding one, or a list of tools. Call again for further pages.
    fn add(&mut self, server: &str, tools: &Bound<'_, PyAny>) -> PyResult<()> {
        let py = tools.py();
        if is_bytes(tools) {
            let text = input_bytes(tools)?;
            return check(py, self.inner.add_bytes(server, &text));
        }
        check(py, self.inner.add(server, &value_of(tools)?))
    }

    /// Findings for every tool: `[{server, tool, code, severity, message}]`.
    fn inspect<'py>(&self, py: Python<'py>) -> PyResult<Out<'py>> {
        to_py(py, &self.inner.inspect())
    }

    /// Which tools the policy shows: `{shown: [{server, tool}], hidden: [{server, tool,
    /// reason}]}`.
    #[pyo3(signature = (policy=None))]
    fn select<'py>(
        &self,
        py: Python<'py>,
        policy: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Out<'py>> {
        let (p, predicate) = self::policy(policy)?;
        let v = with_predicate(predicate.as_ref(), |pred| self.inner.select(&p, pred))?;
        to_py(py, &v)
    }

    /// The selected tools converted for `target`: `{tools, names, changes}`.
    #[pyo3(signature = (target, strict=false, policy=None))]
    fn to_model<'py>(
        &self,
        py: Python<'py>,
        target: &str,
        strict: bool,
        policy: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Out<'py>> {
        let t = self::target(py, target)?;
        let (p, predicate) = self::policy(policy)?;
        let r = with_predicate(predicate.as_ref(), |pred| {
            self.inner.to_model(t, strict, &p, pred)
        })?;
        to_py(py, &check(py, r)?)
    }

    /// Decides a model's call: `{decision, server, tool, arguments, message, errors, hints,
    /// prompt?}`. `arguments`: a dict, or the JSON text the model sent (str).
    #[pyo3(signature = (name, arguments, target=None, policy=None, strict=false))]
    fn decide<'py>(
        &self,
        name: &str,
        arguments: &Bound<'py, PyAny>,
        target: Option<&str>,
        policy: Option<&Bound<'py, PyAny>>,
        strict: bool,
    ) -> PyResult<Out<'py>> {
        let py = arguments.py();
        let t = target.map(|t| self::target(py, t)).transpose()?;
        let args = value_of(arguments)?;
        let (p, predicate) = self::policy(policy)?;
        let v = with_predicate(predicate.as_ref(), |pred| {
            self.inner.decide(name, &args, t, strict, &p, pred)
        })?;
        to_py(py, &v)
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }
}

/// `untrusted`: `None` or two strings (a tuple or a list).
fn wrapper(untrusted: Option<&Bound<'_, PyAny>>) -> PyResult<Option<(String, String)>> {
    let Some(u) = untrusted.filter(|u| !u.is_none()) else {
        return Ok(None);
    };
    let pair: Vec<String> = u
        .extract()
        .map_err(|_| PyTypeError::new_err("untrusted must be a pair of strings (before, after)"))?;
    match <[String; 2]>::try_from(pair) {
        Ok([before, after]) => Ok(Some((before, after))),
        Err(_) => Err(PyValueError::new_err(
            "untrusted must be a pair of strings (before, after)",
        )),
    }
}

/// The target's tool-result JSON for `result` (a `tools/call` response message, a
/// `CallToolResult`, `{"timeout": ms}` or `{"cancelled": reason}`; a dict or its JSON text).
#[pyfunction]
#[pyo3(signature = (target, result, call_id=None, name=None, budget=None, untrusted=None))]
fn render_result<'py>(
    target: &str,
    result: &Bound<'py, PyAny>,
    call_id: Option<&str>,
    name: Option<&str>,
    budget: Option<usize>,
    untrusted: Option<&Bound<'py, PyAny>>,
) -> PyResult<Out<'py>> {
    let py = result.py();
    let t = self::target(py, target)?;
    let r = json_or_text(result)?;
    let wrap = wrapper(untrusted)?;
    let wrap = wrap.as_ref().map(|(b, a)| (b.as_str(), a.as_str()));
    let v = check(py, host::render_result(t, &r, call_id, name, budget, wrap))?;
    to_py(py, &v)
}

/// The `resource_link`s of a result, each `{uri, name, mimeType, read, reason}`.
#[pyfunction]
fn links_to_read<'py>(target: &str, result: &Bound<'py, PyAny>) -> PyResult<Out<'py>> {
    let py = result.py();
    let t = self::target(py, target)?;
    to_py(py, &host::links_to_read(t, &json_or_text(result)?))
}

/// Every rule of `target` the tool list `tools` (the `tools` of `to_model`) breaks, as
/// `"code at path: message"`; empty when the target takes it.
#[pyfunction]
#[pyo3(signature = (target, tools, strict=false))]
fn check_tools(target: &str, tools: &Bound<'_, PyAny>, strict: bool) -> PyResult<Vec<String>> {
    let t = self::target(tools.py(), target)?;
    Ok(host::check_tools(t, strict, &json_or_text(tools)?))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Catalog>()?;
    m.add_function(wrap_pyfunction!(render_result, m)?)?;
    m.add_function(wrap_pyfunction!(links_to_read, m)?)?;
    m.add_function(wrap_pyfunction!(check_tools, m)?)?;
    Ok(())
}
