//! Argument readers shared by the sessions and the schema functions: the same TypeError /
//! RangeError rules as the Node binding (`undefined` and `null` mean "not given").

pub(crate) use crate::range_error;
use crate::{js_error, js_string_to_rust};
use js_sys::{Array, Reflect};
use mcpwire_js::must_be;
use wasm_bindgen::prelude::*;

/// `undefined` and `null` mean "not given".
pub(crate) fn given(v: &JsValue) -> Option<&JsValue> {
    (!v.is_undefined() && !v.is_null()).then_some(v)
}

pub(crate) fn number_arg(v: &JsValue, name: &str) -> Result<f64, JsValue> {
    v.as_f64()
        .ok_or_else(|| js_error(must_be(name, "a number")))
}

/// An integer from `min` to 2^53 - 1 ([`mcpwire_js::integer`]).
pub(crate) fn integer_arg(v: &JsValue, name: &str, min: f64) -> Result<i64, JsValue> {
    mcpwire_js::integer(number_arg(v, name)?, name, min).map_err(js_error)
}

/// A count or size: an integer from 0 up.
pub(crate) fn index_arg(v: &JsValue, name: &str) -> Result<usize, JsValue> {
    Ok(integer_arg(v, name, 0.0)? as usize)
}

/// Milliseconds ([`mcpwire_js::millis`]).
pub(crate) fn millis_arg(v: &JsValue, name: &str) -> Result<u64, JsValue> {
    mcpwire_js::millis(number_arg(v, name)?, name).map_err(js_error)
}

/// The `progress`, `total?` and `message?` of a `notifications/progress`.
pub(crate) fn progress_args(
    progress: &JsValue,
    total: &JsValue,
    message: &JsValue,
) -> Result<(f64, Option<f64>, Option<String>), JsValue> {
    let finite =
        |v: &JsValue, name: &str| mcpwire_js::finite(number_arg(v, name)?, name).map_err(js_error);
    let progress = finite(progress, "progress")?;
    let total = given(total).map(|t| finite(t, "total")).transpose()?;
    Ok((progress, total, opt_string(message, "message")?))
}

pub(crate) fn opt_millis(v: &JsValue, name: &str) -> Result<Option<u64>, JsValue> {
    given(v).map(|v| millis_arg(v, name)).transpose()
}

pub(crate) fn string_arg(v: &JsValue, name: &str) -> Result<String, JsValue> {
    if !v.is_string() {
        return Err(js_error(must_be(name, "a string")));
    }
    js_string_to_rust(v)
}

pub(crate) fn opt_string(v: &JsValue, name: &str) -> Result<Option<String>, JsValue> {
    given(v).map(|v| string_arg(v, name)).transpose()
}

pub(crate) fn bool_arg(v: &JsValue, name: &str) -> Result<bool, JsValue> {
    v.as_bool()
        .ok_or_else(|| js_error(must_be(name, "a boolean")))
}

/// The options object of a constructor.
pub(crate) fn options_arg(v: &JsValue, what: &str) -> Result<(), JsValue> {
    if !v.is_object() || Array::is_array(v) || v.is_function() {
        return Err(js_error(must_be(what, "an object")));
    }
    Ok(())
}

pub(crate) fn field(obj: &JsValue, name: &str) -> Result<Option<JsValue>, JsValue> {
    let v = Reflect::get(obj, &name.into())?;
    Ok(given(&v).cloned())
}

pub(crate) fn required(obj: &JsValue, name: &str, what: &str) -> Result<JsValue, JsValue> {
    field(obj, name)?.ok_or_else(|| js_error(mcpwire_js::required(what, name)))
}
