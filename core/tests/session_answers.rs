//! The bytes the sessions send of their own (handshake answers, `ping`'s result, the client's
//! `server/discover`, `notifications/initialized` and `notifications/cancelled`), now written
//! through the typed encoders and `jsonrpc`'s envelope writers: the same as the hand-written
//! writers they replaced sent, byte for byte (each test passes on both).

use mcpwire::json::RawJson;
use mcpwire::mcp::ProtocolVersion;
use mcpwire::state::{
    CallOptions, Client, ClientConfig, Server, ServerConfig, ServerIncoming, Versions,
};

const INFO: &str = r#"{"name":"sim","version":"1","title":"Sim \"1\""}"#;
const CAPS: &str = r#"{"tools":{"listChanged":true},"x":[1]}"#;

fn server(versions: &[ProtocolVersion]) -> Server<'static> {
    Server::new(ServerConfig {
        versions: Versions::new(versions),
        server_info: RawJson::parse(INFO).unwrap().into(),
        capabilities: RawJson::parse(CAPS).unwrap().into(),
        limits: Default::default(),
    })
}

fn answer(s: &mut Server<'_>, input: &str) -> String {
    let seen = s.handle_input(input.as_bytes(), 0);
    assert!(
        matches!(seen, ServerIncoming::Handshake | ServerIncoming::Answered),
        "{seen:?}"
    );
    let mut out = Vec::new();
    assert!(s.poll_transmit(&mut out));
    assert!(!s.poll_transmit(&mut Vec::new()));
    String::from_utf8(out).unwrap()
}

#[test]
fn discover_answers_with_server_info_in_meta_and_the_cache_hints() {
    let mut s = server(&[
        ProtocolVersion::V2026_07_28,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2025_06_18,
    ]);
    let discover = r#"{"jsonrpc":"2.0","id":"d-1","method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#;
    assert_eq!(
        answer(&mut s, discover),
        format!(
            r#"{{"jsonrpc":"2.0","id":"d-1","result":{{"_meta":{{"io.modelcontextprotocol/serverInfo":{INFO}}},"resultType":"complete","supportedVersions":["2026-07-28","2025-11-25","2025-06-18"],"capabilities":{CAPS},"ttlMs":0,"cacheScope":"public"}}}}"#
        )
    );
    let mut one = server(&[ProtocolVersion::V2026_07_28]);
    assert!(answer(&mut one, discover).contains(r#""supportedVersions":["2026-07-28"],"#));
}

#[test]
fn initialize_and_ping_answers() {
    let mut s = server(&[ProtocolVersion::V2025_11_25, ProtocolVersion::V2025_06_18]);
    let init = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#;
    assert_eq!(
        answer(&mut s, init),
        format!(
            r#"{{"jsonrpc":"2.0","id":0,"result":{{"protocolVersion":"2025-06-18","capabilities":{CAPS},"serverInfo":{INFO}}}}}"#
        )
    );
    assert_eq!(
        answer(&mut s, r#"{"jsonrpc":"2.0","id":"p","method":"ping"}"#),
        r#"{"jsonrpc":"2.0","id":"p","result":{}}"#
    );
}

#[test]
fn the_client_cancels_with_and_without_a_reason() {
    let mut c = Client::<8>::new(ClientConfig::new(
        ProtocolVersion::V2025_11_25,
        RawJson::parse(INFO).unwrap(),
    ));
    c.assume_ready(Some(Default::default()));
    let mut w = Vec::new();
    let (a, _) = c
        .call_tool(&mut w, 0, "t", None, CallOptions::default())
        .unwrap();
    let (b, _) = c
        .call_tool(&mut w, 0, "t", None, CallOptions::default())
        .unwrap();
    let mut out = Vec::new();
    assert!(c.cancel(&mut out, a, Some("the user said \"stop\"\n")));
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!(
            r#"{{"jsonrpc":"2.0","method":"notifications/cancelled","params":{{"requestId":{a},"reason":"the user said \"stop\"\n"}}}}"#
        )
    );
    let mut out = Vec::new();
    assert!(c.cancel(&mut out, b, None));
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!(
            r#"{{"jsonrpc":"2.0","method":"notifications/cancelled","params":{{"requestId":{b}}}}}"#
        )
    );
}

#[test]
fn the_client_opens_with_discover_or_initialize_then_initialized() {
    let mut c = Client::<8>::new(ClientConfig::new(
        ProtocolVersion::V2026_07_28,
        RawJson::parse(INFO).unwrap(),
    ));
    let mut out = Vec::new();
    let id = c.start(&mut out, 0).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"server/discover","params":{{"_meta":{{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{{}},"io.modelcontextprotocol/clientInfo":{INFO}}}}}}}"#
        )
    );

    let mut c = Client::<8>::new(ClientConfig::new(
        ProtocolVersion::V2025_11_25,
        RawJson::parse(INFO).unwrap(),
    ));
    let mut s = server(&[ProtocolVersion::V2025_11_25]);
    let mut hello = Vec::new();
    c.start(&mut hello, 0).unwrap();
    let answer = answer(&mut s, core::str::from_utf8(&hello).unwrap());
    c.handle_input(answer.as_bytes(), 0).unwrap();
    let mut out = Vec::new();
    assert!(c.poll_transmit(&mut out));
    assert_eq!(
        String::from_utf8(out).unwrap(),
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#
    );
}
