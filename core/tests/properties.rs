//! Property tests: round trips of generated messages, agreement with serde_json on generated
//! JSON, and no panic on arbitrary bytes.

use mcpwire::json::RawJson;
use mcpwire::{encode_to_vec, Limits, McpMessage, Report};
use proptest::prelude::*;
use serde_json::{json, Value as Json};

fn arb_json() -> impl Strategy<Value = Json> {
    let leaf = prop_oneof![
        Just(Json::Null),
        any::<bool>().prop_map(Json::Bool),
        any::<i64>().prop_map(|i| json!(i)),
        (-1e12f64..1e12).prop_map(|f| json!(f)),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| json!(f)),
        "\\PC{0,12}".prop_map(Json::String),
        "[\u{0}-\u{1f}\"\\\\/a-z\u{e9}\u{1F600}]{0,8}".prop_map(Json::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Json::Array),
            prop::collection::btree_map("[a-z_$/.]{0,6}", inner, 0..6)
                .prop_map(|m| Json::Object(m.into_iter().collect())),
        ]
    })
}

fn arb_id() -> impl Strategy<Value = Json> {
    prop_oneof![
        any::<i64>().prop_map(|i| json!(i)),
        "\\PC{0,8}".prop_map(Json::String)
    ]
}

fn arb_block() -> impl Strategy<Value = Json> {
    prop_oneof![
        "\\PC{0,20}".prop_map(|t| json!({"type": "text", "text": t})),
        ("[A-Za-z0-9+/]{0,16}", "image|audio")
            .prop_map(|(d, k)| json!({"type": k, "data": d, "mimeType": "x/y"})),
        ("\\PC{1,10}", 0i64..1_000_000).prop_map(
            |(n, s)| json!({"type": "resource_link", "uri": "file:///a", "name": n, "size": s})
        ),
        "\\PC{0,10}"
            .prop_map(|t| json!({"type": "resource", "resource": {"uri": "u:1", "text": t}})),
        (arb_json(), "[a-z]{1,8}")
            .prop_map(|(v, k)| json!({"type": format!("x-{k}"), "payload": v})),
    ]
}

fn arb_message() -> impl Strategy<Value = Json> {
    prop_oneof![
        (
            arb_id(),
            "\\PC{1,12}",
            arb_json(),
            prop::option::of(arb_id())
        )
            .prop_map(|(id, name, args, token)| {
                let mut params = json!({"name": name, "arguments": {"a": args}});
                if let Some(t) = token {
                    params["_meta"] = json!({"progressToken": t});
                }
                json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params})
            }),
        (
            arb_id(),
            prop::collection::vec(arb_block(), 0..5),
            prop::option::of(arb_json()),
            prop::option::of(any::<bool>())
        )
            .prop_map(|(id, content, sc, is_error)| {
                let mut r = json!({"content": content});
                if let Some(sc) = sc {
                    r["structuredContent"] = sc;
                }
                if let Some(e) = is_error {
                    r["isError"] = json!(e);
                }
                json!({"jsonrpc": "2.0", "id": id, "result": r})
            }),
        (
            arb_id(),
            0.0f64..1e9,
            prop::option::of(1i64..1000),
            "\\PC{0,10}"
        )
            .prop_map(|(t, p, total, m)| {
                let mut params = json!({"progressToken": t, "progress": p, "message": m});
                if let Some(total) = total {
                    params["total"] = json!(total);
                }
                json!({"jsonrpc": "2.0", "method": "notifications/progress", "params": params})
            }),
        (arb_id(), -33000i64..-32000, "\\PC{0,10}", arb_json()).prop_map(|(id, code, m, d)| {
            json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": m, "data": d}})
        }),
    ]
}

/// Pretty-prints with a random mix of whitespace so canonicalisation has work to do.
fn spaced(v: &Json, pretty: bool) -> Vec<u8> {
    if pretty {
        serde_json::to_vec_pretty(v).unwrap()
    } else {
        serde_json::to_vec(v).unwrap()
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn messages_round_trip(msg in arb_message(), pretty in any::<bool>()) {
        let input = spaced(&msg, pretty);
        let decoded = McpMessage::decode(&input).map_err(|e| TestCaseError::fail(format!("{e}")))?;
        let encoded = encode_to_vec(&decoded);
        // decode(encode(x)) == x, and the encoding is a fixed point.
        let again = McpMessage::decode(&encoded).unwrap();
        prop_assert_eq!(&again, &decoded);
        prop_assert_eq!(encode_to_vec(&again), encoded.clone());
        // The canonical bytes mean the same JSON as the input.
        let reparsed: Json = serde_json::from_slice(&encoded).unwrap();
        prop_assert_eq!(reparsed, msg);
    }

    #[test]
    fn raw_json_agrees_with_serde_json(v in arb_json(), pretty in any::<bool>()) {
        let text = String::from_utf8(spaced(&v, pretty)).unwrap();
        let raw = RawJson::parse(&text).map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
        let out = encode_to_vec(&raw);
        let reparsed: Json = serde_json::from_slice(&out).unwrap();
        prop_assert_eq!(reparsed, v);
        prop_assert!(!out.iter().any(|b| matches!(b, b'\n' | b'\r' | b'\t')) || !pretty || out.is_empty());
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
        let _ = McpMessage::decode(&bytes);
        let mut out = Vec::new();
        Report::of(&bytes, Limits::DEFAULT, None).write_json(&mut out, Some(1));
        prop_assert!(serde_json::from_slice::<Json>(&out).is_ok());
    }

    #[test]
    fn mutated_messages_never_panic(msg in arb_message(), at in any::<prop::sample::Index>(), byte in any::<u8>()) {
        let mut input = serde_json::to_vec(&msg).unwrap();
        let i = at.index(input.len());
        input[i] = byte;
        if let Ok(m) = McpMessage::decode(&input) {
            let encoded = encode_to_vec(&m);
            prop_assert!(McpMessage::decode(&encoded).is_ok());
        }
    }
}
