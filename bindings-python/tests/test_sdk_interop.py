"""Interop with the official MCP Python SDK (`mcp`, pinned in requirements-test.txt).

mcp 2.3.0 speaks every released protocol version: its per-version validators
(`mcp.types.methods`) check the 2025-11-25 schema era for every pre-2026 version and the
2026-07-28 schema for 2026. The messages below therefore come in two eras: handshake-era
messages (initialize, plain results) validated as 2025-11-25, and 2026-07-28 messages
(request `_meta` with protocolVersion/clientCapabilities, results with `resultType`,
cache fields on tools/list) validated as 2026-07-28.

Direction 1: plain dicts -> mcpwire.encode -> bytes that the SDK accepts (envelope adapter,
per-version surface validators and the version-free `mcp.types` models).
Direction 2: `mcp.types` models -> model_dump(by_alias=True, exclude_none=True) -> JSON ->
mcpwire.decode gives the same content, and mcpwire's canonical bytes parse back to an equal
model.
"""

import json

import mcp.types as t
import pytest
from mcp.types import methods as m
from mcp.types.jsonrpc import jsonrpc_message_adapter

import mcpwire

V2025 = "2025-11-25"
V2026 = "2026-07-28"
META_2026 = {
    "io.modelcontextprotocol/protocolVersion": V2026,
    "io.modelcontextprotocol/clientCapabilities": {},
}
TOOL = {
    "name": "get_weather",
    "title": "Weather",
    "description": "Current weather for a city",
    "inputSchema": {
        "type": "object",
        "properties": {"city": {"type": "string"}, "units": {"enum": ["metric", "imperial"]}},
        "required": ["city"],
        "additionalProperties": False,
    },
    "outputSchema": {
        "type": "object",
        "properties": {"temperature": {"type": "number"}},
        "required": ["temperature"],
    },
    "annotations": {"readOnlyHint": True, "openWorldHint": True},
    "icons": [{"src": "https://example.com/w.png", "mimeType": "image/png", "sizes": ["48x48"]}],
}
CONTENT = [
    {"type": "text", "text": "18.5 °C in Zürich"},
    {"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"},
    {"type": "audio", "data": "UklGRg==", "mimeType": "audio/wav"},
    {"type": "resource_link", "uri": "file:///tmp/w.csv", "name": "w.csv", "mimeType": "text/csv"},
    {"type": "resource", "resource": {"uri": "file:///tmp/a.txt", "text": "a", "mimeType": "text/plain"}},
]


def req(id, method, params=None):
    msg = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        msg["params"] = params
    return msg


def note(method, params=None):
    msg = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        msg["params"] = params
    return msg


def res(id, result):
    return {"jsonrpc": "2.0", "id": id, "result": result}


# (name, message, version, direction, method of the request a result answers)
CASES = [
    ("initialize request", req(0, "initialize", {
        "protocolVersion": V2025, "capabilities": {},
        "clientInfo": {"name": "host", "version": "1.0.0"}}), V2025, "client_request", None),
    ("initialize result", res(0, {
        "protocolVersion": V2025, "capabilities": {"tools": {"listChanged": True}},
        "serverInfo": {"name": "weather", "version": "2.1.0"}}), V2025, "server_result", "initialize"),
    ("initialized notification", note("notifications/initialized"), V2025, "client_notification", None),
    ("tools/list request", req(1, "tools/list"), V2025, "client_request", None),
    ("tools/list request with cursor", req("l2", "tools/list", {"cursor": "cGFnZTI="}), V2025,
     "client_request", None),
    ("tools/list result", res(1, {"tools": [TOOL, {"name": "t2", "inputSchema": {"type": "object"}}],
                                  "nextCursor": "cGFnZTI="}), V2025, "server_result", "tools/list"),
    ("tools/call request", req(3, "tools/call", {
        "name": "get_weather", "arguments": {"city": "Zürich", "units": "metric", "n": [1, 2.5, -3]},
        "_meta": {"progressToken": "w-3"}}), V2025, "client_request", None),
    ("progress notification", note("notifications/progress", {
        "progressToken": "w-3", "progress": 0.5, "total": 2, "message": "half"}), V2025,
     "server_notification", None),
    ("call result with structuredContent", res(3, {
        "content": [CONTENT[0]], "structuredContent": {"temperature": 18.5}}), V2025,
     "server_result", "tools/call"),
    ("call result, every content block", res(4, {"content": CONTENT, "isError": False}), V2025,
     "server_result", "tools/call"),
    ("call result, tool error", res(5, {"content": [{"type": "text", "text": "city not found"}],
                                        "isError": True}), V2025, "server_result", "tools/call"),
    ("cancelled notification", note("notifications/cancelled", {"requestId": 3, "reason": "user"}),
     V2025, "client_notification", None),
    ("tools/list_changed notification", note("notifications/tools/list_changed"), V2025,
     "server_notification", None),
    ("error response", {"jsonrpc": "2.0", "id": 6, "error": {"code": -32602, "message": "Unknown tool: x"}},
     V2025, "error", None),
    ("2026 tools/list request", req(10, "tools/list", {"_meta": META_2026}), V2026, "client_request", None),
    ("2026 tools/call request", req("c-11", "tools/call", {
        "name": "get_weather", "arguments": {"city": "Paris"},
        "_meta": {**META_2026, "progressToken": 11}}), V2026, "client_request", None),
    ("2026 tools/list result", res(10, {"tools": [TOOL], "ttlMs": 60000, "cacheScope": "private",
                                        "resultType": "complete"}), V2026, "server_result", "tools/list"),
    ("2026 call result", res("c-11", {"content": CONTENT, "structuredContent": {"temperature": 21},
                                      "isError": False, "resultType": "complete"}), V2026,
     "server_result", "tools/call"),
    ("2026 progress notification", note("notifications/progress", {
        "progressToken": 11, "progress": 1, "total": 3}), V2026, "server_notification", None),
]

MONOLITH = {
    "initialize": t.InitializeResult,
    "tools/list": t.ListToolsResult,
    "tools/call": t.CallToolResult,
}


def sdk_validate(wire: bytes, version: str, direction: str, method):
    """Fails unless the SDK accepts `wire` as a message of `version` going `direction`."""
    envelope = jsonrpc_message_adapter.validate_json(wire)
    msg = json.loads(wire)
    params = msg.get("params")
    if direction == "client_request":
        assert isinstance(envelope, t.JSONRPCRequest)
        parsed = m.parse_client_request(msg["method"], version, params)
        assert isinstance(parsed, t.ClientRequest.__args__)
    elif direction == "client_notification":
        assert isinstance(envelope, t.JSONRPCNotification)
        m.parse_client_notification(msg["method"], version, params)
    elif direction == "server_notification":
        assert isinstance(envelope, t.JSONRPCNotification)
        parsed = m.parse_server_notification(msg["method"], version, params)
        if msg["method"] == "notifications/progress":
            assert isinstance(parsed, t.ProgressNotification)
    elif direction == "server_result":
        assert isinstance(envelope, t.JSONRPCResponse)
        parsed = m.parse_server_result(method, version, msg["result"])
        assert isinstance(parsed, MONOLITH[method])
        MONOLITH[method].model_validate(msg["result"])
    elif direction == "error":
        assert isinstance(envelope, t.JSONRPCError)
    else:
        raise AssertionError(direction)


@pytest.mark.parametrize("name,msg,version,direction,method", CASES, ids=[c[0] for c in CASES])
def test_encoded_messages_validate_with_sdk(name, msg, version, direction, method):
    wire = mcpwire.encode(msg)
    assert json.loads(wire) == msg  # nothing lost or added for these well-formed messages
    sdk_validate(wire, version, direction, method)
    assert mcpwire.decode(wire) == msg
    assert mcpwire.classify(wire)["ok"] is True


def test_sdk_rejects_what_the_validator_should_reject():
    """The SDK check above is not vacuous: a 2026 result without resultType fails it."""
    bad = mcpwire.encode(res(1, {"content": [], "isError": False}))
    with pytest.raises(Exception):
        sdk_validate(bad, V2026, "server_result", "tools/call")


def dump(model):
    return model.model_dump(by_alias=True, exclude_none=True, mode="json")


def envelope(model, id=None):
    body = dump(model)
    if id is None:
        return {"jsonrpc": "2.0", **body}
    return {"jsonrpc": "2.0", "id": id, **body}


SDK_MESSAGES = [
    ("CallToolRequest", envelope(t.CallToolRequest(params=t.CallToolRequestParams(
        name="get_weather", arguments={"city": "Zürich", "days": 3, "ratio": 0.25, "tags": ["a", None]},
    )), id=7), "CallToolRequest", None),
    ("ListToolsRequest", envelope(t.ListToolsRequest(params=t.PaginatedRequestParams(cursor="abc")), id="x"),
     "ListToolsRequest", None),
    ("ProgressNotification", envelope(t.ProgressNotification(params=t.ProgressNotificationParams(
        progress_token="tok", progress=0.5, total=1, message="half"))), "ProgressNotification", None),
    ("CancelledNotification", envelope(t.CancelledNotification(params=t.CancelledNotificationParams(
        request_id=7, reason="timeout"))), "CancelledNotification", None),
    ("CallToolResult", {"jsonrpc": "2.0", "id": 7, "result": dump(t.CallToolResult(
        content=[t.TextContent(type="text", text="hi"),
                 t.ImageContent(type="image", data="iVBORw0KGgo=", mime_type="image/png")],
        structured_content={"temperature": 18.5, "ok": True}, is_error=False))}, "CallToolResult", "tools/call"),
    ("CallToolResult error", {"jsonrpc": "2.0", "id": 8, "result": dump(t.CallToolResult(
        content=[t.TextContent(type="text", text="boom")], is_error=True))}, "CallToolResult", "tools/call"),
    ("ListToolsResult", {"jsonrpc": "2.0", "id": "x", "result": dump(t.ListToolsResult(
        tools=[t.Tool(name="get_weather", description="d", input_schema=TOOL["inputSchema"],
                      output_schema=TOOL["outputSchema"],
                      annotations=t.ToolAnnotations(read_only_hint=True))],
        next_cursor="n2"))}, "ListToolsResult", "tools/list"),
    ("JSONRPCError", dump(t.JSONRPCError(jsonrpc="2.0", id=9, error=t.ErrorData(
        code=-32601, message="Method not found"))), "JSONRPCErrorResponse", None),
]


@pytest.mark.parametrize("name,msg,type_,method", SDK_MESSAGES, ids=[c[0] for c in SDK_MESSAGES])
def test_sdk_built_messages_decode_to_same_content(name, msg, type_, method):
    text = json.dumps(msg, ensure_ascii=False)
    assert mcpwire.decode(text) == msg
    assert mcpwire.decode(text.encode("utf-8")) == msg
    facts = mcpwire.classify(text)
    assert facts["ok"] is True and facts["type"] == type_
    wire = mcpwire.canonicalize(text)
    assert json.loads(wire) == msg
    assert mcpwire.encode(msg) == wire
    # And the canonical bytes parse back to an equal SDK model.
    back = jsonrpc_message_adapter.validate_json(wire)
    assert back == jsonrpc_message_adapter.validate_python(msg)
    if method:
        assert dump(MONOLITH[method].model_validate(json.loads(wire)["result"])) == msg["result"]


@pytest.mark.parametrize("version", ["2025-06-18", V2025, V2026])
def test_failure_response_unknown_tool_is_protocol_error(version):
    out = mcpwire.failure_response("unknown_tool", "Unknown tool: nope", 12, version)
    assert out["error"]["code"] == -32602
    assert "result" not in out
    parsed = jsonrpc_message_adapter.validate_json(mcpwire.encode(out))
    assert isinstance(parsed, t.JSONRPCError)
    assert parsed.error.code == t.INVALID_PARAMS and parsed.id == 12


@pytest.mark.parametrize("version", ["2025-06-18", V2025, V2026])
def test_failure_response_invalid_arguments_is_tool_error(version):
    out = mcpwire.failure_response("invalid_tool_arguments", "/city: required", "r1", version)
    assert "error" not in out
    result = out["result"]
    assert result["isError"] is True
    assert result["content"] == [{"type": "text", "text": "/city: required"}]
    wire = mcpwire.encode(out)
    assert isinstance(jsonrpc_message_adapter.validate_json(wire), t.JSONRPCResponse)
    sdk_version = V2026 if version == V2026 else V2025
    parsed = m.parse_server_result("tools/call", sdk_version, json.loads(wire)["result"])
    assert isinstance(parsed, t.CallToolResult) and parsed.is_error is True
    assert t.CallToolResult.model_validate(result).is_error is True


# ---- the shared vectors, encoded by the binding, against the SDK ----------------------------

from conftest import ids, load  # noqa: E402

VALID = load("valid.json")
RESULT_METHOD = {
    "ListToolsResult": "tools/list",
    "CallToolResult": "tools/call",
    "InputRequiredResult": "tools/call",
    "InitializeResult": "initialize",
}
# Vectors that are valid MCP but deliberately outside what mcp 2.3.0 accepts.
OUTSIDE_SDK = {
    # Open sets: unknown content type / role / resultType must survive mcpwire; the SDK's
    # closed unions refuse them.
    "unknown content block type, unknown role, unknown resultType and unknown fields are kept",
    # The 2025-11-25 schema makes JSONRPCErrorResponse.id optional; mcp 2.3.0's JSONRPCError
    # still requires it (so failure_response(..., id=None) output is refused by this SDK too).
    "error response without id (2025-11-25+)",
}


def sdk_accepts(wire: bytes, case) -> list:
    """The protocol eras in which the SDK accepts the vector's message (envelope + typed)."""
    envelope = jsonrpc_message_adapter.validate_json(wire)
    msg = json.loads(wire)
    if case["kind"] == "error":
        assert isinstance(envelope, t.JSONRPCError)
        return ["envelope"]
    if case["kind"] == "response" and case["type"] not in RESULT_METHOD:
        assert isinstance(envelope, t.JSONRPCResponse)
        return ["envelope"]
    eras = []
    for version in (V2025, V2026):
        try:
            if case["kind"] == "request":
                m.parse_client_request(msg["method"], version, msg.get("params"))
            elif case["kind"] == "notification":
                if (msg["method"], version) in m.SERVER_NOTIFICATIONS:
                    m.parse_server_notification(msg["method"], version, msg.get("params"))
                else:
                    m.parse_client_notification(msg["method"], version, msg.get("params"))
            else:
                m.parse_server_result(RESULT_METHOD[case["type"]], version, msg["result"])
        except Exception:
            continue
        eras.append(version)
    return eras


@pytest.mark.parametrize("case", VALID, ids=ids(VALID))
def test_encoded_vectors_validate_with_sdk(case):
    wire = mcpwire.encode(json.loads(case["input"]))
    if case["name"] in OUTSIDE_SDK:
        with pytest.raises(Exception):
            assert sdk_accepts(wire, case)
        return
    assert sdk_accepts(wire, case), "no protocol era of the SDK accepts this message"


def test_sdk_refuses_error_response_without_id():
    """Documents the divergence listed in OUTSIDE_SDK for failure_response(id=None)."""
    out = mcpwire.encode(mcpwire.failure_response("unexpected_byte", "unexpected byte (at byte 0)", None, V2025))
    with pytest.raises(Exception):
        jsonrpc_message_adapter.validate_json(out)
