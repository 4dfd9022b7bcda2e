//! The half of mcpwire's two JS bindings that does not depend on the engine: the rules for
//! arguments (`undefined`/`null` mean "not given", integers and milliseconds up to 2^53 - 1,
//! decode limits), JS numbers as JSON numbers, and the walk that turns a JS value into a
//! [`Value`], written once over the [`JsEngine`] trait; the argument readers ([`read`]) and the
//! options objects ([`options`]) over the same trait; the status protocol of the tape decode
//! ([`status`]) and the JS names of its tags ([`tape_names_js`]). `bindings-node` (napi) and
//! `bindings-wasm` (wasm-bindgen) implement the trait's value operations and map [`JsError`]
//! to their engine's `TypeError` / `RangeError` / `McpwireError`; nothing else here is theirs.
#![warn(missing_docs)]

extern crate alloc;

mod args;
pub mod options;
pub mod read;
pub mod status;
mod tape_names;
mod walk;

pub use args::{
    finite, integer, millis, must_be, read_limits, required, LimitField, MAX_SAFE_INTEGER,
};
pub use tape_names::tape_names_js;
pub use walk::{number, to_value, Cut, JsEngine, Kind};

use alloc::string::String;
use alloc::vec;
use mcpwire::api::ApiError;
use mcpwire::json::Value;
use mcpwire::ErrorKind;

/// An error the shared rules raise; each binding maps it to its engine's exception in one
/// function.
#[derive(Debug)]
pub enum JsError {
    /// A JS `TypeError`: the value has the wrong type.
    Type(String),
    /// A JS `TypeError` with a fixed message (no text built for it).
    TypeFixed(&'static str),
    /// A JS `RangeError`: a number out of its range.
    Range(String),
    /// An `McpwireError` (core's error kinds, e.g. `too_deep`).
    Core(ApiError),
}

/// `errorKinds`: every [`ErrorKind`] as `{name, code}` (`code` `null` for tool errors and local
/// faults), in table order.
pub fn error_kinds() -> Value {
    let kind = |k: &ErrorKind| {
        Value::Object(vec![
            ("name".into(), Value::String(k.name().into())),
            ("code".into(), k.code().map_or(Value::Null, Value::from_i64)),
        ])
    };
    Value::Array(ErrorKind::ALL.iter().map(kind).collect())
}
