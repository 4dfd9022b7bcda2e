"""JSON Schema validation through the binding: validate(), Schema, check_arguments, check_output."""

import json
import threading

import mcp.types as t
import pytest
from mcp.types import methods as m

import mcpwire

UNITS = {"enum": ["metric", "imperial"]}
WEATHER = {
    "type": "object",
    "properties": {
        "city": {"type": "string", "pattern": "^[A-Z][a-z]+$"},
        "units": {"$ref": "#/$defs/Units"},
        "days": {"type": "integer", "minimum": 1},
        "note": {"anyOf": [{"type": "string"}, {"type": "null"}]},
    },
    "required": ["city"],
    "additionalProperties": False,
    "$defs": {"Units": UNITS},
}

# (name, schema, instance, [(instance_path, schema_path, keyword), ...]); [] means valid.
CASES = [
    ("enum ok", UNITS, "metric", []),
    ("enum", UNITS, "kelvin", [("", "/enum", "enum")]),
    ("required ok", WEATHER, {"city": "Zurich"}, []),
    ("required", WEATHER, {"units": "metric"}, [("", "/required", "required")]),
    ("additionalProperties false", WEATHER, {"city": "Bern", "wind": 3, "rain": 1},
     [("", "/additionalProperties", "additionalProperties")]),
    ("$defs/$ref", WEATHER, {"city": "Bern", "units": "kelvin"}, [("/units", "/$defs/Units/enum", "enum")]),
    ("$defs/$ref ok", WEATHER, {"city": "Bern", "units": "imperial"}, []),
    ("anyOf with null ok (null)", WEATHER, {"city": "Bern", "note": None}, []),
    ("anyOf with null ok (str)", WEATHER, {"city": "Bern", "note": "dry"}, []),
    ("anyOf with null", WEATHER, {"city": "Bern", "note": 5}, [("/note", "/properties/note/anyOf", "anyOf")]),
    ("pattern", WEATHER, {"city": "bern"}, [("/city", "/properties/city/pattern", "pattern")]),
    ("type and minimum", WEATHER, {"city": "Bern", "days": 0}, [("/days", "/properties/days/minimum", "minimum")]),
    ("integer is not 2.5", WEATHER, {"city": "Bern", "days": 2.5}, [("/days", "/properties/days/type", "type")]),
    ("several at once", WEATHER, {"city": "x", "units": "k", "extra": True},
     [("/city", "/properties/city/pattern", "pattern"), ("/units", "/$defs/Units/enum", "enum"),
      ("", "/additionalProperties", "additionalProperties")]),
    ("false schema", False, 1, [("", "", "false")]),
    ("true schema", True, {"anything": [1]}, []),
]


def triples(errors):
    return sorted((e["instance_path"], e["schema_path"], e["keyword"]) for e in errors)


@pytest.mark.parametrize("schema, instance, want", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_validate_python_values(schema, instance, want):
    errors = mcpwire.validate(schema, instance)
    assert triples(errors) == sorted(want)
    for e in errors:
        assert list(e) == ["instance_path", "schema_path", "keyword", "message"]
        assert isinstance(e["message"], str) and e["message"]


@pytest.mark.parametrize("schema, instance, want", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
@pytest.mark.parametrize("as_text", [lambda v: json.dumps(v).encode(),
                                     lambda v: bytearray(json.dumps(v).encode())], ids=["bytes", "bytearray"])
def test_validate_json_text_gives_the_same_errors(schema, instance, want, as_text):
    by_value = mcpwire.validate(schema, instance)
    assert triples(by_value) == sorted(want)
    assert mcpwire.validate(as_text(schema), as_text(instance)) == by_value
    assert mcpwire.validate(schema, as_text(instance)) == by_value
    assert mcpwire.validate(as_text(schema), instance) == by_value
    assert mcpwire.validate_json(json.dumps(schema), json.dumps(instance)) == by_value
    assert mcpwire.validate_json(as_text(schema), as_text(instance)) == by_value
    assert mcpwire.Schema(schema).validate_json(json.dumps(instance)) == by_value


def test_messages_are_cores():
    [e] = mcpwire.validate(WEATHER, {"city": "Bern", "units": "kelvin"})
    assert e["message"] == '`/units` must be one of "metric", "imperial"; got "kelvin"'


def test_a_str_instance_is_a_string_value_as_in_jsonschema():
    assert mcpwire.validate({"type": "string"}, "hello") == []
    assert mcpwire.validate({"type": "string", "minLength": 2}, "abc") == []
    [e] = mcpwire.validate({"type": "integer"}, "5")  # the string "5", not the number
    assert e["keyword"] == "type"
    assert mcpwire.Schema({"const": "{}"}).is_valid("{}")
    assert mcpwire.check_arguments({"type": "object"}, "t", "{}") is not None  # a string, not {}


def test_json_text_is_explicit():
    assert mcpwire.validate({"type": "string"}, b'"abc"') == []
    assert mcpwire.validate_json('{"type": "integer"}', "5") == []
    with pytest.raises(mcpwire.SchemaError) as schema_info:
        mcpwire.validate_json("{'type': 'string'}", "1")
    assert schema_info.value.kind == "invalid_json"
    with pytest.raises(mcpwire.DecodeError) as info:
        mcpwire.validate_json('{"type": "string"}', "abc")
    assert (info.value.kind, info.value.code, info.value.offset) == ("unexpected_byte", -32700, 0)
    with pytest.raises(TypeError):
        mcpwire.validate_json({"type": "string"}, "1")
    with pytest.raises(TypeError):
        mcpwire.Schema({}).validate_json(1)
    with pytest.raises(mcpwire.DecodeError):
        mcpwire.validate({}, b'{"a":1,"a":2}')  # duplicate keys are refused like everywhere


def test_max_errors_and_formats():
    schema = {"type": "array", "items": {"type": "integer"}}
    assert len(mcpwire.validate(schema, [1, "a", 2.5, None])) == 3
    assert len(mcpwire.validate(schema, [1, "a", 2.5, None], max_errors=1)) == 1
    email = {"type": "string", "format": "email"}
    assert mcpwire.validate(email, "nope") == []  # format is an annotation by default
    [e] = mcpwire.validate(email, "nope", assert_formats=True)
    assert e["keyword"] == "format"


def test_resources_for_refs_to_other_documents():
    uri = "https://example.com/units.json"
    schema = {"type": "object", "properties": {"u": {"$ref": uri}}}
    [e] = mcpwire.validate(schema, {"u": "kelvin"}, resources={uri: UNITS})
    assert e["schema_path"] == uri + "#/enum"
    assert mcpwire.validate(schema, {"u": "metric"}, resources={uri: json.dumps(UNITS).encode()}) == []
    with pytest.raises(mcpwire.SchemaError) as info:
        mcpwire.validate(schema, {})  # nothing is fetched
    assert info.value.kind == "unresolvable_ref"


@pytest.mark.parametrize("schema, kind, path", [
    ({"type": 5}, "invalid_keyword", "/type"),
    ({"minLength": -1}, "invalid_keyword", "/minLength"),
    ({"properties": {"a": {"pattern": "(?<=a)b"}}}, "invalid_regex", "/properties/a/pattern"),
    ({"$ref": "#/$defs/missing"}, "unresolvable_ref", "/$ref"),
    ({"$defs": {"x": {"$anchor": "a"}, "y": {"$anchor": "a"}}}, "invalid_keyword", "/$defs/y"),
    (b'{"type": ', "invalid_json", ""),
    (b'{"a":1,"a":2}', "invalid_json", ""),
])
def test_schema_that_cannot_be_compiled(schema, kind, path):
    with pytest.raises(mcpwire.SchemaError) as info:
        mcpwire.validate(schema, {})
    e = info.value
    assert isinstance(e, mcpwire.Error) and not isinstance(e, mcpwire.DecodeError)
    assert (e.kind, e.schema_path) == (kind, path)
    assert str(e).startswith("invalid schema")
    with pytest.raises(mcpwire.SchemaError):
        mcpwire.Schema(schema)


def test_a_str_schema_is_a_value_not_text():
    with pytest.raises(mcpwire.SchemaError) as info:
        mcpwire.validate('{"type": "string"}', "x")  # a string is not a schema
    assert info.value.kind == "invalid_keyword"


def test_schema_error_pickles():
    import pickle
    with pytest.raises(mcpwire.SchemaError) as info:
        mcpwire.validate({"type": 5}, 1)
    back = pickle.loads(pickle.dumps(info.value))
    assert (type(back), back.kind, back.schema_path, str(back)) == (
        mcpwire.SchemaError, "invalid_keyword", "/type", str(info.value))


def test_python_values_that_are_not_json():
    with pytest.raises(TypeError):
        mcpwire.validate({}, {"x": object()})
    with pytest.raises(TypeError):
        mcpwire.validate({1: "x"}, {})
    with pytest.raises(ValueError):
        mcpwire.validate({}, float("nan"))
    deep = 1
    for _ in range(200):
        deep = [deep]
    with pytest.raises(ValueError, match="nests deeper"):
        mcpwire.validate({}, deep)
    loop = []
    loop.append(loop)
    with pytest.raises(ValueError):
        mcpwire.validate({}, loop)


def test_compiled_schema_is_reusable_and_shareable():
    s = mcpwire.Schema(WEATHER)
    assert s.draft == "https://json-schema.org/draft/2020-12/schema"
    assert mcpwire.Schema({"$schema": "http://json-schema.org/draft-07/schema#"}).draft.startswith(
        "http://json-schema.org/draft-07")
    assert s.is_valid({"city": "Bern"}) and not s.is_valid({"city": "bern"})
    assert s.validate({"city": "bern"}) == mcpwire.validate(WEATHER, {"city": "bern"})
    assert s.validate(b'{"city":"Bern"}') == []
    results = []
    threads = [threading.Thread(target=lambda: results.append(s.validate({"city": "x"}))) for _ in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert len(results) == 4 and all(r == results[0] for r in results)
    assert mcpwire.Schema.__module__ == "mcpwire"


def test_large_instance_same_result():
    rows = {"type": "array", "items": {"type": "object", "required": ["i"], "properties": {"i": {"type": "integer"}}}}
    big = [{"i": i, "pad": "x" * 20} for i in range(5000)] + [{"i": "last"}]
    text = json.dumps(big)
    assert len(text) > 64 * 1024
    [e] = mcpwire.validate(rows, big)
    assert e["instance_path"] == "/5000/i" and e["keyword"] == "type"
    assert mcpwire.validate(rows, text.encode()) == [e]
    assert mcpwire.validate_json(json.dumps(rows), text) == [e]


# ---- the MCP steps ----------------------------------------------------------------------------

def test_check_arguments_valid_is_none():
    assert mcpwire.check_arguments(WEATHER, "get_weather", {"city": "Bern"}) is None
    assert mcpwire.check_arguments(WEATHER, "get_weather", b'{"city":"Bern"}') is None
    assert mcpwire.check_arguments({"type": "object"}, "ping") is None  # absent arguments are {}


def test_check_arguments_gives_a_tool_error_the_sdk_accepts():
    result = mcpwire.check_arguments(WEATHER, "get_weather", {"units": "kelvin", "extra": 1})
    assert result["isError"] is True
    [block] = result["content"]
    assert block["type"] == "text"
    lines = block["text"].splitlines()
    assert lines[0] == "Invalid arguments for tool get_weather:"
    assert len(lines) == 4 and all(x.startswith("- ") for x in lines[1:])
    assert '`/units` must be one of "metric", "imperial"; got "kelvin"' in block["text"]
    parsed = t.CallToolResult.model_validate(result)
    assert parsed.is_error is True and parsed.content[0].text == block["text"]
    # ...and as the result of a response the SDK's 2025-11-25 validators accept.
    assert isinstance(m.parse_server_result("tools/call", "2025-11-25", result), t.CallToolResult)
    # It is what a Server sends for it, too.
    server = mcpwire.Server(["2025-11-25"], {"name": "s", "version": "1"}, {"tools": {}})
    server.handle_input(b'{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"get_weather"}}', 0)
    wire = server.respond_tool(9, result)
    assert mcpwire.decode(wire)["result"] == result
    assert mcpwire.classify(wire)["class"] == "tool_error"


def test_check_arguments_required_missing_when_absent():
    result = mcpwire.check_arguments(WEATHER, "get_weather", None)
    assert 'missing required property "city"' in result["content"][0]["text"]


def test_check_arguments_schema_errors():
    with pytest.raises(mcpwire.SchemaError):
        mcpwire.check_arguments({"type": 5}, "t", {})
    with pytest.raises(mcpwire.SchemaError) as info:
        mcpwire.check_arguments(b"{", "t", {})
    assert info.value.kind == "invalid_json"


OUTPUT = {"type": "object", "properties": {"temperature": {"type": "number"}}, "required": ["temperature"]}


@pytest.mark.parametrize("result, outcome, paths", [
    ({"content": [], "structuredContent": {"temperature": 18.5}}, "valid", []),
    ({"content": [], "structuredContent": {"temperature": "warm"}}, "output_schema_mismatch",
     [("/temperature", "/properties/temperature/type", "type")]),
    ({"content": []}, "missing_structured_content", []),
    ({"content": [{"type": "text", "text": "boom"}], "isError": True}, "skipped", []),
])
def test_check_output(result, outcome, paths):
    got = mcpwire.check_output(OUTPUT, result)
    assert list(got) == ["outcome", "errors"]
    assert got["outcome"] == outcome
    assert triples(got["errors"]) == paths
    for e in got["errors"]:
        assert list(e) == ["instance_path", "schema_path", "keyword", "message"]
    assert mcpwire.check_output(json.dumps(OUTPUT).encode(), json.dumps(result).encode()) == got


def test_stubs_type_check_schema_and_session_use(tmp_path):
    import subprocess
    import sys
    import textwrap
    use = tmp_path / "use.py"
    use.write_text(textwrap.dedent('''
        import mcpwire
        errors = mcpwire.validate({"type": "object"}, {"a": 1})
        path: str = errors[0]["instance_path"]
        s = mcpwire.Schema(b"{}", assert_formats=True)
        ok: bool = s.is_valid([1])
        out = mcpwire.check_output({}, {"content": []})
        reveal_type(out["outcome"])
        tool_error = mcpwire.check_arguments({}, "t", {"a": 1})
        c = mcpwire.Client("2025-11-25", {"name": "h", "version": "1"}, default_timeout=5)
        id, token, wire = c.call_tool(0, "t", {"a": 1}, progress=True)
        reveal_type(token)
        when = c.poll_timeout()
        p = mcpwire.page(b"0123456789abcdef", 10, 5, None, 1)
        cursor = p["nextCursor"]
        srv = mcpwire.Server(["2025-11-25"], {"name": "s", "version": "1"}, {"tools": {}})
        maybe: bytes = srv.respond_tool(1, {"content": []})
        try:
            mcpwire.validate(b"{", 1)
        except mcpwire.SchemaError as e:
            kind: str = e.kind
    '''))
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "c"), str(use)],
                         cwd=tmp_path, capture_output=True, text=True)
    lines = run.stdout.splitlines()
    assert any("Revealed type is \"Literal['skipped'] | Literal['valid'] | "
               "Literal['missing_structured_content'] | Literal['output_schema_mismatch']\"" in x
               for x in lines), run.stdout
    assert any('Revealed type is "str | int | None"' in x for x in lines), run.stdout
    errors = [x for x in lines if ": error:" in x]
    # Only the deliberate mistake: respond_tool may return None.
    assert len(errors) == 1 and 'Incompatible types in assignment (expression has type "bytes | None"' in errors[0], \
        run.stdout
