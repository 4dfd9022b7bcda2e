//! The one status protocol of a native tape decode: the number the `checkTape*` functions of
//! both bindings return to the package's JS (`bindings-node/js/decode.napi.js`,
//! `decode.wasm.js`), which reads it by the names generated from [`STATUSES`]
//! (`tape_names.js`). The status is in the low [`STATUS_BITS`] bits; above them, a WASM
//! decode of bytes gives the length of the text it wrote with the string values unescaped
//! (napi gives that text as a string instead).

use mcpwire::js::TapeStatus;
use mcpwire::js::TapeWrite;

/// The message did not decode; its `McpwireError` is kept for the binding's `takeError` (WASM:
/// a thrown error would come back as an array made for every call).
pub const FAILED: u32 = 0;
/// The tape is written where the JS last looked for it.
pub const WRITTEN: u32 = 1;
/// The message is valid but has no tape (it nests too deep): build it with `JSON.parse`.
pub const FALLBACK: u32 = 2;
/// The tape is written, but its vectors moved (WASM): ask where it is again.
pub const MOVED: u32 = 3;
/// The tape is written and the bytes are ASCII: the JS makes their text (napi: Node's Latin-1
/// decoding keeps a large text outside the JS heap).
pub const ASCII: u32 = 4;
/// The arrays are too small (napi): the tape's header says how many words and numbers it
/// needs.
pub const TOO_SMALL: u32 = 5;

/// The bits of the status word that hold the status.
pub const STATUS_BITS: u32 = 3;

/// The longest unescaped text whose length a status word holds above the status.
pub const MAX_TEXT_LENGTH: usize = (u32::MAX >> STATUS_BITS) as usize;

/// Every status with its name, in value order.
pub const STATUSES: [(&str, u32); 6] = [
    ("FAILED", FAILED),
    ("WRITTEN", WRITTEN),
    ("FALLBACK", FALLBACK),
    ("MOVED", MOVED),
    ("ASCII", ASCII),
    ("TOO_SMALL", TOO_SMALL),
];

/// The status of a tape written into the caller's arrays (napi); `Written` is [`WRITTEN`]
/// (the binding says more when it hands back a text instead).
pub fn of_tape(status: TapeStatus) -> u32 {
    match status {
        TapeStatus::Written { .. } => WRITTEN,
        TapeStatus::TooSmall { .. } => TOO_SMALL,
        TapeStatus::Fallback => FALLBACK,
    }
}

/// The status word of a tape written into vectors (WASM): [`WRITTEN`] or [`MOVED`] with the
/// length of the unescaped text above the status bits (at most [`MAX_TEXT_LENGTH`]: the
/// binding gives no room for a longer one), or [`FALLBACK`].
pub fn of_write(write: TapeWrite) -> u32 {
    match write {
        TapeWrite::Written { moved, unescaped } => {
            let status = if moved { MOVED } else { WRITTEN };
            status | (unescaped.min(MAX_TEXT_LENGTH) as u32) << STATUS_BITS
        }
        TapeWrite::Fallback => FALLBACK,
    }
}
