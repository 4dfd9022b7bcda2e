"""Transports: the stdio framer and the SSE codec (every split of a stream gives the same
frames/events), the header helpers, and HttpEndpoint on both Streamable HTTP wires."""

import json
import random

import pytest

import mcpwire

STREAM = b'{"a":1}\r\n\n  \n{"b":"x\\ny"}\n' + b"z" * 40 + b'\n{"c":3}\r\n{"tail":true}'


def frames(framer, chunks):
    out = []
    for c in chunks:
        out.extend(framer.feed(c))
    last = framer.finish()
    if last is not None:
        out.append(last)
    return out


def splits(data, cuts):
    cuts = sorted(cuts)
    parts, start = [], 0
    for c in cuts + [len(data)]:
        parts.append(data[start:c])
        start = c
    return parts


def test_every_split_of_a_stdio_stream_gives_the_same_frames():
    expected = [
        {"kind": "line", "line": b'{"a":1}'},
        {"kind": "line", "line": b'{"b":"x\\ny"}'},
        {"kind": "too_long", "len": 40},
        {"kind": "line", "line": b'{"c":3}'},
        {"kind": "line", "line": b'{"tail":true}'},
    ]
    assert frames(mcpwire.LineFramer(32), [STREAM]) == expected
    for i in range(len(STREAM) + 1):
        for j in range(i, len(STREAM) + 1, 7):
            assert frames(mcpwire.LineFramer(32), splits(STREAM, [i, j])) == expected, (i, j)
    rng = random.Random(44)
    for _ in range(200):
        cuts = [rng.randrange(len(STREAM) + 1) for _ in range(rng.randrange(12))]
        assert frames(mcpwire.LineFramer(32), splits(STREAM, cuts)) == expected
    assert frames(mcpwire.LineFramer(32), [bytes([b]) for b in STREAM]) == expected


def test_write_line_refuses_embedded_newlines():
    assert mcpwire.write_line(b'{"a":1}') == b'{"a":1}\n'
    with pytest.raises(mcpwire.DecodeError) as e:
        mcpwire.write_line(b'{"a":\n1}')
    assert (e.value.kind, e.value.offset) == ("unexpected_byte", 5)


SSE = (
    "\ufeff: keep-alive\r\nevent: message\rid: 1-1\ndata: {\"a\":\r\ndata: 1}\n\n"
    "retry: 500\ndata:x\r\r"
    "data: dropped"
).encode()


def events(decoder, chunks):
    out = []
    for c in chunks:
        out.extend(decoder.feed(c))
    return out, decoder.finish()


def test_every_split_of_an_event_stream_gives_the_same_events():
    expected = [
        {"kind": "event", "event": "message", "data": '{"a":\n1}', "id": "1-1", "retry": None},
        {"kind": "event", "event": "message", "data": "x", "id": "1-1", "retry": 500},
    ]
    whole = events(mcpwire.SseDecoder(), [SSE])
    assert whole == (expected, True)
    for i in range(len(SSE) + 1):
        for j in range(i, len(SSE) + 1, 5):
            assert events(mcpwire.SseDecoder(), splits(SSE, [i, j])) == whole, (i, j)
    d = mcpwire.SseDecoder()
    events(d, [bytes([b]) for b in SSE])
    assert (d.last_event_id, d.retry) == ("1-1", 500)


def test_sse_writer_reads_back_and_limits_hold():
    data = mcpwire.encode_sse_event('{"x":1}\nsecond', event="message", id="3-4", retry=10)
    assert data == b'event: message\nid: 3-4\nretry: 10\ndata: {"x":1}\ndata: second\n\n'
    got, _ = events(mcpwire.SseDecoder(), [mcpwire.encode_sse_comment(), data])
    assert got[0]["data"] == '{"x":1}\nsecond' and got[0]["id"] == "3-4"
    with pytest.raises(mcpwire.DecodeError):
        mcpwire.encode_sse_event("x", id="a\nb")
    big = mcpwire.encode_sse_event("y" * 100) + mcpwire.encode_sse_event("ok")
    got, _ = events(mcpwire.SseDecoder(16), [big])
    assert got == [{"kind": "too_long", "len": 106}, {"kind": "event", "event": "message", "data": "ok", "id": "", "retry": None}]


META = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}
SQL_TOOL = {
    "name": "execute_sql",
    "inputSchema": {
        "type": "object",
        "properties": {"region": {"type": "string", "x-mcp-header": "Region"}, "query": {"type": "string"}},
    },
}


def test_client_headers_and_the_encoding_table():
    call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "execute_sql", "arguments": {"region": "us-west1", "query": "q"}, "_meta": META}}
    headers = mcpwire.client_request_headers(call, "2026-07-28", SQL_TOOL)
    assert ("Mcp-Param-Region", "us-west1") in headers
    assert ("Mcp-Name", "execute_sql") in headers and ("Mcp-Method", "tools/call") in headers
    assert ("MCP-Protocol-Version", "2026-07-28") in headers
    assert mcpwire.client_request_headers(json.dumps(call).encode(), "2026-07-28", SQL_TOOL) == headers
    table = {
        "us-west1": "us-west1",
        "Hello, 世界": "=?base64?SGVsbG8sIOS4lueVjA==?=",
        " padded ": "=?base64?IHBhZGRlZCA=?=",
        "line1\nline2": "=?base64?bGluZTEKbGluZTI=?=",
        "=?base64?literal?=": "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=",
    }
    for original, encoded in table.items():
        assert mcpwire.encode_header_value(original) == encoded
        assert mcpwire.decode_header_value(encoded) == original
    with pytest.raises(mcpwire.DecodeError) as e:
        mcpwire.decode_header_value(b"=?base64?***?=")
    assert e.value.kind == "header_mismatch"
    bad = {"name": "bad", "inputSchema": {"type": "object", "properties": {"n": {"type": "number", "x-mcp-header": "N"}}}}
    catalog = mcpwire.http_tool_catalog([SQL_TOOL, bad])
    assert [t["name"] for t in catalog["tools"]] == ["execute_sql"]
    assert catalog["rejected"][0]["tool"] == "bad" and catalog["rejected"][0]["reason"]


def endpoint():
    return mcpwire.HttpEndpoint({"name": "s", "version": "1"}, {"tools": {}}, tools=[SQL_TOOL])


BASE = [(b"content-type", b"application/json"), (b"accept", b"application/json, text/event-stream")]


def post(ep, headers, body, now=0):
    return ep.handle("POST", BASE + headers, json.dumps(body).encode(), now, bytes(range(16)))


def sql_call(id, region="us-west1", token=False):
    meta = dict(META, progressToken="t") if token else META
    return {"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": "execute_sql", "arguments": {"region": region, "query": "q"}, "_meta": meta}}


def sql_headers(region="us-west1"):
    return [(b"MCP-Protocol-Version", b"2026-07-28"), (b"Mcp-Method", b"tools/call"), (b"Mcp-Name", b"execute_sql"), (b"Mcp-Param-Region", region.encode())]


RESULT = {"content": [{"type": "text", "text": "done"}]}


def test_stateless_call_json_and_header_mismatch():
    ep = endpoint()
    h = post(ep, sql_headers(), sql_call(1))
    assert h["kind"] == "call" and h["request"]["name"] == "execute_sql"
    r = ep.respond_tool(h["exchange"], RESULT)
    assert (r["status"], r["done"]) == (200, True)
    assert json.loads(r["body"])["result"]["content"][0]["text"] == "done"
    # Header and body disagree: 400 and -32020.
    r = post(ep, sql_headers("eu-west1"), sql_call(2))
    assert r["kind"] == "reply" and r["status"] == 400
    assert json.loads(r["body"])["error"]["code"] == -32020
    # GET on the stateless wire: 405.
    assert ep.handle("GET", [(b"MCP-Protocol-Version", b"2026-07-28")], b"", 0)["status"] == 405


def test_progress_streams_and_a_closed_stream_cancels():
    ep = endpoint()
    h = post(ep, sql_headers(), sql_call(3, token=True))
    first = ep.notify_progress(h["exchange"], 1, 2)
    assert first["status"] == 200 and ("Content-Type", "text/event-stream") in first["headers"]
    assert ep.stream_closed(h["exchange"])
    last = ep.respond_tool(h["exchange"], RESULT)
    assert last["done"] and last["body"] == b""
    got, _ = events(mcpwire.SseDecoder(), [first["body"]])
    assert json.loads(got[0]["data"])["method"] == "notifications/progress"


def test_sessions_on_the_2025_wire():
    ep = mcpwire.HttpEndpoint({"name": "s", "version": "1"}, {"tools": {}}, session_idle_ms=100)
    init = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}}
    r = post(ep, [], init)
    sid = dict(r["headers"])["Mcp-Session-Id"]
    assert r["status"] == 200 and len(sid) == 32 and ep.session_count == 1
    call = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    assert post(ep, [], call)["status"] == 400
    assert post(ep, [(b"Mcp-Session-Id", b"nope")], call)["status"] == 404
    h = post(ep, [(b"Mcp-Session-Id", sid.encode()), (b"MCP-Protocol-Version", b"2025-11-25")], call)
    assert h["kind"] == "call" and h["request"]["event"] == "list_tools"
    assert ep.respond_list(h["exchange"], {"tools": []})["status"] == 200
    assert ep.poll_timeout() == 100
    ep.handle_timeout(100)
    assert ep.session_count == 0
    assert post(ep, [(b"Mcp-Session-Id", sid.encode())], call, now=101)["status"] == 404


def test_server_stream_closed_cancels():
    s = mcpwire.Server(["2026-07-28"], {"name": "s", "version": "1"}, {"tools": {}})
    ev = s.handle_input(json.dumps(sql_call(9)).encode(), 0)
    assert ev["event"] == "call_tool"
    assert s.stream_closed(9) is True
    assert s.respond_tool(9, RESULT) is None
    assert s.stream_closed(9) is False


def test_a_2025_stream_resumes_with_last_event_id():
    ep = mcpwire.HttpEndpoint({"name": "s", "version": "1"}, {"tools": {}})
    init = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}}
    sid = dict(post(ep, [], init)["headers"])["Mcp-Session-Id"].encode()
    with_sid = [(b"Mcp-Session-Id", sid), (b"MCP-Protocol-Version", b"2025-11-25")]
    call = {"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "t", "arguments": {}, "_meta": {"progressToken": 1}}}
    h = post(ep, with_sid, call)
    first = ep.notify_progress(h["exchange"], 1)
    got, _ = events(mcpwire.SseDecoder(), [first["body"]])
    assert [e["id"] for e in got] == ["1-0", "1-1"] and got[0]["data"] == ""
    assert ep.stream_closed(h["exchange"]) is False  # not a cancellation on this wire
    ep.notify_progress(h["exchange"], 2)
    resumed = ep.handle("GET", [(b"accept", b"text/event-stream"), (b"Mcp-Session-Id", sid), (b"Last-Event-ID", b"1-1")], b"", 1)
    assert resumed["kind"] == "stream" and resumed["exchange"] == h["exchange"]
    got, _ = events(mcpwire.SseDecoder(), [resumed["body"]])
    assert [e["id"] for e in got] == ["1-2"]
    last = ep.respond_tool(h["exchange"], RESULT)
    assert last["done"] and json.loads(events(mcpwire.SseDecoder(), [last["body"]])[0][0]["data"])["id"] == 5
    assert ep.handle("DELETE", with_sid, b"", 2)["status"] == 200
    assert ep.session_count == 0


def test_a_2025_cancel_names_the_exchange_and_a_missing_capability_has_its_data():
    ep = mcpwire.HttpEndpoint({"name": "s", "version": "1"}, {"tools": {}})
    init = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}}
    sid = dict(post(ep, [], init)["headers"])["Mcp-Session-Id"].encode()
    h25 = [(b"Mcp-Session-Id", sid), (b"MCP-Protocol-Version", b"2025-11-25")]
    call = {"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "t"}}
    h = post(ep, h25, call)
    assert ep.poll_cancelled() is None
    cancel = {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 5}}
    assert post(ep, h25, cancel)["status"] == 202
    assert ep.poll_cancelled() == h["exchange"]
    assert ep.poll_cancelled() is None
    # 2026-07-28: -32021 with data.requiredCapabilities, status 400.
    ep = endpoint()
    h = post(ep, sql_headers(), sql_call(1))
    assert h["request"]["clientCapabilities"] == {}
    r = ep.respond_failure(h["exchange"], "missing_required_client_capability", "needs elicitation", {"requiredCapabilities": {"elicitation": {}}})
    assert r["status"] == 400
    error = json.loads(r["body"])["error"]
    assert error["code"] == -32021 and error["data"]["requiredCapabilities"] == {"elicitation": {}}
