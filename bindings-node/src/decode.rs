//! The decode path: the message checked by core, then its text or its tape (`js`)
//! for the package's JS (`js/decode.napi.js`, `js/tape.js`) to build the values from.

use crate::{js_string_utf8, mcpwire_error, read_input, read_limits, Input};
use mcpwire::api;
use mcpwire::js::{decode_tape_unescaping, push_utf16, TapeKeys, TapeStatus};
use mcpwire::js::{KNOWN_KEYS, TAPE_SHAPES};
use mcpwire::Limits;
use mcpwire_js::status::{self, ASCII, WRITTEN};
use napi::bindgen_prelude::*;
use napi::JsString;
use napi_derive::napi;

/// The text of one message after core accepted it (`api::validate`): a string input itself, a
/// bytes input as a new string. Throws as `decode` does.
#[napi(ts_args_type = "input: Buffer | Uint8Array | string, limits?: Limits")]
pub fn checked_text<'a>(
    env: &'a Env,
    input: Unknown<'a>,
    limits: Option<Unknown>,
) -> Result<JsString<'a>> {
    let lim = read_limits(env, limits)?;
    match input.get_type()? {
        ValueType::String => {
            let s: JsString<'a> = unsafe { input.cast()? };
            with_utf8(env, s, |buf| {
                api::validate(buf, lim).map_err(|e| mcpwire_error(env, e))
            })?;
            Ok(s)
        }
        _ => match read_input(env, input)? {
            Input::Bytes(b) => {
                api::validate(&b, lim).map_err(|e| mcpwire_error(env, e))?;
                let s = std::str::from_utf8(&b)
                    .map_err(|_| Error::from_reason("internal: accepted input is not UTF-8"))?;
                env.create_string(s)
            }
            Input::Text(t, s) => {
                api::validate(t.as_bytes(), lim).map_err(|e| mcpwire_error(env, e))?;
                Ok(s)
            }
        },
    }
}

/// Checks one message as `decode` does and writes its tape (core's `js`) into the
/// arrays of the last `tapeBuffers` call, from which the package's `decode` builds the values
/// (statuses of `mcpwire_js::status`): `TOO_SMALL` when the arrays are too small (the first
/// two words then say how many words and numbers it needs), `FALLBACK` when the message is to
/// be built by `JSON.parse` instead; when written, the text the tape's offsets are into: for
/// bytes their text (`ASCII` instead when they are ASCII and no string value had escapes: the
/// package makes it with Node's Latin-1 decoding, which keeps a large text outside the JS
/// heap, where a 1 MB string made here costs 7x as much in garbage collection); for a string,
/// its text with the string values unescaped when one had escapes, else `WRITTEN` (the string
/// is the text). Throws as `decode`.
#[napi(
    ts_args_type = "input: Buffer | Uint8Array | string, limits?: Limits",
    ts_return_type = "string | number"
)]
pub fn check_tape<'e>(
    env: &'e Env,
    input: Unknown,
    limits: Option<Unknown>,
) -> Result<Either<JsString<'e>, u32>> {
    // Limits first: their getters may run a decode, which may change the arrays.
    let lim = read_limits(env, limits)?;
    match input.get_type()? {
        ValueType::String => {
            let s: JsString = unsafe { input.cast()? };
            with_utf8(env, s, |b| tape_and_text(env, b, lim, Plain::Status))
        }
        _ => tape_and_text(env, read_input(env, input)?.bytes(), lim, Plain::AsciiInJs),
    }
}

/// Checks `bytes` and writes their tape into the arrays of the last `tapeBuffers` call, and
/// into `out` their text with its string values unescaped when it is long enough
/// (`js::decode_tape_unescaping`).
fn tape_of(env: &Env, bytes: &[u8], lim: Limits, out: &mut [u8]) -> Result<TapeStatus> {
    TAPE.with_borrow_mut(|tape| {
        let (words, numbers) = tape.as_mut()?;
        // SAFETY: JS cannot run while this call does, so nothing else touches the arrays.
        let (words, numbers) = unsafe { (words.as_mut(), numbers.as_mut()) };
        Some(
            KEYS.with_borrow_mut(|keys| {
                decode_tape_unescaping(bytes, lim, keys, words, numbers, out)
            }),
        )
    })
    .unwrap_or(Ok(TapeStatus::Fallback))
    .map_err(|e| mcpwire_error(env, e))
}

/// `checkTape` of the first `len` bytes of the array of the last `tapeInput` call, with the
/// default limits: the package's `decode` copies a small message given as a string there
/// itself, which costs less than handing it to napi as an argument.
#[napi(ts_return_type = "string | number")]
pub fn check_tape_in(env: &Env, len: u32) -> Result<Either<JsString<'_>, u32>> {
    with_input(len, |bytes| {
        tape_and_text(env, bytes, Limits::DEFAULT, Plain::Status)
    })
}

/// `f` of the first `len` bytes of the array of the last `tapeInput` call.
fn with_input<T>(len: u32, f: impl FnOnce(&[u8]) -> Result<T>) -> Result<T> {
    INPUT.with_borrow(|input| {
        let bytes = input.as_deref().and_then(|i| i.get(..len as usize));
        f(bytes.ok_or_else(|| Error::from_reason("checkTapeIn: no such input"))?)
    })
}

/// `checkTapeIn` for a message given as bytes: when the tape is written, the checked text
/// as a JS string (which the package's `decode` slices the values' strings from), else the
/// status as `checkTapeIn` gives it. Made here, the string costs less than a `TextDecoder`
/// call after this one (BENCHMARKS.md).
#[napi(ts_return_type = "string | number")]
pub fn check_tape_in_text(env: &Env, len: u32) -> Result<Either<JsString<'_>, u32>> {
    with_input(len, |bytes| {
        tape_and_text(env, bytes, Limits::DEFAULT, Plain::Text)
    })
}

/// What [`tape_and_text`] gives for a written tape whose string values had no escapes.
#[derive(Clone, Copy, PartialEq)]
enum Plain {
    /// The text of the bytes.
    Text,
    /// `ASCII` when the bytes are ASCII (the package makes their text), else their text.
    AsciiInJs,
    /// `WRITTEN`: the caller has the text (a string it was given).
    Status,
}

/// The tape of `bytes`, and their text when it is written (else the status): with its string
/// values unescaped when one had escapes and the message is at most [`UNESCAPE_MAX`] bytes,
/// so that none is left for `JSON.parse`; else as `plain` says. (A string's text made anew
/// when it had escapes costs less than `JSON.parse` of them: BENCHMARKS.md.)
fn tape_and_text<'e>(
    env: &'e Env,
    bytes: &[u8],
    lim: Limits,
    plain: Plain,
) -> Result<Either<JsString<'e>, u32>> {
    UNESCAPED.with_borrow_mut(|out| {
        let room = match bytes.len() <= UNESCAPE_MAX {
            true if out.len() < bytes.len() => {
                out.resize(bytes.len(), 0);
                &mut out[..]
            }
            true => &mut out[..],
            false => &mut [],
        };
        match tape_of(env, bytes, lim, room)? {
            TapeStatus::Written { ascii, unescaped } => {
                let chars = match out.get(..unescaped) {
                    Some(chars) if unescaped > 0 => chars,
                    _ if plain == Plain::Status => return Ok(Either::B(WRITTEN)),
                    _ if ascii && plain == Plain::AsciiInJs => return Ok(Either::B(ASCII)),
                    _ => bytes,
                };
                text_of(env, chars, ascii).map(Either::A)
            }
            status => Ok(Either::B(status::of_tape(status))),
        }
    })
}

/// The JS string of `text`, UTF-8 that core checked (and says whether it is ASCII).
fn text_of<'e>(env: &'e Env, text: &[u8], ascii: bool) -> Result<JsString<'e>> {
    if ascii {
        // Latin-1: the engine copies it without decoding.
        return env.create_string_latin1(text);
    }
    // UTF-16 made here: V8's UTF-8 decoding (napi's, `TextDecoder`'s) of text that is not
    // Latin-1 costs several times as much.
    UTF16.with_borrow_mut(|units| {
        utf16_into(text, units);
        let s = env.create_string_utf16(units.as_slice());
        if units.capacity() > 1 << 20 {
            *units = Vec::new();
        }
        s
    })
}

/// `text`, UTF-8 that core checked, as UTF-16 in `units` (cleared first): by simdutf (SIMD),
/// or by core's `push_utf16` should simdutf find it not UTF-8.
fn utf16_into(text: &[u8], units: &mut Vec<u16>) {
    units.clear();
    // (UTF-8 never takes fewer bytes than UTF-16 takes units.)
    units.reserve(text.len());
    // SAFETY: `text` is valid for reads of its length; `units` has room for `text.len()`
    // units, at least what the conversion writes; the two do not overlap. simdutf checks the
    // input and returns 0 (nothing counted as written) unless all of it is UTF-8.
    let n =
        unsafe { simdutf::convert_utf8_to_utf16(text.as_ptr(), text.len(), units.as_mut_ptr()) };
    if n == 0 && !text.is_empty() {
        push_utf16(&String::from_utf8_lossy(text), units);
        return;
    }
    // SAFETY: simdutf wrote `n` units (at most the capacity reserved above).
    unsafe { units.set_len(n) };
}

/// Sets the array `checkTapeIn` reads (kept until the next call).
#[napi]
pub fn tape_input(input: Uint8Array) {
    INPUT.set(Some(input));
}

/// Sets the arrays `checkTape` writes into (kept until the next call).
#[napi]
pub fn tape_buffers(words: Uint32Array, numbers: Float64Array) {
    TAPE.set(Some((words, numbers)));
}

/// Sets the names `checkTape` marks for the builder to define instead of assign (the package
/// passes those of `Object.prototype` when it loads); returns the names the tape gives by
/// index (core's `KNOWN_KEYS`).
#[napi]
pub fn tape_keys(reserved: Vec<String>) -> Vec<&'static str> {
    KEYS.set(TapeKeys::new(&reserved));
    KNOWN_KEYS.to_vec()
}

/// The keys of each of core's `TAPE_SHAPES`, joined by `,` (tape.js checks its object
/// literals against them when it loads).
#[napi]
pub fn tape_shapes() -> Vec<String> {
    TAPE_SHAPES.iter().map(|keys| keys.join(",")).collect()
}

/// `f` of the UTF-8 text of `s`, written into a buffer reused across calls (no allocation per
/// call).
fn with_utf8<T>(env: &Env, s: JsString, f: impl FnOnce(&[u8]) -> Result<T>) -> Result<T> {
    SCRATCH.with(|cell| {
        let mut buf = cell.take();
        let out = js_string_utf8(env, s, &mut buf).and_then(|()| f(&buf));
        // Keep the buffer for the next call unless a huge message made it huge.
        if buf.capacity() <= SCRATCH_KEEP {
            cell.set(buf);
        }
        out
    })
}

thread_local! {
    static KEYS: std::cell::RefCell<TapeKeys> = std::cell::RefCell::new(TapeKeys::new::<&str>(&[]));
    static TAPE: std::cell::RefCell<Option<(Uint32Array, Float64Array)>> = const { std::cell::RefCell::new(None) };
    /// The UTF-16 of the last non-ASCII text made by `tape_and_text` (its buffer reused).
    static UTF16: std::cell::RefCell<Vec<u16>> = const { std::cell::RefCell::new(Vec::new()) };
    /// The unescaped text of the last bytes `tape_and_text` took (its buffer reused).
    static UNESCAPED: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    /// The array `checkTapeIn` reads its message from.
    static INPUT: std::cell::RefCell<Option<Uint8Array>> = const { std::cell::RefCell::new(None) };
    /// The UTF-8 copy of the last string checked ([`with_utf8`]): its buffer is reused, so a
    /// call allocates nothing.
    static SCRATCH: std::cell::Cell<Vec<u8>> = const { std::cell::Cell::new(Vec::new()) };
}

/// Largest scratch buffer kept between calls (bigger ones are freed after their call).
const SCRATCH_KEEP: usize = 1 << 20;

/// Largest message given as bytes whose string values are unescaped natively: the buffer is
/// kept between calls, and past this size an ASCII message's text is better made by Node's
/// Latin-1 decoding, outside the JS heap (see `check_tape`).
const UNESCAPE_MAX: usize = 256 << 10;
