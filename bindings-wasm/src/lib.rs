//! WebAssembly binding of mcpwire (wasm-bindgen), for browsers and Node.
//!
//! Same contract and names as the Node binding; this crate only converts values and maps
//! errors, every rule lives in `mcpwire::api`.
//!
//! * JS → bytes: a `Uint8Array` (a Node `Buffer` is one) is copied into wasm memory; a JS
//!   `string` is taken as its UTF-8 encoding (a string holding a lone surrogate has none and
//!   is a `TypeError`).
//! * `decode`: core checks the message in a scratch buffer and writes its tape (`js`)
//!   into vectors in wasm memory; the package's JS builds the values from it
//!   (`bindings-node/js/tape.js`), exactly what `JSON.parse(input)` gives.
//! * `json::Value` → JS: the value's JSON text through the engine's `JSON.parse` (one crossing
//!   instead of one per node).
//! * JS → `json::Value` (`encode`, the `id` of `failureResponse`): plain objects, arrays,
//!   strings, booleans, `null` and finite numbers; safe integers become integer text
//!   (`Value::from_i64`), other finite numbers `Value::from_f64`. Anything else is a
//!   `TypeError`.
//! * Errors: a core `DecodeError`, `api::ApiError` (sessions, `page`) or `SchemaError` (a
//!   schema that does not compile) becomes a JS `Error` named `McpwireError` with `kind`,
//!   `code`, `offset` (and `schemaPath` for a schema) ([`mcpwire_error`], the one mapping
//!   function); the package's `index.js` re-throws it as an instance of its exported
//!   `McpwireError` class.
//! * Protocol state (`Client`, `Server`, `page`) is in `session.rs`, JSON Schema validation in
//!   `schema.rs`: the same conversions over `mcpwire::api` and `mcpwire::schema`. `schema.rs`
//!   and the host kit (`host.rs`) need the `schema` feature (default): the web package's first
//!   module is built without it, its second module with it (build.sh).

use js_sys::{Array, JsString, Object, Reflect, Uint8Array};
use mcpwire::api::{self, Failure};
use mcpwire::js::TapeVecs;
use mcpwire::js::{TapeKeys, KNOWN_KEYS, TAPE_SHAPES};
use mcpwire::json::Value;
use mcpwire::Limits;
use mcpwire_js::status::{self, FAILED, MAX_TEXT_LENGTH};
pub(crate) use mcpwire_js::MAX_SAFE_INTEGER;
use mcpwire_js::{Cut, JsEngine, JsError, Kind};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

mod args;
#[cfg(feature = "schema")]
mod host;
mod http_client;
// (In the web package's second module, with the schema functions: the first load stays small.)
#[cfg(feature = "schema")]
mod input_required;
#[cfg(feature = "schema")]
mod schema;
mod session;
mod transport;

// The `import type` of types.d.ts is the header napi puts on index.d.ts too (one file).
#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = concat!(
    include_str!("../../bindings-node/dts-header.d.ts"),
    r#"/**
 * Limits applied while decoding; a missing field keeps its default (64 MiB, depth 128,
 * 1,000,000 members per container).
 */
export interface Limits {
  /** Longest accepted message in bytes. */
  maxBytes?: number
  /** Deepest nesting of objects and arrays. */
  maxDepth?: number
  /** Most members of one object or elements of one array. */
  maxMembers?: number
}
"#
);

#[wasm_bindgen]
extern "C" {
    /// `JSON.parse` of a JS string as it is (no copy through wasm memory).
    #[wasm_bindgen(js_namespace = JSON, js_name = parse, catch)]
    fn json_parse_js(text: &JsValue) -> Result<JsValue, JsValue>;
}

// ---------------------------------------------------------------------------------------------
// Errors

/// The one mapping of a core error to JS: an `Error` named `McpwireError` carrying the kind
/// name verbatim, the JSON-RPC code (or `null`), the byte offset and, for a schema error,
/// `schemaPath`.
pub(crate) fn mcpwire_error(f: impl Into<Failure>) -> JsValue {
    let f = f.into();
    let err = js_sys::Error::new(&f.message);
    err.set_name("McpwireError");
    let code = f
        .code
        .map_or(JsValue::NULL, |c| JsValue::from_f64(c as f64));
    // Setting a property on a fresh Error cannot fail.
    let _ = Reflect::set(&err, &"kind".into(), &f.kind.into());
    let _ = Reflect::set(&err, &"code".into(), &code);
    let _ = Reflect::set(&err, &"offset".into(), &JsValue::from_f64(f.offset as f64));
    if let Some(path) = f.schema_path {
        let _ = Reflect::set(&err, &"schemaPath".into(), &path.into());
    }
    err.into()
}

/// A `TypeError`: an argument JS cannot hand to core.
pub(crate) fn type_error(message: &str) -> JsValue {
    js_sys::TypeError::new(message).into()
}

/// A `RangeError`: a number out of its range.
pub(crate) fn range_error(message: &str) -> JsValue {
    js_sys::RangeError::new(message).into()
}

/// The exception of a shared rule's error ([`mcpwire_js::JsError`]).
pub(crate) fn js_error(e: JsError) -> JsValue {
    match e {
        JsError::Type(message) => type_error(&message),
        JsError::TypeFixed(message) => type_error(message),
        JsError::Range(message) => range_error(&message),
        JsError::Core(e) => mcpwire_error(e),
    }
}

// ---------------------------------------------------------------------------------------------
// JS → Rust

/// The UTF-8 text of a JS string; a lone surrogate (not representable as UTF-8) is a
/// `TypeError` instead of a silent U+FFFD.
pub(crate) fn js_string_to_rust(v: &JsValue) -> Result<String, JsValue> {
    let s = v
        .as_string()
        .ok_or_else(|| type_error("expected a string"))?;
    // The UTF-8 encoder writes U+FFFD for a lone surrogate: only then look at the code units.
    if s.contains('\u{FFFD}') && !v.unchecked_ref::<JsString>().is_valid_utf16() {
        return Err(type_error(LONE_SURROGATE));
    }
    Ok(s)
}

const LONE_SURROGATE: &str =
    "string holds a lone surrogate: it is not valid Unicode and has no UTF-8 encoding";

const INPUT_TYPE: &str = "input must be a Uint8Array (or Buffer) or a string";

/// Message bytes given as `Uint8Array | string`.
pub(crate) enum Input<'a> {
    Text(String, &'a JsValue),
    Bytes(Vec<u8>),
}

impl Input<'_> {
    pub(crate) fn bytes(&self) -> &[u8] {
        match self {
            Input::Text(s, _) => s.as_bytes(),
            Input::Bytes(b) => b,
        }
    }
}

pub(crate) fn read_input(v: &JsValue) -> Result<Input<'_>, JsValue> {
    if v.is_string() {
        return Ok(Input::Text(js_string_to_rust(v)?, v));
    }
    match v.dyn_ref::<Uint8Array>() {
        Some(bytes) => Ok(Input::Bytes(bytes.to_vec())),
        None => Err(type_error(INPUT_TYPE)),
    }
}

fn read_limits(l: &JsValue) -> Result<Limits, JsValue> {
    mcpwire_js::options::limits(&WasmBindgen::new(), Some(l))
}

/// wasm-bindgen's value operations, for the shared JS → JSON walk ([`mcpwire_js::to_value`])
/// and argument readers ([`mcpwire_js::read`], [`mcpwire_js::options`]).
pub(crate) struct WasmBindgen {
    /// `Object.prototype` (a plain object's prototype), looked up at the first `is_plain`.
    object_proto: core::cell::OnceCell<JsValue>,
}

impl WasmBindgen {
    pub(crate) fn new() -> Self {
        WasmBindgen {
            object_proto: core::cell::OnceCell::new(),
        }
    }
}

impl JsEngine for WasmBindgen {
    type Value = JsValue;
    type Error = JsValue;

    fn kind(&self, v: &JsValue) -> Result<Kind, JsValue> {
        Ok(if v.is_null() {
            Kind::Null
        } else if let Some(b) = v.as_bool() {
            Kind::Bool(b)
        } else if let Some(n) = v.as_f64() {
            Kind::Number(n)
        } else if v.is_string() {
            Kind::String
        } else if v.is_undefined() {
            Kind::Undefined
        } else if v.is_bigint() {
            Kind::BigInt
        } else if v.is_function() {
            Kind::Function
        } else if !v.is_object() {
            Kind::Other
        } else if Array::is_array(v) {
            Kind::Array(v.unchecked_ref::<Array>().length())
        } else {
            Kind::Object
        })
    }

    fn string(&self, v: &JsValue) -> Result<String, JsValue> {
        js_string_to_rust(v)
    }

    fn element(&self, v: &JsValue, i: u32) -> Result<JsValue, JsValue> {
        Ok(v.unchecked_ref::<Array>().get(i))
    }

    fn property(&self, v: &JsValue, name: &str) -> Result<JsValue, JsValue> {
        Reflect::get(v, &name.into())
    }

    fn is_plain(&self, v: &JsValue) -> Result<bool, JsValue> {
        let proto: JsValue = Object::get_prototype_of(v).into();
        let object_proto = self
            .object_proto
            .get_or_init(|| Object::get_prototype_of(&Object::new()).into());
        Ok(proto.is_null() || proto == *object_proto)
    }

    fn members(
        &self,
        v: &JsValue,
        mut each: impl FnMut(String, JsValue) -> Result<(), JsValue>,
    ) -> Result<(), JsValue> {
        let obj: &Object = v.unchecked_ref();
        for key in Object::keys(obj).iter() {
            each(js_string_to_rust(&key)?, Reflect::get(obj, &key)?)?;
        }
        Ok(())
    }

    fn error(&self, e: JsError) -> JsValue {
        js_error(e)
    }
}

/// A JS value as a JSON value; containers nested deeper than core's default depth limit + 2
/// become `null`, so core reports `too_deep` (values core reads as message parts: `encode`,
/// ids, session options, arguments and results).
pub(crate) fn js_to_value(v: &JsValue) -> Result<Value, JsValue> {
    js_to_value_cut(v, Cut::new(false))
}

/// A JS value as a JSON value; containers nested deeper than core's default depth limit + 2
/// are a `too_deep` McpwireError (values core takes as they are: schemas and instances).
#[cfg(feature = "schema")]
pub(crate) fn js_to_value_strict(v: &JsValue) -> Result<Value, JsValue> {
    js_to_value_cut(v, Cut::new(true))
}

fn js_to_value_cut(v: &JsValue, cut: Cut) -> Result<Value, JsValue> {
    mcpwire_js::to_value(&WasmBindgen::new(), v, 0, cut)
}

// ---------------------------------------------------------------------------------------------
// Rust → JS

/// A core value as plain JS values (its JSON text through `JSON.parse`).
pub(crate) fn value_to_js(v: &Value) -> Result<JsValue, JsValue> {
    let text = v.to_vec();
    let text = core::str::from_utf8(&text)
        .map_err(|_| JsValue::from(js_sys::Error::new("internal: value text is not UTF-8")))?;
    js_sys::JSON::parse(text)
}

// ---------------------------------------------------------------------------------------------
// The API

/// Checks one message with every rule of mcpwire and returns it as plain JS values, deep-equal
/// to `JSON.parse` of the same text. Throws `McpwireError` for an invalid message.
///
/// The package's `decode` (index.js, from bindings-node/js/decode.wasm.js) writes the
/// message into the scratch buffer ([`scratch_resize`]), has it checked there
/// ([`check_scratch`]) and calls `JSON.parse` itself; this one gives the same (it is the path
/// for other inputs, and for a `decode` called again while one is running).
#[wasm_bindgen(unchecked_return_type = "JSONRPCMessage")]
pub fn decode(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array | string")] input: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "Limits")] limits: JsValue,
) -> Result<JsValue, JsValue> {
    let lim = read_limits(&limits)?;
    let inp = read_input(&input)?;
    api::validate(inp.bytes(), lim).map_err(mcpwire_error)?;
    match inp {
        Input::Text(_, js) => json_parse_js(js),
        Input::Bytes(b) => {
            let text = core::str::from_utf8(&b).map_err(|_| {
                JsValue::from(js_sys::Error::new("internal: accepted input is not UTF-8"))
            })?;
            js_sys::JSON::parse(text)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The scratch buffer of `decode`: the package's JS writes a message into wasm memory itself
// (`TextEncoder.encodeInto` for a string, a copy for bytes) and passes only its length, so no
// call allocates and no string is encoded by wasm-bindgen's per-character loop.

thread_local! {
    static SCRATCH: core::cell::RefCell<Vec<u8>> = const { core::cell::RefCell::new(Vec::new()) };
}

/// Resizes the scratch buffer to `len` bytes and returns its address in wasm memory (the
/// `Uint8Array` of `scratchMemory()`). Its contents are not kept.
#[doc(hidden)]
#[wasm_bindgen(js_name = scratchResize)]
pub fn scratch_resize(len: usize) -> usize {
    SCRATCH.with_borrow_mut(|b| {
        *b = Vec::new(); // free first: growing must not copy the old contents
        *b = vec![0; len];
        b.as_mut_ptr() as usize
    })
}

/// The wasm instance's memory (the scratch buffer lives in it).
#[doc(hidden)]
#[wasm_bindgen(js_name = scratchMemory)]
pub fn scratch_memory() -> JsValue {
    wasm_bindgen::memory()
}

/// Checks the message in the first `len` bytes of the scratch buffer (`api::validate`).
/// `text` is the string they were encoded from (`undefined` for bytes): `encodeInto` writes
/// U+FFFD for a lone surrogate, which is a `TypeError` as in [`read_input`].
#[doc(hidden)]
#[wasm_bindgen(js_name = checkScratch)]
pub fn check_scratch(len: usize, limits: JsValue, text: JsValue) -> Result<(), JsValue> {
    let lim = read_limits(&limits)?;
    SCRATCH.with_borrow(|b| api::validate(scratch_text(b, len, &text)?, lim).map_err(mcpwire_error))
}

// ---------------------------------------------------------------------------------------------
// The tape of `decode` (core's `js`): written into vectors in wasm memory, which the
// package's JS reads through typed-array views and builds the values from.

thread_local! {
    static TAPE: core::cell::RefCell<TapeVecs> =
        core::cell::RefCell::new(TapeVecs::new(TapeKeys::new::<&str>(&[])));
}

/// Sets the names the tape marks for the builder to define instead of assign (the package
/// passes those of `Object.prototype` when it loads); returns the names the tape gives by
/// index (core's `KNOWN_KEYS`).
#[doc(hidden)]
#[wasm_bindgen(js_name = tapeKeys)]
pub fn tape_keys(reserved: Vec<String>) -> Vec<String> {
    TAPE.with_borrow_mut(|t| t.set_keys(TapeKeys::new(&reserved)));
    KNOWN_KEYS.iter().map(|k| (*k).into()).collect()
}

/// The keys of each of core's `TAPE_SHAPES`, joined by `,` (tape.js checks its object
/// literals against them when it loads).
#[doc(hidden)]
#[wasm_bindgen(js_name = tapeShapes)]
pub fn tape_shapes() -> Vec<String> {
    TAPE_SHAPES.iter().map(|keys| keys.join(",")).collect()
}

/// Where the tape's words and numbers are in wasm memory, and how many fit:
/// `[words, wordsLength, numbers, numbersLength]`.
#[doc(hidden)]
#[wasm_bindgen(js_name = tapePlace)]
pub fn tape_place() -> Vec<u32> {
    TAPE.with_borrow(|t| {
        vec![
            t.words().as_ptr() as u32,
            t.words().len() as u32,
            t.numbers().as_ptr() as u32,
            t.numbers().len() as u32,
        ]
    })
}

/// Checks the message in the first `len` bytes of the scratch buffer as [`check_scratch`]
/// does and writes its tape; the status word of `mcpwire_js::status`: `WRITTEN` when written
/// where [`tape_place`] last said, `MOVED` when written after the tape moved (ask again),
/// `FALLBACK` when the message is to be built by `JSON.parse`. For bytes (`text` undefined),
/// the scratch buffer holds `2 * len` and the message's text with its string values unescaped
/// is written after it (`js::decode_tape_unescaping`): the status word then has its length,
/// when there is one, above the status bits, and the tape's strings are slices of that text.
#[doc(hidden)]
#[wasm_bindgen(js_name = checkTape)]
pub fn check_tape(len: usize, limits: JsValue, text: JsValue) -> Result<u32, JsValue> {
    let lim = read_limits(&limits)?;
    if text.is_undefined() {
        return SCRATCH.with_borrow_mut(|b| {
            let (input, out) = scratch_split(b, len)?;
            tape_status(input, lim, out)
        });
    }
    SCRATCH.with_borrow(|b| tape_status(scratch_text(b, len, &text)?, lim, &mut []))
}

/// [`check_tape`] with the default limits, of bytes encoded from a well-formed string (which
/// need no lone-surrogate check): no JS value crosses, which saves 5-10% of a small message's
/// `decode` (BENCHMARKS.md). `FAILED` when the message does not decode: its `McpwireError` is then
/// [`take_error`]'s (a `Result` would come back to JS as an array made for every call).
#[doc(hidden)]
#[wasm_bindgen(js_name = checkTapeIn)]
pub fn check_tape_in(len: usize) -> u32 {
    let status =
        SCRATCH.with_borrow(|b| tape_status(scratch_bytes(b, len)?, Limits::DEFAULT, &mut []));
    status.unwrap_or_else(stash_error)
}

/// [`check_tape_in`] of a message given as bytes, with its unescaped text as [`check_tape`]
/// writes it for bytes.
#[doc(hidden)]
#[wasm_bindgen(js_name = checkTapeInBytes)]
pub fn check_tape_in_bytes(len: usize) -> u32 {
    let status = SCRATCH.with_borrow_mut(|b| {
        let (input, out) = scratch_split(b, len)?;
        tape_status(input, Limits::DEFAULT, out)
    });
    status.unwrap_or_else(stash_error)
}

/// Keeps `e` for [`take_error`]; `FAILED`, the status that says so.
fn stash_error(e: JsValue) -> u32 {
    ERROR.set(Some(e));
    FAILED
}

thread_local! {
    /// The error of the last `checkTapeIn` that returned `FAILED`.
    static ERROR: core::cell::Cell<Option<JsValue>> = const { core::cell::Cell::new(None) };
}

/// The error of the last [`check_tape_in`] that returned `FAILED` (taken: `undefined` after).
#[doc(hidden)]
#[wasm_bindgen(js_name = takeError)]
pub fn take_error() -> JsValue {
    ERROR.take().unwrap_or(JsValue::UNDEFINED)
}

/// Writes the tape of `bytes` (and their unescaped text into `out`, when it is long enough);
/// the status [`check_tape`] returns.
fn tape_status(bytes: &[u8], lim: Limits, out: &mut [u8]) -> Result<u32, JsValue> {
    let written = TAPE.with_borrow_mut(|t| t.decode_unescaping(bytes, lim, out));
    // (The unescaped text is at most MAX_TEXT_LENGTH bytes: scratch_split.)
    Ok(status::of_write(written.map_err(mcpwire_error)?))
}

/// The first `len` bytes of the scratch buffer.
fn scratch_bytes(b: &[u8], len: usize) -> Result<&[u8], JsValue> {
    b.get(..len).ok_or_else(scratch_overrun)
}

/// The first `len` bytes of the scratch buffer, and the `len` after them for the unescaped
/// text (none when the buffer is shorter, or past `MAX_TEXT_LENGTH` bytes, whose length the
/// status word could not hold).
fn scratch_split(b: &mut [u8], len: usize) -> Result<(&[u8], &mut [u8]), JsValue> {
    let (input, rest) = b.split_at_mut_checked(len).ok_or_else(scratch_overrun)?;
    let out = rest.get_mut(..len).filter(|_| len <= MAX_TEXT_LENGTH);
    Ok((input, out.unwrap_or_default()))
}

fn scratch_overrun() -> JsValue {
    js_sys::Error::new("internal: scratch overrun").into()
}

/// The first `len` bytes of the scratch buffer; `text` is the string they were encoded from
/// (`undefined` for bytes): `encodeInto` writes U+FFFD for a lone surrogate, which is a
/// `TypeError` as in [`read_input`].
fn scratch_text<'b>(b: &'b [u8], len: usize, text: &JsValue) -> Result<&'b [u8], JsValue> {
    let bytes = scratch_bytes(b, len)?;
    if !text.is_undefined()
        && bytes.contains(&0xEF)
        && !text.unchecked_ref::<JsString>().is_valid_utf16()
    {
        return Err(type_error(LONE_SURROGATE));
    }
    Ok(bytes)
}

/// Encodes a message given as plain JS values: the canonical bytes the Rust encoder writes.
/// Throws `TypeError` for values JSON cannot hold and `McpwireError` for an invalid message.
#[wasm_bindgen]
pub fn encode(
    #[wasm_bindgen(unchecked_param_type = "JSONRPCMessage | object")] message: JsValue,
) -> Result<Vec<u8>, JsValue> {
    let value = js_to_value(&message)?;
    api::encode_value(&value, Limits::DEFAULT).map_err(mcpwire_error)
}

/// The canonical bytes of one message given as bytes or text.
#[wasm_bindgen]
pub fn canonicalize(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array | string")] input: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "Limits")] limits: JsValue,
) -> Result<Vec<u8>, JsValue> {
    let lim = read_limits(&limits)?;
    let inp = read_input(&input)?;
    api::canonicalize(inp.bytes(), lim).map_err(mcpwire_error)
}

/// The facts `mcpwire check --json` prints for one message (without `line`). Never throws for
/// an invalid message: `ok` is false and `error` says why.
#[wasm_bindgen(unchecked_return_type = "Classification")]
pub fn classify(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array | string")] input: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "Limits")] limits: JsValue,
) -> Result<JsValue, JsValue> {
    let lim = read_limits(&limits)?;
    let inp = read_input(&input)?;
    value_to_js(&api::classify_value(inp.bytes(), lim))
}

/// The wire response a server sends for a failure of `kind` (an ErrorKind name) on request
/// `id`: a JSON-RPC error response for protocol errors, a `CallToolResult` with
/// `isError: true` for tool errors. `version` defaults to the latest protocol version.
#[wasm_bindgen(
    js_name = failureResponse,
    unchecked_return_type = "JSONRPCErrorResponse | JSONRPCResultResponse<CallToolResult>"
)]
pub fn failure_response(
    #[wasm_bindgen(unchecked_param_type = "ErrorKindName")] kind: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] message: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "RequestId | null")] id: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ProtocolVersion")] version: JsValue,
) -> Result<JsValue, JsValue> {
    let (kind, message, id, version) = mcpwire_js::read::failure_args(
        &WasmBindgen::new(),
        &kind,
        &message,
        Some(id),
        Some(version),
    )?;
    let id = id.map(|v| js_to_value(&v)).transpose()?;
    let value =
        api::failure_response(id.as_ref(), &kind, &message, &version).map_err(type_error)?;
    value_to_js(&value)
}

/// Every ErrorKind: its stable name and JSON-RPC code (`null` for tool errors and local
/// faults), in table order.
#[wasm_bindgen(js_name = errorKinds, unchecked_return_type = "Array<ErrorKindInfo>")]
pub fn error_kinds() -> Result<JsValue, JsValue> {
    value_to_js(&mcpwire_js::error_kinds())
}
