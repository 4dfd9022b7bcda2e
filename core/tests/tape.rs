//! The tape JS builds its values from (`js`, `js::decode_tape`): read back here the
//! way `bindings-node/js/tape.js` reads it (UTF-16 slices, escaped strings parsed, numbers as
//! doubles, keys by index), it must give what a strict parse of the same text gives.

mod common;
#[path = "common/vectors.rs"]
#[allow(dead_code)]
mod vectors;

use common::Style;
use mcpwire::js::{self as tape, TapeKeys, TapeStatus, KNOWN_KEYS, TAPE_SHAPES};
use mcpwire::json::Value;
use mcpwire::Limits;
use proptest::prelude::*;
use vectors::{limits_of, vectors};

const RESERVED: [&str; 3] = ["__proto__", "toString", "constructor"];

thread_local! {
    /// One key table per set of reserved names for all the documents of a test, as a binding
    /// keeps one.
    static KEYS: std::cell::RefCell<Vec<(Vec<String>, TapeKeys)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `f` with the key table of `reserved`.
fn with_keys<T>(reserved: &[&str], f: impl FnOnce(&mut TapeKeys) -> T) -> T {
    KEYS.with_borrow_mut(|all| {
        let names: Vec<String> = reserved.iter().map(|r| r.to_string()).collect();
        let at = match all.iter().position(|(n, _)| *n == names) {
            Some(at) => at,
            None => {
                all.push((names, TapeKeys::new(reserved)));
                all.len() - 1
            }
        };
        f(&mut all[at].1)
    })
}

fn decode_tape(
    input: &[u8],
    limits: Limits,
    reserved: &[&str],
    words: &mut [u32],
    numbers: &mut [f64],
) -> Result<TapeStatus, mcpwire::DecodeError> {
    with_keys(reserved, |keys| {
        mcpwire::js::decode_tape(input, limits, keys, words, numbers)
    })
}

/// `js::decode_tape_unescaping` of `input` with room for the unescaped text: the status, and
/// the text the tape slices (the unescaped text, or the input when it says none).
fn decode_tape_unescaping(
    input: &[u8],
    limits: Limits,
    reserved: &[&str],
    words: &mut [u32],
    numbers: &mut [f64],
) -> (Result<TapeStatus, mcpwire::DecodeError>, Vec<u8>) {
    let mut out = vec![0xFF; input.len()];
    let status = with_keys(reserved, |keys| {
        mcpwire::js::decode_tape_unescaping(input, limits, keys, words, numbers, &mut out)
    });
    let text = match status {
        Ok(TapeStatus::Written { unescaped, .. }) if unescaped > 0 => out[..unescaped].to_vec(),
        _ => input.to_vec(),
    };
    (status, text)
}

/// A JS value as JSON.parse makes it (numbers compared bit for bit, so -0 is not 0).
#[derive(Debug)]
enum Js {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Js>),
    /// Members in order, and whether each was marked to be defined (not assigned).
    Obj(Vec<(String, Js, bool)>),
}

impl PartialEq for Js {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Js::Null, Js::Null) => true,
            (Js::Bool(a), Js::Bool(b)) => a == b,
            (Js::Num(a), Js::Num(b)) => a.to_bits() == b.to_bits(),
            (Js::Str(a), Js::Str(b)) => a == b,
            (Js::Arr(a), Js::Arr(b)) => a == b,
            (Js::Obj(a), Js::Obj(b)) => a == b,
            _ => false,
        }
    }
}

/// The reference: the strict parse, numbers converted by Rust's correctly rounded parser;
/// reserved names (and only they) are marked to be defined.
fn reference(v: &Value, reserved: &[&str]) -> Js {
    match v {
        Value::Null => Js::Null,
        Value::Bool(b) => Js::Bool(*b),
        Value::Number(t) => Js::Num(t.parse().unwrap()),
        Value::String(s) => Js::Str(s.clone()),
        Value::Array(items) => Js::Arr(items.iter().map(|v| reference(v, reserved)).collect()),
        Value::Object(m) => Js::Obj(
            m.iter()
                .map(|(k, v)| {
                    let define = reserved.contains(&k.as_str());
                    (k.clone(), reference(v, reserved), define)
                })
                .collect(),
        ),
    }
}

/// Reads a tape as tape.js does.
struct TapeReader<'t> {
    w: &'t [u32],
    f: &'t [f64],
    p: usize,
    q: usize,
    units: Vec<u16>,
    /// The known keys, then the document's own.
    keys: Vec<String>,
    reserved: &'t [&'t str],
    /// How many keys were written whole past the table, and the highest index named.
    once: usize,
    highest_again: Option<u32>,
    /// The shapes of the objects written as shaped, in tape order.
    shaped: Vec<u32>,
    /// How many string values were written as ESCAPED.
    escaped_values: usize,
}

impl TapeReader<'_> {
    fn next(&mut self) -> u32 {
        self.p += 1;
        self.w[self.p - 1]
    }

    fn slice(&mut self) -> (usize, usize) {
        (self.next() as usize, self.next() as usize)
    }

    fn string(&mut self) -> String {
        let (a, b) = self.slice();
        String::from_utf16(&self.units[a..b]).unwrap()
    }

    /// JSON.parse of the source with its quotes.
    fn escaped(&mut self) -> String {
        let (a, b) = self.slice();
        let text = String::from_utf16(&self.units[a - 1..b + 1]).unwrap();
        match Value::parse(text.as_bytes(), Limits::DEFAULT).unwrap() {
            Value::String(s) => s,
            other => panic!("escaped string read as {other:?}"),
        }
    }

    fn value(&mut self) -> Js {
        match self.next() {
            tape::NULL => Js::Null,
            tape::TRUE => Js::Bool(true),
            tape::FALSE => Js::Bool(false),
            tape::NUMBER => {
                self.q += 1;
                Js::Num(self.f[self.q - 1])
            }
            tape::INTEGER => Js::Num(f64::from(self.next() as i32)),
            tape::STRING => Js::Str(self.string()),
            tape::ESCAPED => {
                self.escaped_values += 1;
                Js::Str(self.escaped())
            }
            tape::ARRAY => {
                let n = self.next();
                Js::Arr((0..n).map(|_| self.value()).collect())
            }
            // As tape.js does: an object literal of the shape's keys, each key word passed over
            // (here checked to name that key by index).
            tape::SHAPED => {
                let s = self.next();
                self.shaped.push(s);
                let members = TAPE_SHAPES[s as usize]
                    .iter()
                    .map(|&k| {
                        let w = self.next();
                        assert_eq!(w & 15, tape::KEY_AGAIN, "shaped key {k}");
                        assert_eq!(KNOWN_KEYS[(w >> 4) as usize], k, "shape {s}");
                        (k.to_string(), self.value(), false)
                    })
                    .collect();
                Js::Obj(members)
            }
            tape::OBJECT => {
                let n = self.next();
                let members = (0..n)
                    .map(|_| {
                        let w = self.next();
                        let (k, define) = match w & 15 {
                            tape::KEY_AGAIN => {
                                let i = w >> 4;
                                if i as usize >= KNOWN_KEYS.len() {
                                    self.highest_again = self.highest_again.max(Some(i));
                                }
                                let k = self.keys[i as usize].clone();
                                let define = self.reserved.contains(&k.as_str());
                                assert!(!define, "reserved key {k} named by index");
                                (k, false)
                            }
                            tape::KEY => {
                                let k = self.string();
                                self.keys.push(k.clone());
                                (k, false)
                            }
                            tape::KEY_ONCE => {
                                self.once += 1;
                                (self.string(), false)
                            }
                            tape::KEY_ESCAPED => {
                                let k = self.escaped();
                                let define = self.reserved.contains(&k.as_str());
                                (k, define)
                            }
                            tape::KEY_DEFINE => (self.string(), true),
                            other => panic!("not a key tag: {other}"),
                        };
                        (k, self.value(), define)
                    })
                    .collect();
                Js::Obj(members)
            }
            other => panic!("not a value tag: {other}"),
        }
    }
}

/// Writes the tape of `input` with room to spare and checks it against the reference: the
/// same value, and a header that counts exactly what was read. Returns (keys written whole
/// past the table, highest key index named).
fn check(input: &str, limits: Limits) -> (usize, Option<u32>) {
    let r = check_with(input, limits, &RESERVED);
    (r.once, r.highest_again)
}

/// The shapes `input`'s tape gives its objects (after [`check_with`]'s checks).
fn shapes(input: &str, reserved: &[&str]) -> Vec<Option<&'static [&'static str]>> {
    let r = check_with(input, Limits::DEFAULT, reserved);
    let shaped = r
        .shaped
        .iter()
        .map(|&s| TAPE_SHAPES.get(s as usize).copied());
    shaped.collect()
}

/// What reading a tape back found beside its value.
struct Read {
    once: usize,
    highest_again: Option<u32>,
    shaped: Vec<u32>,
    escaped_values: usize,
}

/// Checks the tape of `input` (with room to spare) against its strict parse, written from the
/// text as it is and from the unescaped text; and again with whitespace after it, long enough
/// that the checks write the values they skip as tape fragments (`js::decode_tape`).
fn check_with(input: &str, limits: Limits, reserved: &[&str]) -> Read {
    let long = format!("{input}{:1024}", "");
    check_one(&long, limits, reserved);
    check_one(input, limits, reserved)
}

fn check_one(input: &str, limits: Limits, reserved: &[&str]) -> Read {
    let mut w = vec![0u32; 2 * input.len() + 16];
    let mut f = vec![0f64; input.len() + 1];
    let want = reference(&Value::parse(input.as_bytes(), limits).unwrap(), reserved);
    let status = decode_tape(input.as_bytes(), limits, reserved, &mut w, &mut f)
        .unwrap_or_else(|e| panic!("{input}: {e}"));
    let read = read_back(input, status, &w, &f, reserved, &want);

    w.fill(0);
    let (status, text) = decode_tape_unescaping(input.as_bytes(), limits, reserved, &mut w, &mut f);
    let status = status.unwrap_or_else(|e| panic!("{input}: {e}"));
    let text = String::from_utf8(text).expect("unescaped text in UTF-8");
    let unescaped = read_back(&text, status, &w, &f, reserved, &want);
    assert_eq!(unescaped.escaped_values, 0, "ESCAPED left in {input}");
    // Unescaped text exactly when a value had escapes.
    let written = matches!(status, TapeStatus::Written { unescaped, .. } if unescaped > 0);
    assert_eq!(written, read.escaped_values > 0, "{input}");
    read
}

/// Reads the tape in `w` and `f` back with `text` as the message text: it must give `want`,
/// and a header that counts exactly what was read.
fn read_back(
    text: &str,
    status: TapeStatus,
    w: &[u32],
    f: &[f64],
    reserved: &[&str],
    want: &Js,
) -> Read {
    let TapeStatus::Written { ascii, .. } = status else {
        panic!("{status:?}: {text}");
    };
    assert_eq!(ascii, text.is_ascii(), "{text}");
    let mut r = TapeReader {
        w,
        f,
        p: 2,
        q: 0,
        units: text.encode_utf16().collect(),
        keys: KNOWN_KEYS.iter().map(|k| k.to_string()).collect(),
        reserved,
        once: 0,
        highest_again: None,
        shaped: Vec::new(),
        escaped_values: 0,
    };
    let got = r.value();
    assert_eq!(&got, want, "{text}");
    assert_eq!(
        (r.p, r.q),
        (w[0] as usize, w[1] as usize),
        "header of {text}"
    );
    Read {
        once: r.once,
        highest_again: r.highest_again,
        shaped: r.shaped,
        escaped_values: r.escaped_values,
    }
}

fn call(args: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"t","arguments":{args}}}}}"#
    )
}

#[test]
fn every_valid_vector_reads_back_as_its_strict_parse() {
    let cases = vectors("valid.json");
    assert!(cases.len() > 20);
    for case in &cases {
        check(case["input"].as_str().unwrap(), limits_of(case));
    }
}

#[test]
fn strings_and_keys_after_wide_characters_slice_at_their_utf16_offsets() {
    for args in [
        r#"{"é":"é","日本":"語","😀":"😀x","k":"after 😀 and é"}"#,
        r#"{"a":"\u00e9\ud83d\ude00","b\u0301":"\n\t\"\\\/","c":"😀\n😀","d":""}"#,
        r#"{"s":["𝄞","ü","x"],"t":{"𝄞":"ü"},"":"empty key"}"#,
    ] {
        check(&call(args), Limits::DEFAULT);
    }
}

#[test]
fn numbers_are_the_nearest_double_as_json_parse_gives() {
    let numbers = [
        "0",
        "-0",
        "-0.0",
        "0.1",
        "0.30000000000000004",
        "1E2",
        "1e+2",
        "1.5e-7",
        "5e-324",
        "2.2250738585072014e-308",
        "1.7976931348623157e308",
        "-1.7976931348623157e308",
        "9007199254740993",
        "123456789012345678901234567890",
        "0.1234567890123456789012345",
        "999999999999999",
        "9999999999999999",
        "1.000000000000000000000000000001",
        "12345.678901234567",
        "-42",
        "3.14159",
        "6.5778491027943236",
        "2459.1412591756259",
        "-6336830840615796.5",
        "999999999",
        "-999999999",
        "1000000000",
        "-1000000000",
        "2147483647",
        "-2147483648",
        "4294967295",
        "-4294967296",
        "-7",
    ];
    let args = numbers
        .iter()
        .enumerate()
        .map(|(i, n)| format!(r#""n{i}":{n}"#))
        .collect::<Vec<_>>()
        .join(",");
    check(
        &call(&format!("{{{args},\"all\":[{}]}}", numbers.join(","))),
        Limits::DEFAULT,
    );
}

#[test]
fn reserved_names_are_marked_to_be_defined_however_spelled() {
    let args = r#"{"__proto__":{"toString":1},"constructor":[{"__proto__":null}],"x":{"\u005f_proto__":2},"toStrinG":3,"valueOf":4}"#;
    check(&call(args), Limits::DEFAULT);
    // With no reserved names nothing is marked; with others, those.
    check_with(&call(args), Limits::DEFAULT, &[]);
    check_with(&call(args), Limits::DEFAULT, &["valueOf", "x"]);
    // A known key can be reserved too (a realm whose Object.prototype has `name`).
    check_with(&call(args), Limits::DEFAULT, &["name", "arguments", "id"]);
}

#[test]
fn keys_past_the_table_are_written_whole_and_earlier_ones_still_by_index() {
    // 300 distinct keys fill the table (128); each object repeats them, so later objects
    // name the first 128 by index and the rest in full every time.
    let obj = (0..300)
        .map(|i| format!(r#""key{i}":{i}"#))
        .collect::<Vec<_>>()
        .join(",");
    let input = call(&format!("{{\"rows\":[{{{obj}}},{{{obj}}},{{{obj}}}]}}"));
    // Of the table's 256 places the known keys hold 60 and the 3 reserved names 3; "rows"
    // takes one (index 60): 192 of the row keys get an index (61 to 252).
    let (once, highest) = check(&input, Limits::DEFAULT);
    assert_eq!(once, 3 * (300 - 192));
    assert_eq!(highest, Some(252));
}

#[test]
fn keys_in_the_place_of_an_earlier_key_read_back_as_themselves() {
    // The writer guesses a key from the one last found at the same place (member position
    // and depth): sibling objects here put, at each place, keys that differ from the one
    // before only in their last 8 bytes, their first 8, their length (9 and 10 `a`s have
    // the same first and last 8 bytes), between those (past 16 bytes), or not at all; known
    // keys among them.
    let keys = [
        "abcdefgh1",
        "abcdefgh2",
        "xbcdefgh2",
        "aaaaaaaaa",
        "aaaaaaaaaa",
        "id",
        "ie",
        "name",
        "a_key_longer_than_16",
        "a_key_loNGER_than_16",
        "a_key_longer_than_17",
        "b_key_longer_than_17",
        "sixteen_bytes_ab",
        "sixteen_bytes_ac",
    ];
    let row = |r: usize| {
        let members: Vec<String> = (0..keys.len())
            .map(|j| {
                format!(
                    r#""{}":{{"{}":{j}}}"#,
                    keys[(r + j) % keys.len()],
                    keys[(r * 7 + j) % keys.len()]
                )
            })
            .collect();
        format!("{{{}}}", members.join(","))
    };
    let rows: Vec<String> = (0..3 * keys.len()).map(row).collect();
    let input = call(&format!(r#"{{"rows":[{}]}}"#, rows.join(",")));
    // Twice: the second document's keys are new to it, whatever the first one left.
    check(&input, Limits::DEFAULT);
    check(&input, Limits::DEFAULT);
    check(&call(r#"{"aaaaaaaaaa":1,"abcdefgh1":2}"#), Limits::DEFAULT);
}

/// Keys a message's typed objects do not know (read by the checks, written by the tape
/// writer) around values the checks skip (written by the checks as fragments, whose new keys
/// they number): each key read back as itself, the repeated ones by index.
#[test]
fn unknown_keys_of_typed_objects_around_skipped_values_read_back_as_themselves() {
    let params = r#"{"name":"t","zz":1,"yy":{"a":0,"zz":[1]},"arguments":{"a":1,"zz":2,"x":{"a":2,"zz":3,"yy":4}},"ww":{"a":5,"ww":6}}"#;
    let input = format!(r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{params}}}"#);
    let (_, highest) = check(&input, Limits::DEFAULT);
    assert!(
        highest.is_some_and(|k| k >= KNOWN_KEYS.len() as u32),
        "{highest:?}"
    );
    let result = r#"{"jsonrpc":"2.0","id":2,"result":{"content":[],"zz":{"a":1},"structuredContent":{"zz":[{"a":2,"zz":3}],"a":4},"yy":{"zz":5}}}"#;
    check(result, Limits::DEFAULT);
    // inputSchema, whose "type" the checks read as they record it, spelled with escapes.
    let tools = r#"{"jsonrpc":"2.0","id":3,"result":{"tools":[{"name":"a","inputSchema":{"properties":{"x":{"type":"string"}},"\u0074ype":"obj\u0065ct"}},{"name":"b","inputSchema":{"type":"object","zz":{"type":1}}}]}}"#;
    check(tools, Limits::DEFAULT);
}

#[test]
fn whitespace_anywhere_and_empty_containers() {
    let input = " {\n \"jsonrpc\" : \"2.0\" ,\t\"id\" :7 , \"method\":\"tools/call\",\r\n \"params\" : { \"name\" : \"t\" , \"arguments\" : { \"a\" : [ ] , \"b\" : { } , \"c\" : [ 1 , [ true , false , null ] , { \"d\" : \"\" } ] } } } \n";
    check(input, Limits::DEFAULT);
}

#[test]
fn too_small_buffers_say_what_the_tape_needs() {
    let input = call(r#"{"a":[1,2.5,"x"],"b":{"a":3}}"#);
    let mut w = vec![0u32; 4 * input.len()];
    let mut f = vec![0f64; input.len()];
    decode_tape(input.as_bytes(), Limits::DEFAULT, &RESERVED, &mut w, &mut f).unwrap();
    let (words, numbers) = (w[0] as usize, w[1] as usize);
    let full = w[..words].to_vec();
    for (nw, nf) in [(0, 0), (2, 0), (words - 1, numbers), (words, numbers - 1)] {
        let mut w = vec![0u32; nw];
        let mut f = vec![0f64; nf];
        let status = decode_tape(input.as_bytes(), Limits::DEFAULT, &RESERVED, &mut w, &mut f);
        assert_eq!(
            status,
            Ok(TapeStatus::TooSmall { words, numbers }),
            "{nw} {nf}"
        );
        if nw >= 2 {
            assert_eq!((w[0] as usize, w[1] as usize), (words, numbers));
        }
    }
    let mut w = vec![0u32; words];
    let mut f = vec![0f64; numbers];
    let status = decode_tape(input.as_bytes(), Limits::DEFAULT, &RESERVED, &mut w, &mut f);
    let ascii = input.is_ascii();
    assert_eq!(
        status,
        Ok(TapeStatus::Written {
            ascii,
            unescaped: 0
        })
    );
    assert_eq!(w, full);
}

#[test]
fn nesting_past_the_tape_depth_is_left_to_json_parse() {
    // Unoptimised frames of the checks' recursion need more than a test thread's 2 MiB here.
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(deep_nesting)
        .unwrap()
        .join()
        .unwrap();
}

fn deep_nesting() {
    let limits = Limits {
        max_depth: 5000,
        ..Limits::DEFAULT
    };
    let deep = |n: usize| call(&format!("{{\"d\":{}{}}}", "[".repeat(n), "]".repeat(n)));
    let mut w = vec![0u32; 20000];
    let mut f = vec![0f64; 16];
    // The message's own levels (envelope, params, arguments) count too: 3 + 997 fits.
    let fits = deep(tape::MAX_TAPE_DEPTH as usize - 3);
    check(&fits, limits);
    let too_deep = deep(tape::MAX_TAPE_DEPTH as usize - 2);
    let status = decode_tape(too_deep.as_bytes(), limits, &RESERVED, &mut w, &mut f);
    assert_eq!(status, Ok(TapeStatus::Fallback));
}

#[test]
fn invalid_messages_fail_as_decode_does() {
    let mut w = vec![0u32; 64];
    let mut f = vec![0f64; 8];
    for input in [
        call(r#"{"a":1,"a":2}"#),
        call(r#"{"a":01}"#),
        call(r#"{"a":"x"}"#) + " x",
        r#"{"jsonrpc":"2.1","id":1,"method":"tools/list"}"#.to_string(),
    ] {
        let want = mcpwire::McpMessage::decode(input.as_bytes()).unwrap_err();
        let got = decode_tape(input.as_bytes(), Limits::DEFAULT, &RESERVED, &mut w, &mut f);
        assert_eq!(got, Err(want), "{input}");
    }
}

/// Any JSON value, as serde_json writes it.
fn arb_json() -> impl Strategy<Value = serde_json::Value> {
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::Bool),
        any::<i64>().prop_map(|i| i.into()),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| f.into()),
        common::arb_text().prop_map(serde_json::Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::Array),
            prop::collection::vec((common::arb_text(), inner), 0..6)
                .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Objects of distinct keys drawn from the shapes' own (so that many are shaped and many are
/// one key off), nested, with scalars between.
fn arb_shape_keyed() -> impl Strategy<Value = serde_json::Value> {
    let mut pool: Vec<&str> = TAPE_SHAPES.iter().flat_map(|s| s.iter().copied()).collect();
    pool.sort_unstable();
    pool.dedup();
    let leaf = prop_oneof![
        Just(serde_json::json!(1)),
        Just(serde_json::json!("s")),
        Just(serde_json::json!(null))
    ];
    leaf.prop_recursive(4, 48, 6, move |inner| {
        let shaped = proptest::sample::select(TAPE_SHAPES.to_vec());
        let pool = pool.clone();
        prop_oneof![
            // a shape's keys, perhaps with one dropped, or one added at the end or the front
            (
                shaped,
                proptest::collection::vec(inner.clone(), 6),
                0..4usize,
                proptest::sample::select(pool)
            )
                .prop_map(|(keys, vals, edit, extra)| {
                    let mut keys: Vec<&str> = keys.to_vec();
                    match edit {
                        1 if keys.len() > 1 => drop(keys.pop()),
                        2 if !keys.contains(&extra) => keys.push(extra),
                        3 if !keys.contains(&extra) => keys.insert(0, extra),
                        _ => {}
                    }
                    let members = keys.iter().zip(vals.into_iter().cycle());
                    serde_json::Value::Object(members.map(|(k, v)| (k.to_string(), v)).collect())
                }),
            proptest::collection::vec(inner, 0..4).prop_map(serde_json::Value::Array),
        ]
    })
}

/// Strings with every escape (each spelled every way), wide characters before, inside and
/// after them, and escaped keys: unescaped, each reads back from the unescaped text,
/// and so does what follows it.
#[test]
fn unescaped_strings_slice_the_unescaped_text() {
    let chars = "\"\\/\u{8}\u{c}\n\r\t\u{0}\u{1f}a\u{7f}\u{80}é\u{7ff}\u{800}—\u{ffff}😀\u{10ffff}";
    let mut values = Vec::new();
    for styles in [
        [Style::Short],
        [Style::LowerHex],
        [Style::UpperHex],
        [Style::Literal],
    ] {
        let spelled = common::spell(chars, &styles);
        values.push(format!(r#""{spelled}""#));
        values.push(format!(r#""é{spelled}😀""#));
        values.push(format!(
            r#"{{"k\u00e9{}":"{spelled}","after":"日本 x"}}"#,
            values.len()
        ));
    }
    let input = call(&format!(r#"{{"v":[{}],"last":"😀 é"}}"#, values.join(",")));
    // As read, the 12 values with escapes are ESCAPED; check_with saw none of them once
    // unescaped.
    let r = check_with(&input, Limits::DEFAULT, &RESERVED);
    assert_eq!(r.escaped_values, 12);
    let mut w = vec![0u32; 4 * input.len()];
    let mut f = vec![0f64; 4];
    let (_, text) =
        decode_tape_unescaping(input.as_bytes(), Limits::DEFAULT, &RESERVED, &mut w, &mut f);
    let text = String::from_utf8(text).unwrap();
    assert!(text.contains("\"\\/\u{8}\u{c}\n\r\t"), "{text}");
    // Escaped keys stay as they were.
    assert!(text.contains(r#""k\u00e92":"#), "{text}");
}

/// An escape at every place of a string of up to 100 bytes, the string at the end of the
/// message and inside it, other strings with escapes after it: the 32-byte steps of the copy,
/// and its last bytes.
#[test]
fn escapes_at_every_place_of_a_string_read_back_unescaped() {
    for len in [1, 2, 31, 32, 33, 63, 64, 65, 100] {
        for at in 0..len {
            for escape in ["\\n", "\\u00e9", "\\ud83d\\ude00", "\\\"", "\\u2014"] {
                let s = format!("{}{escape}{}", "a".repeat(at), "é".repeat((len - at) / 2));
                check(&call(&format!(r#"{{"v":"{s}"}}"#)), Limits::DEFAULT);
                check(
                    &call(&format!(r#"{{"s":"{s}","t":["{s}x","é\\t"]}}"#)),
                    Limits::DEFAULT,
                );
            }
        }
    }
}

/// Escapes every few bytes (as a table in a text block has them), of every kind, from every
/// offset of the 32-byte blocks the unescaping reads: escapes across a block's end, `\\` and
/// `\"` whose second byte is special too, and the closing quote at every place of a block.
#[test]
fn dense_escapes_across_block_ends_read_back_unescaped() {
    let escapes = [
        "\\t",
        "\\n",
        "\\\\",
        "\\\"",
        "\\u00e9",
        "\\ud83d\\ude00",
        "\\/",
    ];
    for gap in 0..4 {
        for shift in 0..33 {
            for k in 0..escapes.len() {
                let mut s = "a".repeat(shift);
                for i in 0..24 {
                    s.push_str(escapes[(k + i) % escapes.len()]);
                    s.push_str(&"x".repeat(gap));
                }
                check(
                    &call(&format!(r#"{{"v":"{s}","w":["é\\n{s}","\\t"]}}"#)),
                    Limits::DEFAULT,
                );
            }
        }
    }
}

/// A buffer shorter than the input gets no unescaped text: the values keep their escapes.
#[test]
fn a_buffer_too_short_for_the_unescaped_text_is_left_alone() {
    let input = call(r#"{"a":"x\ny","b":"\u00e9"}"#);
    let mut w = vec![0u32; 256];
    let mut f = vec![0f64; 4];
    let mut out = vec![0u8; input.len() - 1];
    let mut keys = TapeKeys::new(&RESERVED);
    let status = mcpwire::js::decode_tape_unescaping(
        input.as_bytes(),
        Limits::DEFAULT,
        &mut keys,
        &mut w,
        &mut f,
        &mut out,
    );
    assert_eq!(
        status,
        Ok(TapeStatus::Written {
            ascii: true,
            unescaped: 0
        })
    );
    assert!(out.iter().all(|&b| b == 0));
    assert_eq!(w[2..].iter().filter(|&&t| t == tape::ESCAPED).count(), 2);
}

/// An ASCII message whose escapes give characters past ASCII is not ASCII once unescaped; one
/// whose escapes give ASCII stays ASCII.
#[test]
fn the_unescaped_text_says_whether_it_is_ascii() {
    let mut w = vec![0u32; 256];
    let mut f = vec![0f64; 4];
    for (args, ascii) in [
        (r#"{"a":"\u00e9"}"#, false),
        (r#"{"a":"\n\u0041\/"}"#, true),
    ] {
        let input = call(args);
        let (status, text) =
            decode_tape_unescaping(input.as_bytes(), Limits::DEFAULT, &RESERVED, &mut w, &mut f);
        let unescaped = text.len();
        assert!(unescaped < input.len());
        assert_eq!(
            status,
            Ok(TapeStatus::Written { ascii, unescaped }),
            "{input}"
        );
        check(&input, Limits::DEFAULT);
    }
}

proptest! {
    #[test]
    fn strings_spelled_any_way_read_back_unescaped(
        texts in prop::collection::vec((common::arb_text(), common::arb_styles()), 1..8),
    ) {
        let items: Vec<String> = texts
            .iter()
            .map(|(t, styles)| format!(r#""{}""#, common::spell(t, styles)))
            .collect();
        check(&call(&format!(r#"{{"v":[{}],"z":"é"}}"#, items.join(","))), Limits::DEFAULT);
    }

    #[test]
    fn any_arguments_read_back_as_their_strict_parse(args in arb_json()) {
        let args = serde_json::Value::Object([("v".to_string(), args)].into_iter().collect());
        check(&call(&args.to_string()), Limits::DEFAULT);
    }

    #[test]
    fn objects_of_shapes_and_near_shapes_read_back_as_their_strict_parse(v in arb_shape_keyed()) {
        let args = serde_json::Value::Object([("v".to_string(), v)].into_iter().collect());
        check(&call(&args.to_string()), Limits::DEFAULT);
    }
}

#[test]
fn objects_with_a_shapes_keys_in_its_order_are_shaped_and_no_others() {
    let shape = |keys: &[&str]| Some(TAPE_SHAPES.iter().copied().find(|s| *s == keys).unwrap());
    // Python SDK order, then TypeScript SDK order: the envelope, the params, the _meta.
    let py = r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"_meta":{"progressToken":"p"},"name":"t","arguments":{"city":"Oslo"}}}"#;
    let ts = r#"{"method":"tools/call","params":{"name":"t","arguments":{"a":1},"_meta":{"progressToken":7}},"jsonrpc":"2.0","id":7}"#;
    assert_eq!(
        shapes(py, &RESERVED),
        [
            shape(&["jsonrpc", "id", "method", "params"]),
            shape(&["_meta", "name", "arguments"]),
            shape(&["progressToken"]),
        ]
    );
    assert_eq!(
        shapes(ts, &RESERVED),
        [
            shape(&["method", "params", "jsonrpc", "id"]),
            shape(&["name", "arguments", "_meta"]),
            shape(&["progressToken"]),
        ]
    );
    // In tape order (an object before the objects in it). Every shape, written as an object of its keys (values of each kind), is shaped.
    for keys in TAPE_SHAPES {
        let members: Vec<String> = keys
            .iter()
            .enumerate()
            .map(|(i, k)| format!(r#""{k}":{}"#, ["1", r#""s""#, "[1.5]", "{}", "null"][i % 5]))
            .collect();
        let text = format!(
            r#"{{"jsonrpc":"2.0","id":1,"result":{{"v":{{{}}}}}}}"#,
            members.join(",")
        );
        let got = shapes(&text, &RESERVED);
        assert!(got.contains(&Some(*keys)), "{text}: {got:?}");
    }
    // Other orders, a missing or extra key, a document's own key, an escaped spelling of a
    // known key, and a known key among the reserved names: plain objects.
    for args in [
        r#"{"arguments":{},"name":"t"}"#,
        r#"{"name":"t","arguments":{},"x":1}"#,
        r#"{"name":"t","arguments":{},"_meta":{},"extra":{}}"#,
        r#"{"n\u0061me":"t","arguments":{}}"#,
        r#"{"progressToken":1,"progress":2,"total":3,"message":"m","x":5}"#,
        // A sixth key before a five-key shape ("params" is known key 3: its bits would be
        // shifted out of a code that kept going).
        r#"{"params":0,"name":"t","title":"T","description":"d","inputSchema":{},"annotations":{}}"#,
    ] {
        let text = format!(r#"{{"jsonrpc":"2.0","id":1,"result":{args}}}"#);
        assert_eq!(
            shapes(&text, &RESERVED),
            [shape(&["jsonrpc", "id", "result"])],
            "{text}"
        );
    }
    let text = r#"{"jsonrpc":"2.0","id":1,"result":{"name":"t","arguments":{}}}"#;
    assert_eq!(
        shapes(text, &["name"]),
        [shape(&["jsonrpc", "id", "result"])]
    );
}
