//! Edges of the reader that the vectors do not reach.

use mcpwire::json::RawJson;
use mcpwire::{ErrorKind, Limits, McpMessage};

fn kind(text: &str) -> Option<ErrorKind> {
    RawJson::parse(text).err().map(|e| e.kind)
}

#[test]
fn numbers_near_the_double_limit() {
    assert_eq!(kind("1.7e308"), None);
    assert_eq!(kind("1.8e308"), Some(ErrorKind::NumberOutOfRange));
    assert_eq!(kind("-1.8e308"), Some(ErrorKind::NumberOutOfRange));
    assert_eq!(kind("0.00001e312"), None);
    assert_eq!(
        kind(&format!("2{}.5", "0".repeat(308))),
        Some(ErrorKind::NumberOutOfRange)
    );
    assert_eq!(kind(&format!("1{}.5", "0".repeat(307))), None);
    assert_eq!(
        kind("1e-400"),
        None,
        "underflow to zero is a value, not an overflow"
    );
    assert_eq!(
        kind("1e99999999999999999999"),
        Some(ErrorKind::NumberOutOfRange)
    );
    // Integers of any length are kept as written.
    assert_eq!(kind(&"9".repeat(400)), None);
}

#[test]
fn duplicate_keys_are_found_past_the_inline_key_stack() {
    let keys: Vec<String> = (0..40).map(|i| format!("\"k{i}\":{i}")).collect();
    let ok = format!("{{{}}}", keys.join(","));
    assert_eq!(kind(&ok), None);
    for dup in ["k3", "k20", "k39"] {
        let bad = format!("{{{},\"{dup}\":0}}", keys.join(","));
        assert_eq!(kind(&bad), Some(ErrorKind::DuplicateKey), "{dup}");
    }
    // Keys of sibling objects do not collide, even when many are open at once.
    let nested = format!("{{\"a\":{ok},\"b\":{ok},\"c\":[{ok},{ok}]}}");
    assert_eq!(kind(&nested), None);
    // ...and a duplicate in an outer object after a large inner one is still found.
    let outer = format!("{{\"a\":{ok},\"b\":1,\"a\":2}}");
    assert_eq!(kind(&outer), Some(ErrorKind::DuplicateKey));
}

#[test]
fn every_duplicate_is_found_whatever_the_keys_look_like() {
    // Keys of many lengths and first/last bytes (the duplicate scan is skipped on a miss of a
    // per-object hash of those), each repeated at every later position, plain and escaped.
    let keys: Vec<String> = (0..70)
        .map(|i| {
            let c = char::from(b'a' + (i % 26) as u8);
            let d = char::from(b'A' + (i * 7 % 26) as u8);
            format!("{c}{}{d}", "_".repeat(i as usize % 9))
        })
        .collect();
    let members: Vec<String> = keys.iter().map(|k| format!("\"{k}\":1")).collect();
    assert_eq!(kind(&format!("{{{}}}", members.join(","))), None);
    for n in [1, 2, 5, 17, 70] {
        for j in 0..n {
            let k = &keys[j];
            let escaped: String = k.chars().map(|c| format!("\\u{:04x}", c as u32)).collect();
            let mixed = format!("{}{}", &escaped[..6], &k[1..]);
            for again in [k.clone(), escaped.clone(), mixed] {
                let bad = format!("{{{},\"{again}\":2}}", members[..n].join(","));
                assert_eq!(kind(&bad), Some(ErrorKind::DuplicateKey), "{bad}");
            }
            // An escaped first occurrence is caught when the plain one follows.
            let mut first = members[..n].to_vec();
            first[j] = format!("\"{escaped}\":1");
            let bad = format!("{{{},\"{k}\":2}}", first.join(","));
            assert_eq!(kind(&bad), Some(ErrorKind::DuplicateKey), "{bad}");
        }
    }
    // The empty key, and keys equal but for a byte in the middle.
    assert_eq!(kind(r#"{"":1,"":2}"#), Some(ErrorKind::DuplicateKey));
    assert_eq!(
        kind(r#"{"axb":1,"ayb":2,"axb":3}"#),
        Some(ErrorKind::DuplicateKey)
    );
    assert_eq!(kind(r#"{"axb":1,"ayb":2}"#), None);
}

#[test]
fn strings_scanned_eight_bytes_at_a_time_stop_at_the_right_byte() {
    for len in 0..40 {
        let body = "x".repeat(len);
        assert_eq!(kind(&format!("\"{body}\"")), None);
        assert_eq!(
            kind(&format!("\"{body}\u{1}\"")),
            Some(ErrorKind::ControlCharacter)
        );
        let e = RawJson::parse(&format!("\"{body}\\q\"")).unwrap_err();
        assert_eq!((e.kind, e.offset), (ErrorKind::InvalidEscape, len + 1));
        assert_eq!(kind(&format!("\"{body}é\u{7f}\u{80}\"")), None);
        assert_eq!(kind(&format!("\"{body}")), Some(ErrorKind::UnexpectedEnd));
    }
}

#[test]
fn nesting_is_bounded_by_the_limit_not_the_stack() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let e = RawJson::parse(&deep).unwrap_err();
    assert_eq!((e.kind, e.offset), (ErrorKind::TooDeep, 128));
    // Objects too: the offset is that of the `{` one level too deep (each level is `{"a":`).
    // A depth of 50 keeps the open keys within the no-alloc build's stack of 96.
    let deep = format!("{}1{}", "{\"a\":".repeat(1_000), "}".repeat(1_000));
    let shallow = Limits {
        max_depth: 50,
        ..Limits::DEFAULT
    };
    let e = RawJson::parse_with(&deep, shallow).unwrap_err();
    assert_eq!((e.kind, e.offset), (ErrorKind::TooDeep, 50 * 5));
    let msg = format!(
        r#"{{"jsonrpc":"2.0","method":"x","params":{{"a":{}1{}}}}}"#,
        "[".repeat(200),
        "]".repeat(200)
    );
    let limits = Limits {
        max_depth: 256,
        ..Limits::DEFAULT
    };
    assert!(McpMessage::decode_with(msg.as_bytes(), limits, None).is_ok());
    assert_eq!(
        McpMessage::decode(msg.as_bytes()).unwrap_err().kind,
        ErrorKind::TooDeep
    );
}

/// A message nested to the default depth limit is read, written, classified and taped in a
/// thread of 2 MiB (a spawned thread's and a test's default) by every build, the unoptimized
/// one included: its frames are the large ones (the skip loops' and the tape's inlined
/// helpers are only inlined when optimizing).
#[test]
fn the_depth_limit_fits_a_threads_stack_without_optimization() {
    let run = || {
        // Without `alloc` the open keys are bounded too (`NO_ALLOC_KEYS`: the envelope's
        // three, the params' one, one a level), so objects alone nest less deep there.
        #[cfg(feature = "alloc")]
        let objects = (126, Some(ErrorKind::TooDeep));
        #[cfg(not(feature = "alloc"))]
        let objects = (mcpwire::json::reader::NO_ALLOC_KEYS - 4, None);
        for (open, close, levels, past) in [
            ("{\"a\":", "}", objects.0, objects.1),
            ("[", "]", 126, Some(ErrorKind::TooDeep)),
            ("[{\"a\":", "}]", 63, Some(ErrorKind::TooDeep)),
        ] {
            let nested = |levels: usize| {
                format!(
                    r#"{{"jsonrpc":"2.0","method":"x","params":{{"a":{}1{}}}}}"#,
                    open.repeat(levels),
                    close.repeat(levels)
                )
            };
            let (msg, deeper) = (nested(levels), nested(levels + 1));
            let b = msg.as_bytes();
            // At the limit: one level more is past it.
            if let Some(past) = past {
                let e = McpMessage::decode(deeper.as_bytes()).unwrap_err();
                assert_eq!(e.kind, past);
            }
            McpMessage::decode(b).unwrap();
            RawJson::parse(&msg).unwrap();
            #[cfg(feature = "alloc")]
            alloc_paths(b);
        }
    };
    let t = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(run)
        .unwrap();
    t.join().unwrap();
}

/// The allocating paths of the test above: values, encoding, the report, the tape.
#[cfg(feature = "alloc")]
fn alloc_paths(b: &[u8]) {
    use mcpwire::api;
    let v = api::decode_value(b, Limits::DEFAULT).unwrap();
    api::encode_value(&v, Limits::DEFAULT).unwrap();
    api::canonicalize(b, Limits::DEFAULT).unwrap();
    let c = api::classify_value(b, Limits::DEFAULT);
    let no_error = matches!(c.get("error"), None | Some(mcpwire::json::Value::Null));
    assert!(no_error, "{c:?}");
    let mut keys = mcpwire::js::TapeKeys::new::<&str>(&[]);
    let (mut w, mut f) = (vec![0u32; 4096], vec![0f64; 64]);
    mcpwire::js::decode_tape(b, Limits::DEFAULT, &mut keys, &mut w, &mut f).unwrap();
}

#[test]
fn incomplete_input_is_reported_as_such() {
    let full = br#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a\u00e9","arguments":{"x":[1,2.5,true,null]}}}"#;
    for cut in 1..full.len() {
        let e = McpMessage::decode(&full[..cut]).unwrap_err();
        assert!(e.kind.is_incomplete(), "cut at {cut}: {:?}", e);
    }
    assert!(McpMessage::decode(full).is_ok());
}

#[test]
fn numbers_of_every_length_end_at_the_right_byte() {
    // Digits are skipped eight at a time; the first non-digit must end them wherever it is.
    for len in 1..40 {
        let digits: String = (0..len).map(|k| char::from(b'1' + (k % 9) as u8)).collect();
        for form in [
            format!("[{digits}]"),
            format!("[{digits},{digits}]"),
            format!("{{\"n\":{digits}}}"),
            format!("{digits}.{digits}"),
            format!("-{digits}e-{digits}"),
            format!("{digits}E+1 "),
            format!("0.{digits}"),
            digits.clone(),
        ] {
            assert_eq!(kind(&form), None, "{form}");
        }
        for (bad, want) in [
            (format!("{digits}x"), ErrorKind::TrailingBytes),
            (format!("[{digits}:]"), ErrorKind::UnexpectedByte),
            (format!("{digits}."), ErrorKind::UnexpectedEnd),
            (format!("{digits}.x"), ErrorKind::InvalidNumber),
            (format!("0{digits}"), ErrorKind::InvalidNumber),
            (format!("{digits}e"), ErrorKind::UnexpectedEnd),
        ] {
            assert_eq!(kind(&bad), Some(want), "{bad}");
        }
        let e = RawJson::parse(&format!("[{digits}/]")).unwrap_err();
        assert_eq!(e.offset, len + 1, "{digits}");
    }
}

#[test]
fn invalid_utf8_is_reported_at_its_first_bad_byte_anywhere_in_a_long_input() {
    let body = "é—x".repeat(60);
    for at in [0, 1, 17, 63, 64, 65, 130, 200] {
        for bad in [
            &[0xff][..],
            &[0xc3],
            &[0xe2, 0x80],
            &[0xed, 0xa0, 0x80],
            &[0xc0, 0x80],
        ] {
            let mut text = format!("\"{}", &body[..body.floor_char_boundary(at)]).into_bytes();
            let offset = text.len();
            text.extend_from_slice(bad);
            text.extend_from_slice(b"tail\"");
            let e = McpMessage::decode(&text).unwrap_err();
            assert_eq!(
                (e.kind, e.offset),
                (ErrorKind::InvalidUtf8, offset),
                "{at} {bad:?}"
            );
        }
    }
}

#[test]
fn booleans_read_in_place_or_after_whitespace_and_their_faults_where_they_are() {
    use mcpwire::json::Reader;
    let read = |text: &str| {
        let mut r = Reader::new(text.as_bytes(), Limits::DEFAULT)?;
        let b = r.read_bool("flag")?;
        r.finish().map(|()| b)
    };
    assert_eq!(read("true"), Ok(true));
    assert_eq!(read("false"), Ok(false));
    assert_eq!(read(" \n\ttrue "), Ok(true));
    assert_eq!(read("  false"), Ok(false));
    for (text, fault, offset) in [
        ("tru", ErrorKind::UnexpectedEnd, 3),
        ("trux", ErrorKind::UnexpectedByte, 3),
        (" fals", ErrorKind::UnexpectedEnd, 5),
        ("fxlse", ErrorKind::UnexpectedByte, 1),
        ("truee", ErrorKind::TrailingBytes, 4),
        ("1", ErrorKind::WrongType, 0),
        ("  null", ErrorKind::WrongType, 2),
    ] {
        let e = read(text).unwrap_err();
        assert_eq!((e.kind, e.offset), (fault, offset), "{text:?}");
    }
}
