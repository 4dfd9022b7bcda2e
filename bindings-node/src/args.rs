//! Argument readers shared by the sessions and the schema functions: the same TypeError /
//! RangeError rules as the WASM binding (`undefined` and `null` mean "not given").

use crate::{js_error, js_string_to_rust};
use mcpwire_js::must_be;
use napi::bindgen_prelude::*;
use napi::{JsString, JsValue, KeyCollectionMode, KeyConversion, KeyFilter, ValueType};

/// `undefined` and `null` mean "not given".
pub(crate) fn given(v: Option<Unknown<'_>>) -> Result<Option<Unknown<'_>>> {
    match v {
        Some(v) if !matches!(v.get_type()?, ValueType::Undefined | ValueType::Null) => Ok(Some(v)),
        _ => Ok(None),
    }
}

pub(crate) fn number_arg(env: &Env, v: Unknown, name: &str) -> Result<f64> {
    if v.get_type()? != ValueType::Number {
        return Err(js_error(env, must_be(name, "a number")));
    }
    unsafe { v.cast::<f64>() }
}

/// An integer from `min` to 2^53 - 1 ([`mcpwire_js::integer`]).
pub(crate) fn integer_arg(env: &Env, v: Unknown, name: &str, min: f64) -> Result<i64> {
    mcpwire_js::integer(number_arg(env, v, name)?, name, min).map_err(|e| js_error(env, e))
}

/// A count or size: an integer from 0 up.
pub(crate) fn index_arg(env: &Env, v: Unknown, name: &str) -> Result<usize> {
    Ok(integer_arg(env, v, name, 0.0)? as usize)
}

/// Milliseconds ([`mcpwire_js::millis`]).
pub(crate) fn millis_arg(env: &Env, v: Unknown, name: &str) -> Result<u64> {
    mcpwire_js::millis(number_arg(env, v, name)?, name).map_err(|e| js_error(env, e))
}

/// The `progress`, `total?` and `message?` of a `notifications/progress`.
pub(crate) fn progress_args(
    env: &Env,
    progress: Unknown,
    total: Option<Unknown>,
    message: Option<Unknown>,
) -> Result<(f64, Option<f64>, Option<String>)> {
    let finite = |v: Unknown, name: &str| {
        mcpwire_js::finite(number_arg(env, v, name)?, name).map_err(|e| js_error(env, e))
    };
    let progress = finite(progress, "progress")?;
    let total = given(total)?.map(|t| finite(t, "total")).transpose()?;
    Ok((progress, total, opt_string(env, message, "message")?))
}

pub(crate) fn opt_millis(env: &Env, v: Option<Unknown>, name: &str) -> Result<Option<u64>> {
    given(v)?.map(|v| millis_arg(env, v, name)).transpose()
}

pub(crate) fn string_arg(env: &Env, v: Unknown, name: &str) -> Result<String> {
    if v.get_type()? != ValueType::String {
        return Err(js_error(env, must_be(name, "a string")));
    }
    js_string_to_rust(env, unsafe { v.cast::<JsString>()? })
}

pub(crate) fn opt_string(env: &Env, v: Option<Unknown>, name: &str) -> Result<Option<String>> {
    given(v)?.map(|v| string_arg(env, v, name)).transpose()
}

pub(crate) fn bool_arg(env: &Env, v: Unknown, name: &str) -> Result<bool> {
    if v.get_type()? != ValueType::Boolean {
        return Err(js_error(env, must_be(name, "a boolean")));
    }
    unsafe { v.cast::<bool>() }
}

/// The options object of a constructor.
pub(crate) fn options_arg<'a>(env: &Env, v: Unknown<'a>, what: &str) -> Result<Object<'a>> {
    if v.get_type()? != ValueType::Object || v.is_array()? {
        return Err(js_error(env, must_be(what, "an object")));
    }
    unsafe { v.cast::<Object>() }
}

/// Calls `each` with an object's own enumerable string-keyed members, in `Object.keys` order
/// (symbol keys are not members, as in `JSON.stringify`), until it fails.
pub(crate) fn each_member<'a>(
    env: &Env,
    obj: &Object<'a>,
    mut each: impl FnMut(String, Unknown<'a>) -> Result<()>,
) -> Result<()> {
    let keys = obj.get_all_property_names(
        KeyCollectionMode::OwnOnly,
        KeyFilter::Enumerable,
        KeyConversion::NumbersToStrings,
    )?;
    for i in 0..keys.get_array_length_unchecked()? {
        let key: Unknown = keys.get_element(i)?;
        if key.get_type()? == ValueType::String {
            each(
                js_string_to_rust(env, unsafe { key.cast()? })?,
                obj.get_property(key)?,
            )?;
        }
    }
    Ok(())
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
    field(obj, name)?.ok_or_else(|| js_error(env, mcpwire_js::required(what, name)))
}
