//! Any bytes: decoding never panics; whatever decodes re-encodes to bytes that decode to an
//! equal message, and the encoding is a fixed point; the check report is always valid JSON;
//! the tape of a valid message (too small buffers first) is written without a panic and says
//! what it needs; with its unescaped text, that text is UTF-8 and the tape as long.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcpwire::js::{TapeKeys, TapeStatus};
use mcpwire::json::Value;
use mcpwire::{encode_to_vec, Limits, McpMessage, Report};

fn keys() -> TapeKeys {
    TapeKeys::new(&[
        "__proto__",
        "toString",
        "constructor",
        "propertyIsEnumerable",
    ])
}

/// A valid message's tape: too small buffers say what it needs, and that is enough.
fn tape(data: &[u8], limits: Limits) {
    let mut keys = keys();
    let status = mcpwire::js::decode_tape(data, limits, &mut keys, &mut [0; 4], &mut [0.0; 1])
        .expect("a valid message");
    let (words, numbers) = match status {
        TapeStatus::TooSmall { words, numbers } => (words, numbers),
        TapeStatus::Written { .. } | TapeStatus::Fallback => return,
    };
    let mut w = vec![0; words];
    let mut f = vec![0.0; numbers];
    let status = mcpwire::js::decode_tape(data, limits, &mut keys, &mut w, &mut f);
    let ascii = data.is_ascii();
    assert_eq!(
        status,
        Ok(TapeStatus::Written {
            ascii,
            unescaped: 0
        })
    );
    assert_eq!((w[0] as usize, w[1] as usize), (words, numbers));

    let mut out = vec![0xFF; data.len()];
    let status =
        mcpwire::js::decode_tape_unescaping(data, limits, &mut keys, &mut w, &mut f, &mut out);
    let Ok(TapeStatus::Written { ascii, unescaped }) = status else {
        panic!("{status:?}");
    };
    assert_eq!((w[0] as usize, w[1] as usize), (words, numbers));
    if unescaped > 0 {
        assert!(unescaped < data.len());
        let text = std::str::from_utf8(&out[..unescaped]).expect("unescaped text in UTF-8");
        assert_eq!(ascii, text.is_ascii());
    }
}

fuzz_target!(|data: &[u8]| {
    let limits = Limits {
        max_depth: 64,
        ..Limits::DEFAULT
    };
    let mut report = Vec::new();
    Report::of(data, limits, None).write_json(&mut report, Some(1));
    assert!(Value::parse(&report, Limits::DEFAULT).is_ok());
    if let Ok(msg) = McpMessage::decode_with(data, limits, None) {
        let encoded = encode_to_vec(&msg);
        let again = McpMessage::decode_with(&encoded, Limits::DEFAULT, None)
            .expect("canonical output decodes");
        assert_eq!(again, msg);
        assert_eq!(encode_to_vec(&again), encoded);
        // The value-level path agrees with the typed one.
        let value = Value::parse(data, limits).expect("a valid message is valid JSON");
        let via_value = mcpwire::api::encode_value(&value, Limits::DEFAULT).expect("same rules");
        assert_eq!(via_value, encoded);
        tape(data, limits);
    }
    let _ = mcpwire::js::decode_tape(data, limits, &mut keys(), &mut [0; 8], &mut [0.0; 2]);
});
