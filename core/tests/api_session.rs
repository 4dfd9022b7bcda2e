//! The value-level sessions the bindings wrap, driven against each other.

use mcpwire::api::{page, ClientOptions, ClientSession, ServerSession};
use mcpwire::json::Value;
use mcpwire::Limits;

fn v(text: &str) -> Value {
    Value::parse(text.as_bytes(), Limits::DEFAULT).unwrap()
}

fn field<'a>(v: &'a Value, k: &str) -> &'a Value {
    v.get(k).unwrap_or(&Value::Null)
}

fn text(v: &Value) -> &str {
    match v {
        Value::String(s) => s,
        _ => "",
    }
}

#[test]
fn client_and_server_sessions_talk_through_values() {
    let mut c = ClientSession::new(
        "2025-11-25",
        &v(r#"{"name":"h","version":"1"}"#),
        None,
        &ClientOptions::default(),
    )
    .unwrap();
    let mut s = ServerSession::new(
        &["2025-11-25"],
        &v(r#"{"name":"s","version":"1"}"#),
        &v(r#"{"tools":{}}"#),
    )
    .unwrap();
    let (_, hello) = c.start(0).unwrap();
    assert_eq!(
        text(field(&s.handle_input(&hello, 0), "event")),
        "handshake"
    );
    let reply = s.poll_transmit().unwrap();
    let ready = c.handle_input(&reply, 0).unwrap();
    assert_eq!(text(field(&ready, "event")), "ready");
    let initialized = c.poll_transmit().unwrap();
    assert_eq!(
        text(field(&s.handle_input(&initialized, 0), "event")),
        "other"
    );

    // A page of a 3-tool catalog, two per page.
    let (_, list) = c.list_tools(0).unwrap();
    let ev = s.handle_input(&list, 0);
    assert_eq!(text(field(&ev, "event")), "list_tools");
    let p = page(b"0123456789abcdef", 3, 2, None, 1).unwrap();
    let next = text(field(&p, "nextCursor")).to_string();
    assert_eq!(next.len(), 28);
    let result = v(&format!(
        r#"{{"tools":[{{"name":"a","inputSchema":{{"type":"object"}}}},{{"name":"b","inputSchema":{{"type":"object"}}}}],"nextCursor":"{next}"}}"#
    ));
    let bytes = s.respond_list(field(&ev, "id"), &result).unwrap();
    let got = c.handle_input(&bytes, 0).unwrap();
    assert_eq!(text(field(&got, "event")), "tools_page");
    assert_eq!(field(&got, "stop"), &Value::Null);
    let follow = c.poll_transmit().unwrap();
    assert!(String::from_utf8(follow).unwrap().contains(&next));
    assert!(page(b"0123456789abcdef", 3, 2, Some("bogus"), 1).is_err());

    // A call with progress, then a cancelled one whose response is suppressed.
    let (id, token, call) = c
        .call_tool(
            0,
            "a",
            Some(&v(r#"{"q":1}"#)),
            Some(1000),
            &Value::Bool(true),
        )
        .unwrap();
    assert_eq!(token, Value::from_i64(0));
    let ev = s.handle_input(&call, 0);
    assert_eq!(field(&ev, "progressToken"), &Value::from_i64(0));
    assert_eq!(field(&ev, "arguments"), &v(r#"{"q":1}"#));
    let note = s
        .notify_progress(field(&ev, "id"), 1.0, Some(2.0), Some("half"))
        .unwrap();
    let prog = c.handle_input(&note, 1).unwrap();
    assert_eq!(
        (text(field(&prog, "event")), field(&prog, "id")),
        ("progress", &Value::from_i64(id))
    );
    assert!(s
        .notify_progress(field(&ev, "id"), 1.0, None, None)
        .is_err());
    let done = s
        .respond_tool(
            field(&ev, "id"),
            &v(r#"{"content":[{"type":"text","text":"ok"}]}"#),
        )
        .unwrap()
        .unwrap();
    let res = c.handle_input(&done, 2).unwrap();
    assert_eq!(text(field(&res, "class")), "success");

    let (id2, _, call2) = c
        .call_tool(3, "b", None, None, &Value::String("t".into()))
        .unwrap();
    let ev2 = s.handle_input(&call2, 3);
    let cancel = c.cancel(id2, Some("stop")).unwrap();
    assert_eq!(
        text(field(&s.handle_input(&cancel, 4), "event")),
        "cancelled"
    );
    assert_eq!(
        s.respond_failure(field(&ev2, "id"), "tool_execution_failed", "boom")
            .unwrap(),
        None
    );
    // Only the queued second page of the listing is still in flight.
    assert_eq!(c.in_flight(), 1);
    assert_eq!(s.in_flight(), 0);
    // Misuse is an error, not a panic.
    assert!(c
        .call_tool(5, "a", Some(&Value::from_i64(1)), None, &Value::Null)
        .is_err());
    assert!(ServerSession::new(&["1999-01-01"], &v("{}"), &v("{}")).is_err());
}
