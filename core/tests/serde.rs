//! The `serde` feature: views serialize as they encode, and uninterpreted JSON reads into a
//! user's own `Deserialize` types.

#[path = "common/vectors.rs"]
#[allow(dead_code)]
mod shared;
use mcpwire::json::{RawJson, Value};
use mcpwire::{encode_to_vec, Limits, McpMessage};
use serde::Deserialize;
use shared::vectors;
use std::borrow::Cow;

/// Every valid vector and every official example message: `serde_json::to_vec` of the view
/// gives the canonical encoding's bytes.
#[test]
fn every_view_serializes_as_it_encodes() {
    let mut checked = 0;
    for case in vectors("valid.json") {
        let Some(input) = case["input"].as_str().map(str::as_bytes) else {
            continue; // bytes that are not UTF-8 (input_base64)
        };
        let msg = McpMessage::decode(input).expect("valid vector decodes");
        let via_serde = serde_json::to_vec(&msg).expect("serializes");
        assert_eq!(
            String::from_utf8(via_serde).unwrap(),
            String::from_utf8(encode_to_vec(&msg)).unwrap(),
            "{}",
            case["name"]
        );
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} vectors");
}

#[test]
fn values_and_raw_json_serialize_with_their_numbers() {
    let text = r#"{"i":-7,"u":18446744073709551615,"w":-123456789012345678901234567890,"x":1234567890123456789012345678901234567890123,"f":2.5,"e":1e3,"s":"a\"\u00e9","n":null,"b":[true,false],"o":{}}"#;
    let v = Value::parse(text.as_bytes(), Limits::DEFAULT).unwrap();
    // past u128, serde's model has only f64: the digits beyond its precision are lost
    let want = r#"{"i":-7,"u":18446744073709551615,"w":-123456789012345678901234567890,"x":1.2345678901234567e+42,"f":2.5,"e":1000.0,"s":"a\"é","n":null,"b":[true,false],"o":{}}"#;
    assert_eq!(serde_json::to_string(&v).unwrap(), want);
    let raw = RawJson::parse(text).unwrap();
    assert_eq!(serde_json::to_string(&raw).unwrap(), want);
}

#[derive(Debug, Deserialize, PartialEq)]
struct Forecast<'a> {
    #[serde(borrow)]
    city: Cow<'a, str>,
    days: Option<u32>,
    units: Units,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Units {
    Metric,
    Imperial,
}

#[test]
fn arguments_read_into_the_users_type_borrowing_from_the_input() {
    let line = br#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"forecast","arguments":{"city":"Bern","days":3,"units":"metric"}}}"#;
    let McpMessage::CallToolRequest(_, params) = McpMessage::decode(line).unwrap() else {
        panic!("not a tools/call request");
    };
    let args = params.arguments.expect("arguments");
    let got: Forecast<'_> = args.deserialize().unwrap();
    assert_eq!(
        got,
        Forecast {
            city: Cow::Borrowed("Bern"),
            days: Some(3),
            units: Units::Metric
        }
    );
    assert!(
        matches!(got.city, Cow::Borrowed(_)),
        "no copy of an unescaped string"
    );

    // the user's type decides what fits: a wrong shape is serde's error, not a panic
    let bad = RawJson::parse(r#"{"city":"Bern","units":"kelvin"}"#).unwrap();
    let e = bad.deserialize::<Forecast<'_>>().unwrap_err();
    assert!(e.to_string().contains("kelvin"), "{e}");
}
