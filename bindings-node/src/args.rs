//! Argument readers shared by the sessions and the schema functions: the same TypeError /
//! RangeError rules as the WASM binding (`undefined` and `null` mean "not given").

use crate::{js_string_to_rust, range_error, type_error, MAX_SAFE_INTEGER};
use napi::bindgen_prelude::*;
use napi::{JsString, JsValue, ValueType};

/// `undefined` and `null` mean "not given".
pub(crate) fn given(v: Option<Unknown<'_>>) -> Result<Option<Unknown<'_>>> {
    match v {
        Some(v) if !matches!(v.get_type()?, ValueType::Undefined | ValueType::Null) => Ok(Some(v)),
        _ => Ok(None),
    }
}

pub(crate) fn number_arg(env: &Env, v: Unknown, name: &str) -> Result<f64> {
    if v.get_type()? != ValueType::Number {
        return Err(type_error(env, &format!("{name} must be a number")));
    }
    unsafe { v.cast::<f64>() }
}

/// An integer from `min` to 2^53 - 1.
pub(crate) fn integer_arg(env: &Env, v: Unknown, name: &str, min: f64) -> Result<i64> {
    match number_arg(env, v, name)? {
        n if n.fract() == 0.0 && n >= min && n <= MAX_SAFE_INTEGER => Ok(n as i64),
        _ => Err(range_error(
            env,
            &format!("{name} must be an integer from {min} to {MAX_SAFE_INTEGER}"),
        )),
    }
}

/// A count or size: an integer from 0 up.
pub(crate) fn index_arg(env: &Env, v: Unknown, name: &str) -> Result<usize> {
    Ok(integer_arg(env, v, name, 0.0)? as usize)
}

/// Milliseconds: a finite number from 0 up; a fraction is dropped (`performance.now()` works
/// as a clock).
pub(crate) fn millis_arg(env: &Env, v: Unknown, name: &str) -> Result<u64> {
    match number_arg(env, v, name)? {
        n if n.is_finite() && (0.0..=MAX_SAFE_INTEGER).contains(&n) => Ok(n as u64),
        _ => Err(range_error(
            env,
            &format!("{name} must be a number of milliseconds from 0 to {MAX_SAFE_INTEGER}"),
        )),
    }
}

pub(crate) fn opt_millis(env: &Env, v: Option<Unknown>, name: &str) -> Result<Option<u64>> {
    given(v)?.map(|v| millis_arg(env, v, name)).transpose()
}

pub(crate) fn string_arg(env: &Env, v: Unknown, name: &str) -> Result<String> {
    if v.get_type()? != ValueType::String {
        return Err(type_error(env, &format!("{name} must be a string")));
    }
    js_string_to_rust(env, unsafe { v.cast::<JsString>()? })
}

pub(crate) fn opt_string(env: &Env, v: Option<Unknown>, name: &str) -> Result<Option<String>> {
    given(v)?.map(|v| string_arg(env, v, name)).transpose()
}

pub(crate) fn bool_arg(env: &Env, v: Unknown, name: &str) -> Result<bool> {
    if v.get_type()? != ValueType::Boolean {
        return Err(type_error(env, &format!("{name} must be a boolean")));
    }
    unsafe { v.cast::<bool>() }
}

/// The options object of a constructor.
pub(crate) fn options_arg<'a>(env: &Env, v: Unknown<'a>, what: &str) -> Result<Object<'a>> {
    if v.get_type()? != ValueType::Object || v.is_array()? {
        return Err(type_error(env, &format!("{what} must be an object")));
    }
    unsafe { v.cast::<Object>() }
}

pub(crate) fn field<'a>(obj: &Object<'a>, name: &str) -> Result<Option<Unknown<'a>>> {
    given(Some(obj.get_named_property_unchecked::<Unknown>(name)?))
}

pub(crate) fn required<'a>(
    env: &Env,
    obj: &Object<'a>,
    name: &str,
    what: &str,
) -> Result<Unknown<'a>> {
    field(obj, name)?.ok_or_else(|| type_error(env, &format!("{what}.{name} is required")))
}
