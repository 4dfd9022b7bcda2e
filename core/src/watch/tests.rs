use super::*;
use alloc::format;
use alloc::vec;
use alloc::vec::Vec;
use Direction::{ToHost as H, ToServer as S};

const INIT: &str = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;
const INIT_OK: &str = r#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}"#;
const INITIALIZED: &str = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
const LIST: &str = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#;
const LIST_OK: &str = r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"add","inputSchema":{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"]},"outputSchema":{"type":"object","properties":{"sum":{"type":"integer"}},"required":["sum"]}},{"name":"echo","inputSchema":{"type":"object"}}]}}"#;

fn handshake() -> Vec<(Direction, &'static str)> {
    vec![
        (S, INIT),
        (H, INIT_OK),
        (S, INITIALIZED),
        (S, LIST),
        (H, LIST_OK),
    ]
}

/// Runs lines (one ms apart) and returns the rules broken, in order, with their line numbers.
fn run(w: &mut Watch, lines: &[(Direction, &str)]) -> Vec<(Rule, u64)> {
    let mut out = Vec::new();
    for (i, (d, l)) in lines.iter().enumerate() {
        let obs = w.observe(*d, l.as_bytes(), i as u64);
        out.extend(obs.findings.iter().map(|f| (f.rule, f.line)));
    }
    out
}

fn rules_of(lines: &[(Direction, &str)]) -> Vec<Rule> {
    let mut all = handshake();
    all.extend_from_slice(lines);
    let mut w = Watch::new(WatchLimits::DEFAULT);
    run(&mut w, &all).into_iter().map(|(r, _)| r).collect()
}

#[test]
fn a_clean_session_has_no_finding_and_reports_latency_and_progress() {
    let mut w = Watch::new(WatchLimits::DEFAULT);
    assert!(run(&mut w, &handshake()).is_empty());
    let call = r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add","arguments":{"a":1},"_meta":{"progressToken":"p"}}}"#;
    assert!(w.observe(S, call.as_bytes(), 100).findings.is_empty());
    for (i, p) in [1, 2].iter().enumerate() {
        let n = format!(
            r#"{{"jsonrpc":"2.0","method":"notifications/progress","params":{{"progressToken":"p","progress":{p},"total":2}}}}"#
        );
        let obs = w.observe(H, n.as_bytes(), 110 + i as u64);
        assert!(obs.findings.is_empty(), "{:?}", obs.findings);
        let p = obs.progress.unwrap();
        assert_eq!((p.request, p.total), (OwnedId::Int(2), Some(2.0)));
    }
    let ok = r#"{"jsonrpc":"2.0","id":2,"result":{"content":[],"structuredContent":{"sum":1}}}"#;
    let obs = w.observe(H, ok.as_bytes(), 142);
    assert!(obs.findings.is_empty(), "{:?}", obs.findings);
    assert_eq!(obs.latency, Some(42));
    assert_eq!(obs.answers.as_deref(), Some("tools/call"));
    let f = obs.report.outcome.unwrap();
    assert_eq!(f.message_type, crate::mcp::MessageType::CallToolResult);
    assert_eq!(w.poll_timeout(), None);
    assert!(w.finish(200).is_empty());
    assert_eq!((w.lines(S), w.lines(H)), (4, 5));
}

#[test]
fn decode_rules() {
    let mut w = Watch::new(WatchLimits::DEFAULT);
    let got = run(
        &mut w,
        &[
            (H, "Server started on stdio"),
            (H, r#"{"jsonrpc":"1.0","method":"x"}"#),
            (S, r#"{"a":1,"a":2}"#),
        ],
    );
    assert_eq!(
        got,
        [
            (Rule::NotJson, 1),
            (Rule::InvalidMessage, 2),
            (Rule::NotJson, 1)
        ]
    );
    let obs = w.observe_too_long(H, 20 << 20, 5);
    assert_eq!(obs.findings[0].rule, Rule::LineTooLong);
    assert_eq!(obs.line, 3);
    let obs = w.observe_partial(H, br#"{"jsonrpc":"2.0","id":1,"res"#, 6);
    let rules: Vec<Rule> = obs.findings.iter().map(|f| f.rule).collect();
    assert_eq!(rules, [Rule::NotJson, Rule::PartialMessage]);
}

#[test]
fn handshake_rules() {
    let mut w = Watch::new(WatchLimits::DEFAULT);
    let got = run(
        &mut w,
        &[
            (S, LIST),
            (S, INIT),
            (S, INITIALIZED),
            (H, INIT_OK),
            (S, r#"{"jsonrpc":"2.0","id":5,"method":"tools/list"}"#),
        ],
    );
    assert_eq!(
        got,
        [
            (Rule::RequestBeforeInitialize, 1),
            (Rule::InitializedOutOfOrder, 3),
        ]
    );
    let mut w = Watch::new(WatchLimits::DEFAULT);
    let got = run(
        &mut w,
        &[(S, INIT), (H, INIT_OK), (S, LIST), (S, INITIALIZED)],
    );
    assert_eq!(got, [(Rule::RequestBeforeInitialized, 2)]);
    let init9 = INIT.replace("\"id\":0", "\"id\":9");
    let mut w = Watch::new(WatchLimits::DEFAULT);
    let got = run(
        &mut w,
        &[
            (S, INIT),
            (H, INIT_OK),
            (S, INITIALIZED),
            (S, INITIALIZED),
            (S, &init9),
        ],
    );
    assert_eq!(
        got,
        [
            (Rule::InitializedOutOfOrder, 3),
            (Rule::InitializeRepeated, 4)
        ]
    );
    let bad_version = INIT_OK.replace("2025-06-18", "2099-01-01");
    let mut w = Watch::new(WatchLimits::DEFAULT);
    let got = run(&mut w, &[(S, INIT), (H, &bad_version)]);
    assert_eq!(got, [(Rule::UnknownProtocolVersion, 1)]);
    // 2026-07-28: no handshake, the version rides on each request.
    let mut w = Watch::new(WatchLimits::DEFAULT);
    let stateless = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#;
    assert!(run(&mut w, &[(S, stateless)]).is_empty());
}

#[test]
fn id_rules() {
    let call = r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo"}}"#;
    let ok = r#"{"jsonrpc":"2.0","id":7,"result":{"content":[]}}"#;
    assert_eq!(
        rules_of(&[(S, call), (S, call)]),
        [Rule::DuplicateRequestId]
    );
    assert_eq!(
        rules_of(&[(S, call), (H, ok), (H, ok)]),
        [Rule::DuplicateResponse]
    );
    let wrong = r#"{"jsonrpc":"2.0","id":8,"result":{"content":[]}}"#;
    assert_eq!(
        rules_of(&[(S, call), (H, wrong)]),
        [Rule::UnknownResponseId]
    );
    // The server's own requests have their own ids: a ping 7 from the server is no duplicate.
    let ping = r#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#;
    let pong = r#"{"jsonrpc":"2.0","id":7,"result":{}}"#;
    assert_eq!(rules_of(&[(S, call), (H, ping), (S, pong), (H, ok)]), []);
}

#[test]
fn progress_rules() {
    let call = |id: u32, t: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"echo","_meta":{{"progressToken":"{t}"}}}}}}"#
        )
    };
    let prog = |t: &str, p: f64| {
        format!(
            r#"{{"jsonrpc":"2.0","method":"notifications/progress","params":{{"progressToken":"{t}","progress":{p}}}}}"#
        )
    };
    let ok = r#"{"jsonrpc":"2.0","id":2,"result":{"content":[]}}"#;
    let (c2, c3) = (call(2, "a"), call(3, "a"));
    assert_eq!(
        rules_of(&[(S, &c2), (S, &c3)]),
        [Rule::DuplicateProgressToken]
    );
    let (p5, p4) = (prog("a", 5.0), prog("a", 4.5));
    assert_eq!(
        rules_of(&[(S, &c2), (H, &p5), (H, &p4), (H, &p5)]),
        [Rule::ProgressNotIncreasing, Rule::ProgressNotIncreasing]
    );
    let pz = prog("zz", 1.0);
    assert_eq!(
        rules_of(&[(S, &c2), (H, &pz)]),
        [Rule::ProgressUnknownToken]
    );
    assert_eq!(
        rules_of(&[(S, &c2), (H, ok), (H, &p5)]),
        [Rule::ProgressAfterCompletion]
    );
}

#[test]
fn cancellation_rules() {
    let call = r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","_meta":{"progressToken":9}}}"#;
    let cancel = |id: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","method":"notifications/cancelled","params":{{"requestId":{id},"reason":"x"}}}}"#
        )
    };
    let ok = r#"{"jsonrpc":"2.0","id":2,"result":{"content":[]}}"#;
    let prog = r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":9,"progress":1}}"#;
    let c2 = cancel("2");
    assert_eq!(
        rules_of(&[(S, call), (S, &c2), (H, prog), (H, ok)]),
        [Rule::ProgressAfterCancel, Rule::ResponseAfterCancel]
    );
    let c99 = cancel("99");
    assert_eq!(rules_of(&[(S, &c99)]), [Rule::CancelUnknownRequest]);
    // Cancelling an answered request is a race the spec allows.
    assert_eq!(rules_of(&[(S, call), (H, ok), (S, &c2)]), []);
    let mut w = Watch::new(WatchLimits::DEFAULT);
    let c0 = cancel("0");
    assert_eq!(
        run(&mut w, &[(S, INIT), (S, &c0)]),
        [(Rule::CancelInitialize, 2)]
    );
    // A cancelled request is no longer awaited.
    assert!(w.finish(10).is_empty());
}

#[test]
fn pagination_rules() {
    let page1 = r#"{"jsonrpc":"2.0","id":3,"result":{"tools":[],"nextCursor":"c1"}}"#;
    let ask = |id: u32, c: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/list","params":{{"cursor":"{c}"}}}}"#
        )
    };
    let list3 = r#"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#;
    let (good, forged) = (ask(4, "c1"), ask(4, "c2"));
    assert_eq!(rules_of(&[(S, list3), (H, page1), (S, &good)]), []);
    assert_eq!(
        rules_of(&[(S, list3), (H, page1), (S, &forged)]),
        [Rule::UnknownCursor]
    );
    let again = r#"{"jsonrpc":"2.0","id":4,"result":{"tools":[],"nextCursor":"c1"}}"#;
    assert_eq!(
        rules_of(&[(S, list3), (H, page1), (S, &good), (H, again)]),
        [Rule::RepeatedCursor]
    );
    // Other paginated methods too.
    let res = r#"{"jsonrpc":"2.0","id":5,"method":"resources/list","params":{"cursor":"c1"}}"#;
    assert_eq!(
        rules_of(&[(S, list3), (H, page1), (S, res)]),
        [Rule::UnknownCursor]
    );
}

#[test]
fn schema_rules() {
    let call = |id: u32, name: &str, args: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"{name}","arguments":{args}}}}}"#
        )
    };
    let bad = call(2, "add", r#"{"a":"one"}"#);
    let ok = |id: u32, body: &str| format!(r#"{{"jsonrpc":"2.0","id":{id},"result":{body}}}"#);
    let tool_error = ok(
        2,
        r#"{"content":[{"type":"text","text":"bad a"}],"isError":true}"#,
    );
    assert_eq!(
        rules_of(&[(S, &bad), (H, &tool_error)]),
        [Rule::InvalidArguments]
    );
    let proto = r#"{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"bad"}}"#;
    assert_eq!(
        rules_of(&[(S, &bad), (H, proto)]),
        [Rule::InvalidArguments, Rule::ArgumentsErrorAsProtocolError]
    );
    let good = call(2, "add", r#"{"a":1}"#);
    let missing = ok(2, r#"{"content":[]}"#);
    assert_eq!(
        rules_of(&[(S, &good), (H, &missing)]),
        [Rule::StructuredContentMissing]
    );
    let wrong = ok(2, r#"{"content":[],"structuredContent":{"sum":"1"}}"#);
    assert_eq!(
        rules_of(&[(S, &good), (H, &wrong)]),
        [Rule::StructuredContentInvalid]
    );
    assert_eq!(rules_of(&[(S, &good), (H, &tool_error)]), []);
    let nope = call(2, "nope", "{}");
    assert_eq!(
        rules_of(&[(S, &nope), (H, &tool_error)]),
        [Rule::UnknownTool, Rule::UnknownToolAsToolError]
    );
    assert_eq!(rules_of(&[(S, &nope), (H, proto)]), [Rule::UnknownTool]);
    // After list_changed the catalog may be stale: no unknown_tool.
    let changed = r#"{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}"#;
    assert_eq!(rules_of(&[(H, changed), (S, &nope), (H, proto)]), []);
    let broken = r#"{"jsonrpc":"2.0","id":3,"result":{"tools":[{"name":"x","inputSchema":{"type":"object","properties":{"a":{"pattern":"("}}}}]}}"#;
    let list3 = r#"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#;
    assert_eq!(
        rules_of(&[(S, list3), (H, broken)]),
        [Rule::InvalidToolSchema]
    );
}

#[test]
fn latency_rules() {
    let limits = WatchLimits {
        slow_response: Some(50),
        no_response: Some(1_000),
        ..WatchLimits::DEFAULT
    };
    let mut w = Watch::new(limits);
    run(&mut w, &handshake());
    let call = |id: u32| {
        format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"echo"}}}}"#)
    };
    w.observe(S, call(2).as_bytes(), 100);
    w.observe(S, call(3).as_bytes(), 300);
    assert_eq!(w.poll_timeout(), Some(1_100));
    assert!(w.handle_timeout(1_099).is_empty());
    let late = w.handle_timeout(1_100);
    assert_eq!(late.len(), 1);
    assert_eq!(
        (late[0].rule, late[0].id.clone(), late[0].line),
        (Rule::NoResponse, Some(OwnedId::Int(2)), 4)
    );
    assert_eq!(w.poll_timeout(), Some(1_300));
    let obs = w.observe(
        H,
        br#"{"jsonrpc":"2.0","id":2,"result":{"content":[]}}"#,
        1_200,
    );
    assert_eq!(obs.findings[0].rule, Rule::SlowResponse);
    let end = w.finish(2_000);
    assert_eq!(end.len(), 1);
    assert_eq!((end[0].rule, end[0].direction), (Rule::UnansweredAtExit, S));
}

#[test]
fn findings_write_json() {
    let f = Finding {
        rule: Rule::UnknownTool,
        direction: S,
        line: 3,
        time: 5,
        id: Some(OwnedId::Str("a\"b".into())),
        method: Some("tools/call".into()),
        message: "m\n".into(),
    };
    let mut out = Vec::new();
    f.write_json(&mut out, "T");
    assert_eq!(
        core::str::from_utf8(&out).unwrap(),
        r#"{"time":"T","direction":"to_server","line":3,"rule":"unknown_tool","message":"m\n","id":"a\"b","method":"tools/call"}"#
    );
}

#[test]
fn tracking_is_bounded() {
    let mut w = Watch::new(WatchLimits {
        max_in_flight: 2,
        ..WatchLimits::DEFAULT
    });
    run(&mut w, &handshake());
    for id in 10..20 {
        let c = format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"echo"}}}}"#
        );
        assert!(w.observe(S, c.as_bytes(), 1).findings.is_empty());
    }
    assert_eq!(w.finish(2).len(), 2);
}

#[test]
fn stdio_rules_of_2026() {
    let meta = r#""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#;
    let list = format!(r#"{{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{{{meta}}}}}"#);
    let ping = r#"{"jsonrpc":"2.0","id":"s1","method":"ping"}"#;
    let pong = r#"{"jsonrpc":"2.0","id":"s1","result":{}}"#;
    let mut w = Watch::new(WatchLimits::DEFAULT);
    let got = run(&mut w, &[(S, &list), (H, ping), (S, pong)]);
    assert_eq!(got, [(Rule::ServerRequest, 1), (Rule::ClientResponse, 2)]);
    // Before 2026-07-28 the server may ask.
    let mut w = Watch::new(WatchLimits::DEFAULT);
    let mut lines = handshake();
    lines.extend_from_slice(&[(H, ping), (S, pong)]);
    assert!(run(&mut w, &lines).is_empty());
    assert_eq!(w.protocol_version(), Some("2025-06-18"));
}

#[test]
fn long_ids_tokens_and_cursors_are_not_kept() {
    let long = "x".repeat(MAX_KEY + 1);
    let call = format!(
        r#"{{"jsonrpc":"2.0","id":"{long}","method":"tools/call","params":{{"name":"echo","_meta":{{"progressToken":"{long}"}}}}}}"#
    );
    let page =
        format!(r#"{{"jsonrpc":"2.0","id":3,"result":{{"tools":[],"nextCursor":"{long}"}}}}"#);
    let mut w = Watch::new(WatchLimits::DEFAULT);
    let mut lines = handshake();
    let list3 = r#"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#;
    lines.extend_from_slice(&[(S, &call), (S, list3), (H, &page)]);
    assert!(run(&mut w, &lines).is_empty());
    // The long call was not tracked, so nothing is awaited at the end.
    assert!(w.finish(100).is_empty());
}

mod arbitrary {
    use super::*;
    use alloc::string::String;
    use proptest::prelude::*;

    /// Pieces of messages, shuffled into sessions that break rules in every order.
    fn line() -> impl Strategy<Value = (bool, String)> {
        let id = prop_oneof![(0i64..4).prop_map(|i| format!("{i}")), Just("\"s\"".into())];
        let tool = prop_oneof![Just("add"), Just("echo"), Just("nope")];
        let body = (id, tool, 0u8..14, 0i64..4).prop_map(|(id, tool, k, n)| match k {
            0 => INIT.replace("\"id\":0", &format!("\"id\":{id}")),
            1 => INIT_OK.replace("\"id\":0", &format!("\"id\":{id}")),
            2 => INITIALIZED.into(),
            3 => LIST.replace("\"id\":1", &format!("\"id\":{id}")),
            4 => LIST_OK.replace("\"id\":1", &format!("\"id\":{id}")),
            5 => format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"{tool}","arguments":{{"a":{n}}},"_meta":{{"progressToken":{n}}}}}}}"#),
            6 => format!(r#"{{"jsonrpc":"2.0","id":{id},"result":{{"content":[],"structuredContent":{{"sum":{n}}}}}}}"#),
            7 => format!(r#"{{"jsonrpc":"2.0","id":{id},"error":{{"code":-32602,"message":"x"}}}}"#),
            8 => format!(r#"{{"jsonrpc":"2.0","method":"notifications/progress","params":{{"progressToken":{n},"progress":{n}}}}}"#),
            9 => format!(r#"{{"jsonrpc":"2.0","method":"notifications/cancelled","params":{{"requestId":{id}}}}}"#),
            10 => format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/list","params":{{"cursor":"c{n}"}}}}"#),
            11 => format!(r#"{{"jsonrpc":"2.0","id":{id},"result":{{"tools":[],"nextCursor":"c{n}"}}}}"#),
            12 => "not json at all".into(),
            _ => format!(r#"{{"jsonrpc":"2.0","id":{id},"result":{{"content":[],"isError":true}}}}"#),
        });
        (any::<bool>(), body)
    }

    proptest! {
        #[test]
        fn any_session_is_observed_without_panic_and_findings_name_their_lines(
            lines in proptest::collection::vec(line(), 0..40),
            cut in 0usize..60,
        ) {
            let mut w = Watch::new(WatchLimits { no_response: Some(5), slow_response: Some(3), ..WatchLimits::DEFAULT });
            let mut all = Vec::new();
            for (i, (to_host, l)) in lines.iter().enumerate() {
                let dir = if *to_host { H } else { S };
                let bytes = l.as_bytes();
                let obs = if i % 7 == 6 {
                    w.observe_partial(dir, &bytes[..cut.min(bytes.len())], i as u64)
                } else {
                    w.observe(dir, bytes, i as u64)
                };
                prop_assert_eq!(obs.line, w.lines(dir));
                all.extend(obs.findings);
                let now = i as u64;
                if w.poll_timeout().is_some_and(|t| t <= now) {
                    let late = w.handle_timeout(now);
                    prop_assert!(!late.is_empty());
                    prop_assert!(late.iter().all(|f| f.rule == Rule::NoResponse));
                    prop_assert!(w.poll_timeout().is_none_or(|t| t > now));
                    all.extend(late);
                }
            }
            all.extend(w.handle_timeout(1_000));
            all.extend(w.finish(2_000));
            for f in &all {
                prop_assert!(f.line >= 1 && f.line <= w.lines(f.direction).max(1));
            }
            // Every request the watch tracked has been accounted for.
            prop_assert!(w.finish(3_000).is_empty());
        }
    }
}
