//! Argument readers shared by the sessions and the schema functions: `mcpwire_js::read`'s
//! (the same TypeError / RangeError rules as the Node binding) over wasm-bindgen's values.

pub(crate) use crate::range_error;
use crate::WasmBindgen;
use mcpwire_js::read;
use wasm_bindgen::prelude::*;

/// `undefined` and `null` mean "not given".
pub(crate) fn given(v: &JsValue) -> Option<&JsValue> {
    (!v.is_undefined() && !v.is_null()).then_some(v)
}

/// An integer from `min` to 2^53 - 1 ([`mcpwire_js::integer`]).
pub(crate) fn integer_arg(v: &JsValue, name: &str, min: f64) -> Result<i64, JsValue> {
    read::integer(&WasmBindgen::new(), v, name, min)
}

/// A count or size: an integer from 0 up.
pub(crate) fn index_arg(v: &JsValue, name: &str) -> Result<usize, JsValue> {
    read::index(&WasmBindgen::new(), v, name)
}

/// Milliseconds ([`mcpwire_js::millis`]).
pub(crate) fn millis_arg(v: &JsValue, name: &str) -> Result<u64, JsValue> {
    read::millis(&WasmBindgen::new(), v, name)
}

/// The `progress`, `total?` and `message?` of a `notifications/progress`.
pub(crate) fn progress_args(
    progress: &JsValue,
    total: &JsValue,
    message: &JsValue,
) -> Result<(f64, Option<f64>, Option<String>), JsValue> {
    let (total, message) = (Some(total.clone()), Some(message.clone()));
    read::progress_args(&WasmBindgen::new(), progress, total, message)
}

pub(crate) fn string_arg(v: &JsValue, name: &str) -> Result<String, JsValue> {
    read::string(&WasmBindgen::new(), v, name)
}

pub(crate) fn opt_string(v: &JsValue, name: &str) -> Result<Option<String>, JsValue> {
    given(v).map(|v| string_arg(v, name)).transpose()
}

pub(crate) fn bool_arg(v: &JsValue, name: &str) -> Result<bool, JsValue> {
    read::boolean(&WasmBindgen::new(), v, name)
}
