//! Argument readers shared by the sessions and the schema functions: the same TypeError /
//! RangeError rules as the Node binding (`undefined` and `null` mean "not given").

use crate::{js_string_to_rust, type_error, MAX_SAFE_INTEGER};
use js_sys::{Array, Reflect};
use wasm_bindgen::prelude::*;

/// `undefined` and `null` mean "not given".
pub(crate) fn given(v: &JsValue) -> Option<&JsValue> {
    (!v.is_undefined() && !v.is_null()).then_some(v)
}

pub(crate) fn range_error(message: &str) -> JsValue {
    js_sys::RangeError::new(message).into()
}

pub(crate) fn number_arg(v: &JsValue, name: &str) -> Result<f64, JsValue> {
    v.as_f64()
        .ok_or_else(|| type_error(&format!("{name} must be a number")))
}

/// An integer from `min` to 2^53 - 1. (The bounds are printed as integers: printing an f64 would
/// link core's float formatting, 11 KB of the first-load module.)
pub(crate) fn integer_arg(v: &JsValue, name: &str, min: f64) -> Result<i64, JsValue> {
    match number_arg(v, name)? {
        n if n.fract() == 0.0 && n >= min && n <= MAX_SAFE_INTEGER => Ok(n as i64),
        _ => Err(range_error(&format!(
            "{name} must be an integer from {} to {}",
            min as i64, MAX_SAFE_INTEGER as i64
        ))),
    }
}

/// A count or size: an integer from 0 up.
pub(crate) fn index_arg(v: &JsValue, name: &str) -> Result<usize, JsValue> {
    Ok(integer_arg(v, name, 0.0)? as usize)
}

/// Milliseconds: a finite number from 0 up; a fraction is dropped (`performance.now()` works
/// as a clock).
pub(crate) fn millis_arg(v: &JsValue, name: &str) -> Result<u64, JsValue> {
    match number_arg(v, name)? {
        n if n.is_finite() && (0.0..=MAX_SAFE_INTEGER).contains(&n) => Ok(n as u64),
        _ => Err(range_error(&format!(
            "{name} must be a number of milliseconds from 0 to {}",
            MAX_SAFE_INTEGER as i64
        ))),
    }
}

pub(crate) fn opt_millis(v: &JsValue, name: &str) -> Result<Option<u64>, JsValue> {
    given(v).map(|v| millis_arg(v, name)).transpose()
}

pub(crate) fn string_arg(v: &JsValue, name: &str) -> Result<String, JsValue> {
    if !v.is_string() {
        return Err(type_error(&format!("{name} must be a string")));
    }
    js_string_to_rust(v)
}

pub(crate) fn opt_string(v: &JsValue, name: &str) -> Result<Option<String>, JsValue> {
    given(v).map(|v| string_arg(v, name)).transpose()
}

pub(crate) fn bool_arg(v: &JsValue, name: &str) -> Result<bool, JsValue> {
    v.as_bool()
        .ok_or_else(|| type_error(&format!("{name} must be a boolean")))
}

/// The options object of a constructor.
pub(crate) fn options_arg(v: &JsValue, what: &str) -> Result<(), JsValue> {
    if !v.is_object() || Array::is_array(v) || v.is_function() {
        return Err(type_error(&format!("{what} must be an object")));
    }
    Ok(())
}

pub(crate) fn field(obj: &JsValue, name: &str) -> Result<Option<JsValue>, JsValue> {
    let v = Reflect::get(obj, &name.into())?;
    Ok(given(&v).cloned())
}

pub(crate) fn required(obj: &JsValue, name: &str, what: &str) -> Result<JsValue, JsValue> {
    field(obj, name)?.ok_or_else(|| type_error(&format!("{what}.{name} is required")))
}
