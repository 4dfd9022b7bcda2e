//! The JS constants of the tape's tags (core's `js`) and of the decode statuses
//! ([`crate::status`]), as `bindings-node/js/tape_names.js` holds them: `js/build.mjs` puts
//! their numbers in place of the names in `tape.js`, `rows*.js` and `decode.*.js`. The test
//! `tape_names` fails when the committed file is not this text (and rewrites it when
//! `MCPWIRE_WRITE_TAPE_NAMES=1`).

use crate::status::{STATUSES, STATUS_BITS};
use alloc::format;
use alloc::string::String;
use core::fmt::Write;
use mcpwire::js::{HEADER_WORDS, KEY_INDEX_SHIFT, TAPE_TAGS};

/// The text of `tape_names.js`.
pub fn tape_names_js() -> String {
    let mut js = String::from(
        "// Written by `MCPWIRE_WRITE_TAPE_NAMES=1 cargo test -p mcpwire-js --test tape_names` from\n\
         // core's js module (the tags) and bindings-js's status.rs (the decode statuses): edit\n\
         // those, not this. js/build.mjs puts these numbers in place of the names when it builds\n\
         // an entry (V8 makes a switch over literals a jump table).\n\n\
         // The tape's tags.\n",
    );
    for (name, value) in TAPE_TAGS {
        line(&mut js, &format!("TAG_{name}"), value);
    }
    js.push_str("// A key word: the key's index above KEY_INDEX_SHIFT bits, the tag in them.\n");
    line(&mut js, "KEY_INDEX_SHIFT", KEY_INDEX_SHIFT);
    line(&mut js, "KEY_TAG_MASK", (1 << KEY_INDEX_SHIFT) - 1);
    js.push_str(
        "// Words of the header (the words and numbers the tape needs) before the value.\n",
    );
    line(&mut js, "HEADER_WORDS", HEADER_WORDS);
    js.push_str(
        "\n// The status word of a native decode: the status in its low STATUS_BITS bits, the\n\
         // length of the unescaped text above them (WASM bytes).\n",
    );
    for (name, value) in STATUSES {
        line(&mut js, &format!("STATUS_{name}"), value);
    }
    line(&mut js, "STATUS_BITS", STATUS_BITS);
    line(&mut js, "STATUS_MASK", (1 << STATUS_BITS) - 1);
    js
}

fn line(js: &mut String, name: &str, value: u32) {
    let _ = writeln!(js, "const {name} = {value}");
}
