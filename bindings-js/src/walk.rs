//! A plain JS value as a JSON [`Value`], walked once for both engines: the engine answers
//! what a value is and hands out its elements and members ([`JsEngine`]); the rules (which
//! values have a JSON form, the number rule, the depth cut, the error texts) live here.

use crate::{JsError, MAX_SAFE_INTEGER};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use mcpwire::api::ApiError;
use mcpwire::json::Value;
use mcpwire::ErrorKind;

/// What a JS value is, as far as JSON cares.
pub enum Kind {
    /// `null`.
    Null,
    /// A boolean.
    Bool(bool),
    /// A number.
    Number(f64),
    /// A string (read with [`JsEngine::string`]).
    String,
    /// An array of this length.
    Array(u32),
    /// Another object (plain or not: see [`JsEngine::is_plain`]).
    Object,
    /// `undefined`.
    Undefined,
    /// A bigint.
    BigInt,
    /// A function.
    Function,
    /// A symbol.
    Symbol,
    /// Anything else the engine reports.
    Other,
}

/// The value operations of one JS engine the walk needs.
pub trait JsEngine {
    /// The engine's handle to a JS value.
    type Value;
    /// The engine's error (its pending exception).
    type Error;
    /// What `v` is.
    fn kind(&self, v: &Self::Value) -> Result<Kind, Self::Error>;
    /// A JS string's text (a lone surrogate is an error).
    fn string(&self, v: &Self::Value) -> Result<String, Self::Error>;
    /// Element `i` of an array.
    fn element(&self, v: &Self::Value, i: u32) -> Result<Self::Value, Self::Error>;
    /// Property `name` of the object `v` (`undefined` when it has none).
    fn property(&self, v: &Self::Value, name: &str) -> Result<Self::Value, Self::Error>;
    /// Whether an object's prototype is `Object.prototype` or `null`.
    fn is_plain(&self, v: &Self::Value) -> Result<bool, Self::Error>;
    /// Calls `each` with an object's own enumerable string-keyed members, in `Object.keys`
    /// order, until it fails.
    fn members(
        &self,
        v: &Self::Value,
        each: impl FnMut(String, Self::Value) -> Result<(), Self::Error>,
    ) -> Result<(), Self::Error>;
    /// The engine's exception for a shared rule's error.
    fn error(&self, e: JsError) -> Self::Error;
}

/// Where [`to_value`] stops descending (so a cyclic value cannot recurse without bound).
#[derive(Clone, Copy)]
pub struct Cut {
    /// Containers nested deeper than this are not converted.
    pub depth: u32,
    /// `false`: such a container becomes `null`; the result still nests deeper than core's
    /// limit, so core reports `too_deep` with its offset (messages). `true`: the conversion
    /// fails with `too_deep` (schemas and instances, which core takes as values).
    pub fail: bool,
}

impl Cut {
    /// Core's default depth limit + 2.
    pub fn new(fail: bool) -> Self {
        Cut {
            depth: mcpwire::Limits::DEFAULT.max_depth.saturating_add(2),
            fail,
        }
    }
}

/// A JS number as a JSON number: safe integers as integer text, other finite numbers as
/// `Value::from_f64`; NaN and ±Infinity have no JSON form.
pub fn number(n: f64) -> Result<Value, JsError> {
    if n.fract() == 0.0 && n.abs() <= MAX_SAFE_INTEGER {
        return Ok(Value::from_i64(n as i64));
    }
    // Named as JS names them, by hand: formatting the f64 would print `inf` and link core's
    // float printing (11 KB of the WASM first-load module) for this one message.
    let name = if n.is_nan() {
        "NaN"
    } else if n > 0.0 {
        "Infinity"
    } else {
        "-Infinity"
    };
    Value::from_f64(n).ok_or_else(|| JsError::Type(format!("{name} is not a JSON number")))
}

fn not_json(message: &'static str) -> JsError {
    JsError::TypeFixed(message)
}

/// Where a value stands, for the message when it is `undefined`.
#[derive(Clone, Copy)]
enum Place<'n> {
    Top,
    Element(u32),
    Member(&'n str),
}

/// Converts a plain JS value to a JSON value (`depth`: how deep `v` stands, 0 at the top).
pub fn to_value<E: JsEngine>(e: &E, v: &E::Value, depth: u32, cut: Cut) -> Result<Value, E::Error> {
    value_at(e, v, depth, cut, Place::Top)
}

fn value_at<E: JsEngine>(
    e: &E,
    v: &E::Value,
    depth: u32,
    cut: Cut,
    place: Place,
) -> Result<Value, E::Error> {
    let object = match e.kind(v)? {
        Kind::Null => return Ok(Value::Null),
        Kind::Bool(b) => return Ok(Value::Bool(b)),
        Kind::Number(n) => return number(n).map_err(|x| e.error(x)),
        Kind::String => return Ok(Value::String(e.string(v)?)),
        Kind::Array(len) => Some(len),
        Kind::Object => None,
        Kind::Undefined => return Err(e.error(undefined(place))),
        Kind::BigInt => return Err(e.error(not_json("a bigint is not a JSON value"))),
        Kind::Function => return Err(e.error(not_json("a function is not a JSON value"))),
        Kind::Symbol => return Err(e.error(not_json("a symbol is not a JSON value"))),
        Kind::Other => return Err(e.error(not_json("this value has no JSON form"))),
    };
    if depth > cut.depth {
        if cut.fail {
            let message = format!(
                "value nests deeper than {} levels (or is cyclic)",
                cut.depth
            );
            let too_deep = ApiError::new(ErrorKind::TooDeep, &message);
            return Err(e.error(JsError::Core(too_deep)));
        }
        return Ok(Value::Null);
    }
    match object {
        Some(len) => array(e, v, len, depth, cut),
        None => object_members(e, v, depth, cut),
    }
}

fn undefined(place: Place) -> JsError {
    match place {
        Place::Top => not_json("undefined is not a JSON value"),
        Place::Element(i) => JsError::Type(format!(
            "array element {i} is undefined (or a hole): not a JSON value"
        )),
        Place::Member(name) => {
            JsError::Type(format!("member {name:?} is undefined: not a JSON value"))
        }
    }
}

fn array<E: JsEngine>(
    e: &E,
    v: &E::Value,
    len: u32,
    depth: u32,
    cut: Cut,
) -> Result<Value, E::Error> {
    let mut items = Vec::with_capacity(len as usize);
    for i in 0..len {
        let item = e.element(v, i)?;
        items.push(value_at(e, &item, depth + 1, cut, Place::Element(i))?);
    }
    Ok(Value::Array(items))
}

fn object_members<E: JsEngine>(
    e: &E,
    v: &E::Value,
    depth: u32,
    cut: Cut,
) -> Result<Value, E::Error> {
    if !e.is_plain(v)? {
        return Err(e.error(not_json(
            "only plain objects and arrays can be encoded (this object has another prototype)",
        )));
    }
    let mut members = Vec::new();
    e.members(v, |name, member| {
        let value = value_at(e, &member, depth + 1, cut, Place::Member(&name))?;
        members.push((name, value));
        Ok(())
    })?;
    Ok(Value::Object(members))
}
