//! Messages checked and written as a tape (`js`), for bindings whose JS builds the
//! values: into the caller's slices, or into vectors grown to fit ([`TapeVecs`]).

use super::{write_tape_unescaping, TapeKeys, TapeStatus};
use crate::error::Result;
use crate::limits::Limits;
use crate::mcp::McpMessage;
use alloc::vec;
use alloc::vec::Vec;

/// Checks one message with every rule, then writes its tape (see [`crate::js`]) into
/// `words` and `numbers`, from which a JS binding builds the values; `keys` (one per thread)
/// knows the realm's reserved names and keeps its table across calls.
pub fn decode_tape(
    input: &[u8],
    limits: Limits,
    keys: &mut TapeKeys,
    words: &mut [u32],
    numbers: &mut [f64],
) -> Result<TapeStatus> {
    decode_tape_unescaping(input, limits, keys, words, numbers, &mut [])
}

/// [`decode_tape`], and into `out` (when it holds at least `input.len()` bytes) the message's
/// text with its string values unescaped, whose strings the tape then slices when a value had
/// escapes: [`TapeStatus::Written`] says how many bytes of it there are (0: none, the tape
/// slices `input`). A builder that makes its text from those bytes needs no `JSON.parse` for
/// those values (see [`crate::js`]).
pub fn decode_tape_unescaping(
    input: &[u8],
    limits: Limits,
    keys: &mut TapeKeys,
    words: &mut [u32],
    numbers: &mut [f64],
    out: &mut [u8],
) -> Result<TapeStatus> {
    #[cfg(feature = "tape-fragments")]
    if input.len() >= RECORD_FROM {
        keys.begin_recording(out.len() >= input.len());
        if let Err(e) = McpMessage::decode_recording(input, limits, keys) {
            keys.end_recording();
            return Err(e);
        }
        return Ok(write_tape_unescaping(input, keys, words, numbers, out));
    }
    McpMessage::decode_with(input, limits, None)?;
    Ok(write_tape_unescaping(input, keys, words, numbers, out))
}

/// The shortest message whose skipped values the checks write as tape fragments
/// (`js::fragments`): below it, setting up the recording costs more than reading
/// the values again saves (recording every message, a 157-byte `tools/call` took 16% longer
/// in Node).
#[cfg(feature = "tape-fragments")]
const RECORD_FROM: usize = 1024;

/// Words and numbers kept between documents; a larger tape is dropped at the next one.
const KEEP: usize = 1 << 20;
const FIRST_WORDS: usize = 1024;
const FIRST_NUMBERS: usize = 256;

/// A tape in vectors it owns, grown to fit each document and shrunk back after a large one:
/// what a binding uses when its JS reads the tape from the binding's memory (WASM).
#[derive(Debug)]
pub struct TapeVecs {
    keys: TapeKeys,
    words: Vec<u32>,
    numbers: Vec<f64>,
}

/// What [`TapeVecs::decode`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TapeWrite {
    /// The tape is written; `moved` when the vectors are not where they were after the last
    /// call (views of them must be made again).
    Written {
        /// The vectors moved.
        moved: bool,
        /// The bytes of unescaped text written ([`decode_tape_unescaping`]; 0: none).
        unescaped: usize,
    },
    /// The message is valid but has no tape (see [`TapeStatus::Fallback`]).
    Fallback,
}

impl TapeVecs {
    /// Empty vectors, with `keys`.
    pub fn new(keys: TapeKeys) -> Self {
        TapeVecs {
            keys,
            words: vec![0; FIRST_WORDS],
            numbers: vec![0.0; FIRST_NUMBERS],
        }
    }

    /// Replaces the keys (a realm's reserved names).
    pub fn set_keys(&mut self, keys: TapeKeys) {
        self.keys = keys;
    }

    /// The words (header first) of the last tape written.
    pub fn words(&self) -> &[u32] {
        &self.words
    }

    /// The numbers of the last tape written.
    pub fn numbers(&self) -> &[f64] {
        &self.numbers
    }

    /// [`decode_tape`] into the vectors, growing them when the tape does not fit.
    pub fn decode(&mut self, input: &[u8], limits: Limits) -> Result<TapeWrite> {
        self.decode_unescaping(input, limits, &mut [])
    }

    /// [`decode_tape_unescaping`] into the vectors, growing them when the tape does not fit.
    pub fn decode_unescaping(
        &mut self,
        input: &[u8],
        limits: Limits,
        out: &mut [u8],
    ) -> Result<TapeWrite> {
        let mut moved = false;
        if self.words.len() > KEEP || self.numbers.len() > KEEP {
            self.words = vec![0; FIRST_WORDS];
            self.numbers = vec![0.0; FIRST_NUMBERS];
            moved = true;
        }
        loop {
            let (keys, words, numbers) = (&mut self.keys, &mut self.words, &mut self.numbers);
            match decode_tape_unescaping(input, limits, keys, words, numbers, out)? {
                TapeStatus::Written { unescaped, .. } => {
                    return Ok(TapeWrite::Written { moved, unescaped })
                }
                TapeStatus::Fallback => return Ok(TapeWrite::Fallback),
                TapeStatus::TooSmall { words, numbers } => {
                    // Freed first: growing must not copy the old contents.
                    let (w, n) = (
                        words.max(2 * self.words.len()),
                        numbers.max(self.numbers.len()),
                    );
                    self.words = Vec::new();
                    self.words = vec![0; w];
                    self.numbers = Vec::new();
                    self.numbers = vec![0.0; n];
                    moved = true;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use alloc::format;
    use alloc::string::String;

    fn call(args: &str) -> String {
        format!(
            r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"t","arguments":{args}}}}}"#
        )
    }

    #[test]
    fn vectors_grow_to_fit_say_when_they_moved_and_shrink_after_a_large_tape() {
        let mut t = TapeVecs::new(TapeKeys::new::<&str>(&[]));
        let small = call(r#"{"a":1}"#);
        assert_eq!(
            t.decode(small.as_bytes(), Limits::DEFAULT),
            Ok(TapeWrite::Written {
                moved: false,
                unescaped: 0
            })
        );
        let words = t.words()[0] as usize;
        assert!(words > 2 && words <= t.words().len());

        // 5,000 numbers: more words and numbers than the first vectors hold.
        let list = (0..5000)
            .map(|i| format!("{i}.5"))
            .collect::<alloc::vec::Vec<_>>()
            .join(",");
        let big = call(&format!(r#"{{"n":[{list}]}}"#));
        assert_eq!(
            t.decode(big.as_bytes(), Limits::DEFAULT),
            Ok(TapeWrite::Written {
                moved: true,
                unescaped: 0
            })
        );
        assert_eq!(t.words()[1], 5000);
        assert_eq!(t.numbers()[4999], 4999.5);
        assert_eq!(
            t.decode(big.as_bytes(), Limits::DEFAULT),
            Ok(TapeWrite::Written {
                moved: false,
                unescaped: 0
            })
        );

        // Past KEEP words the next call starts again from the first sizes.
        let huge = call(&format!(r#"{{"n":[{}]}}"#, ["0"; 600_000].join(",")));
        assert_eq!(
            t.decode(huge.as_bytes(), Limits::DEFAULT),
            Ok(TapeWrite::Written {
                moved: true,
                unescaped: 0
            })
        );
        assert!(t.words().len() > KEEP);
        assert_eq!(
            t.decode(small.as_bytes(), Limits::DEFAULT),
            Ok(TapeWrite::Written {
                moved: true,
                unescaped: 0
            })
        );
        assert_eq!(t.words().len(), FIRST_WORDS);
    }

    #[test]
    fn errors_and_fallback_pass_through() {
        let mut t = TapeVecs::new(TapeKeys::new::<&str>(&[]));
        let bad = call(r#"{"a":1,"a":2}"#);
        let want = McpMessage::decode(bad.as_bytes()).unwrap_err();
        assert_eq!(t.decode(bad.as_bytes(), Limits::DEFAULT), Err(want));
        let limits = Limits {
            max_depth: 2000,
            ..Limits::DEFAULT
        };
        let deep = call(&format!(
            r#"{{"d":{}{}}}"#,
            "[".repeat(1200),
            "]".repeat(1200)
        ));
        let deep_result = std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(move || t.decode(deep.as_bytes(), limits))
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(deep_result, Ok(TapeWrite::Fallback));
    }
}
