//! Argument readers shared by the sessions and the schema functions: `mcpwire_js::read`'s
//! (the same TypeError / RangeError rules as the WASM binding) over napi's values.

use crate::{js_string_to_rust, Napi};
use mcpwire_js::read;
use napi::bindgen_prelude::*;
use napi::{KeyCollectionMode, KeyConversion, KeyFilter, ValueType};

/// `undefined` and `null` mean "not given".
pub(crate) fn given(v: Option<Unknown<'_>>) -> Result<Option<Unknown<'_>>> {
    match v {
        Some(v) if !matches!(v.get_type()?, ValueType::Undefined | ValueType::Null) => Ok(Some(v)),
        _ => Ok(None),
    }
}

/// An integer from `min` to 2^53 - 1 ([`mcpwire_js::integer`]).
pub(crate) fn integer_arg(env: &Env, v: Unknown, name: &str, min: f64) -> Result<i64> {
    read::integer(&Napi::new(env), &v, name, min)
}

/// A count or size: an integer from 0 up.
pub(crate) fn index_arg(env: &Env, v: Unknown, name: &str) -> Result<usize> {
    read::index(&Napi::new(env), &v, name)
}

/// Milliseconds ([`mcpwire_js::millis`]).
pub(crate) fn millis_arg(env: &Env, v: Unknown, name: &str) -> Result<u64> {
    read::millis(&Napi::new(env), &v, name)
}

/// The `progress`, `total?` and `message?` of a `notifications/progress`.
pub(crate) fn progress_args(
    env: &Env,
    progress: Unknown,
    total: Option<Unknown>,
    message: Option<Unknown>,
) -> Result<(f64, Option<f64>, Option<String>)> {
    read::progress_args(&Napi::new(env), &progress, total, message)
}

pub(crate) fn string_arg(env: &Env, v: Unknown, name: &str) -> Result<String> {
    read::string(&Napi::new(env), &v, name)
}

pub(crate) fn opt_string(env: &Env, v: Option<Unknown>, name: &str) -> Result<Option<String>> {
    read::opt_string(&Napi::new(env), v, name)
}

pub(crate) fn bool_arg(env: &Env, v: Unknown, name: &str) -> Result<bool> {
    read::boolean(&Napi::new(env), &v, name)
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
