//! Value conversion only: core's JSON (`Value`, or the reader through `json::Build`) to Python
//! objects, and Python objects to `Value`.

use mcpwire::json::{Build, JsonNumber, JsonStr, Value};
use mcpwire::Limits;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

/// Containers nested this deep in a Python value are refused before core sees them (cycles).
const MAX_PY_NESTING: u32 = 4096;

/// A JSON number as `json.loads` gives it: `int` (any size) when written without fraction or
/// exponent, else `float`.
fn number<'py>(py: Python<'py>, text: &str, integer: bool) -> PyResult<Bound<'py, PyAny>> {
    if integer {
        match text.parse::<i64>() {
            Ok(i) => Ok(i.into_pyobject(py)?.into_any()),
            Err(_) => py.get_type::<PyInt>().call1((text,)),
        }
    } else {
        match text.parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(PyFloat::new(py, x).into_any()),
            _ => Err(PyValueError::new_err(format!(
                "number out of range: {text}"
            ))),
        }
    }
}

/// A `Value` from core as plain Python objects.
pub(crate) fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(t) => number(py, t, !t.contains(['.', 'e', 'E']))?,
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

/// Builds Python objects straight from core's reader (`api::decode_build`, `json::build`):
/// dict, list, str, int, float, bool, None, as `json.loads` gives them.
pub(crate) struct PyBuilder<'a, 'py> {
    py: Python<'py>,
    /// A small cache of object keys by their text (see [`PyBuilder::key`]).
    keys: [Option<(&'a str, Bound<'py, PyString>)>; KEY_SLOTS],
}

const KEY_SLOTS: usize = 64;
/// Longer keys are not cached.
const KEY_MAX: usize = 32;

impl<'a, 'py> PyBuilder<'a, 'py> {
    pub(crate) fn new(py: Python<'py>) -> Self {
        PyBuilder {
            py,
            keys: [const { None }; KEY_SLOTS],
        }
    }

    /// Object keys repeat (every row of a table has the same ones): like `json.loads`, reuse
    /// one `str` per key text, which also keeps its hash for the dict. Measured: +10-20% on
    /// `tools/list` results and large tables.
    fn key(&mut self, k: JsonStr<'a>) -> Bound<'py, PyString> {
        let Some(t) = k.as_str().filter(|t| t.len() <= KEY_MAX) else {
            return self.text(k);
        };
        // FNV-1a, folded; then up to four probes. A miss takes the first free slot, else the
        // home slot.
        let mut h: u32 = 0x811c_9dc5;
        for &b in t.as_bytes() {
            h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
        }
        let home = (h ^ (h >> 16)) as usize;
        let mut free = None;
        for i in 0..4 {
            let at = (home + i) % KEY_SLOTS;
            match &self.keys[at] {
                Some((s, o)) if *s == t => return o.clone(),
                Some(_) => {}
                None => {
                    free = Some(at);
                    break;
                }
            }
        }
        let o = PyString::new(self.py, t);
        self.keys[free.unwrap_or(home % KEY_SLOTS)] = Some((t, o.clone()));
        o
    }

    fn text(&self, s: JsonStr<'_>) -> Bound<'py, PyString> {
        match s.as_str() {
            Some(t) => PyString::new(self.py, t),
            None => PyString::new(self.py, &s.to_cow()),
        }
    }
}

impl<'a, 'py> Build<'a> for PyBuilder<'a, 'py> {
    type Node = Bound<'py, PyAny>;
    type List = Vec<Bound<'py, PyAny>>;
    type Map = Bound<'py, PyDict>;
    type Error = PyErr;

    fn null(&mut self) -> PyResult<Self::Node> {
        Ok(self.py.None().into_bound(self.py))
    }

    fn boolean(&mut self, v: bool) -> PyResult<Self::Node> {
        Ok(PyBool::new(self.py, v).to_owned().into_any())
    }

    fn number(&mut self, n: JsonNumber<'a>) -> PyResult<Self::Node> {
        if n.is_integer() {
            if let Some(i) = n.as_i64() {
                return Ok(i.into_pyobject(self.py)?.into_any());
            }
        } else if let Some(x) = n.as_f64() {
            return Ok(PyFloat::new(self.py, x).into_any());
        }
        number(self.py, n.as_str(), n.is_integer())
    }

    fn string(&mut self, s: JsonStr<'a>) -> PyResult<Self::Node> {
        Ok(self.text(s).into_any())
    }

    fn list(&mut self) -> PyResult<Self::List> {
        Ok(Vec::new())
    }

    fn push(&mut self, list: &mut Self::List, item: Self::Node) -> PyResult<()> {
        list.push(item);
        Ok(())
    }

    fn end_list(&mut self, list: Self::List) -> PyResult<Self::Node> {
        Ok(PyList::new(self.py, list)?.into_any())
    }

    fn map(&mut self) -> PyResult<Self::Map> {
        Ok(PyDict::new(self.py))
    }

    fn insert(&mut self, map: &mut Self::Map, key: JsonStr<'a>, value: Self::Node) -> PyResult<()> {
        let k = self.key(key);
        map.set_item(k, value)
    }

    fn end_map(&mut self, map: Self::Map) -> PyResult<Self::Node> {
        Ok(map.into_any())
    }
}

/// Converts a Python value to JSON. `max_depth` bounds the walk (reference cycles): containers
/// nested deeper than core's limit are passed on empty, since core refuses them anyway, with
/// `too_deep` at the same offset; `cut` records it so a value core accepted is never truncated.
pub(crate) struct ToValue {
    max_depth: u32,
    /// Roughly how many bytes the value's JSON takes (to decide on releasing the GIL).
    pub(crate) bytes: usize,
    /// True when a container was passed on empty because it nests past `max_depth`.
    pub(crate) cut: bool,
}

impl ToValue {
    /// For a message core will check under `lim`: one level more than core allows, so core
    /// reports `too_deep` itself.
    pub(crate) fn new(lim: &Limits) -> Self {
        Self::nesting(lim.max_depth.saturating_add(1))
    }

    /// Containers may nest `max_depth` levels.
    fn nesting(max_depth: u32) -> Self {
        ToValue {
            max_depth,
            bytes: 0,
            cut: false,
        }
    }

    pub(crate) fn convert(&mut self, o: &Bound<'_, PyAny>, depth: u32) -> PyResult<Value> {
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

/// A whole Python value as JSON, nesting at most `Limits::DEFAULT.max_depth` deep (deeper is a
/// `ValueError`: the value is never truncated), and roughly the size of its JSON.
pub(crate) fn sized_value_of(o: &Bound<'_, PyAny>) -> PyResult<(Value, usize)> {
    let max = Limits::DEFAULT.max_depth;
    let mut walk = ToValue::nesting(max);
    let v = walk.convert(o, 0)?;
    if walk.cut {
        return Err(PyValueError::new_err(format!(
            "value nests deeper than {max} levels"
        )));
    }
    Ok((v, walk.bytes))
}

/// [`sized_value_of`] without the size.
pub(crate) fn value_of(o: &Bound<'_, PyAny>) -> PyResult<Value> {
    Ok(sized_value_of(o)?.0)
}

/// [`value_of`] for an optional argument (`None` stays absent).
pub(crate) fn opt_value_of(o: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Value>> {
    o.filter(|o| !o.is_none()).map(value_of).transpose()
}
