//! Replays tests/schemas/{python,typescript}-sdk.json: tool catalogs as the official SDKs
//! generate them (pydantic, zod 4, zod-to-json-schema), with argument cases checked on the
//! server side (the tool-error response included) and output cases on the host side.

#[path = "common/shared_dir.rs"]
mod shared_dir;
use mcpwire::json::Value;
use mcpwire::mcp::{Method, Tool};
use mcpwire::schema::tools::{check_arguments_value, check_output_value};
use mcpwire::schema::{
    check_arguments, check_output, errors_to_value, Schema, SchemaOptions, ToolSchemas,
    ValidationError,
};
use mcpwire::{ErrorKind, Limits, McpMessage, ResponseClass};
use std::path::PathBuf;

fn corpus(name: &str) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/schemas")
        .join(name);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Value::parse(&bytes, Limits::DEFAULT).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn arr<'v>(v: &'v Value, key: &str) -> &'v [Value] {
    match v.get(key) {
        Some(Value::Array(a)) => a,
        _ => &[],
    }
}

fn text<'v>(v: &'v Value, key: &str) -> &'v str {
    match v.get(key) {
        Some(Value::String(s)) => s,
        _ => "",
    }
}

fn json(v: &Value) -> String {
    String::from_utf8(v.to_vec()).unwrap()
}

/// The compiled schemas of every tool, built from a decoded `tools/list` result.
fn tool_schemas(file: &Value) -> Vec<(String, ToolSchemas, Value)> {
    let tools = Value::Array(arr(file, "tools").to_vec());
    let wire = format!(
        r#"{{"jsonrpc":"2.0","id":1,"result":{{"tools":{}}}}}"#,
        json(&tools)
    );
    let msg = McpMessage::decode_with(wire.as_bytes(), Limits::DEFAULT, Some(Method::ToolsList))
        .expect("tools/list result decodes");
    let McpMessage::ListToolsResult(_, list) = msg else {
        panic!("not a ListToolsResult")
    };
    let raw: Vec<Tool<'_>> = list.tools.iter().collect();
    raw.iter()
        .zip(arr(file, "tools"))
        .map(|(t, v)| {
            let s = ToolSchemas::from_tool(t, &SchemaOptions::new())
                .unwrap_or_else(|e| panic!("{}: {e}", t.name.to_cow()));
            (t.name.to_cow().into_owned(), s, v.clone())
        })
        .collect()
}

fn expected_pairs(case: &Value) -> Vec<(String, String)> {
    arr(case, "errors")
        .iter()
        .map(|e| {
            (
                text(e, "instancePath").to_owned(),
                text(e, "keyword").to_owned(),
            )
        })
        .collect()
}

fn assert_reported(what: &str, errors: &[ValidationError], expected: &[(String, String)]) {
    for (path, kw) in expected {
        assert!(
            errors
                .iter()
                .any(|e| e.instance_path() == *path && e.keyword == kw),
            "{what}: expected a `{kw}` error at {path:?}, got {errors:#?}"
        );
    }
}

fn replay(name: &str) -> (usize, usize) {
    let file = corpus(name);
    let tools = tool_schemas(&file);
    let find = |tool: &str| {
        tools
            .iter()
            .find(|(n, ..)| n == tool)
            .unwrap_or_else(|| panic!("{tool} not in catalog"))
    };
    let mut n_cases = 0;
    for case in arr(&file, "cases") {
        let (tool, desc) = (text(case, "tool"), text(case, "description"));
        let what = format!("{name}: {tool} / {desc}");
        let valid = case.get("valid") == Some(&Value::Bool(true));
        let args = case.get("arguments").expect("arguments");
        let (_, schemas, tool_value) = find(tool);
        // The value-level entry the bindings use agrees.
        let schema_value = tool_value.get("inputSchema").expect("inputSchema");
        let by_value = check_arguments_value(schema_value, tool, Some(args), &SchemaOptions::new())
            .expect("compiles");
        assert_eq!(by_value.is_none(), valid, "{what}: value-level check");
        // Server side, on the decoded request.
        let wire = format!(
            r#"{{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{{"name":{},"arguments":{}}}}}"#,
            json(&Value::String(tool.into())),
            json(args)
        );
        let (id, params) = match McpMessage::decode(wire.as_bytes()) {
            Ok(McpMessage::CallToolRequest(id, params)) => (id, params),
            // Arguments that are not an object never reach the schema: a protocol error.
            Err(e) if e.kind == ErrorKind::WrongType && !matches!(args, Value::Object(_)) => {
                assert!(!valid, "{what}");
                n_cases += 1;
                continue;
            }
            other => panic!("{what}: not a tools/call request: {other:?}"),
        };
        match check_arguments(&schemas.input, &params) {
            Ok(checked) => {
                assert!(valid, "{what}: accepted, but the case is invalid");
                assert_eq!(&checked, args, "{what}: arguments returned unchanged");
            }
            Err(bad) => {
                assert!(
                    !valid,
                    "{what}: rejected valid arguments: {:#?}",
                    bad.errors
                );
                assert_reported(&what, &bad.errors, &expected_pairs(case));
                println!("{what}:\n{bad}\n");
                // The response a server sends: a tool error the model can read.
                let resp = bad.response(Some(&id), mcpwire::mcp::ProtocolVersion::V2025_11_25);
                let msg = McpMessage::decode_with(&resp, Limits::DEFAULT, Some(Method::ToolsCall))
                    .expect("response decodes");
                assert_eq!(
                    msg.response_class(),
                    Some(ResponseClass::ToolError),
                    "{what}"
                );
                let McpMessage::CallToolResult(_, result) = msg else {
                    panic!("{what}")
                };
                assert_eq!(result.is_error, Some(true));
                let resp_text = String::from_utf8(resp.clone()).unwrap();
                for e in &bad.errors {
                    let quoted = json(&Value::String(e.message().to_string()));
                    let inner = &quoted[1..quoted.len() - 1];
                    assert!(resp_text.contains(inner), "{what}: response lacks {inner}");
                }
            }
        }
        n_cases += 1;
    }
    let mut n_outputs = 0;
    for out in arr(&file, "outputs") {
        let (tool, desc) = (text(out, "tool"), text(out, "description"));
        let what = format!("{name}: output {tool} / {desc}");
        let result = out.get("result").expect("result");
        let (_, schemas, tool_value) = find(tool);
        let output_schema = schemas.output.as_ref().expect("tool has an outputSchema");
        let wire = format!(r#"{{"jsonrpc":"2.0","id":7,"result":{}}}"#, json(result));
        let msg =
            McpMessage::decode_with(wire.as_bytes(), Limits::DEFAULT, Some(Method::ToolsCall))
                .expect("result decodes");
        let McpMessage::CallToolResult(_, r) = msg else {
            panic!("{what}: not a CallToolResult")
        };
        let check = check_output(output_schema, &r);
        assert_eq!(check.name(), text(out, "outcome"), "{what}: {check:#?}");
        assert_reported(&what, check.errors(), &expected_pairs(out));
        for e in check.errors() {
            println!("{what}: {}", e.message());
        }
        let v = check_output_value(
            tool_value.get("outputSchema").unwrap(),
            result,
            &SchemaOptions::new(),
        )
        .expect("compiles");
        assert_eq!(
            text(&v, "outcome"),
            check.name(),
            "{what}: value-level check"
        );
        assert_eq!(
            v.get("errors"),
            Some(&errors_to_value(check.errors())),
            "{what}"
        );
        n_outputs += 1;
    }
    (n_cases, n_outputs)
}

#[test]
fn python_sdk_catalog() {
    let (c, o) = replay("python-sdk.json");
    assert!(c >= 30 && o >= 6, "corpus shrank: {c} cases, {o} outputs");
}

#[test]
fn typescript_sdk_catalog() {
    let (c, o) = replay("typescript-sdk.json");
    assert!(c >= 30 && o >= 4, "corpus shrank: {c} cases, {o} outputs");
}

fn errors_for(schema: &str, instance: &str) -> Vec<ValidationError> {
    let schema = Schema::compile_bytes(schema.as_bytes()).expect("schema compiles");
    schema.validate(&Value::parse(instance.as_bytes(), Limits::DEFAULT).expect("instance"))
}

#[test]
fn messages_a_model_can_act_on() {
    let e = errors_for(
        r#"{"type":"object","properties":{"units":{"enum":["metric","imperial"]}}}"#,
        r#"{"units":"kelvin"}"#,
    );
    assert_eq!(
        e[0].message(),
        r#"`/units` must be one of "metric", "imperial"; got "kelvin""#
    );
    assert_eq!(e[0].schema_path(), "/properties/units/enum");

    // Optional enum through $ref (pydantic): the null branch is dropped, the enum reported.
    let e = errors_for(
        r##"{"$defs":{"U":{"enum":["a","b"]}},"properties":{"u":{"anyOf":[{"$ref":"#/$defs/U"},{"type":"null"}]}}}"##,
        r#"{"u":"c"}"#,
    );
    assert_eq!(e.len(), 1, "{e:#?}");
    assert_eq!(e[0].keyword, "enum");
    assert_eq!(e[0].schema_path(), "/$defs/U/enum");
    assert_eq!(e[0].message(), r#"`/u` must be one of "a", "b"; got "c""#);

    // Every branch rejects the type: one message with the union of types.
    let e = errors_for(r#"{"anyOf":[{"type":"string"},{"type":"null"}]}"#, "5");
    assert_eq!(e[0].message(), "value must be string or null; got 5");

    // additionalProperties: false names the offender and what is allowed.
    let e = errors_for(
        r#"{"properties":{"a":{},"b":{}},"additionalProperties":false}"#,
        r#"{"a":1,"c":2}"#,
    );
    assert_eq!(
        e[0].message(),
        r#"value has unexpected property "c"; allowed: "a", "b""#
    );

    let e = errors_for(r#"{"required":["city","units"]}"#, "{}");
    assert_eq!(e.len(), 2);
    assert_eq!(
        e[0].message(),
        r#"value is missing required property "city""#
    );

    let e = errors_for(r#"{"items":{"minimum":1.5}}"#, "[2, 1]");
    assert_eq!(
        (e[0].instance_path(), e[0].message()),
        ("/1", "`/1` must be >= 1.5; got 1")
    );

    let e = errors_for(
        r#"{"propertyNames":{"pattern":"^[a-z]+$"}}"#,
        r#"{"Bad":1}"#,
    );
    assert_eq!(
        e[0].message(),
        r#"property name "Bad" must match the pattern "^[a-z]+$"; got "Bad""#
    );
}

#[test]
fn error_limit_and_is_valid() {
    let schema = Schema::compile_with(
        &Value::parse(br#"{"items":{"type":"string"}}"#, Limits::DEFAULT).unwrap(),
        &SchemaOptions::new().max_errors(3),
    )
    .unwrap();
    let inst = Value::parse(b"[1,2,3,4,5,6]", Limits::DEFAULT).unwrap();
    assert_eq!(schema.validate(&inst).len(), 3);
    assert_eq!(schema.validate_max(&inst, 100).len(), 6);
    assert!(!schema.is_valid(&inst));
}

fn value(text: &str) -> Value {
    Value::parse(text.as_bytes(), Limits::DEFAULT).expect("test JSON")
}

fn schema_error(text: &str) -> mcpwire::schema::SchemaError {
    Schema::compile(&value(text)).expect_err(text)
}

#[test]
fn bad_schemas_are_errors_not_panics() {
    use mcpwire::schema::SchemaErrorKind as K;
    for (schema, kind, path) in [
        (r#"{"type": 5}"#, K::InvalidKeyword, "/type"),
        (r#"{"type": "text"}"#, K::InvalidKeyword, "/type"),
        (
            r#"{"properties": {"a": {"minLength": -1}}}"#,
            K::InvalidKeyword,
            "/properties/a/minLength",
        ),
        (r#"{"minimum": "3"}"#, K::InvalidKeyword, "/minimum"),
        (r#"{"multipleOf": 0}"#, K::InvalidKeyword, "/multipleOf"),
        (r#"{"properties": []}"#, K::InvalidKeyword, "/properties"),
        (r#"{"required": [1]}"#, K::InvalidKeyword, "/required"),
        (r#"{"allOf": []}"#, K::InvalidKeyword, "/allOf"),
        (r#"{"items": 3}"#, K::InvalidKeyword, "/items"),
        ("5", K::InvalidKeyword, ""),
        (r#"{"pattern": "(?=x)"}"#, K::InvalidRegex, "/pattern"),
        (r#"{"pattern": "(a)\\1"}"#, K::InvalidRegex, "/pattern"),
        (
            r#"{"patternProperties": {"[": {}}}"#,
            K::InvalidRegex,
            "/patternProperties/[",
        ),
        (
            r##"{"$ref": "#/$defs/missing"}"##,
            K::UnresolvableRef,
            "/$ref",
        ),
        (r##"{"$ref": "#nope"}"##, K::UnresolvableRef, "/$ref"),
        (
            r#"{"$ref": "https://example.com/never-fetched.json"}"#,
            K::UnresolvableRef,
            "/$ref",
        ),
        (r#"{"$ref": 5}"#, K::InvalidKeyword, "/$ref"),
    ] {
        let e = schema_error(schema);
        assert_eq!(
            (e.kind, e.schema_path.as_str()),
            (kind, path),
            "{schema}: {e}"
        );
        assert!(!e.message.is_empty());
    }
    let e = Schema::compile_bytes(b"{\"type\": ").expect_err("not JSON");
    assert_eq!(e.kind, K::InvalidJson);
}

#[test]
fn one_name_for_two_subschemas_is_an_error() {
    use mcpwire::schema::{Draft, SchemaErrorKind as K, SchemaOptions};
    // 2020-12 core: "When multiple schemas try to identify as the same URI, validators SHOULD
    // raise an error condition." Which of the two a `$ref` meant cannot be known.
    for (schema, path, first) in [
        (
            r##"{"$ref": "#a", "$defs": {"x": {"$anchor": "a", "maximum": 10}, "y": {"$anchor": "a"}}}"##,
            "/$defs/y",
            "/$defs/x",
        ),
        (
            r##"{"$defs": {"x": {"$dynamicAnchor": "n"}, "y": {"$defs": {"z": {"$anchor": "n"}}}}}"##,
            "/$defs/y/$defs/z",
            "/$defs/x",
        ),
        (
            r#"{"$defs": {"x": {"$id": "https://e.example/s"}, "y": {"$id": "https://e.example/s"}}}"#,
            "/$defs/y",
            "/$defs/x",
        ),
        (
            r#"{"$id": "https://e.example/root", "$defs": {"x": {"$id": "root"}}}"#,
            "/$defs/x",
            "",
        ),
    ] {
        let e = schema_error(schema);
        assert_eq!(
            (e.kind, e.schema_path.as_str()),
            (K::InvalidKeyword, path),
            "{schema}: {e}"
        );
        assert!(
            e.message
                .ends_with(&format!("the subschema at \"{first}\"")),
            "{e}"
        );
    }
    let d7 = SchemaOptions::new().draft(Draft::Draft7);
    let twice = br##"{"definitions": {"x": {"$id": "#a"}, "y": {"$id": "#a"}}}"##;
    let e = Schema::compile_bytes_with(twice, &d7).expect_err("draft-07 anchors too");
    assert_eq!(
        (e.kind, e.schema_path.as_str()),
        (K::InvalidKeyword, "/definitions/y")
    );
    // One subschema may carry one name twice, as `$anchor` and as `$dynamicAnchor`; anchors of
    // the same name in different resources are different URIs.
    for fine in [
        r#"{"$defs": {"x": {"$anchor": "a", "$dynamicAnchor": "a"}}}"#,
        r#"{"$defs": {"x": {"$id": "https://e.example/x", "$anchor": "a"}, "y": {"$id": "https://e.example/y", "$anchor": "a"}}}"#,
    ] {
        assert!(Schema::compile_bytes(fine.as_bytes()).is_ok(), "{fine}");
    }
}

#[test]
fn dynamic_anchor_in_the_outermost_resource() {
    // A `$dynamicRef` goes to "the outermost schema resource in the dynamic scope that defines
    // an identically named fragment with `$dynamicAnchor`". Here that is the root resource,
    // whose anchor sits in a subschema (under `if`) without an `$id` of its own: so `number`,
    // not `null` (the `then` resource, entered later) nor `string` (the static target).
    // jsonschema 0.61 answers otherwise (found by fuzz/schema_diff).
    let schema = Schema::compile(&value(
        r#"{
            "$id": "https://test.example/main",
            "if": {"$defs": {"thingy": {"$dynamicAnchor": "thingy", "type": "number"}}},
            "then": {
                "$id": "second_scope",
                "$ref": "start",
                "$defs": {"thingy": {"$dynamicAnchor": "thingy", "type": "null"}}
            },
            "$defs": {
                "start": {"$id": "start", "$dynamicRef": "inner_scope#thingy"},
                "thingy": {"$id": "inner_scope", "$dynamicAnchor": "thingy", "type": "string"}
            }
        }"#,
    ))
    .expect("compiles");
    assert!(schema.is_valid(&value("42")));
    for other in [r#""a""#, "null"] {
        let errors = schema.validate(&value(other));
        assert!(!errors.is_empty(), "{other}");
        assert!(errors.iter().any(|e| e.keyword == "type"), "{other}");
    }
}

#[test]
fn remote_refs_come_only_from_the_options() {
    let remote = value(r#"{"$defs": {"pos": {"type": "integer", "minimum": 1}}}"#);
    let opts = SchemaOptions::new().with_resource("https://example.com/common.json", remote);
    let schema = Schema::compile_with(
        &value(
            r##"{"properties": {"n": {"$ref": "https://example.com/common.json#/$defs/pos"}}}"##,
        ),
        &opts,
    )
    .expect("compiles with the resource");
    let e = schema.validate(&value(r#"{"n": 0}"#));
    assert_eq!(
        e[0].schema_path(),
        "https://example.com/common.json#/$defs/pos/minimum"
    );
    assert!(schema.is_valid(&value(r#"{"n": 2}"#)));
}

/// Runs `f` on a thread with a small stack, so unbounded recursion would crash the test.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(4 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .expect("no stack overflow");
}

#[test]
fn recursion_is_bounded() {
    on_small_stack(|| {
        for text in [
            r##"{"$ref": "#"}"##,
            r##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##,
            r##"{"anyOf": [{"$ref": "#"}]}"##,
            r##"{"not": {"$ref": "#"}}"##,
        ] {
            let s = Schema::compile(&value(text)).expect(text);
            let e = s.validate(&value("1"));
            assert!(!e.is_empty(), "{text}");
            assert!(!s.is_valid(&value("1")), "{text}");
        }
        // A recursive schema over the deepest instance the default limits accept.
        let s = Schema::compile(&value(r##"{"items": {"$ref": "#"}, "type": "array"}"##)).unwrap();
        let deep = format!("{}{}", "[".repeat(127), "]".repeat(127));
        let inst = value(&deep);
        assert!(s.is_valid(&inst));
        assert!(s.validate(&inst).is_empty());
    });
}

#[test]
fn numbers_compare_by_value() {
    let check = |schema: &str, inst: &str| {
        Schema::compile(&value(schema))
            .unwrap()
            .is_valid(&value(inst))
    };
    assert!(check(r#"{"const": 1.0}"#, "1"));
    assert!(check(r#"{"enum": [100]}"#, "1e2"));
    assert!(check(r#"{"type": "integer"}"#, "1.0"));
    assert!(check(
        r#"{"type": "integer"}"#,
        "123456789012345678901234567890"
    ));
    assert!(!check(
        r#"{"maximum": 18446744073709551615}"#,
        "18446744073709551616"
    ));
    assert!(check(
        r#"{"maximum": 18446744073709551615}"#,
        "18446744073709551615"
    ));
    assert!(!check(
        r#"{"minimum": 9007199254740993}"#,
        "9007199254740992"
    ));
    assert!(check(r#"{"multipleOf": 0.1}"#, "0.3"));
    assert!(check(r#"{"multipleOf": 0.01}"#, "19.99"));
    assert!(!check(r#"{"multipleOf": 0.01}"#, "19.999"));
    assert!(check(r#"{"uniqueItems": true}"#, "[1, 1.5, 2]"));
    assert!(!check(
        r#"{"uniqueItems": true}"#,
        r#"[{"a": 1, "b": [1.0]}, {"b": [1], "a": 1}]"#
    ));
}

#[test]
fn formats_are_annotations_unless_asserted() {
    let schema = value(r#"{"format": "date-time"}"#);
    let inst = value(r#""yesterday""#);
    assert!(Schema::compile(&schema).unwrap().is_valid(&inst));
    let strict = Schema::compile_with(&schema, &SchemaOptions::new().assert_formats(true)).unwrap();
    let e = strict.validate(&inst);
    assert_eq!(
        e[0].message(),
        r#"value must be a valid date-time; got "yesterday""#
    );
    assert!(strict.is_valid(&value(r#""2026-11-29T16:32:45Z""#)));
}

#[test]
fn schema_is_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<Schema>();
    check::<SchemaOptions>();
    check::<ToolSchemas>();
}

/// The MCP schema itself (2026-07-28, draft 2020-12, 150+ `$defs`) as a real-world schema:
/// every official example validates against the definition of its folder's type.
#[test]
fn official_examples_fit_the_mcp_schema() {
    let spec = shared_dir::shared_dir().join("spec");
    let schema_uri = "https://modelcontextprotocol.io/schema/2026-07-28.json";
    let mcp_schema = corpus_at(&spec.join("schema/2026-07-28/schema.json"));
    let Some(Value::Object(defs)) = mcp_schema.get("$defs") else {
        panic!("no $defs")
    };
    let defs: Vec<String> = defs.iter().map(|(k, _)| k.clone()).collect();
    let opts = SchemaOptions::new().with_resource(schema_uri, mcp_schema);
    let (mut checked, mut failures) = (0, Vec::new());
    let mut dirs: Vec<_> = std::fs::read_dir(spec.join("examples"))
        .unwrap()
        .flatten()
        .collect();
    dirs.sort_by_key(|d| d.file_name());
    for dir in dirs {
        let ty = dir.file_name().to_string_lossy().into_owned();
        if !defs.contains(&ty) {
            continue;
        }
        let reference = format!(r#"{{"$ref": "{schema_uri}#/$defs/{ty}"}}"#);
        let schema = Schema::compile_with(&value(&reference), &opts).expect("compiles");
        for f in std::fs::read_dir(dir.path()).unwrap().flatten() {
            let example = corpus_at(&f.path());
            let errors = schema.validate(&example);
            if !errors.is_empty() {
                failures.push(format!(
                    "{ty}/{}: {:?}",
                    f.file_name().to_string_lossy(),
                    errors
                ));
            }
            checked += 1;
        }
    }
    assert!(checked > 50, "only {checked} examples found");
    let call = Schema::compile_with(
        &value(&format!(
            r#"{{"$ref": "{schema_uri}#/$defs/CallToolRequest"}}"#
        )),
        &opts,
    )
    .unwrap();
    let bad =
        value(r#"{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": 5}}"#);
    let errors = call.validate(&bad);
    assert!(
        errors.iter().any(|e| e.instance_path() == "/params/name"),
        "{errors:#?}"
    );
    assert!(failures.is_empty(), "{failures:#?}");
}

fn corpus_at(path: &std::path::Path) -> Value {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Value::parse(&bytes, Limits::DEFAULT).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn one_of_names_every_branch_that_matched() {
    let schema = Schema::compile(&value(
        r#"{"oneOf": [{"type": "integer"}, {"minimum": 0}, {"maximum": 10}]}"#,
    ))
    .unwrap();
    let e = schema.validate(&value("5"));
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(
        (e[0].keyword, e[0].schema_path(), e[0].message()),
        (
            "oneOf",
            "/oneOf",
            "value must match exactly one schema in oneOf, but matches schemas 0, 1 and 2"
        )
    );
    let e = schema.validate(&value("20"));
    assert_eq!(
        e[0].message(),
        "value must match exactly one schema in oneOf, but matches schemas 0 and 1"
    );
    // Exactly one match (only `maximum`), and none.
    assert!(schema.validate(&value("-5.5")).is_empty());
    assert!(!schema.is_valid(&value("20")));
    assert!(schema.is_valid(&value("-5.5")));
}

#[test]
fn instance_paths_past_64_bytes_are_whole_in_every_error() {
    let a = "a_member_name_of_forty_characters_xxxxxx";
    let b = "b~another/name_of_forty_characters_yyyyy";
    let schema = Schema::compile(&value(&format!(
        r#"{{"properties": {{"{a}": {{"properties": {{"{b}": {{"items": {{"type": "integer"}}}}}}}}}}}}"#
    )))
    .unwrap();
    let e = schema.validate(&value(&format!(
        r#"{{"{a}": {{"{b}": [1, "x", 2, "y"]}}}}"#
    )));
    let at = format!("/{a}/b~0another~1name_of_forty_characters_yyyyy");
    assert!(at.len() > 64);
    let paths: Vec<&str> = e.iter().map(|e| e.instance_path()).collect();
    assert_eq!(paths, [format!("{at}/1"), format!("{at}/3")]);
    assert_eq!(
        e[1].message(),
        format!("`{at}/3` must be integer; got \"y\"")
    );
    assert_eq!(
        e[1].schema_path(),
        format!("/properties/{a}/properties/b~0another~1name_of_forty_characters_yyyyy/items/type")
    );
}
