//! Node.js binding of mcpwire (napi-rs).
//!
//! This crate only converts values and maps errors; every rule lives in `mcpwire::api`.
//!
//! * JS → bytes: `Buffer`/`Uint8Array` are borrowed as they are; a JS `string` is taken as its
//!   UTF-8 encoding (a string that is not valid Unicode, i.e. holds a lone surrogate, cannot be
//!   encoded and is a `TypeError`).
//! * `decode`: core checks the message and writes its tape (`json::tape`) into the typed
//!   arrays the package gave `tapeBuffers`; the package's JS builds the values from it
//!   (`js/tape.js`), exactly what `JSON.parse(input)` gives.
//! * `json::Value` → JS: the value's JSON text handed to the engine's `JSON.parse` (one crossing
//!   instead of one per node).
//! * JS → `json::Value` (`encode`, the `id` of `failureResponse`): plain objects, arrays,
//!   strings, booleans, `null` and finite numbers; safe integers become integer text
//!   (`Value::from_i64`), other finite numbers `Value::from_f64`. Anything else is a
//!   `TypeError`.
//! * Errors: a core `DecodeError`, `api::ApiError` (sessions, `page`) or `SchemaError` (a
//!   schema that does not compile) becomes a JS `Error` named `McpwireError` with `kind`,
//!   `code`, `offset` (and `schemaPath` for a schema) ([`mcpwire_error`], the one mapping
//!   function); the package's `mcpwire.js` re-throws it as an instance of its exported
//!   `McpwireError` class.
//! * Protocol state (`Client`, `Server`, `page`) is in `session.rs`, JSON Schema validation in
//!   `schema.rs`: the same conversions over `mcpwire::api` and `mcpwire::schema`.

#![deny(clippy::all)]

mod args;
mod decode;
mod host;
mod http_client;
mod schema;
mod session;
mod transport;

use decode::checked_text;
use mcpwire::api::{self, Failure};
use mcpwire::json::Value;
use mcpwire::mcp::ProtocolVersion;
use mcpwire::{ErrorKind, Limits};
use napi::bindgen_prelude::*;
use napi::{JsString, JsValue, KeyCollectionMode, KeyConversion, KeyFilter, Status, ValueType};
use napi_derive::napi;

/// Limits applied while decoding; a missing field keeps its default (64 MiB, depth 128,
/// 1,000,000 members per container).
// Declares the `Limits` interface of index.d.ts; the functions take the argument as a JS value
// and read it with `read_limits`, so bad limits are TypeError/RangeError as in the WASM build.
#[napi(object, js_name = "Limits")]
pub struct JsLimits {
    /// Longest accepted message in bytes.
    pub max_bytes: Option<f64>,
    /// Deepest nesting of objects and arrays.
    pub max_depth: Option<f64>,
    /// Most members of one object or elements of one array.
    pub max_members: Option<f64>,
}

// ---------------------------------------------------------------------------------------------
// Errors

/// The one mapping of a core error to JS: an `Error` named `McpwireError` carrying the kind
/// name verbatim, the JSON-RPC code (or `null`), the byte offset and, for a schema error,
/// `schemaPath`.
pub(crate) fn mcpwire_error(env: &Env, f: impl Into<Failure>) -> Error {
    let f = f.into();
    let built = (|| -> Result<Error> {
        let mut err = env.create_error(Error::new(Status::GenericFailure, f.message))?;
        err.set_named_property("name", "McpwireError")?;
        err.set_named_property("kind", f.kind)?;
        match f.code {
            Some(code) => err.set_named_property("code", code as f64)?,
            None => err.set_named_property("code", Null)?,
        }
        err.set_named_property("offset", f.offset as f64)?;
        if let Some(path) = f.schema_path {
            err.set_named_property("schemaPath", path)?;
        }
        Ok(Error::from(err.to_unknown()))
    })();
    built.unwrap_or_else(|failure| failure)
}

/// Throws a `TypeError` (an argument JS cannot hand to core) and returns the error that
/// leaves it pending.
pub(crate) fn type_error(env: &Env, message: &str) -> Error {
    match env.throw_type_error(message, None) {
        Ok(()) => Error::from_status(Status::PendingException),
        Err(e) => e,
    }
}

/// Throws a `RangeError` (a limit that is not a non-negative integer).
pub(crate) fn range_error(env: &Env, message: &str) -> Error {
    match env.throw_range_error(message, None) {
        Ok(()) => Error::from_status(Status::PendingException),
        Err(e) => e,
    }
}

// ---------------------------------------------------------------------------------------------
// JS → Rust

/// The UTF-8 text of a JS string; a lone surrogate (not representable as UTF-8) is a
/// `TypeError` instead of a silent U+FFFD.
pub(crate) fn js_string_to_rust(env: &Env, s: JsString) -> Result<String> {
    let mut buf = Vec::new();
    js_string_utf8(env, s, &mut buf)?;
    // SAFETY: `napi_get_value_string_utf8` writes UTF-8 (V8 encodes every string, replacing
    // what has no UTF-8 form, which `js_string_utf8` refused).
    Ok(unsafe { String::from_utf8_unchecked(buf) })
}

/// Writes the UTF-8 text of a JS string into `buf` (cleared first) with one copy: room for 3
/// bytes per UTF-16 unit (the most UTF-8 needs), so V8 neither measures the text first nor
/// cuts it. A lone surrogate is a `TypeError`.
pub(crate) fn js_string_utf8(env: &Env, s: JsString, buf: &mut Vec<u8>) -> Result<()> {
    let n = s.utf16_len()?; // the string's length: no scan
    buf.clear();
    buf.reserve(n * 3 + 1);
    let mut written = 0usize;
    // SAFETY: `buf` has room for `capacity` bytes; napi writes at most `capacity - 1` of them
    // and a NUL, and reports how many it wrote before the NUL.
    napi::check_status!(unsafe {
        napi::sys::napi_get_value_string_utf8(
            env.raw(),
            s.raw(),
            buf.as_mut_ptr().cast(),
            buf.capacity(),
            &mut written,
        )
    })?;
    // SAFETY: the first `written` bytes were just initialised by napi.
    unsafe { buf.set_len(written) };
    // V8 writes U+FFFD (EF BF BD) for a lone surrogate: only when an EF byte is there, look at
    // the UTF-16 code units.
    if buf.contains(&0xEF) {
        let units = s.into_utf16()?;
        let units = &units.as_slice()[..n]; // without the NUL napi adds
        if char::decode_utf16(units.iter().copied()).any(|c| c.is_err()) {
            return Err(type_error(
                env,
                "string holds a lone surrogate: it is not valid Unicode and has no UTF-8 encoding",
            ));
        }
    }
    Ok(())
}

/// Message bytes given as `Buffer | Uint8Array | string`.
pub(crate) enum Input<'a> {
    Text(String, JsString<'a>),
    Bytes(Uint8ArraySlice<'a>),
}

impl Input<'_> {
    pub(crate) fn bytes(&self) -> &[u8] {
        match self {
            Input::Text(s, _) => s.as_bytes(),
            Input::Bytes(b) => b,
        }
    }
}

pub(crate) fn read_input<'a>(env: &Env, v: Unknown<'a>) -> Result<Input<'a>> {
    match v.get_type()? {
        ValueType::String => {
            let s: JsString<'a> = unsafe { v.cast()? };
            Ok(Input::Text(js_string_to_rust(env, s)?, s))
        }
        // A typed array of another element type is refused by the cast.
        ValueType::Object if v.is_typedarray()? => match unsafe { v.cast::<Uint8ArraySlice<'a>>() }
        {
            Ok(b) => Ok(Input::Bytes(b)),
            Err(_) => Err(type_error(env, INPUT_TYPE)),
        },
        _ => Err(type_error(env, INPUT_TYPE)),
    }
}

const INPUT_TYPE: &str = "input must be a Buffer, a Uint8Array or a string";

fn limit(env: &Env, obj: &Object, name: &str, max: f64, default: f64) -> Result<f64> {
    let v: Unknown = obj.get_named_property_unchecked(name)?;
    match v.get_type()? {
        ValueType::Undefined | ValueType::Null => Ok(default),
        ValueType::Number => match unsafe { v.cast::<f64>()? } {
            n if n.is_finite() && n >= 0.0 && n.fract() == 0.0 && n <= max => Ok(n),
            _ => Err(range_error(
                env,
                &format!("limits.{name} must be an integer from 0 to {max}"),
            )),
        },
        _ => Err(type_error(env, &format!("limits.{name} must be a number"))),
    }
}

/// Reads `{maxBytes?, maxDepth?, maxMembers?}` (the `Limits` interface of [`JsLimits`]);
/// missing or `null` fields keep core's defaults.
fn read_limits(env: &Env, l: Option<Unknown>) -> Result<Limits> {
    let d = Limits::DEFAULT;
    let Some(l) = l else { return Ok(d) };
    match l.get_type()? {
        ValueType::Undefined | ValueType::Null => return Ok(d),
        ValueType::Object => {}
        _ => return Err(type_error(env, "limits must be an object")),
    }
    let obj: Object = unsafe { l.cast()? };
    Ok(Limits {
        max_input_bytes: limit(
            env,
            &obj,
            "maxBytes",
            MAX_SAFE_INTEGER,
            d.max_input_bytes as f64,
        )? as usize,
        max_depth: limit(env, &obj, "maxDepth", u32::MAX as f64, d.max_depth as f64)? as u32,
        max_members: limit(
            env,
            &obj,
            "maxMembers",
            u32::MAX as f64,
            d.max_members as f64,
        )? as u32,
    })
}

pub(crate) const MAX_SAFE_INTEGER: f64 = 9007199254740991.0;

/// A JS number as a JSON number: safe integers as integer text, other finite numbers as
/// `Value::from_f64`; NaN and ±Infinity have no JSON form.
fn number(env: &Env, n: f64) -> Result<Value> {
    if n.fract() == 0.0 && n.abs() <= MAX_SAFE_INTEGER {
        return Ok(Value::from_i64(n as i64));
    }
    Value::from_f64(n).ok_or_else(|| type_error(env, &format!("{n} is not a JSON number")))
}

/// Where [`to_value`] stops descending (so a cyclic value cannot recurse without bound).
#[derive(Clone, Copy)]
struct Cut {
    /// Containers nested deeper than this are not converted.
    depth: u32,
    /// `false`: such a container becomes `null`; the result still nests deeper than core's
    /// limit, so core reports `too_deep` with its offset (messages). `true`: the conversion
    /// fails with `too_deep` (schemas and instances, which core takes as values).
    fail: bool,
}

/// Converts a plain JS value to a JSON value.
fn to_value(env: &Env, v: Unknown, depth: u32, cut: Cut, object_proto: &Unknown) -> Result<Value> {
    match v.get_type()? {
        ValueType::Null => Ok(Value::Null),
        ValueType::Boolean => Ok(Value::Bool(unsafe { v.cast::<bool>()? })),
        ValueType::Number => number(env, unsafe { v.cast::<f64>()? }),
        ValueType::String => Ok(Value::String(js_string_to_rust(env, unsafe { v.cast()? })?)),
        ValueType::Object => {
            if depth > cut.depth {
                if cut.fail {
                    let message = format!(
                        "value nests deeper than {} levels (or is cyclic)",
                        cut.depth
                    );
                    return Err(mcpwire_error(
                        env,
                        api::ApiError::new(ErrorKind::TooDeep, &message),
                    ));
                }
                return Ok(Value::Null);
            }
            let obj: Object = unsafe { v.cast()? };
            if v.is_array()? {
                let len = obj.get_array_length_unchecked()?;
                let mut items = Vec::with_capacity(len as usize);
                for i in 0..len {
                    let item: Unknown = obj.get_element(i)?;
                    if item.get_type()? == ValueType::Undefined {
                        return Err(type_error(
                            env,
                            &format!(
                                "array element {i} is undefined (or a hole): not a JSON value"
                            ),
                        ));
                    }
                    items.push(to_value(env, item, depth + 1, cut, object_proto)?);
                }
                return Ok(Value::Array(items));
            }
            let proto = obj.get_prototype()?;
            let plain =
                proto.get_type()? == ValueType::Null || env.strict_equals(proto, *object_proto)?;
            if !plain {
                return Err(type_error(
                    env,
                    "only plain objects and arrays can be encoded (this object has another prototype)",
                ));
            }
            let keys = obj.get_all_property_names(
                KeyCollectionMode::OwnOnly,
                KeyFilter::Enumerable,
                KeyConversion::NumbersToStrings,
            )?;
            let n = keys.get_array_length_unchecked()?;
            let mut members = Vec::with_capacity(n as usize);
            for i in 0..n {
                let key: Unknown = keys.get_element(i)?;
                if key.get_type()? != ValueType::String {
                    continue; // symbol keys are not JSON members (as in JSON.stringify)
                }
                let name = js_string_to_rust(env, unsafe { key.cast()? })?;
                let member: Unknown = obj.get_property(key)?;
                match member.get_type()? {
                    ValueType::Undefined => {
                        return Err(type_error(
                            env,
                            &format!("member {name:?} is undefined: not a JSON value"),
                        ))
                    }
                    _ => {
                        let value = to_value(env, member, depth + 1, cut, object_proto)?;
                        members.push((name, value));
                    }
                }
            }
            Ok(Value::Object(members))
        }
        ValueType::Undefined => Err(type_error(env, "undefined is not a JSON value")),
        ValueType::BigInt => Err(type_error(env, "a bigint is not a JSON value")),
        ValueType::Function => Err(type_error(env, "a function is not a JSON value")),
        ValueType::Symbol => Err(type_error(env, "a symbol is not a JSON value")),
        _ => Err(type_error(env, "this value has no JSON form")),
    }
}

/// A JS value as a JSON value; containers nested deeper than core's default depth limit + 2
/// become `null`, so core reports `too_deep` (values core reads as message parts: `encode`,
/// ids, session options, arguments and results).
pub(crate) fn js_to_value(env: &Env, v: Unknown) -> Result<Value> {
    js_to_value_cut(env, v, false)
}

/// A JS value as a JSON value; containers nested deeper than core's default depth limit + 2
/// are a `too_deep` McpwireError (values core takes as they are: schemas and instances).
pub(crate) fn js_to_value_strict(env: &Env, v: Unknown) -> Result<Value> {
    js_to_value_cut(env, v, true)
}

fn js_to_value_cut(env: &Env, v: Unknown, fail: bool) -> Result<Value> {
    let global = env.get_global()?;
    let object_ctor: Object = global.get_named_property_unchecked("Object")?;
    let object_proto: Unknown = object_ctor.get_named_property("prototype")?;
    let cut = Cut {
        depth: Limits::DEFAULT.max_depth.saturating_add(2),
        fail,
    };
    to_value(env, v, 0, cut, &object_proto)
}

// ---------------------------------------------------------------------------------------------
// Rust → JS

fn json_parse<'a>(env: &'a Env, text: JsString<'a>) -> Result<Unknown<'a>> {
    let json: Object = env.get_global()?.get_named_property("JSON")?;
    let parse: Function<JsString, Unknown> = json.get_named_property("parse")?;
    parse.call(text)
}

/// Bytes as a `Buffer` the JS heap owns (a copy: V8 then accounts for the memory and the Rust
/// `Vec` is freed at once; an external buffer would wait for a finalizer).
pub(crate) fn bytes_to_js<'a>(env: &'a Env, bytes: &[u8]) -> Result<BufferSlice<'a>> {
    BufferSlice::copy_from(env, bytes)
}

/// A core value as plain JS values (its JSON text through `JSON.parse`).
pub(crate) fn value_to_js<'a>(env: &'a Env, v: &Value) -> Result<Unknown<'a>> {
    let text = v.to_vec();
    let text = std::str::from_utf8(&text)
        .map_err(|_| Error::from_reason("internal: value text is not UTF-8"))?;
    json_parse(env, env.create_string(text)?)
}

// ---------------------------------------------------------------------------------------------
// The API

/// Checks one message with every rule of mcpwire and returns it as plain JS values, deep-equal
/// to `JSON.parse` of the same text. Throws `McpwireError` for an invalid message.
///
/// The package's `decode` (mcpwire.js) is `JSON.parse(checkedText(input, limits))`, which
/// saves the look-up and call of `JSON.parse` through napi; this one gives the same.
#[napi(
    ts_args_type = "input: Buffer | Uint8Array | string, limits?: Limits",
    ts_return_type = "JSONRPCMessage"
)]
pub fn decode<'a>(
    env: &'a Env,
    input: Unknown<'a>,
    limits: Option<Unknown>,
) -> Result<Unknown<'a>> {
    let text = checked_text(env, input, limits)?;
    json_parse(env, text)
}

/// Encodes a message given as plain JS values: the canonical bytes the Rust encoder writes.
/// Throws `TypeError` for values JSON cannot hold and `McpwireError` for an invalid message.
#[napi(ts_args_type = "message: JSONRPCMessage | object")]
pub fn encode<'a>(env: &'a Env, message: Unknown) -> Result<BufferSlice<'a>> {
    let value = js_to_value(env, message)?;
    let bytes = api::encode_value(&value, Limits::DEFAULT).map_err(|e| mcpwire_error(env, e))?;
    bytes_to_js(env, &bytes)
}

/// The canonical bytes of one message given as bytes or text.
#[napi(ts_args_type = "input: Buffer | Uint8Array | string, limits?: Limits")]
pub fn canonicalize<'a>(
    env: &'a Env,
    input: Unknown,
    limits: Option<Unknown>,
) -> Result<BufferSlice<'a>> {
    let lim = read_limits(env, limits)?;
    let inp = read_input(env, input)?;
    let bytes = api::canonicalize(inp.bytes(), lim).map_err(|e| mcpwire_error(env, e))?;
    bytes_to_js(env, &bytes)
}

/// The facts `mcpwire check --json` prints for one message (without `line`). Never throws for
/// an invalid message: `ok` is false and `error` says why.
#[napi(
    ts_args_type = "input: Buffer | Uint8Array | string, limits?: Limits",
    ts_return_type = "Classification"
)]
pub fn classify<'a>(
    env: &'a Env,
    input: Unknown<'a>,
    limits: Option<Unknown>,
) -> Result<Unknown<'a>> {
    let lim = read_limits(env, limits)?;
    let inp = read_input(env, input)?;
    value_to_js(env, &api::classify_value(inp.bytes(), lim))
}

/// The wire response a server sends for a failure of `kind` (an ErrorKind name) on request
/// `id`: a JSON-RPC error response for protocol errors, a `CallToolResult` with
/// `isError: true` for tool errors. `version` defaults to the latest protocol version.
#[napi(
    ts_args_type = "kind: ErrorKindName, message: string, id?: RequestId | null, version?: ProtocolVersion",
    ts_return_type = "JSONRPCErrorResponse | JSONRPCResultResponse<CallToolResult>"
)]
pub fn failure_response<'a>(
    env: &'a Env,
    kind: Unknown<'a>,
    message: Unknown<'a>,
    id: Option<Unknown<'a>>,
    version: Option<Unknown<'a>>,
) -> Result<Unknown<'a>> {
    let string_arg = |v: Unknown<'a>, name: &str| -> Result<String> {
        if v.get_type()? != ValueType::String {
            return Err(type_error(env, &format!("{name} must be a string")));
        }
        js_string_to_rust(env, unsafe { v.cast()? })
    };
    let kind = string_arg(kind, "kind")?;
    let message = string_arg(message, "message")?;
    let id = match id {
        Some(v) if !matches!(v.get_type()?, ValueType::Undefined | ValueType::Null) => {
            Some(js_to_value(env, v)?)
        }
        _ => None,
    };
    let version = match version {
        Some(v) if v.get_type()? != ValueType::Undefined => string_arg(v, "version")?,
        _ => ProtocolVersion::LATEST.as_str().to_owned(),
    };
    let value = api::failure_response(id.as_ref(), &kind, &message, &version)
        .map_err(|m| type_error(env, m))?;
    value_to_js(env, &value)
}

/// Every ErrorKind: its stable name and JSON-RPC code (`null` for tool errors and local
/// faults), in table order.
#[napi(ts_return_type = "Array<ErrorKindInfo>")]
pub fn error_kinds(env: &Env) -> Result<Unknown<'_>> {
    let kinds = ErrorKind::ALL
        .iter()
        .map(|k| {
            Value::Object(vec![
                ("name".into(), Value::String(k.name().into())),
                ("code".into(), k.code().map_or(Value::Null, Value::from_i64)),
            ])
        })
        .collect();
    value_to_js(env, &Value::Array(kinds))
}
