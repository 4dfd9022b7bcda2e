//! Every message mcpwire's encoder produces here validates against the spec's schema.json of
//! its protocol version (draft-07 for 2025-06-18, 2020-12 after).

#[path = "common/shared_dir.rs"]
mod shared_dir;
use mcpwire::classify::write_failure;
use mcpwire::json::{JsonStr, RawJson};
use mcpwire::mcp::{
    Annotations, CallToolResult, ContentBlock, List, MediaContent, ProtocolVersion, ResultType,
    Role, TextContent,
};
use mcpwire::{encode_to_vec, ErrorKind, McpMessage, RequestId};
use serde_json::Value as Json;

fn schema_doc(version: &str) -> Json {
    let path = shared_dir::shared_dir()
        .join("spec/schema")
        .join(version)
        .join("schema.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Validates `instance` against definition `def` of the version's schema.
fn check(version: &str, def: &str, instance: &Json) -> Result<(), String> {
    let mut doc = schema_doc(version);
    let defs = if doc.get("$defs").is_some() {
        "$defs"
    } else {
        "definitions"
    };
    assert!(doc[defs].get(def).is_some(), "{version} has no {def}");
    doc["$ref"] = Json::String(format!("#/{defs}/{def}"));
    let validator = jsonschema::validator_for(&doc).map_err(|e| e.to_string())?;
    let errors: Vec<String> = validator
        .iter_errors(instance)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("; "))
    }
}

#[test]
fn the_schema_check_itself_rejects_bad_instances() {
    // 2026 requires resultType; 2025-06-18 (draft-07) requires content to be an array.
    let no_result_type: Json = serde_json::from_str(r#"{"content":[]}"#).unwrap();
    assert!(check("2026-07-28", "CallToolResult", &no_result_type).is_err());
    assert!(check("2025-11-25", "CallToolResult", &no_result_type).is_ok());
    let bad_content: Json = serde_json::from_str(r#"{"content":"x"}"#).unwrap();
    assert!(check("2025-06-18", "CallToolResult", &bad_content).is_err());
}

/// Decodes `text`, encodes it, and validates the output against `message_def` and, for
/// responses, its `result` against `result_def`.
fn encoded_validates(version: &str, text: &str, message_def: &str, result_def: Option<&str>) {
    let msg = McpMessage::decode(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"));
    let out: Json = serde_json::from_slice(&encode_to_vec(&msg)).unwrap();
    check(version, message_def, &out)
        .unwrap_or_else(|e| panic!("{version} {message_def}: {e}\n{out}"));
    if let Some(def) = result_def {
        check(version, def, &out["result"])
            .unwrap_or_else(|e| panic!("{version} {def}: {e}\n{out}"));
    }
}

const CONTENT_2025: &str = r#"[{"type":"text","text":"t","annotations":{"audience":["user"],"priority":0.5,"lastModified":"2025-01-12T15:00:58Z"},"_meta":{"a":1}},{"type":"image","data":"AA==","mimeType":"image/png"},{"type":"audio","data":"AA==","mimeType":"audio/wav"},{"type":"resource_link","uri":"file:///x","name":"x","size":3},{"type":"resource","resource":{"uri":"file:///y","text":"y"}},{"type":"resource","resource":{"uri":"file:///z","blob":"AA==","mimeType":"application/octet-stream"}}]"#;

#[test]
fn encoded_2025_06_18_messages_validate() {
    let v = "2025-06-18";
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#,
        "InitializeRequest",
        None,
    );
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{"listChanged":true}},"serverInfo":{"name":"s","version":"1"}}}"#,
        "JSONRPCResponse",
        Some("InitializeResult"),
    );
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
        "ListToolsRequest",
        None,
    );
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":"c"}}"#,
        "ListToolsRequest",
        None,
    );
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a","title":"A","description":"d","inputSchema":{"type":"object","properties":{"x":{"type":"number"}},"required":["x"]},"outputSchema":{"type":"object","properties":{"y":{"type":"string"}}},"annotations":{"title":"A","readOnlyHint":true,"destructiveHint":false,"idempotentHint":true,"openWorldHint":false},"_meta":{"k":"v"}}],"nextCursor":"n"}}"#,
        "JSONRPCResponse",
        Some("ListToolsResult"),
    );
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"name":"a","arguments":{"x":1},"_meta":{"progressToken":"p"}}}"#,
        "CallToolRequest",
        None,
    );
    encoded_validates(
        v,
        &format!(
            r#"{{"jsonrpc":"2.0","id":"x","result":{{"content":{CONTENT_2025},"structuredContent":{{"y":"z"}}}}}}"#
        ),
        "JSONRPCResponse",
        Some("CallToolResult"),
    );
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"bad"}],"isError":true}}"#,
        "JSONRPCResponse",
        Some("CallToolResult"),
    );
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":0,"progress":1.5,"total":3,"message":"m"}}"#,
        "ProgressNotification",
        None,
    );
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"x","reason":"r"}}"#,
        "CancelledNotification",
        None,
    );
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}"#,
        "ToolListChangedNotification",
        None,
    );
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"Unknown tool: q"}}"#,
        "JSONRPCError",
        None,
    );
}

#[test]
fn encoded_2025_11_25_messages_validate() {
    let v = "2025-11-25";
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#,
        "InitializeRequest",
        None,
    );
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":"c","_meta":{"progressToken":1}}}"#,
        "ListToolsRequest",
        None,
    );
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a","inputSchema":{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object"},"icons":[{"src":"https://x/i.png","mimeType":"image/png","sizes":["48x48"],"theme":"light"}],"execution":{"taskSupport":"optional"}}]}}"#,
        "JSONRPCResultResponse",
        Some("ListToolsResult"),
    );
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"name":"a","arguments":{},"task":{"ttl":1000}}}"#,
        "CallToolRequest",
        None,
    );
    encoded_validates(
        v,
        &format!(
            r#"{{"jsonrpc":"2.0","id":"x","result":{{"content":{CONTENT_2025},"isError":false}}}}"#
        ),
        "JSONRPCResultResponse",
        Some("CallToolResult"),
    );
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p","progress":2,"_meta":{}}}"#,
        "ProgressNotification",
        None,
    );
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}"#,
        "CancelledNotification",
        None,
    );
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}"#,
        "JSONRPCErrorResponse",
        None,
    );
}

const META_2026: &str = r#"{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"},"progressToken":"p"}"#;

#[test]
fn encoded_2026_07_28_messages_validate() {
    let v = "2026-07-28";
    encoded_validates(
        v,
        &format!(
            r#"{{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{{"_meta":{META_2026},"cursor":"c"}}}}"#
        ),
        "ListToolsRequest",
        None,
    );
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","tools":[{"name":"a","inputSchema":{"type":"object","properties":{"q":{"type":"string","x-mcp-header":"Query"}}},"outputSchema":{"type":"array"}}],"ttlMs":1000,"cacheScope":"public","nextCursor":"n"}}"#,
        "ListToolsResultResponse",
        Some("ListToolsResult"),
    );
    encoded_validates(
        v,
        &format!(
            r#"{{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{{"_meta":{META_2026},"name":"a","arguments":{{"q":"w"}}}}}}"#
        ),
        "CallToolRequest",
        None,
    );
    encoded_validates(
        v,
        &format!(
            r#"{{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{{"_meta":{META_2026},"name":"a","inputResponses":{{"k":{{"action":"accept","content":{{"ok":true}}}}}},"requestState":"s"}}}}"#
        ),
        "CallToolRequest",
        None,
    );
    encoded_validates(
        v,
        &format!(
            r#"{{"jsonrpc":"2.0","id":"x","result":{{"resultType":"complete","content":{CONTENT_2025},"structuredContent":[1,"two",null]}}}}"#
        ),
        "CallToolResultResponse",
        Some("CallToolResult"),
    );
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","id":"x","result":{"resultType":"input_required","requestState":"s"}}"#,
        "JSONRPCResultResponse",
        Some("InputRequiredResult"),
    );
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p","progress":0.5,"total":1}}"#,
        "ProgressNotification",
        None,
    );
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"x","reason":"r"}}"#,
        "CancelledNotification",
        None,
    );
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","method":"notifications/tools/list_changed","params":{"_meta":{}}}"#,
        "ToolListChangedNotification",
        None,
    );
    encoded_validates(
        v,
        r#"{"jsonrpc":"2.0","id":3,"error":{"code":-32020,"message":"Header mismatch"}}"#,
        "JSONRPCErrorResponse",
        None,
    );
}

#[test]
fn failure_responses_validate_in_every_version() {
    for version in ProtocolVersion::ALL {
        let v = version.as_str();
        let error_def = if version == ProtocolVersion::V2025_06_18 {
            "JSONRPCError"
        } else {
            "JSONRPCErrorResponse"
        };
        let response_def = if version == ProtocolVersion::V2025_06_18 {
            "JSONRPCResponse"
        } else {
            "JSONRPCResultResponse"
        };
        for kind in ErrorKind::ALL {
            let mut out = Vec::new();
            write_failure(
                &mut out,
                Some(&RequestId::Int(4)),
                *kind,
                &"what \"went\" wrong\n",
                version,
            );
            let json: Json = serde_json::from_slice(&out).unwrap();
            if kind.code().is_some() || json.get("error").is_some() {
                check(v, error_def, &json).unwrap_or_else(|e| panic!("{v} {kind}: {e}"));
            } else {
                check(v, response_def, &json).unwrap_or_else(|e| panic!("{v} {kind}: {e}"));
                check(v, "CallToolResult", &json["result"])
                    .unwrap_or_else(|e| panic!("{v} {kind}: {e}"));
                assert_eq!(json["result"]["isError"], Json::Bool(true));
            }
        }
    }
}

#[test]
fn results_built_in_rust_encode_and_validate() {
    let roles = [Role::User, Role::Assistant];
    let blocks = [
        ContentBlock::Text(TextContent {
            text: JsonStr::new("line \"one\"\n\u{1}"),
            annotations: Some(Annotations {
                audience: Some(List::Slice(&roles)),
                priority: Some(0.25.into()),
                ..Default::default()
            }),
            meta: None,
            extra: Default::default(),
        }),
        ContentBlock::Image(MediaContent {
            data: JsonStr::new("AA=="),
            mime_type: JsonStr::new("image/png"),
            annotations: None,
            meta: None,
            extra: Default::default(),
        }),
    ];
    let structured = RawJson::parse(r#"{ "n": 1 }"#).unwrap();
    let result = CallToolResult {
        content: List::Slice(&blocks),
        structured_content: Some(structured),
        is_error: None,
        result_type: Some(ResultType::Complete),
        meta: None,
        extra: Default::default(),
    };
    let msg = McpMessage::CallToolResult(RequestId::Str(JsonStr::new("r")), result);
    let bytes = encode_to_vec(&msg);
    assert_eq!(
        std::str::from_utf8(&bytes).unwrap(),
        r#"{"jsonrpc":"2.0","id":"r","result":{"resultType":"complete","content":[{"type":"text","text":"line \"one\"\n\u0001","annotations":{"audience":["user","assistant"],"priority":0.25}},{"type":"image","data":"AA==","mimeType":"image/png"}],"structuredContent":{"n":1}}}"#
    );
    let json: Json = serde_json::from_slice(&bytes).unwrap();
    check("2026-07-28", "CallToolResultResponse", &json).unwrap();
    // Decoding our own output gives back an equal view.
    let back = McpMessage::decode(&bytes).unwrap();
    assert_eq!(encode_to_vec(&back), bytes);
    // The caller's buffer: too small reports the exact size needed, then it fits.
    let mut small = [0u8; 16];
    let err = mcpwire::encode_into(&msg, &mut small).unwrap_err();
    assert_eq!(err.required, bytes.len());
    let mut buf = vec![0u8; err.required];
    assert_eq!(mcpwire::encode_into(&msg, &mut buf), Ok(bytes.len()));
    assert_eq!(buf, bytes);
}

/// A server session as it is set up on either wire.
fn server_session(versions: &'static [ProtocolVersion]) -> mcpwire::state::Server<'static> {
    use mcpwire::state::{Server, ServerConfig, Versions};
    Server::new(ServerConfig {
        versions: Versions::new(versions),
        server_info: RawJson::parse(r#"{"name":"s","version":"1"}"#)
            .unwrap()
            .into(),
        capabilities: RawJson::parse(r#"{"tools":{}}"#).unwrap().into(),
        limits: Default::default(),
    })
}

fn as_json(bytes: &[u8]) -> Json {
    serde_json::from_slice(bytes).unwrap_or_else(|e| panic!("{e}: {bytes:?}"))
}

/// Validates a response as a whole message and its `result` (or `error`) as `def`.
fn response_validates(version: &str, bytes: &[u8], def: &str) {
    let out = as_json(bytes);
    check(version, "JSONRPCMessage", &out).unwrap_or_else(|e| panic!("{version}: {e}\n{out}"));
    let part = if out.get("error").is_some() {
        &out["error"]
    } else {
        &out["result"]
    };
    check(version, def, part).unwrap_or_else(|e| panic!("{version} {def}: {e}\n{out}"));
}

const SESSION_META_2026: &str = r#""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#;

/// Every result (and error) a 2026-07-28 server session writes, for results the application
/// built without the 2026-only members, validates against 2026-07-28's schema.
#[test]
fn every_result_a_2026_07_28_server_session_sends_validates() {
    use mcpwire::state::ServerIncoming;
    let v = "2026-07-28";
    let mut server = server_session(&[ProtocolVersion::V2026_07_28]);
    let take = |server: &mut mcpwire::state::Server<'static>| {
        let mut out = Vec::new();
        assert!(server.poll_transmit(&mut out));
        out
    };

    let discover = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{{{SESSION_META_2026}}}}}"#
    );
    assert_eq!(
        server.handle_input(discover.as_bytes(), 0),
        ServerIncoming::Handshake
    );
    response_validates(v, &take(&mut server), "DiscoverResult");

    let list = format!(
        r#"{{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{{{SESSION_META_2026}}}}}"#
    );
    assert!(matches!(
        server.handle_input(list.as_bytes(), 0),
        ServerIncoming::ListTools { .. }
    ));
    let mut out = Vec::new();
    let page = mcpwire::mcp::ListToolsResult {
        tools: List::Slice(&[]),
        next_cursor: None,
        ttl_ms: None,
        cache_scope: None,
        result_type: None,
        meta: None,
        extra: Default::default(),
    };
    server.respond_list(&mut out, &RequestId::Int(2), &page);
    response_validates(v, &out, "ListToolsResult");

    let text = [ContentBlock::Text(TextContent {
        text: JsonStr::new("hi"),
        annotations: None,
        meta: None,
        extra: Default::default(),
    })];
    let result = CallToolResult {
        content: List::Slice(&text),
        structured_content: None,
        is_error: None,
        result_type: None,
        meta: None,
        extra: Default::default(),
    };
    for (id, fail) in [(3, false), (4, true)] {
        let call = format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"t",{SESSION_META_2026}}}}}"#
        );
        assert!(matches!(
            server.handle_input(call.as_bytes(), 0),
            ServerIncoming::CallTool { .. }
        ));
        let mut out = Vec::new();
        if fail {
            server
                .respond_failure(
                    &mut out,
                    &RequestId::Int(id),
                    ErrorKind::ToolExecutionFailed,
                    &"no",
                )
                .unwrap();
        } else {
            server
                .respond_tool(&mut out, &RequestId::Int(id), &result)
                .unwrap();
        }
        response_validates(v, &out, "CallToolResult");
    }

    // Errors the session answers itself: a method 2026-07-28 does not have, a request
    // without a required `_meta` field.
    for (request, def) in [
        (format!(r#"{{"jsonrpc":"2.0","id":5,"method":"ping","params":{{{SESSION_META_2026}}}}}"#), "MethodNotFoundError"),
        (r#"{"jsonrpc":"2.0","id":6,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#.to_string(), "InvalidParamsError"),
    ] {
        assert!(matches!(server.handle_input(request.as_bytes(), 0), ServerIncoming::Refused { .. }));
        response_validates(v, &take(&mut server), def);
    }
}

/// The same on a 2025-11-25 session: the handshake, `ping`, a list page and a call.
#[test]
fn every_result_a_2025_11_25_server_session_sends_validates() {
    use mcpwire::state::ServerIncoming;
    let v = "2025-11-25";
    let mut server = server_session(&[ProtocolVersion::V2026_07_28, ProtocolVersion::V2025_11_25]);
    let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#;
    assert_eq!(
        server.handle_input(init.as_bytes(), 0),
        ServerIncoming::Handshake
    );
    let mut out = Vec::new();
    assert!(server.poll_transmit(&mut out));
    response_validates(v, &out, "InitializeResult");
    let ping = r#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#;
    assert_eq!(
        server.handle_input(ping.as_bytes(), 0),
        ServerIncoming::Answered
    );
    let mut out = Vec::new();
    assert!(server.poll_transmit(&mut out));
    response_validates(v, &out, "EmptyResult");
    let list = r#"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#;
    assert!(matches!(
        server.handle_input(list.as_bytes(), 0),
        ServerIncoming::ListTools { .. }
    ));
    let mut out = Vec::new();
    let page = mcpwire::mcp::ListToolsResult {
        tools: List::Slice(&[]),
        next_cursor: None,
        ttl_ms: None,
        cache_scope: None,
        result_type: None,
        meta: None,
        extra: Default::default(),
    };
    server.respond_list(&mut out, &RequestId::Int(3), &page);
    response_validates(v, &out, "ListToolsResult");
    assert!(as_json(&out)["result"].get("resultType").is_none());
    let other = r#"{"jsonrpc":"2.0","id":4,"method":"resources/list"}"#;
    assert!(matches!(
        server.handle_input(other.as_bytes(), 0),
        ServerIncoming::Refused {
            kind: ErrorKind::MethodNotFound,
            ..
        }
    ));
    let mut out = Vec::new();
    assert!(server.poll_transmit(&mut out));
    assert_eq!(as_json(&out)["error"]["code"], -32601);
}
