//! The state machines without an allocator: fixed capacities, caller-owned buffers.
//! Run with `cargo test -p mcpwire --no-default-features --test session_no_alloc`.
#![cfg(not(feature = "alloc"))]

use mcpwire::json::writer::SliceSink;
use mcpwire::json::{JsonStr, RawJson};
use mcpwire::mcp::{ProgressToken, ProtocolVersion};
use mcpwire::state::{CallOptions, Client, ClientConfig, ClientError, Incoming, TokenChoice};

fn client() -> Client<'static, 2> {
    let info = RawJson::parse(r#"{"name":"tiny","version":"1"}"#).unwrap();
    let mut c = Client::new(ClientConfig::new(ProtocolVersion::V2025_11_25, info));
    c.assume_ready(Some(Default::default()));
    c
}

#[test]
fn tables_have_fixed_capacity_and_say_so() {
    let mut c = client();
    let mut buf = [0u8; 256];
    for _ in 0..2 {
        let mut sink = SliceSink::new(&mut buf);
        c.call_tool(&mut sink, 0, "t", None, CallOptions::default())
            .unwrap();
        sink.finish().unwrap();
    }
    let mut sink = SliceSink::new(&mut buf);
    assert_eq!(
        c.call_tool(&mut sink, 0, "t", None, CallOptions::default()),
        Err(ClientError::Capacity)
    );
}

#[test]
fn a_call_with_progress_works_in_caller_owned_buffers() {
    let mut c = client();
    let mut buf = [0u8; 256];
    let mut sink = SliceSink::new(&mut buf);
    let token = TokenChoice::Given(ProgressToken::Str(JsonStr::new("p")));
    let (id, _) = c
        .call_tool(
            &mut sink,
            0,
            "t",
            None,
            CallOptions {
                timeout: Some(10),
                progress: token,
            },
        )
        .unwrap();
    let n = sink.finish().unwrap();
    assert_eq!(
        core::str::from_utf8(&buf[..n]).unwrap(),
        r#"{"jsonrpc":"2.0","id":0,"method":"tools/call","params":{"_meta":{"progressToken":"p"},"name":"t"}}"#
    );
    let progress = br#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p","progress":1}}"#;
    assert!(
        matches!(c.handle_input(progress, 1).unwrap(), Incoming::Progress { id: i, .. } if i == id)
    );
    let done = br#"{"jsonrpc":"2.0","id":0,"result":{"content":[{"type":"text","text":"ok"}]}}"#;
    assert!(matches!(
        c.handle_input(done, 2).unwrap(),
        Incoming::ToolResult { .. }
    ));
    assert_eq!(c.in_flight(), 0);
    // A token longer than the no-alloc text limit is refused, not truncated.
    let long = "x".repeat(65);
    let mut sink = SliceSink::new(&mut buf);
    let token = TokenChoice::Given(ProgressToken::Str(JsonStr::new(&long)));
    assert_eq!(
        c.call_tool(
            &mut sink,
            3,
            "t",
            None,
            CallOptions {
                timeout: None,
                progress: token
            }
        ),
        Err(ClientError::Capacity)
    );
}
