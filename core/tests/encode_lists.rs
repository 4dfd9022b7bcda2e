//! Typed lists (tools, content blocks, icons, audiences) read in their encoder's member
//! order are written from their text instead of item by item: on generated messages
//! (members in any order, unknown members, any escape style, whitespace) and on the shared
//! vectors, that must give the bytes of every list forced through its items, and of the same
//! JSON with whitespace (which leaves nothing marked canonical).

mod common;

use common::{arb_styles, arb_text, spell, Style};
use mcpwire::mcp::{
    Annotations, CallToolResult, ContentBlock, EmbeddedResource, Icon, List, ListToolsResult,
    MediaContent, ResourceLink, TextContent, Tool,
};
use mcpwire::{encode_to_vec, McpMessage};
use proptest::prelude::*;
use serde_json::{json, Map, Value as Json};
use std::path::PathBuf;

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

/// JSON text of `v` with strings spelled per `styles` and numbers as written in `v` (with a
/// trailing zero in fractions when there are two styles).
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
        Json::Number(n) if styles.len() == 2 && n.to_string().contains('.') => {
            // The same value with a trailing zero: a number the writer rewrites.
            out.push_str(&format!("{n}0"));
        }
        other => out.push_str(&other.to_string()),
    }
}

/// An object with `members` in the order given by `order` (a seed).
fn object(members: Vec<(&str, Json)>, order: u64) -> Json {
    let mut members = members;
    let n = members.len() as u64;
    if n > 1 && !order.is_multiple_of(3) {
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
            if order.is_multiple_of(2) {
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
            if order.is_multiple_of(2) {
                m.push(("priority", priority));
            }
            if !order.is_multiple_of(5) {
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
                if order.is_multiple_of(4) {
                    m.push(("title", json!("T")));
                }
                if let Some(hints_order) = hints_order {
                    let mut hints = vec![
                        ("title", json!("t")),
                        ("readOnlyHint", json!(true)),
                        ("openWorldHint", json!(false)),
                    ];
                    if hints_order.is_multiple_of(4) {
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
                    if order.is_multiple_of(2) {
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
            if order.is_multiple_of(7) {
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
