//! `UnsupportedProtocolVersionError` (-32022) to the 2026-07-28 handshake: the client retries
//! `server/discover` once at a version from the error's `data.supported` it speaks (the
//! conformance suite's request-metadata scenario); anything else is the error it was.

use mcpwire::json::RawJson;
use mcpwire::mcp::ProtocolVersion;
use mcpwire::state::{Client, ClientConfig, Incoming};

fn client(version: ProtocolVersion) -> Client<'static> {
    let info = RawJson::parse(r#"{"name":"c","version":"1"}"#).unwrap();
    Client::new(ClientConfig::new(version, info))
}

fn refusal(id: i64, data: &str) -> Vec<u8> {
    format!(
        r#"{{"jsonrpc":"2.0","id":{id},"error":{{"code":-32022,"message":"Unsupported protocol version"{data}}}}}"#
    )
    .into_bytes()
}

fn sent(c: &mut Client<'static>) -> serde_json::Value {
    let mut w = Vec::new();
    assert!(c.poll_transmit(&mut w), "a message is queued");
    serde_json::from_slice(&w).unwrap()
}

const DISCOVERED: &str = r#"{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}"#;

#[test]
fn the_handshake_is_retried_at_an_advertised_version() {
    let mut c = client(ProtocolVersion::V2026_07_28);
    c.start(&mut Vec::new(), 0).unwrap();
    let no = refusal(
        0,
        r#","data":{"requested":"2026-07-28","supported":["2025-11-25","2026-07-28"]}"#,
    );
    match c.handle_input(&no, 0).unwrap() {
        Incoming::VersionRetry { id, version } => {
            assert_eq!((id, version), (0, ProtocolVersion::V2026_07_28))
        }
        other => panic!("not a retry: {other:?}"),
    }
    assert!(!c.is_ready());
    let again = sent(&mut c);
    assert_eq!(again["method"], "server/discover");
    assert_eq!(again["id"], 1);
    assert_eq!(
        again["params"]["_meta"]["io.modelcontextprotocol/protocolVersion"],
        "2026-07-28"
    );
    assert!(!c.poll_transmit(&mut Vec::new()));
    match c.handle_input(DISCOVERED.as_bytes(), 0).unwrap() {
        Incoming::Ready { version, tools } => {
            assert_eq!(version, ProtocolVersion::V2026_07_28);
            assert!(tools.is_some());
        }
        other => panic!("not ready: {other:?}"),
    }
}

#[test]
fn a_second_refusal_ends_the_handshake() {
    let mut c = client(ProtocolVersion::V2026_07_28);
    c.start(&mut Vec::new(), 0).unwrap();
    let data = r#","data":{"supported":["2026-07-28"]}"#;
    assert!(matches!(
        c.handle_input(&refusal(0, data), 0).unwrap(),
        Incoming::VersionRetry { .. }
    ));
    sent(&mut c);
    assert!(matches!(
        c.handle_input(&refusal(1, data), 0).unwrap(),
        Incoming::Error { id: 1, .. }
    ));
    assert!(!c.poll_transmit(&mut Vec::new()));
    assert!(!c.is_ready());
}

#[test]
fn nothing_to_retry_at_is_the_error() {
    for data in [
        "",
        r#","data":null"#,
        r#","data":{"supported":"2026-07-28"}"#,
        r#","data":{"supported":[7]}"#,
        r#","data":{"supported":[]}"#,
        // Only versions with `initialize`: a new client of that era, not a retry.
        r#","data":{"supported":["2025-11-25","2025-06-18"]}"#,
        r#","data":{"supported":["2099-01-01"]}"#,
    ] {
        let mut c = client(ProtocolVersion::V2026_07_28);
        c.start(&mut Vec::new(), 0).unwrap();
        let no = refusal(0, data);
        let got = c.handle_input(&no, 0).unwrap();
        assert!(
            matches!(got, Incoming::Error { id: 0, .. }),
            "{data}: {got:?}"
        );
        assert!(!c.poll_transmit(&mut Vec::new()), "{data}");
    }
}

#[test]
fn another_error_or_an_initialize_is_not_retried() {
    let mut c = client(ProtocolVersion::V2026_07_28);
    c.start(&mut Vec::new(), 0).unwrap();
    let other = br#"{"jsonrpc":"2.0","id":0,"error":{"code":-32600,"message":"no","data":{"supported":["2026-07-28"]}}}"#;
    assert!(matches!(
        c.handle_input(other, 0).unwrap(),
        Incoming::Error { .. }
    ));
    let mut c = client(ProtocolVersion::V2025_11_25);
    c.start(&mut Vec::new(), 0).unwrap();
    let data = r#","data":{"supported":["2026-07-28"]}"#;
    assert!(matches!(
        c.handle_input(&refusal(0, data), 0).unwrap(),
        Incoming::Error { .. }
    ));
    assert!(!c.poll_transmit(&mut Vec::new()));
}
