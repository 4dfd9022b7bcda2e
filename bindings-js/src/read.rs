//! Arguments read over the [`JsEngine`] operations, with the shared rules
//! ([`crate::integer`], [`crate::millis`], …): each binding's argument readers are these,
//! called with its engine (`undefined` and `null` mean "not given"). Not inlined: each is
//! called from many places, and one copy keeps the WASM first load small.

use crate::{args, JsEngine, JsError, Kind};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// `v`, unless it is `undefined` or `null` (not given).
#[inline(never)]
pub fn given<E: JsEngine>(e: &E, v: E::Value) -> Result<Option<E::Value>, E::Error> {
    Ok(match e.kind(&v)? {
        Kind::Undefined | Kind::Null => None,
        _ => Some(v),
    })
}

/// Member `name` of the object `obj`, when given.
#[inline(never)]
pub fn field<E: JsEngine>(e: &E, obj: &E::Value, name: &str) -> Result<Option<E::Value>, E::Error> {
    given(e, e.property(obj, name)?)
}

/// Member `name` of `obj` (an options object named `what`); missing is a TypeError.
#[inline(never)]
pub fn required<E: JsEngine>(
    e: &E,
    obj: &E::Value,
    name: &str,
    what: &str,
) -> Result<E::Value, E::Error> {
    field(e, obj, name)?.ok_or_else(|| e.error(args::required(what, name)))
}

/// Checks that `v` is an options object (not an array or a function).
#[inline(never)]
pub fn object<E: JsEngine>(e: &E, v: &E::Value, what: &str) -> Result<(), E::Error> {
    match e.kind(v)? {
        Kind::Object => Ok(()),
        _ => Err(e.error(args::must_be(what, "an object"))),
    }
}

/// A number.
#[inline(never)]
pub fn number<E: JsEngine>(e: &E, v: &E::Value, name: &str) -> Result<f64, E::Error> {
    match e.kind(v)? {
        Kind::Number(n) => Ok(n),
        _ => Err(e.error(args::must_be(name, "a number"))),
    }
}

/// A string.
#[inline(never)]
pub fn string<E: JsEngine>(e: &E, v: &E::Value, name: &str) -> Result<String, E::Error> {
    match e.kind(v)? {
        Kind::String => e.string(v),
        _ => Err(e.error(args::must_be(name, "a string"))),
    }
}

/// A boolean.
#[inline(never)]
pub fn boolean<E: JsEngine>(e: &E, v: &E::Value, name: &str) -> Result<bool, E::Error> {
    match e.kind(v)? {
        Kind::Bool(b) => Ok(b),
        _ => Err(e.error(args::must_be(name, "a boolean"))),
    }
}

/// An integer from `min` to 2^53 - 1 ([`crate::integer`]).
#[inline(never)]
pub fn integer<E: JsEngine>(e: &E, v: &E::Value, name: &str, min: f64) -> Result<i64, E::Error> {
    args::integer(number(e, v, name)?, name, min).map_err(|x| e.error(x))
}

/// A count or size: an integer from 0 up.
#[inline(never)]
pub fn index<E: JsEngine>(e: &E, v: &E::Value, name: &str) -> Result<usize, E::Error> {
    Ok(integer(e, v, name, 0.0)? as usize)
}

/// Milliseconds ([`crate::millis`]).
#[inline(never)]
pub fn millis<E: JsEngine>(e: &E, v: &E::Value, name: &str) -> Result<u64, E::Error> {
    args::millis(number(e, v, name)?, name).map_err(|x| e.error(x))
}

/// A finite number ([`crate::finite`]).
#[inline(never)]
pub fn finite<E: JsEngine>(e: &E, v: &E::Value, name: &str) -> Result<f64, E::Error> {
    args::finite(number(e, v, name)?, name).map_err(|x| e.error(x))
}

/// An optional [`millis`].
#[inline(never)]
pub fn opt_millis<E: JsEngine>(
    e: &E,
    v: Option<E::Value>,
    name: &str,
) -> Result<Option<u64>, E::Error> {
    given_then(e, v, |v| millis(e, &v, name))
}

/// An optional [`string`].
#[inline(never)]
pub fn opt_string<E: JsEngine>(
    e: &E,
    v: Option<E::Value>,
    name: &str,
) -> Result<Option<String>, E::Error> {
    given_then(e, v, |v| string(e, &v, name))
}

/// An optional [`boolean`].
#[inline(never)]
pub fn opt_boolean<E: JsEngine>(
    e: &E,
    v: Option<E::Value>,
    name: &str,
) -> Result<Option<bool>, E::Error> {
    given_then(e, v, |v| boolean(e, &v, name))
}

/// `read` of `v` when it is given.
fn given_then<E: JsEngine, T>(
    e: &E,
    v: Option<E::Value>,
    read: impl FnOnce(E::Value) -> Result<T, E::Error>,
) -> Result<Option<T>, E::Error> {
    match v {
        Some(v) => given(e, v)?.map(read).transpose(),
        None => Ok(None),
    }
}

/// The `progress`, `total?` and `message?` of a `notifications/progress`.
#[inline(never)]
pub fn progress_args<E: JsEngine>(
    e: &E,
    progress: &E::Value,
    total: Option<E::Value>,
    message: Option<E::Value>,
) -> Result<(f64, Option<f64>, Option<String>), E::Error> {
    let progress = finite(e, progress, "progress")?;
    let total = given_then(e, total, |t| finite(e, &t, "total"))?;
    Ok((progress, total, opt_string(e, message, "message")?))
}

/// An array of strings, `name` in messages (`options.versions`): each element named
/// `name[i]`.
#[inline(never)]
pub fn strings<E: JsEngine>(e: &E, v: &E::Value, name: &str) -> Result<Vec<String>, E::Error> {
    let Kind::Array(len) = e.kind(v)? else {
        return Err(e.error(JsError::Type(format!("{name} must be an array of strings"))));
    };
    (0..len)
        .map(|i| string(e, &e.element(v, i)?, &format!("{name}[{i}]")))
        .collect()
}

/// `failureResponse`'s arguments read: kind, message, id (as given), version.
pub type FailureArgs<V> = (String, String, Option<V>, String);

/// The `kind`, `message`, `id?` and `version?` of `failureResponse`: `version` not given is
/// the latest protocol version; `id` is returned as given, for the binding's conversion.
#[inline(never)]
pub fn failure_args<E: JsEngine>(
    e: &E,
    kind: &E::Value,
    message: &E::Value,
    id: Option<E::Value>,
    version: Option<E::Value>,
) -> Result<FailureArgs<E::Value>, E::Error> {
    let kind = string(e, kind, "kind")?;
    let message = string(e, message, "message")?;
    let id = match id {
        Some(v) => given(e, v)?,
        None => None,
    };
    let version = opt_string(e, version, "version")?
        .unwrap_or_else(|| mcpwire::mcp::ProtocolVersion::LATEST.as_str().into());
    Ok((kind, message, id, version))
}
