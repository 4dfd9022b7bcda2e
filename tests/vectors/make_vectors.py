#!/usr/bin/env python3
"""Writes valid.json, invalid.json and failures.json from the hand-written cases below.

Every expected fact here is written by hand from the spec and mcpwire's documented rules
(canonical form: README "Canonical encoding"), never produced by mcpwire itself. Offsets
are given as the position of a marker substring in the input, so they follow the input.

Run: python3 tests/vectors/make_vectors.py   (the JSON files are committed; Rust, Python,
Node and WASM tests replay them).
"""
import base64
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def v(name, input, kind, type, canonical, method=None, id=None, cls=None):
    return {"name": name, "input": input, "kind": kind, "method": method, "id": id,
            "type": type, "class": cls, "canonical": canonical}


VALID = [
    v("tools/list request, no params (2025)",
      '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      "request", "ListToolsRequest", '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      method="tools/list", id=1),
    v("tools/list request with cursor, keys out of canonical order, whitespace",
      '{ "method" : "tools/list", "params": {"cursor": "abc"}, "id": "q1", "jsonrpc": "2.0" }\n',
      "request", "ListToolsRequest",
      '{"jsonrpc":"2.0","id":"q1","method":"tools/list","params":{"cursor":"abc"}}',
      method="tools/list", id="q1"),
    v("tools/list request 2026 with _meta",
      '{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":"c2","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}',
      "request", "ListToolsRequest",
      '{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}},"cursor":"c2"}}',
      method="tools/list", id=2),
    v("tools/call request with progress token 0 and nested arguments",
      '{"jsonrpc":"2.0","id":0,"method":"tools/call","params":{"name":"sum","arguments":{"xs":[1, 2.50, -0, 1E2],"opts":{"deep":{"x":null}}},"_meta":{"progressToken":0}}}',
      "request", "CallToolRequest",
      '{"jsonrpc":"2.0","id":0,"method":"tools/call","params":{"_meta":{"progressToken":0},"name":"sum","arguments":{"xs":[1,2.5,0,100.0],"opts":{"deep":{"x":null}}}}}',
      method="tools/call", id=0),
    v("tools/call with empty-string progress token and string id",
      '{"jsonrpc":"2.0","id":"","method":"tools/call","params":{"name":"t","_meta":{"progressToken":""}}}',
      "request", "CallToolRequest",
      '{"jsonrpc":"2.0","id":"","method":"tools/call","params":{"_meta":{"progressToken":""},"name":"t"}}',
      method="tools/call", id=""),
    v("string escapes are normalised: \\/ and \\u0041 become literal, \\u001F stays escaped lowercase",
      '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"a\\/b\\u0041","arguments":{"s":"\\u001F\\n\\u00e9\\ud83d\\ude00"}}}',
      "request", "CallToolRequest",
      '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"a/bA","arguments":{"s":"\\u001f\\n\u00e9\U0001F600"}}}',
      method="tools/call", id=3),
    v("escaped member name means the same key",
      '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"n\\u0061me":"echo"}}',
      "request", "CallToolRequest",
      '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"echo"}}',
      method="tools/call", id=4),
    v("CallToolResult text, guessed from shape",
      '{"jsonrpc":"2.0","id":5,"result":{"content":[{"type":"text","text":"hi"}],"isError":false}}',
      "response", "CallToolResult",
      '{"jsonrpc":"2.0","id":5,"result":{"content":[{"type":"text","text":"hi"}],"isError":false}}',
      id=5, cls="success"),
    v("CallToolResult tool error",
      '{"jsonrpc":"2.0","id":6,"result":{"isError":true,"content":[{"text":"city not found","type":"text"}]}}',
      "response", "CallToolResult",
      '{"jsonrpc":"2.0","id":6,"result":{"content":[{"type":"text","text":"city not found"}],"isError":true}}',
      id=6, cls="tool_error"),
    v("CallToolResult with every content block kind",
      '{"jsonrpc":"2.0","id":7,"result":{"resultType":"complete","content":['
      '{"type":"image","mimeType":"image/png","data":"iVBO","annotations":{"priority":1,"audience":["user","assistant"],"lastModified":"2025-01-12T15:00:58Z"}},'
      '{"type":"audio","data":"UklG","mimeType":"audio/wav","_meta":{"k":1}},'
      '{"type":"resource_link","name":"r","uri":"file:///r","size":12,"icons":[{"src":"data:image/png;base64,AA==","theme":"dark"}]},'
      '{"type":"resource","resource":{"uri":"file:///a.txt","text":"A","mimeType":"text/plain"}},'
      '{"type":"resource","resource":{"blob":"AAE=","uri":"file:///b.bin"}}]}}',
      "response", "CallToolResult",
      '{"jsonrpc":"2.0","id":7,"result":{"resultType":"complete","content":['
      '{"type":"image","data":"iVBO","mimeType":"image/png","annotations":{"audience":["user","assistant"],"priority":1,"lastModified":"2025-01-12T15:00:58Z"}},'
      '{"type":"audio","data":"UklG","mimeType":"audio/wav","_meta":{"k":1}},'
      '{"type":"resource_link","uri":"file:///r","name":"r","size":12,"icons":[{"src":"data:image/png;base64,AA==","theme":"dark"}]},'
      '{"type":"resource","resource":{"uri":"file:///a.txt","mimeType":"text/plain","text":"A"}},'
      '{"type":"resource","resource":{"uri":"file:///b.bin","blob":"AAE="}}]}}',
      id=7, cls="success"),
    v("unknown content block type, unknown role, unknown resultType and unknown fields are kept",
      '{"jsonrpc":"2.0","id":8,"result":{"resultType":"task","content":[{"type":"video","url":"https://x/v.mp4","n":1},{"type":"text","text":"t","annotations":{"audience":["moderator"]},"x-extra":{"a":[1]}}],"structuredContent":"plain string","vendor":true}}',
      "response", "CallToolResult",
      '{"jsonrpc":"2.0","id":8,"result":{"resultType":"task","content":[{"type":"video","url":"https://x/v.mp4","n":1},{"type":"text","text":"t","annotations":{"audience":["moderator"]},"x-extra":{"a":[1]}}],"structuredContent":"plain string","vendor":true}}',
      id=8, cls="success"),
    v("ListToolsResult with annotations, icons, output schema, cursor, 2026 cache fields",
      '{"jsonrpc":"2.0","id":9,"result":{"tools":[{"inputSchema":{"type":"object","properties":{"q":{"type":"string"}}},"name":"search","title":"Search","annotations":{"readOnlyHint":true,"title":"S"},"outputSchema":{"type":"object"},"_meta":{"v":2}}],"nextCursor":"n","ttlMs":0,"cacheScope":"private","resultType":"complete"}}',
      "response", "ListToolsResult",
      '{"jsonrpc":"2.0","id":9,"result":{"resultType":"complete","tools":[{"name":"search","title":"Search","inputSchema":{"type":"object","properties":{"q":{"type":"string"}}},"outputSchema":{"type":"object"},"annotations":{"title":"S","readOnlyHint":true},"_meta":{"v":2}}],"nextCursor":"n","ttlMs":0,"cacheScope":"private"}}',
      id=9, cls="success"),
    v("InputRequiredResult (2026)",
      '{"jsonrpc":"2.0","id":10,"result":{"requestState":"s","resultType":"input_required"}}',
      "response", "InputRequiredResult",
      '{"jsonrpc":"2.0","id":10,"result":{"resultType":"input_required","requestState":"s"}}',
      id=10, cls="input_required"),
    v("progress notification with float progress and integer total",
      '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":0.25,"total":4,"progressToken":"t","message":"quarter"}}',
      "notification", "ProgressNotification",
      '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":0.25,"total":4,"message":"quarter"}}',
      method="notifications/progress"),
    v("cancelled notification",
      '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"reason":"stop","requestId":"r-1"}}',
      "notification", "CancelledNotification",
      '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"r-1","reason":"stop"}}',
      method="notifications/cancelled"),
    v("tools/list_changed notification",
      '{"method":"notifications/tools/list_changed","jsonrpc":"2.0"}',
      "notification", "ToolListChangedNotification",
      '{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}',
      method="notifications/tools/list_changed"),
    v("error response",
      '{"jsonrpc":"2.0","id":11,"error":{"message":"Unknown tool: x","code":-32602,"data":{"tool":"x"}}}',
      "error", "JSONRPCErrorResponse",
      '{"jsonrpc":"2.0","id":11,"error":{"code":-32602,"message":"Unknown tool: x","data":{"tool":"x"}}}',
      id=11, cls="protocol_error"),
    v("error response without id (2025-11-25+)",
      '{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}',
      "error", "JSONRPCErrorResponse",
      '{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}',
      cls="protocol_error"),
    v("error response with null id (JSON-RPC 2.0 peers)",
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}',
      "error", "JSONRPCErrorResponse",
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}',
      cls="protocol_error"),
    v("initialize request (2025)",
      '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}',
      "request", "InitializeRequest",
      '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}',
      method="initialize", id=0),
    v("initialize result with tools capability",
      '{"jsonrpc":"2.0","id":0,"result":{"serverInfo":{"name":"s","version":"1"},"capabilities":{"tools":{"listChanged":true}},"protocolVersion":"2025-06-18"}}',
      "response", "InitializeResult",
      '{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{"listChanged":true}},"serverInfo":{"name":"s","version":"1"}}}',
      id=0, cls="success"),
    v("a method mcpwire does not type stays a valid request",
      '{"jsonrpc":"2.0","id":12,"method":"resources/read","params":{"uri":"file:///x"}}',
      "request", "JSONRPCRequest",
      '{"jsonrpc":"2.0","id":12,"method":"resources/read","params":{"uri":"file:///x"}}',
      method="resources/read", id=12),
    v("an untyped result stays a valid response",
      '{"jsonrpc":"2.0","id":13,"result":{}}',
      "response", "JSONRPCResultResponse", '{"jsonrpc":"2.0","id":13,"result":{}}',
      id=13, cls="success"),
    v("unknown envelope members are ignored",
      '{"jsonrpc":"2.0","id":14,"method":"ping","trace":"abc"}',
      "request", "JSONRPCRequest", '{"jsonrpc":"2.0","id":14,"method":"ping"}',
      method="ping", id=14),
    v("large integer and exponent numbers inside arguments",
      '{"jsonrpc":"2.0","id":15,"method":"tools/call","params":{"name":"n","arguments":{"big":123456789012345678901234567890,"e":1.5e-7,"f":-2.0}}}',
      "request", "CallToolRequest",
      '{"jsonrpc":"2.0","id":15,"method":"tools/call","params":{"name":"n","arguments":{"big":123456789012345678901234567890,"e":1.5e-7,"f":-2.0}}}',
      method="tools/call", id=15),
]


def bad(name, input, error, code, at=None, offset=None, limits=None, raw=None):
    """`at`: the offset is where this marker first occurs in the input."""
    if offset is None:
        offset = (raw or input.encode()).index(at.encode() if isinstance(at, str) else at)
    case = {"name": name, "error": error, "code": code, "offset": offset}
    if raw is not None:
        case["input_base64"] = base64.b64encode(raw).decode()
    else:
        case["input"] = input
    if limits:
        case["limits"] = limits
    return case


P = -32700
R = -32600
IP = -32602
CALL = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":'
INVALID = [
    # -32700: JSON syntax
    bad("invalid UTF-8", None, "invalid_utf8", P, at=b"\xff",
        raw=b'{"jsonrpc":"2.0","id":1,"method":"t\xff"}'),
    bad("input ends inside an object", '{"jsonrpc":"2.0","id":1', "unexpected_end", P, offset=23),
    bad("empty input", "", "unexpected_end", P, offset=0),
    bad("not JSON at all is a parse error, not an invalid request", "not json", "unexpected_byte", P, offset=1),
    bad("single quotes", "{'jsonrpc':'2.0'}", "unexpected_byte", P, at="'"),
    bad("trailing comma in object", '{"jsonrpc":"2.0","id":1,"method":"ping",}', "unexpected_byte", P, at="}"),
    bad("invalid escape", CALL + '{"name":"a\\x"}}', "invalid_escape", P, at="\\x"),
    bad("lone low surrogate", CALL + '{"name":"\\udc00"}}', "lone_surrogate", P, at="\\udc00"),
    bad("high surrogate without low", CALL + '{"name":"\\ud800x"}}', "lone_surrogate", P, at="\\ud800"),
    bad("raw control character in string", CALL + '{"name":"a\tb"}}', "control_character", P, at="\t"),
    bad("leading zero", CALL + '{"name":"a","arguments":{"n":01}}}', "invalid_number", P, at="01"),
    bad("fraction without digits", CALL + '{"name":"a","arguments":{"n":1.}}}', "invalid_number", P, at="}}}"),
    bad("number too large for a double", CALL + '{"name":"a","arguments":{"n":1e400}}}', "number_out_of_range", P, at="1e400"),
    bad("trailing bytes", '{"jsonrpc":"2.0","id":1,"method":"ping"} {}', "trailing_bytes", P, at="{}"),
    bad("two messages on one line", '{"jsonrpc":"2.0","method":"a"}{"jsonrpc":"2.0","method":"b"}', "trailing_bytes", P, offset=30),
    bad("duplicate key in envelope", '{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}', "duplicate_key", P, at='"id":2'),
    bad("duplicate key in arguments", CALL + '{"name":"a","arguments":{"x":1,"y":2,"x":3}}}', "duplicate_key", P, at='"x":3'),
    bad("duplicate key after unescaping", CALL + '{"name":"a","arguments":{"a":1,"\\u0061":2}}}', "duplicate_key", P, at='"\\u0061"'),
    bad("nesting deeper than the limit", CALL + '{"name":"a","arguments":{"d":[[[[1]]]]}}}', "too_deep", P,
        at="[[1", limits={"max_depth": 5}),
    bad("more members than the limit", CALL + '{"name":"a","arguments":{"a":1,"b":2,"c":3,"d":4,"e":5}}}', "too_many_members", P,
        at='"e"', limits={"max_members": 4}),
    bad("input larger than the limit", '{"jsonrpc":"2.0","id":1,"method":"ping"}', "input_too_large", P,
        offset=16, limits={"max_bytes": 16}),
    # -32600: envelope
    bad("batch array (batching was removed in 2025-06-18)", '[{"jsonrpc":"2.0","id":1,"method":"ping"}]', "not_an_object", R, offset=0),
    bad("a string is not a message", '"ping"', "not_an_object", R, offset=0),
    bad("jsonrpc 1.0", '{"jsonrpc":"1.0","id":1,"method":"ping"}', "invalid_jsonrpc_version", R, at='"1.0"'),
    bad("jsonrpc as a number", '{"jsonrpc":2.0,"id":1,"method":"ping"}', "invalid_jsonrpc_version", R, at="2.0"),
    bad("jsonrpc missing", '{"id":1,"method":"ping"}', "invalid_jsonrpc_version", R, offset=0),
    bad("keys are case-sensitive: JSONRPC is not jsonrpc", '{"JSONRPC":"2.0","id":1,"method":"ping"}', "invalid_jsonrpc_version", R, offset=0),
    bad("null id on a request", '{"jsonrpc":"2.0","id":null,"method":"ping"}', "invalid_id", R, at="null"),
    bad("fractional id", '{"jsonrpc":"2.0","id":1.5,"method":"ping"}', "invalid_id", R, at="1.5"),
    bad("boolean id", '{"jsonrpc":"2.0","id":true,"method":"ping"}', "invalid_id", R, at="true"),
    bad("keys are case-sensitive: Method is not method", '{"jsonrpc":"2.0","id":1,"Method":"ping"}', "invalid_envelope", R, offset=0),
    bad("result and error together", '{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"m"}}', "invalid_envelope", R, offset=0),
    bad("params as an array", '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":["a"]}', "invalid_envelope", R, at='["a"]'),
    bad("response without id", '{"jsonrpc":"2.0","result":{}}', "invalid_envelope", R, offset=0),
    bad("method is not a string", '{"jsonrpc":"2.0","id":1,"method":7}', "invalid_envelope", R, at="7}"),
    bad("error code is not an integer", '{"jsonrpc":"2.0","id":1,"error":{"code":1.5,"message":"m"}}', "invalid_envelope", R, at="1.5"),
    # -32602: params and results
    bad("tools/call without name", CALL + '{"arguments":{}}}', "missing_field", IP, at='{"arguments"'),
    bad("tools/call without params", '{"jsonrpc":"2.0","id":1,"method":"tools/call"}', "missing_field", IP, offset=0),
    bad("tool name is not a string", CALL + '{"name":42}}', "wrong_type", IP, at="42"),
    bad("arguments is not an object", CALL + '{"name":"a","arguments":[1]}}', "wrong_type", IP, at="[1]"),
    bad("progress token is a fraction", '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1.5,"progress":1}}', "wrong_type", IP, at="1.5"),
    bad("progress without progressToken", '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}', "missing_field", IP, at='{"progress"'),
    bad("content block without type", '{"jsonrpc":"2.0","id":1,"result":{"content":[{"text":"a"}]}}', "missing_field", IP, at='{"text"'),
    bad("keys are case-sensitive: Type is not type", '{"jsonrpc":"2.0","id":1,"result":{"content":[{"Type":"text","text":"a"}]}}', "missing_field", IP, at='{"Type"'),
    bad("text block without text", '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text"}]}}', "missing_field", IP, at='{"type"'),
    bad("image block without mimeType", '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"image","data":"AA=="}]}}', "missing_field", IP, at='{"type"'),
    bad("annotation priority above 1", '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"a","annotations":{"priority":2}}]}}', "invalid_value", IP, at="2}"),
    bad("isError is not a boolean", '{"jsonrpc":"2.0","id":1,"result":{"content":[],"isError":"yes"}}', "wrong_type", IP, at='"yes"'),
    bad("cacheScope outside its closed set", '{"jsonrpc":"2.0","id":1,"result":{"tools":[],"cacheScope":"shared"}}', "invalid_value", IP, at='"shared"'),
    bad("negative ttlMs", '{"jsonrpc":"2.0","id":1,"result":{"tools":[],"ttlMs":-1}}', "invalid_value", IP, at="-1"),
    bad("tool without inputSchema", '{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a"}]}}', "missing_field", IP, at='{"name"'),
    bad("inputSchema whose root type is not object", '{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a","inputSchema":{"type":"array"}}]}}', "invalid_value", IP, at='{"type":"array"'),
    bad("InputRequiredResult with neither inputRequests nor requestState", '{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required"}}', "missing_field", IP, at='{"resultType"'),
    bad("embedded resource with neither text nor blob", '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"resource","resource":{"uri":"file:///a"}}]}}', "missing_field", IP, at='{"uri"'),
]


def f(name, kind, message, id, version, expect):
    return {"name": name, "kind": kind, "message": message, "id": id, "version": version,
            "response": expect}


# The server-side wire form of each failure (point 7: one per code and per tool-error kind).
FAILURES = [
    f("unknown method", "method_not_found", "Method not found: foo/bar", 1, "2025-11-25",
      {"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "Method not found: foo/bar", "data": {"kind": "method_not_found"}}}),
    f("unknown tool", "unknown_tool", "Unknown tool: x", "a", "2026-07-28",
      {"jsonrpc": "2.0", "id": "a", "error": {"code": -32602, "message": "Unknown tool: x", "data": {"kind": "unknown_tool"}}}),
    f("bad cursor", "invalid_cursor", "Invalid cursor", 2, "2026-07-28",
      {"jsonrpc": "2.0", "id": 2, "error": {"code": -32602, "message": "Invalid cursor", "data": {"kind": "invalid_cursor"}}}),
    f("malformed params", "missing_field", "missing required field: name", 3, "2025-06-18",
      {"jsonrpc": "2.0", "id": 3, "error": {"code": -32602, "message": "missing required field: name", "data": {"kind": "missing_field"}}}),
    f("unparseable bytes, id unknown", "unexpected_byte", "unexpected byte (at byte 0)", None, "2025-11-25",
      {"jsonrpc": "2.0", "error": {"code": -32700, "message": "unexpected byte (at byte 0)", "data": {"kind": "unexpected_byte"}}}),
    f("invalid request", "invalid_jsonrpc_version", "\"jsonrpc\" must be exactly \"2.0\"", 4, "2025-11-25",
      {"jsonrpc": "2.0", "id": 4, "error": {"code": -32600, "message": "\"jsonrpc\" must be exactly \"2.0\"", "data": {"kind": "invalid_jsonrpc_version"}}}),
    f("internal error", "internal_error", "database down", 5, "2025-06-18",
      {"jsonrpc": "2.0", "id": 5, "error": {"code": -32603, "message": "database down", "data": {"kind": "internal_error"}}}),
    f("header mismatch (2026)", "header_mismatch", "Mcp-Name does not match params.name", 6, "2026-07-28",
      {"jsonrpc": "2.0", "id": 6, "error": {"code": -32020, "message": "Mcp-Name does not match params.name", "data": {"kind": "header_mismatch"}}}),
    f("missing client capability (2026)", "missing_required_client_capability", "elicitation required", 7, "2026-07-28",
      {"jsonrpc": "2.0", "id": 7, "error": {"code": -32021, "message": "elicitation required", "data": {"kind": "missing_required_client_capability"}}}),
    f("unsupported version (2026)", "unsupported_protocol_version", "Unsupported protocol version: 2024-01-01", 8, "2026-07-28",
      {"jsonrpc": "2.0", "id": 8, "error": {"code": -32022, "message": "Unsupported protocol version: 2024-01-01", "data": {"kind": "unsupported_protocol_version"}}}),
    f("invalid tool arguments are a tool error (SEP-1303), 2026 adds resultType", "invalid_tool_arguments", "/units must be one of \"metric\", \"imperial\"; got \"kelvin\"", 9, "2026-07-28",
      {"jsonrpc": "2.0", "id": 9, "result": {"resultType": "complete", "content": [{"type": "text", "text": "/units must be one of \"metric\", \"imperial\"; got \"kelvin\""}], "isError": True}}),
    f("tool runtime failure is a tool error (2025: no resultType)", "tool_execution_failed", "upstream API returned 503", 10, "2025-06-18",
      {"jsonrpc": "2.0", "id": 10, "result": {"content": [{"type": "text", "text": "upstream API returned 503"}], "isError": True}}),
]


def main():
    for name, data in (("valid.json", VALID), ("invalid.json", INVALID), ("failures.json", FAILURES)):
        with open(os.path.join(HERE, name), "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1, ensure_ascii=False)
            fh.write("\n")


if __name__ == "__main__":
    main()
