//! Node.js binding of mcpwire (napi-rs).
//!
//! This crate only converts values and maps errors; every rule lives in `mcpwire::api`.
//!
//! * JS → bytes: `Buffer`/`Uint8Array` are borrowed as they are; a JS `string` is taken as its
//!   UTF-8 encoding (a string that is not valid Unicode, i.e. holds a lone surrogate, cannot be
//!   encoded and is a `TypeError`).
//! * `decode`: core checks the message and writes its tape (`js`) into the typed
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
mod input_required;
mod schema;
mod session;
mod transport;

use decode::checked_text;
use mcpwire::api::{self, Failure};
use mcpwire::json::Value;
use mcpwire::Limits;
pub(crate) use mcpwire_js::MAX_SAFE_INTEGER;
use mcpwire_js::{Cut, JsEngine, JsError, Kind};
use napi::bindgen_prelude::*;
use napi::{JsString, JsValue, Status, ValueType};
use napi_derive::napi;
use std::cell::Cell;

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

/// Throws the exception of a shared rule's error ([`mcpwire_js::JsError`]).
pub(crate) fn js_error(env: &Env, e: JsError) -> Error {
    match e {
        JsError::Type(message) => type_error(env, &message),
        JsError::TypeFixed(message) => type_error(env, message),
        JsError::Range(message) => range_error(env, &message),
        JsError::Core(e) => mcpwire_error(env, e),
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

/// Reads `{maxBytes?, maxDepth?, maxMembers?}` (the `Limits` interface of [`JsLimits`]);
/// missing or `null` fields keep core's defaults.
fn read_limits(env: &Env, l: Option<Unknown>) -> Result<Limits> {
    mcpwire_js::options::limits(&Napi::new(env), l.as_ref())
}

/// napi's value operations, for the shared JS → JSON walk ([`mcpwire_js::to_value`]) and
/// argument readers ([`mcpwire_js::read`], [`mcpwire_js::options`]).
pub(crate) struct Napi<'a, 'e> {
    env: &'e Env,
    /// `Object.prototype` (a plain object's prototype), looked up at the first `is_plain`.
    object_proto: Cell<Option<Unknown<'a>>>,
}

impl<'e> Napi<'_, 'e> {
    pub(crate) fn new(env: &'e Env) -> Self {
        Napi {
            env,
            object_proto: Cell::new(None),
        }
    }
}

impl<'a> JsEngine for Napi<'a, '_> {
    type Value = Unknown<'a>;
    type Error = Error;

    fn kind(&self, v: &Unknown<'a>) -> Result<Kind> {
        Ok(match v.get_type()? {
            ValueType::Null => Kind::Null,
            ValueType::Boolean => Kind::Bool(unsafe { v.cast::<bool>()? }),
            ValueType::Number => Kind::Number(unsafe { v.cast::<f64>()? }),
            ValueType::String => Kind::String,
            ValueType::Object if v.is_array()? => {
                Kind::Array(unsafe { v.cast::<Object>()? }.get_array_length_unchecked()?)
            }
            ValueType::Object => Kind::Object,
            ValueType::Undefined => Kind::Undefined,
            ValueType::BigInt => Kind::BigInt,
            ValueType::Function => Kind::Function,
            ValueType::Symbol => Kind::Symbol,
            _ => Kind::Other,
        })
    }

    fn string(&self, v: &Unknown<'a>) -> Result<String> {
        js_string_to_rust(self.env, unsafe { v.cast()? })
    }

    fn element(&self, v: &Unknown<'a>, i: u32) -> Result<Unknown<'a>> {
        unsafe { v.cast::<Object>()? }.get_element(i)
    }

    fn property(&self, v: &Unknown<'a>, name: &str) -> Result<Unknown<'a>> {
        unsafe { v.cast::<Object>()? }.get_named_property_unchecked(name)
    }

    fn is_plain(&self, v: &Unknown<'a>) -> Result<bool> {
        let proto = unsafe { v.cast::<Object>()? }.get_prototype()?;
        if proto.get_type()? == ValueType::Null {
            return Ok(true);
        }
        let object_proto = match self.object_proto.get() {
            Some(p) => p,
            None => {
                let global = self.env.get_global()?;
                let object_ctor: Object = global.get_named_property_unchecked("Object")?;
                let p: Unknown = object_ctor.get_named_property("prototype")?;
                self.object_proto.set(Some(p));
                p
            }
        };
        self.env.strict_equals(proto, object_proto)
    }

    fn members(
        &self,
        v: &Unknown<'a>,
        each: impl FnMut(String, Unknown<'a>) -> Result<()>,
    ) -> Result<()> {
        args::each_member(self.env, unsafe { &v.cast::<Object>()? }, each)
    }

    fn error(&self, e: JsError) -> Error {
        js_error(self.env, e)
    }
}

/// A JS value as a JSON value; containers nested deeper than core's default depth limit + 2
/// become `null`, so core reports `too_deep` (values core reads as message parts: `encode`,
/// ids, session options, arguments and results).
pub(crate) fn js_to_value(env: &Env, v: Unknown) -> Result<Value> {
    js_to_value_cut(env, v, Cut::new(false))
}

/// A JS value as a JSON value; containers nested deeper than core's default depth limit + 2
/// are a `too_deep` McpwireError (values core takes as they are: schemas and instances).
pub(crate) fn js_to_value_strict(env: &Env, v: Unknown) -> Result<Value> {
    js_to_value_cut(env, v, Cut::new(true))
}

fn js_to_value_cut(env: &Env, v: Unknown, cut: Cut) -> Result<Value> {
    mcpwire_js::to_value(&Napi::new(env), &v, 0, cut)
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
    let (kind, message, id, version) =
        mcpwire_js::read::failure_args(&Napi::new(env), &kind, &message, id, version)?;
    let id = id.map(|v| js_to_value(env, v)).transpose()?;
    let value = api::failure_response(id.as_ref(), &kind, &message, &version)
        .map_err(|m| type_error(env, m))?;
    value_to_js(env, &value)
}

/// Every ErrorKind: its stable name and JSON-RPC code (`null` for tool errors and local
/// faults), in table order.
#[napi(ts_return_type = "Array<ErrorKindInfo>")]
pub fn error_kinds(env: &Env) -> Result<Unknown<'_>> {
    value_to_js(env, &mcpwire_js::error_kinds())
}
