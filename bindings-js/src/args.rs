//! Argument rules shared by both JS bindings: the same TypeError / RangeError texts in each.
//! (Bounds are printed as integers: printing an f64 would link core's float formatting,
//! 11 KB of the WASM first-load module.)

use crate::JsError;
use alloc::format;
use mcpwire::Limits;

/// `Number.MAX_SAFE_INTEGER`, 2^53 - 1.
pub const MAX_SAFE_INTEGER: f64 = 9007199254740991.0;

/// The TypeError `"{name} must be {what}"` (`what`: "a number", "a string", "an object", …).
pub fn must_be(name: &str, what: &str) -> JsError {
    JsError::Type(format!("{name} must be {what}"))
}

/// The TypeError of a missing required option: `"{what}.{name} is required"`.
pub fn required(what: &str, name: &str) -> JsError {
    JsError::Type(format!("{what}.{name} is required"))
}

/// An integer from `min` to 2^53 - 1.
pub fn integer(n: f64, name: &str, min: f64) -> Result<i64, JsError> {
    match n {
        n if n.fract() == 0.0 && n >= min && n <= MAX_SAFE_INTEGER => Ok(n as i64),
        _ => Err(JsError::Range(format!(
            "{name} must be an integer from {} to {}",
            min as i64, MAX_SAFE_INTEGER as i64
        ))),
    }
}

/// A finite number (a progress count or total).
pub fn finite(n: f64, name: &str) -> Result<f64, JsError> {
    match n {
        n if n.is_finite() => Ok(n),
        _ => Err(JsError::Range(format!("{name} must be a finite number"))),
    }
}

/// Milliseconds: a finite number from 0 up; a fraction is dropped (`performance.now()` works
/// as a clock).
pub fn millis(n: f64, name: &str) -> Result<u64, JsError> {
    match n {
        n if n.is_finite() && (0.0..=MAX_SAFE_INTEGER).contains(&n) => Ok(n as u64),
        _ => Err(JsError::Range(format!(
            "{name} must be a number of milliseconds from 0 to {}",
            MAX_SAFE_INTEGER as i64
        ))),
    }
}

/// A field of a `limits` object as the engine found it: `None` for `undefined`/`null`,
/// `Some(Err(()))` for a value that is not a number.
pub type LimitField = Option<Result<f64, ()>>;

/// Reads `{maxBytes?, maxDepth?, maxMembers?}` through `field` (the engine's property read):
/// missing fields keep core's defaults; others are integers from 0 to 2^53 - 1 (bytes) or
/// 2^32 - 1; `err` maps a rule's error to the engine's.
pub fn read_limits<E>(
    mut field: impl FnMut(&str) -> Result<LimitField, E>,
    err: impl Fn(JsError) -> E,
) -> Result<Limits, E> {
    let d = Limits::DEFAULT;
    let mut get = |name: &str, max: f64, default: f64| -> Result<f64, E> {
        limit(field(name)?, name, max, default).map_err(&err)
    };
    Ok(Limits {
        max_input_bytes: get("maxBytes", MAX_SAFE_INTEGER, d.max_input_bytes as f64)? as usize,
        max_depth: get("maxDepth", u32::MAX as f64, d.max_depth as f64)? as u32,
        max_members: get("maxMembers", u32::MAX as f64, d.max_members as f64)? as u32,
    })
}

fn limit(n: LimitField, name: &str, max: f64, default: f64) -> Result<f64, JsError> {
    match n {
        None => Ok(default),
        Some(Ok(n)) if n.is_finite() && n >= 0.0 && n.fract() == 0.0 && n <= max => Ok(n),
        Some(Ok(_)) => Err(JsError::Range(format!(
            "limits.{name} must be an integer from 0 to {}",
            max as u64
        ))),
        Some(Err(())) => Err(JsError::Type(format!("limits.{name} must be a number"))),
    }
}
