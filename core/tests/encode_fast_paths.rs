//! The encoder's fast paths (strings and raw values copied whole, canonical fractions kept,
//! typed lists written from their text) must give the bytes the slow paths give: checked
//! against an independent oracle (serde_json's string escaping, which is the canonical one)
//! and against the same messages encoded with every list forced through its items, on
//! generated messages (members in any order, unknown members, any escape style, whitespace)
//! and on the shared vectors.

use mcpwire::json::RawJson;
use mcpwire::mcp::{
    Annotations, CallToolResult, ContentBlock, EmbeddedResource, Icon, List, ListToolsResult,
    MediaContent, ResourceLink, TextContent, Tool,
};
use mcpwire::{encode_to_vec, McpMessage};
use proptest::prelude::*;
use serde_json::{json, Map, Value as Json};
use std::path::PathBuf;

/// A small deterministic generator (xorshift64*), for the exhaustive-style loops.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn digits(&mut self, n: u64) -> String {
        (0..n)
            .map(|_| char::from(b'0' + self.below(10) as u8))
            .collect()
    }
}

/// A number with a fraction or an exponent, in one of many spellings (leading and trailing
/// zeros, long fractions, exponents, signs).
fn number_text(rng: &mut Rng) -> String {
    let sign = if rng.below(3) == 0 { "-" } else { "" };
    let int = match rng.below(4) {
        0 => "0".to_string(),
        _ => {
            let len = rng.below(17) + 1;
            let d = rng.digits(len);
            let d = d.trim_start_matches('0');
            if d.is_empty() {
                "7".into()
            } else {
                d.into()
            }
        }
    };
    let zeros = "0".repeat(rng.below(7) as usize);
    let len = rng.below(16);
    let mut frac = format!("{zeros}{}", rng.digits(len));
    if rng.below(4) == 0 {
        frac.push('0');
    }
    if frac.is_empty() {
        frac.push('0');
    }
    let exp = match rng.below(6) {
        0 => format!("e{}", rng.below(30)),
        1 => format!("E-{}", rng.below(30)),
        _ => String::new(),
    };
    match rng.below(8) {
        0 => format!("{sign}{int}e{}", rng.below(20)),
        _ => format!("{sign}{int}.{frac}{exp}"),
    }
}

fn assert_canonical_number_copies(text: &str, canonical: &mut usize) {
    let raw = RawJson::parse(text).unwrap();
    let out = encode_to_vec(&raw);
    if raw.is_canonical() {
        *canonical += 1;
        assert_eq!(String::from_utf8_lossy(&out), text, "kept {text}");
    }
    if raw.is_canonical() && text.contains('.') {
        // The slow path (an exponent forces f64 parse + ryu) must print the same text.
        let spelled = format!("{text}e0");
        let slow = RawJson::parse(&spelled).unwrap();
        assert!(!slow.is_canonical());
        let slow = String::from_utf8(encode_to_vec(&slow)).unwrap();
        assert_eq!(slow, text, "ryu prints {text} differently");
        // And so must an independent shortest-digits formatter (Rust's own Display).
        let v: f64 = text.parse().unwrap();
        let shown = format!("{v}");
        let shown = if shown.contains('.') {
            shown
        } else {
            format!("{shown}.0")
        };
        assert_eq!(shown, text, "shortest digits of {text}");
    }
    // What the writer prints is canonical itself and a fixed point.
    let out = String::from_utf8(out).unwrap();
    let again = RawJson::parse(&out).unwrap();
    assert_eq!(String::from_utf8(encode_to_vec(&again)).unwrap(), out);
}

#[test]
fn canonical_fractions_are_exactly_what_the_writer_prints() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut canonical = 0;
    for _ in 0..200_000 {
        assert_canonical_number_copies(&number_text(&mut rng), &mut canonical);
    }
    assert!(canonical > 20_000, "only {canonical} canonical spellings");
    for text in [
        "0.0",
        "-0.0",
        "1.0",
        "10.0",
        "0.5",
        "0.00001",
        "12345678901234.0",
    ] {
        let raw = RawJson::parse(text).unwrap();
        assert!(raw.is_canonical(), "{text}");
        assert_eq!(encode_to_vec(&raw), text.as_bytes());
    }
    for text in [
        "0.000001",
        "1.50",
        "1e5",
        "1.0e1",
        "0.10",
        "1234567890123456.7",
        "00.5",
    ] {
        if let Ok(raw) = RawJson::parse(text) {
            assert!(!raw.is_canonical(), "{text}");
        }
    }
}

#[test]
fn shortest_forms_of_doubles_are_recognised() {
    let mut rng = Rng(12345);
    let mut plain = 0;
    for _ in 0..100_000 {
        let f = f64::from_bits(rng.next());
        let scaled = [f, f * 1e-300, (rng.below(1 << 53) as f64) / 1e9];
        for v in scaled.into_iter().filter(|v| v.is_finite()) {
            // The writer's own output for the value (via a non-canonical spelling).
            let spelled = format!("{v:e}");
            let raw = RawJson::parse(&spelled).unwrap();
            let out = String::from_utf8(encode_to_vec(&raw)).unwrap();
            let kept = RawJson::parse(&out).unwrap();
            let digits = out.bytes().filter(u8::is_ascii_digit).count();
            if !out.contains('e') && digits <= 14 {
                plain += 1;
                assert!(kept.is_canonical(), "{out} is the writer's form");
            }
            assert_eq!(String::from_utf8(encode_to_vec(&kept)).unwrap(), out);
        }
    }
    assert!(plain > 10_000, "{plain}");
}

/// How to spell one character inside a JSON string.
#[derive(Clone, Copy, Debug)]
enum Style {
    Literal,
    Short,
    LowerHex,
    UpperHex,
}

fn push_hex(out: &mut String, unit: u32, upper: bool) {
    if upper {
        out.push_str(&format!("\\u{unit:04X}"));
    } else {
        out.push_str(&format!("\\u{unit:04x}"));
    }
}

/// `s` as JSON string source (no quotes) with each character spelled per `styles`.
fn spell(s: &str, styles: &[Style]) -> String {
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        let style = styles.get(i % styles.len().max(1)).copied();
        let short = match c {
            '"' => Some("\\\""),
            '\\' => Some("\\\\"),
            '/' => Some("\\/"),
            '\u{8}' => Some("\\b"),
            '\u{c}' => Some("\\f"),
            '\n' => Some("\\n"),
            '\r' => Some("\\r"),
            '\t' => Some("\\t"),
            _ => None,
        };
        let must_escape = matches!(c, '"' | '\\' | '\0'..='\u{1f}');
        match (style.unwrap_or(Style::Literal), short) {
            (Style::Literal, _) if !must_escape => out.push(c),
            (Style::Short | Style::Literal, Some(e)) => out.push_str(e),
            (Style::UpperHex, _) | (Style::Short | Style::Literal, None) | (Style::LowerHex, _) => {
                let upper = matches!(style, Some(Style::UpperHex));
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    push_hex(&mut out, u32::from(*u), upper);
                }
            }
        }
    }
    out
}

fn arb_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "\\PC{0,24}",
        "[\u{0}-\u{1f}\"\\\\/a-z\u{7f}\u{e9}\u{2014}\u{1F600}]{0,16}",
        "[a-z \n\t\"\u{e9}]{0,40}",
    ]
}

fn arb_styles() -> impl Strategy<Value = Vec<Style>> {
    let style = prop_oneof![
        4 => Just(Style::Literal),
        2 => Just(Style::Short),
        1 => Just(Style::LowerHex),
        1 => Just(Style::UpperHex),
    ];
    prop::collection::vec(style, 1..6)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    /// Strings in typed fields (JsonStr) and in raw values, spelled any way, encode as
    /// serde_json escapes them (the canonical escaping).
    #[test]
    fn strings_encode_canonically(s in arb_text(), styles in arb_styles(), spaced in any::<bool>()) {
        let src = spell(&s, &styles);
        let ws = if spaced { " " } else { "" };
        let input = format!(
            r#"{{"jsonrpc":"2.0","id":"{src}","method":"tools/call","params":{{"name":"{src}","arguments":{{"{src}":["{src}",{ws}1.5]}}}}}}"#
        );
        let msg = McpMessage::decode(input.as_bytes()).map_err(|e| TestCaseError::fail(format!("{e}: {input}")))?;
        let q = serde_json::to_string(&s).unwrap();
        let want = format!(
            r#"{{"jsonrpc":"2.0","id":{q},"method":"tools/call","params":{{"name":{q},"arguments":{{{q}:[{q},1.5]}}}}}}"#
        );
        prop_assert_eq!(String::from_utf8(encode_to_vec(&msg)).unwrap(), want);
        let raw_src = format!("\"{src}\"");
        let raw = RawJson::parse(&raw_src).unwrap();
        prop_assert_eq!(String::from_utf8(encode_to_vec(&raw)).unwrap(), q);
    }

    /// Numbers of any spelling inside raw values: copied only when that is what the writer
    /// would print.
    #[test]
    fn fractions_in_raw_values(seed in any::<u64>(), f in any::<f64>(), prec in 0usize..20) {
        let mut rng = Rng(seed | 1);
        let mut n = 0;
        assert_canonical_number_copies(&number_text(&mut rng), &mut n);
        if f.is_finite() {
            assert_canonical_number_copies(&format!("{f:.prec$}"), &mut n);
            assert_canonical_number_copies(&format!("{f:e}"), &mut n);
            let shown = format!("{f}");
            if shown.contains('.') {
                assert_canonical_number_copies(&shown, &mut n);
            }
        }
    }
}

// ----- typed lists: the copied text against every list forced through its items -----

fn leak<T>(items: Vec<T>) -> &'static [T] {
    Box::leak(items.into_boxed_slice())
}

/// `list` rebuilt from its items (so it encodes item by item), each item rebuilt by `f`.
fn slow<'a, T: mcpwire::mcp::Decode<'a> + Copy + 'static>(
    list: List<'a, T>,
    f: impl Fn(T) -> T,
) -> List<'a, T> {
    List::Slice(leak(list.iter().map(f).collect()))
}

fn slow_icon(i: Icon<'static>) -> Icon<'static> {
    Icon {
        sizes: i.sizes.map(|l| slow(l, |s| s)),
        ..i
    }
}

fn slow_annotations(a: Annotations<'static>) -> Annotations<'static> {
    Annotations {
        audience: a.audience.map(|l| slow(l, |r| r)),
        ..a
    }
}

fn slow_tool(t: Tool<'static>) -> Tool<'static> {
    Tool {
        icons: t.icons.map(|l| slow(l, slow_icon)),
        ..t
    }
}

fn slow_media(m: MediaContent<'static>) -> MediaContent<'static> {
    MediaContent {
        annotations: m.annotations.map(slow_annotations),
        ..m
    }
}

fn slow_block(b: ContentBlock<'static>) -> ContentBlock<'static> {
    let ann = |a: Option<Annotations<'static>>| a.map(slow_annotations);
    match b {
        ContentBlock::Text(t) => ContentBlock::Text(TextContent {
            annotations: ann(t.annotations),
            ..t
        }),
        ContentBlock::Image(m) => ContentBlock::Image(slow_media(m)),
        ContentBlock::Audio(m) => ContentBlock::Audio(slow_media(m)),
        ContentBlock::ResourceLink(l) => ContentBlock::ResourceLink(ResourceLink {
            icons: l.icons.map(|l| slow(l, slow_icon)),
            annotations: ann(l.annotations),
            ..l
        }),
        ContentBlock::Resource(e) => ContentBlock::Resource(EmbeddedResource {
            annotations: ann(e.annotations),
            ..e
        }),
        other @ ContentBlock::Other(..) => other,
    }
}

/// The message with every typed list rebuilt from its items, at every depth.
fn slow_message(m: McpMessage<'static>) -> McpMessage<'static> {
    match m {
        McpMessage::ListToolsResult(id, r) => McpMessage::ListToolsResult(
            id,
            ListToolsResult {
                tools: slow(r.tools, slow_tool),
                ..r
            },
        ),
        McpMessage::CallToolResult(id, r) => McpMessage::CallToolResult(
            id,
            CallToolResult {
                content: slow(r.content, slow_block),
                ..r
            },
        ),
        other => other,
    }
}

/// Checks one input: the fast encoding equals the item-by-item one, and equals the encoding
/// of the same JSON written with whitespace (which leaves nothing marked canonical).
fn check_fast_equals_slow(input: &str) -> Result<(), TestCaseError> {
    let input: &'static str = Box::leak(input.to_string().into_boxed_str());
    let Ok(msg) = McpMessage::decode(input.as_bytes()) else {
        return Ok(());
    };
    let fast = encode_to_vec(&msg);
    let slow = encode_to_vec(&slow_message(msg));
    prop_assert_eq!(
        String::from_utf8_lossy(&fast),
        String::from_utf8_lossy(&slow),
        "input {}",
        input
    );
    let spaced = spaced(input);
    let again = encode_to_vec(&McpMessage::decode(spaced.as_bytes()).unwrap());
    prop_assert_eq!(
        String::from_utf8_lossy(&again),
        String::from_utf8_lossy(&fast),
        "spaced {}",
        spaced
    );
    let fixed = McpMessage::decode(&fast).unwrap();
    prop_assert_eq!(encode_to_vec(&fixed), fast.clone());
    Ok(())
}

/// `input` with a space after every `:` and `,` outside strings.
fn spaced(input: &str) -> String {
    let (mut out, mut in_str, mut esc) = (String::new(), false, false);
    for c in input.chars() {
        out.push(c);
        match c {
            _ if esc => esc = false,
            '\\' if in_str => esc = true,
            '"' => in_str = !in_str,
            ':' | ',' if !in_str => out.push(' '),
            _ => {}
        }
    }
    out
}

/// JSON text of `v` with strings spelled per `styles` and numbers as written in `v`.
fn emit(v: &Json, styles: &[Style], out: &mut String) {
    match v {
        Json::String(s) => {
            out.push('"');
            out.push_str(&spell(s, styles));
            out.push('"');
        }
        Json::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                emit(item, styles, out);
            }
            out.push(']');
        }
        Json::Object(m) => {
            out.push('{');
            for (i, (k, item)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                emit(&Json::String(k.clone()), styles, out);
                out.push(':');
                emit(item, styles, out);
            }
            out.push('}');
        }
        other => out.push_str(&other.to_string()),
    }
}

/// An object with `members` in the order given by `order` (a seed).
fn object(members: Vec<(&str, Json)>, order: u64) -> Json {
    let mut members = members;
    let n = members.len() as u64;
    if n > 1 && order % 3 != 0 {
        // Rotate and swap a pair: out of order, deterministically.
        members.rotate_left((order % n) as usize);
        members.swap(0, ((order / 7) % n) as usize);
    }
    Json::Object(
        members
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect::<Map<_, _>>(),
    )
}

fn arb_number() -> impl Strategy<Value = Json> {
    prop_oneof![
        (0i64..100).prop_map(|i| json!(i)),
        (-1e6f64..1e6).prop_map(|f| json!(f)),
        Just(json!(0.5)),
        Just(json!(1.0)),
    ]
}

fn arb_schema() -> impl Strategy<Value = Json> {
    (arb_text(), arb_number(), any::<u64>()).prop_map(|(d, n, order)| {
        object(
            vec![
                ("type", json!("object")),
                ("description", json!(d)),
                ("properties", json!({"x": {"type": "number", "minimum": n}})),
            ],
            order,
        )
    })
}

fn arb_icon() -> impl Strategy<Value = Json> {
    (
        arb_text(),
        prop::option::of(Just("image/png")),
        any::<u64>(),
        any::<bool>(),
    )
        .prop_map(|(src, mime, order, extra)| {
            let mut m = vec![("src", json!(src)), ("sizes", json!(["48x48", "any"]))];
            if let Some(mime) = mime {
                m.push(("mimeType", json!(mime)));
            }
            if order % 2 == 0 {
                m.push(("theme", json!("dark")));
            }
            if extra {
                m.push(("x-icon", json!({"k": 1})));
            }
            object(m, order)
        })
}

fn arb_annotations() -> impl Strategy<Value = Json> {
    (
        any::<u64>(),
        prop_oneof![Just(json!(0)), Just(json!(1)), Just(json!(0.25))],
        any::<bool>(),
    )
        .prop_map(|(order, priority, extra)| {
            let mut m = vec![("audience", json!(["user", "assistant", "robot"]))];
            if order % 2 == 0 {
                m.push(("priority", priority));
            }
            if order % 5 != 0 {
                m.push(("lastModified", json!("2026-01-01T00:00:00Z")));
            }
            if extra {
                m.push(("x-ann", json!(true)));
            }
            object(m, order)
        })
}

fn arb_tool() -> impl Strategy<Value = Json> {
    (
        (
            arb_text(),
            arb_text(),
            arb_schema(),
            prop::option::of(arb_schema()),
        ),
        prop::option::of(any::<u64>()),
        prop::option::of(prop::collection::vec(arb_icon(), 0..3)),
        (any::<u64>(), any::<bool>()),
    )
        .prop_map(
            |((name, desc, input, output), hints_order, icons, (order, extra))| {
                let mut m = vec![("name", json!(name)), ("description", json!(desc))];
                m.push(("inputSchema", input));
                if let Some(o) = output {
                    m.push(("outputSchema", o));
                }
                if order % 4 == 0 {
                    m.push(("title", json!("T")));
                }
                if let Some(hints_order) = hints_order {
                    let mut hints = vec![
                        ("title", json!("t")),
                        ("readOnlyHint", json!(true)),
                        ("openWorldHint", json!(false)),
                    ];
                    if hints_order % 4 == 0 {
                        hints.push(("x-hint", json!(1)));
                    }
                    m.push(("annotations", object(hints, hints_order)));
                }
                if let Some(icons) = icons {
                    m.push(("icons", Json::Array(icons)));
                }
                if order % 6 == 1 {
                    m.push(("_meta", json!({"a": [1, 2.5]})));
                }
                if extra {
                    m.push(("x-tool", json!([null])));
                }
                object(m, order)
            },
        )
}

fn arb_block() -> impl Strategy<Value = Json> {
    (
        arb_text(),
        prop::option::of(arb_annotations()),
        any::<u64>(),
        any::<bool>(),
        0u8..6,
    )
        .prop_map(|(text, ann, order, extra, kind)| {
            let mut m = match kind {
                0 | 1 => vec![("type", json!("text")), ("text", json!(text))],
                2 => vec![
                    ("type", json!("image")),
                    ("data", json!("AAAA")),
                    ("mimeType", json!("image/png")),
                ],
                3 => {
                    let mut l = vec![
                        ("type", json!("resource_link")),
                        ("uri", json!("file:///a")),
                        ("name", json!(text)),
                        ("size", json!(12)),
                    ];
                    if order % 2 == 0 {
                        l.push(("mimeType", json!("text/plain")));
                    }
                    l
                }
                4 => vec![
                    ("type", json!("resource")),
                    (
                        "resource",
                        json!({"uri": "u:1", "mimeType": "text/plain", "text": text}),
                    ),
                ],
                _ => vec![("type", json!("x-custom")), ("payload", json!([text]))],
            };
            if let Some(a) = ann {
                m.push(("annotations", a));
            }
            if order % 7 == 0 {
                m.push(("_meta", json!({"k": "v"})));
            }
            if extra {
                m.push(("x-block", json!(0.5)));
            }
            object(m, order)
        })
}

fn arb_result() -> impl Strategy<Value = Json> {
    prop_oneof![
        (prop::collection::vec(arb_tool(), 0..4), any::<bool>()).prop_map(|(tools, cursor)| {
            let mut r = json!({"tools": tools});
            if cursor {
                r["nextCursor"] = json!("c");
            }
            json!({"jsonrpc": "2.0", "id": 1, "result": r})
        }),
        (prop::collection::vec(arb_block(), 0..5), any::<bool>()).prop_map(|(content, sc)| {
            let mut r = json!({"content": content});
            if sc {
                r["structuredContent"] = json!({"score": 0.907, "n": [1, -0.5]});
            }
            json!({"jsonrpc": "2.0", "id": "r", "result": r})
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn lists_copied_from_text_equal_lists_written_by_item(msg in arb_result(), styles in arb_styles()) {
        let mut text = String::new();
        emit(&msg, &styles, &mut text);
        check_fast_equals_slow(&text)?;
    }
}

fn vectors() -> Vec<Json> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors/valid.json");
    let text = std::fs::read_to_string(path).unwrap();
    match serde_json::from_str(&text).unwrap() {
        Json::Array(items) => items,
        _ => panic!("valid.json is not an array"),
    }
}

#[test]
fn vectors_fast_equals_slow_and_canonical() {
    for case in vectors() {
        let Some(input) = case["input"].as_str() else {
            continue;
        };
        check_fast_equals_slow(input).unwrap();
        if let Some(canonical) = case["canonical"].as_str() {
            let msg = McpMessage::decode(input.as_bytes()).unwrap();
            assert_eq!(String::from_utf8(encode_to_vec(&msg)).unwrap(), canonical);
        }
    }
}
