//! Every example of streamable-http-2026-07-28.mdx, the encoding table, the x-mcp-header
//! constraints, and the server check's answers (400 + -32020, -32022, 405/406/415).

#[path = "common/shared_dir.rs"]
mod shared_dir;
use mcpwire::json::Value;
use mcpwire::mcp::ProtocolVersion;
use mcpwire::state::Versions;
use mcpwire::transport::http::server_check::check_post;
use mcpwire::transport::http::{
    client_request_headers, decode_header_value, encode_header_value, http_tool_catalog, HttpReply,
    ToolHeaders,
};
use mcpwire::Limits;

fn v(text: &str) -> Value {
    Value::parse(text.as_bytes(), Limits::DEFAULT).unwrap()
}

const GET_WEATHER: &str = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_weather","arguments":{"location":"Seattle, WA"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"ExampleClient","version":"1.0.0"},"io.modelcontextprotocol/clientCapabilities":{}}}}"#;
const READ_CONFIG: &str = r#"{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"file:///projects/myapp/config.json","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"ExampleClient","version":"1.0.0"},"io.modelcontextprotocol/clientCapabilities":{}}}}"#;
const EXECUTE_SQL: &str = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"ExampleClient","version":"1.0.0"},"io.modelcontextprotocol/clientCapabilities":{}},"name":"execute_sql","arguments":{"region":"us-west1","query":"SELECT * FROM users"}}}"#;
const EXECUTE_SQL_TOOL: &str = r#"{"name":"execute_sql","description":"Execute SQL on Google Cloud Spanner","inputSchema":{"type":"object","properties":{"region":{"type":"string","description":"The region to execute the query in","x-mcp-header":"Region"},"query":{"type":"string","description":"The SQL query to execute"}},"required":["region","query"]}}"#;

fn headers_of(list: &[(String, String)]) -> Vec<(String, String)> {
    list.iter()
        .filter(|(n, _)| n != "Accept")
        .cloned()
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

fn sql_tool() -> ToolHeaders {
    ToolHeaders::from_input_schema(v(EXECUTE_SQL_TOOL).get("inputSchema").unwrap()).unwrap()
}

#[test]
fn the_tools_call_example_headers() {
    let h =
        client_request_headers(&v(GET_WEATHER), ProtocolVersion::V2026_07_28, None, None).unwrap();
    assert_eq!(
        headers_of(&h),
        pairs(&[
            ("Content-Type", "application/json"),
            ("MCP-Protocol-Version", "2026-07-28"),
            ("Mcp-Method", "tools/call"),
            ("Mcp-Name", "get_weather"),
        ])
    );
    assert!(h.contains(&(
        "Accept".into(),
        "application/json, text/event-stream".into()
    )));
}

#[test]
fn the_resources_read_example_headers() {
    let h =
        client_request_headers(&v(READ_CONFIG), ProtocolVersion::V2026_07_28, None, None).unwrap();
    assert_eq!(
        headers_of(&h),
        pairs(&[
            ("Content-Type", "application/json"),
            ("MCP-Protocol-Version", "2026-07-28"),
            ("Mcp-Method", "resources/read"),
            ("Mcp-Name", "file:///projects/myapp/config.json"),
        ])
    );
}

#[test]
fn the_execute_sql_example_headers() {
    let tool = sql_tool();
    assert_eq!(tool.params.len(), 1);
    let h = client_request_headers(
        &v(EXECUTE_SQL),
        ProtocolVersion::V2026_07_28,
        Some(&tool),
        None,
    )
    .unwrap();
    assert_eq!(
        headers_of(&h),
        pairs(&[
            ("Content-Type", "application/json"),
            ("MCP-Protocol-Version", "2026-07-28"),
            ("Mcp-Method", "tools/call"),
            ("Mcp-Name", "execute_sql"),
            ("Mcp-Param-Region", "us-west1"),
        ])
    );
}

#[test]
fn the_encoding_table() {
    let table = [
        ("us-west1", "us-west1"),
        ("Hello, 世界", "=?base64?SGVsbG8sIOS4lueVjA==?="),
        (" padded ", "=?base64?IHBhZGRlZCA=?="),
        ("line1\nline2", "=?base64?bGluZTEKbGluZTI=?="),
        ("=?base64?literal?=", "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?="),
    ];
    for (original, encoded) in table {
        assert_eq!(encode_header_value(original), encoded, "{original:?}");
        assert_eq!(decode_header_value(encoded.as_bytes()).unwrap(), original);
    }
    // The markers are case-sensitive; a bad payload or raw control bytes are malformed.
    assert_eq!(
        decode_header_value(b"=?BASE64?eA==?=").unwrap(),
        "=?BASE64?eA==?="
    );
    assert!(decode_header_value(b"=?base64?not base64?=").is_err());
    assert!(
        decode_header_value(b"=?base64?/w==?=").is_err(),
        "0xFF is not UTF-8"
    );
    assert!(decode_header_value(b"a\x01b").is_err());
    assert!(decode_header_value("é".as_bytes()).is_err());
    assert_eq!(encode_header_value("tab\tinside"), "tab\tinside");
    assert_eq!(encode_header_value("\tedge"), "=?base64?CWVkZ2U=?=");
}

fn ok_headers() -> Vec<(Vec<u8>, Vec<u8>)> {
    [
        ("content-type", "application/json"),
        ("accept", "application/json, text/event-stream"),
    ]
    .iter()
    .map(|(a, b)| (a.as_bytes().to_vec(), b.as_bytes().to_vec()))
    .collect()
}

fn check(extra: &[(&str, &str)], body: &str) -> Result<(), HttpReply> {
    let mut owned = ok_headers();
    owned.extend(
        extra
            .iter()
            .map(|(a, b)| (a.as_bytes().to_vec(), b.as_bytes().to_vec())),
    );
    let headers: Vec<(&[u8], &[u8])> = owned.iter().map(|(a, b)| (&a[..], &b[..])).collect();
    let versions = Versions::new(&[ProtocolVersion::V2026_07_28, ProtocolVersion::V2025_11_25]);
    let tools = |name: &str| (name == "execute_sql").then(sql_tool);
    check_post(
        &headers,
        body.as_bytes(),
        &versions,
        Limits::DEFAULT,
        &tools,
    )
    .map(|_| ())
}

fn error_of(reply: &HttpReply) -> (i64, String) {
    let body = Value::parse(&reply.body, Limits::DEFAULT).unwrap();
    let e = body.get("error").unwrap();
    let code = match e.get("code") {
        Some(Value::Number(n)) => n.parse().unwrap(),
        _ => 0,
    };
    let message = match e.get("message") {
        Some(Value::String(s)) => s.clone(),
        _ => String::new(),
    };
    (code, message)
}

#[track_caller]
fn mismatch(extra: &[(&str, &str)], body: &str) -> String {
    let reply = check(extra, body).unwrap_err();
    assert_eq!(reply.status, Some(400));
    let (code, message) = error_of(&reply);
    assert_eq!(code, -32020, "{message}");
    message
}

const WEATHER_HEADERS: &[(&str, &str)] = &[
    ("MCP-Protocol-Version", "2026-07-28"),
    ("Mcp-Method", "tools/call"),
    ("Mcp-Name", "get_weather"),
];

#[test]
fn the_server_accepts_every_example_request_with_its_headers() {
    check(WEATHER_HEADERS, GET_WEATHER).unwrap();
    check(
        &[
            ("mcp-protocol-version", "2026-07-28"),
            ("MCP-METHOD", "resources/read"),
            ("Mcp-Name", "file:///projects/myapp/config.json"),
        ],
        READ_CONFIG,
    )
    .unwrap();
    let sql = [
        ("MCP-Protocol-Version", "2026-07-28"),
        ("Mcp-Method", "tools/call"),
        ("Mcp-Name", "execute_sql"),
        ("Mcp-Param-Region", "us-west1"),
    ];
    check(&sql, EXECUTE_SQL).unwrap();
    // Legacy headers are ignored.
    let mut legacy = WEATHER_HEADERS.to_vec();
    legacy.extend([("Mcp-Session-Id", "abc"), ("Last-Event-ID", "1-1")]);
    check(&legacy, GET_WEATHER).unwrap();
}

#[test]
fn the_header_mismatch_example() {
    let body = GET_WEATHER.replace("get_weather", "bar");
    let message = mismatch(
        &[
            ("MCP-Protocol-Version", "2026-07-28"),
            ("Mcp-Method", "tools/call"),
            ("Mcp-Name", "foo"),
        ],
        &body,
    );
    let example = std::fs::read(
        shared_dir::shared_dir().join("spec/examples/HeaderMismatchError/header-mismatch.json"),
    )
    .unwrap();
    let example = Value::parse(&example, Limits::DEFAULT).unwrap();
    let expected = example.get("error").unwrap().get("message").unwrap();
    assert_eq!(&Value::String(message), expected);
    let reply = check(
        &[
            ("MCP-Protocol-Version", "2026-07-28"),
            ("Mcp-Method", "tools/call"),
            ("Mcp-Name", "foo"),
        ],
        &body,
    )
    .unwrap_err();
    let got = Value::parse(&reply.body, Limits::DEFAULT).unwrap();
    assert_eq!(got.get("id"), example.get("id"));
}

#[test]
fn missing_malformed_and_different_headers_are_header_mismatch() {
    let without = |name: &str| -> Vec<(&str, &str)> {
        WEATHER_HEADERS
            .iter()
            .copied()
            .filter(|(n, _)| *n != name)
            .collect()
    };
    assert!(
        mismatch(&without("MCP-Protocol-Version"), GET_WEATHER).contains("MCP-Protocol-Version")
    );
    assert!(mismatch(&without("Mcp-Method"), GET_WEATHER).contains("Mcp-Method"));
    assert!(mismatch(&without("Mcp-Name"), GET_WEATHER).contains("Mcp-Name"));
    let mut wrong_method = without("Mcp-Method");
    wrong_method.push(("Mcp-Method", "tools/list"));
    mismatch(&wrong_method, GET_WEATHER);
    let mut repeated = WEATHER_HEADERS.to_vec();
    repeated.push(("mcp-name", "get_weather"));
    mismatch(&repeated, GET_WEATHER);
    let mut invalid = without("Mcp-Name");
    invalid.push(("Mcp-Name", "get\x01weather"));
    mismatch(&invalid, GET_WEATHER);
    let mut bad_b64 = without("Mcp-Name");
    bad_b64.push(("Mcp-Name", "=?base64?###?="));
    mismatch(&bad_b64, GET_WEATHER);
    // Body version differs from the header.
    let other = GET_WEATHER.replace(
        r#"protocolVersion":"2026-07-28""#,
        r#"protocolVersion":"2025-11-25""#,
    );
    assert_ne!(other, GET_WEATHER);
    mismatch(WEATHER_HEADERS, &other);
}

#[test]
fn an_encoded_name_is_decoded_before_comparing() {
    let body = GET_WEATHER.replace("get_weather", "météo");
    let mut h = WEATHER_HEADERS.to_vec();
    h.retain(|(n, _)| *n != "Mcp-Name");
    let encoded = encode_header_value("météo").into_owned();
    h.push(("Mcp-Name", &encoded));
    check(&h, &body).unwrap();
}

#[test]
fn param_headers_are_checked_against_the_body() {
    let base = [
        ("MCP-Protocol-Version", "2026-07-28"),
        ("Mcp-Method", "tools/call"),
        ("Mcp-Name", "execute_sql"),
    ];
    let with = |value: &'static str| {
        let mut h = base.to_vec();
        h.push(("Mcp-Param-Region", value));
        h
    };
    // Client omits the header but the value is in the body: reject.
    assert!(mismatch(&base, EXECUTE_SQL).contains("Mcp-Param-Region"));
    let message = mismatch(&with("eu-west1"), EXECUTE_SQL);
    assert!(message.contains("'eu-west1'"), "{message}");
    // Value absent or null: no header expected; a header then does not match.
    let absent = EXECUTE_SQL.replace(r#""region":"us-west1","#, "");
    check(&base, &absent).unwrap();
    let null = EXECUTE_SQL.replace(r#""us-west1""#, "null");
    check(&base, &null).unwrap();
    mismatch(&with("us-west1"), &absent);
    // The case of the header name does not matter; the encoded form is decoded.
    let mut lower = base.to_vec();
    lower.push(("mcp-param-region", "=?base64?dXMtd2VzdDE=?="));
    check(&lower, EXECUTE_SQL).unwrap();
    // Headers of parameters the tool does not annotate are ignored.
    let mut unknown = with("us-west1");
    unknown.push(("Mcp-Param-Other", "x"));
    check(&unknown, EXECUTE_SQL).unwrap();
}

#[test]
fn integer_and_boolean_params_compare_by_value() {
    let tool = r#"{"type":"object","properties":{"n":{"type":"integer","x-mcp-header":"N"},"b":{"type":"boolean","x-mcp-header":"B"}}}"#;
    let t = ToolHeaders::from_input_schema(&v(tool)).unwrap();
    let call = |n: &str, b: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"t","arguments":{{"n":{n},"b":{b}}},"_meta":{{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}}}}"#
        )
    };
    let h = client_request_headers(
        &v(&call("-7", "true")),
        ProtocolVersion::V2026_07_28,
        Some(&t),
        None,
    )
    .unwrap();
    assert!(h.contains(&("Mcp-Param-N".into(), "-7".into())));
    assert!(h.contains(&("Mcp-Param-B".into(), "true".into())));
    let h = client_request_headers(
        &v(&call("42.0", "false")),
        ProtocolVersion::V2026_07_28,
        Some(&t),
        None,
    )
    .unwrap();
    assert!(h.contains(&("Mcp-Param-N".into(), "42".into())));
    // Outside the JavaScript safe range: refused.
    assert!(client_request_headers(
        &v(&call("9007199254740992", "true")),
        ProtocolVersion::V2026_07_28,
        Some(&t),
        None
    )
    .is_err());

    let mut owned = ok_headers();
    for (a, b) in [
        ("MCP-Protocol-Version", "2026-07-28"),
        ("Mcp-Method", "tools/call"),
        ("Mcp-Name", "t"),
        ("Mcp-Param-N", "42"),
        ("Mcp-Param-B", "false"),
    ] {
        owned.push((a.as_bytes().to_vec(), b.as_bytes().to_vec()));
    }
    let headers: Vec<(&[u8], &[u8])> = owned.iter().map(|(a, b)| (&a[..], &b[..])).collect();
    let versions = Versions::new(&[ProtocolVersion::V2026_07_28]);
    let tools = |_: &str| Some(t.clone());
    check_post(
        &headers,
        call("42.0", "false").as_bytes(),
        &versions,
        Limits::DEFAULT,
        &tools,
    )
    .unwrap();
    let reply = check_post(
        &headers,
        call("43", "false").as_bytes(),
        &versions,
        Limits::DEFAULT,
        &tools,
    )
    .unwrap_err();
    assert_eq!((reply.status, error_of(&reply).0), (Some(400), -32020));
    let reply = check_post(
        &headers,
        call("42", "true").as_bytes(),
        &versions,
        Limits::DEFAULT,
        &tools,
    )
    .unwrap_err();
    assert_eq!(error_of(&reply).0, -32020);
}

#[test]
fn an_unsupported_version_gets_400_with_the_supported_list() {
    let body = GET_WEATHER.replace("2026-07-28", "1900-01-01");
    let reply = check(
        &[
            ("MCP-Protocol-Version", "1900-01-01"),
            ("Mcp-Method", "tools/call"),
            ("Mcp-Name", "get_weather"),
        ],
        &body,
    )
    .unwrap_err();
    assert_eq!(reply.status, Some(400));
    let got = Value::parse(&reply.body, Limits::DEFAULT).unwrap();
    let data = got.get("error").unwrap().get("data").unwrap();
    assert_eq!(
        data.get("supported"),
        Some(&v(r#"["2026-07-28","2025-11-25"]"#))
    );
    assert_eq!(data.get("requested"), Some(&v(r#""1900-01-01""#)));
    assert_eq!(error_of(&reply).0, -32022);
}

#[test]
fn media_types_and_bodies() {
    let bare = |ct: &str, accept: &str, body: &str| {
        let owned: Vec<(Vec<u8>, Vec<u8>)> = [
            ("Content-Type", ct),
            ("Accept", accept),
            ("MCP-Protocol-Version", "2026-07-28"),
            ("Mcp-Method", "tools/call"),
            ("Mcp-Name", "get_weather"),
        ]
        .iter()
        .map(|(a, b)| (a.as_bytes().to_vec(), b.as_bytes().to_vec()))
        .collect();
        let headers: Vec<(&[u8], &[u8])> = owned.iter().map(|(a, b)| (&a[..], &b[..])).collect();
        let versions = Versions::new(&[ProtocolVersion::V2026_07_28]);
        check_post(
            &headers,
            body.as_bytes(),
            &versions,
            Limits::DEFAULT,
            &|_| None,
        )
        .map(|_| ())
        .map_err(|r| r.status)
    };
    let both = "application/json, text/event-stream";
    assert_eq!(
        bare("application/json; charset=utf-8", both, GET_WEATHER),
        Ok(())
    );
    assert_eq!(bare("text/plain", both, GET_WEATHER), Err(Some(415)));
    assert_eq!(
        bare("application/json", "application/json", GET_WEATHER),
        Err(Some(406))
    );
    assert_eq!(bare("application/json", "*/*", GET_WEATHER), Ok(()));
    assert_eq!(bare("application/json", both, "{not json"), Err(Some(400)));
    assert_eq!(
        bare(
            "application/json",
            both,
            r#"{"jsonrpc":"2.0","id":1,"result":{}}"#
        ),
        Err(Some(400))
    );
}

#[test]
fn tools_with_broken_annotations_leave_the_catalog_with_a_reason() {
    let tool =
        |name: &str, schema: &str| v(&format!(r#"{{"name":"{name}","inputSchema":{schema}}}"#));
    let tools = vec![
        v(EXECUTE_SQL_TOOL),
        tool(
            "nested_ok",
            r#"{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":["string","null"],"x-mcp-header":"B"}}}}}"#,
        ),
        tool(
            "data_not_annotation",
            r#"{"type":"object","properties":{"a":{"type":"string","default":{"x-mcp-header":"X"}}}}"#,
        ),
        tool(
            "empty",
            r#"{"type":"object","properties":{"a":{"type":"string","x-mcp-header":""}}}"#,
        ),
        tool(
            "not_token",
            r#"{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"A B"}}}"#,
        ),
        tool(
            "crlf",
            r#"{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"A\r\nB"}}}"#,
        ),
        tool(
            "duplicate",
            r#"{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"Id"},"b":{"type":"string","x-mcp-header":"ID"}}}"#,
        ),
        tool(
            "number",
            r#"{"type":"object","properties":{"a":{"type":"number","x-mcp-header":"A"}}}"#,
        ),
        tool(
            "untyped",
            r#"{"type":"object","properties":{"a":{"x-mcp-header":"A"}}}"#,
        ),
        tool(
            "in_items",
            r#"{"type":"object","properties":{"a":{"type":"array","items":{"type":"string","x-mcp-header":"A"}}}}"#,
        ),
        tool(
            "in_oneof",
            r#"{"type":"object","oneOf":[{"properties":{"a":{"type":"string","x-mcp-header":"A"}}}]}"#,
        ),
        tool(
            "in_defs",
            r##"{"type":"object","properties":{"a":{"$ref":"#/$defs/s"}},"$defs":{"s":{"type":"string","x-mcp-header":"A"}}}"##,
        ),
        tool("at_root", r#"{"type":"object","x-mcp-header":"A"}"#),
    ];
    let (kept, rejected) = http_tool_catalog(&tools);
    let kept: Vec<&Value> = kept.iter().map(|t| t.get("name").unwrap()).collect();
    assert_eq!(
        kept,
        vec![
            &v(r#""execute_sql""#),
            &v(r#""nested_ok""#),
            &v(r#""data_not_annotation""#)
        ]
    );
    let names: Vec<&str> = rejected.iter().map(|r| r.tool.as_str()).collect();
    assert_eq!(
        names,
        [
            "empty",
            "not_token",
            "crlf",
            "duplicate",
            "number",
            "untyped",
            "in_items",
            "in_oneof",
            "in_defs",
            "at_root"
        ]
    );
    assert!(rejected.iter().all(|r| !r.reason.is_empty()));
    let nested = ToolHeaders::from_input_schema(tools[1].get("inputSchema").unwrap()).unwrap();
    assert_eq!(nested.params[0].path, ["a", "b"]);
}

#[test]
fn header_names_are_case_insensitive_and_values_case_sensitive() {
    let upper = [
        ("mcp-PROTOCOL-version", "2026-07-28"),
        ("MCP-METHOD", "tools/call"),
        ("mcp-name", "get_weather"),
    ];
    check(&upper, GET_WEATHER).unwrap();
    let message = mismatch(
        &[
            ("MCP-Protocol-Version", "2026-07-28"),
            ("Mcp-Method", "TOOLS/CALL"),
            ("Mcp-Name", "get_weather"),
        ],
        GET_WEATHER,
    );
    assert!(message.contains("'TOOLS/CALL'"), "{message}");
    mismatch(
        &[
            ("MCP-Protocol-Version", "2026-07-28"),
            ("Mcp-Method", "tools/call"),
            ("Mcp-Name", "GET_WEATHER"),
        ],
        GET_WEATHER,
    );
}
