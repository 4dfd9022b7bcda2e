"""HttpClient: the client side of Streamable HTTP. A Client and an HttpClient against an
HttpEndpoint in the same process (the endpoint's replies fed back as responses) on both
wires; every split of a body gives the same messages; session expiry, DELETE, GET,
resumption; limits and misuse raise DecodeError with offsets."""

import json

import pytest

import mcpwire

RANDOM = bytes([9] * 16)
TOOL = {"name": "echo", "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}}
INFO = {"name": "c", "version": "1"}
RESULT = {"content": [{"type": "text", "text": "é"}]}


def endpoint():
    return mcpwire.HttpEndpoint({"name": "s", "version": "1"}, {"tools": {}}, tools=[TOOL])


def header(req, name):
    return next((v for n, v in req["headers"] if n.lower() == name.lower()), None)


def round_trip(ep, http, client, req, answer=None):
    handled = ep.handle(req["method"], req["headers"], req["body"], 0, RANDOM)
    replies = answer(handled) if handled["kind"] == "call" else [handled]
    kind = http.handle_response(req["exchange"], replies[0]["status"], replies[0]["headers"])
    ended = None
    if kind in ("json", "sse"):
        for r in replies:
            http.handle_body(req["exchange"], r["body"])
        ended = http.handle_end(req["exchange"])
    events = []
    while (m := http.poll_message()) is not None:
        assert m["exchange"] == req["exchange"] and isinstance(m["message"], bytes)
        events.append(client.handle_input(m["message"], 0))
    return kind, ended, events


def connect(version):
    ep, client, http = endpoint(), mcpwire.Client(version, INFO), mcpwire.HttpClient(version)
    kind, _, events = round_trip(ep, http, client, http.request(client.start(0)[1]))
    assert kind == "json" and events[-1]["event"] == "ready"
    while (out := client.poll_transmit()) is not None:
        assert round_trip(ep, http, client, http.request(out))[0] == "empty"
    return ep, client, http


def progress_call(ep, client, http):
    _, _, wire = client.call_tool(0, "echo", {"text": "é"}, progress=True)
    req = http.request(wire, TOOL)
    assert req["body"] == wire
    call = ep.handle("POST", req["headers"], req["body"], 0, RANDOM)
    return req, [ep.notify_progress(call["exchange"], 1, 2), ep.respond_tool(call["exchange"], RESULT)]


@pytest.mark.parametrize("version", ["2025-11-25", "2026-07-28"])
def test_a_call_with_progress(version):
    ep, client, http = connect(version)
    assert (http.session_id is None) == (version == "2026-07-28")
    assert http.protocol_version == version
    req, replies = progress_call(ep, client, http)
    assert header(req, "MCP-Protocol-Version") == version
    assert header(req, "Accept") == "application/json, text/event-stream"
    assert header(req, "Mcp-Session-Id") == http.session_id
    assert header(req, "Mcp-Name") == ("echo" if version == "2026-07-28" else None)
    kind = http.handle_response(req["exchange"], 200, replies[0]["headers"])
    for r in replies:
        http.handle_body(req["exchange"], r["body"])
    assert (kind, http.handle_end(req["exchange"])) == ("sse", "complete")
    events = [client.handle_input(m["message"], 0) for m in iter(http.poll_message, None)]
    assert [e["event"] for e in events] == ["progress", "tool_result"]
    assert events[1]["result"]["content"] == RESULT["content"]
    assert http.exchange_count == 0


@pytest.mark.parametrize("version", ["2025-11-25", "2026-07-28"])
def test_every_split_of_a_body_gives_the_same_messages(version):
    ep, client, http = connect(version)
    _, replies = progress_call(ep, client, http)
    body = b"".join(r["body"] for r in replies)

    def messages(cuts):
        h = mcpwire.HttpClient(version)
        req = h.request(b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}')
        assert h.handle_response(req["exchange"], 200, dict(replies[0]["headers"])) == "sse"
        at = 0
        for c in [*cuts, len(body)]:
            h.handle_body(req["exchange"], body[at:c])
            at = c
        h.handle_end(req["exchange"])
        return [m["message"] for m in iter(h.poll_message, None)]

    whole = messages([])
    assert len(whole) == 2 and json.loads(whole[1])["result"]["content"] == RESULT["content"]
    for i in range(len(body) + 1):
        assert messages([i]) == whole, i
    assert messages(list(range(len(body)))) == whole


def test_session_expiry_and_delete():
    ep, client, http = connect("2025-11-25")
    sid = http.session_id
    assert sid == "09" * 16
    late = http.request(client.list_tools(0)[1])
    delete = http.end_session()
    assert (delete["method"], header(delete, "Mcp-Session-Id"), delete["body"]) == ("DELETE", sid, b"")
    assert round_trip(ep, http, client, delete)[0] == "empty"
    assert http.session_id is None and ep.session_count == 0
    assert round_trip(ep, http, client, late)[0] == "session_expired"
    with pytest.raises(mcpwire.DecodeError) as info:
        http.end_session()
    assert info.value.kind == "invalid_value"
    again = mcpwire.Client("2025-11-25", INFO)
    hello = http.request(again.start(0)[1])
    assert header(hello, "Mcp-Session-Id") is None and header(hello, "MCP-Protocol-Version") is None
    assert round_trip(ep, http, again, hello)[0] == "json"
    assert http.session_id is not None


def test_get_stream_and_resumption():
    ep, client, http = connect("2025-11-25")
    get = http.open_stream()
    assert (get["method"], header(get, "Accept")) == ("GET", "text/event-stream")
    opened = ep.handle("GET", get["headers"], get["body"], 0, RANDOM)
    assert http.handle_response(get["exchange"], opened["status"], opened["headers"]) == "sse"
    assert http.close(get["exchange"]) and not http.close(get["exchange"])
    ep.stream_closed(opened["exchange"])
    req, replies = progress_call(ep, client, http)
    http.handle_response(req["exchange"], 200, replies[0]["headers"])
    http.handle_body(req["exchange"], replies[0]["body"])
    http.handle_body(req["exchange"], b"retry: 250\n\n")
    assert http.handle_end(req["exchange"]) == "resumable"
    assert client.handle_input(http.poll_message()["message"], 0)["event"] == "progress"
    resume = http.resume(req["exchange"])
    assert (resume["exchange"], resume["method"], resume["retry"]) == (req["exchange"], "GET", 250)
    assert "-" in header(resume, "Last-Event-ID")
    replay = ep.handle("GET", resume["headers"], resume["body"], 0, RANDOM)
    assert http.handle_response(req["exchange"], replay["status"], replay["headers"]) == "sse"
    assert not http.answered(req["exchange"])
    http.handle_body(req["exchange"], replay["body"])
    # The response came: the host may stop reading (a server may leave the stream open).
    assert http.answered(req["exchange"])
    assert http.handle_end(req["exchange"]) == "complete"
    assert not http.answered(req["exchange"])
    assert client.handle_input(http.poll_message()["message"], 0)["event"] == "tool_result"
    assert http.poll_message() is None


def test_a_resumed_stream_left_open_after_its_response_is_answered_then_closed():
    _, client, http = connect("2025-11-25")
    call_id, _, wire = client.call_tool(0, "echo", {"text": "x"})
    req = http.request(wire)
    sse = {"Content-Type": "text/event-stream"}
    assert http.handle_response(req["exchange"], 200, sse) == "sse"
    http.handle_body(req["exchange"], "id: event-1\nretry: 500\ndata: \n\n")
    assert http.handle_end(req["exchange"]) == "resumable"
    resume = http.resume(req["exchange"])
    assert (resume["retry"], header(resume, "Last-Event-ID")) == (500, "event-1")
    assert http.handle_response(req["exchange"], 200, sse) == "sse"
    http.handle_body(req["exchange"], 'id: event-2\ndata: {"jsonrpc":"2.0","id":%d,"result":{"content":[]}}\n\n' % call_id)
    assert http.answered(req["exchange"])
    assert client.handle_input(http.poll_message()["message"], 0)["event"] == "tool_result"
    assert http.close(req["exchange"]) and not http.answered(req["exchange"])
    assert http.exchange_count == 0


def test_stateless_wire_has_no_get_and_a_cut_stream_is_unanswered():
    http = mcpwire.HttpClient("2026-07-28")
    for call in (http.open_stream, http.end_session):
        with pytest.raises(mcpwire.DecodeError):
            call()
    req = http.request('{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{}}}')
    assert header(req, "Mcp-Method") == "tools/list"
    assert http.handle_response(req["exchange"], 200, {"Content-Type": "text/event-stream"}) == "sse"
    http.handle_body(req["exchange"], 'id: 1-1\ndata: {"jsonrpc":"2.0","method":"x"}\n\n')
    assert http.handle_end(req["exchange"]) == "unanswered"
    with pytest.raises(mcpwire.DecodeError):
        http.resume(req["exchange"])


def test_statuses():
    http = mcpwire.HttpClient("2025-11-25")
    req = http.request('{"jsonrpc":"2.0","id":7,"method":"tools/list"}')
    assert http.handle_response(req["exchange"], 400, [("Content-Type", "application/json")]) == "json"
    http.handle_body(req["exchange"], b'{"jsonrpc":"2.0","id":7,"error":{"code":-32600,"message":"no"}}')
    assert http.handle_end(req["exchange"]) == "complete"
    assert json.loads(http.poll_message()["message"])["error"]["code"] == -32600
    assert http.handle_response(http.open_stream()["exchange"], 405, []) == "no_stream"
    note = http.request('{"jsonrpc":"2.0","method":"notifications/initialized"}')
    assert http.handle_response(note["exchange"], 503, {}) == "failed"
    with pytest.raises(mcpwire.DecodeError) as info:
        http.handle_body(note["exchange"], b"x")
    assert info.value.kind == "invalid_value"
    with pytest.raises(ValueError):
        http.handle_response(1, 42, {})


def test_limits_and_bad_input():
    http = mcpwire.HttpClient("2025-11-25", max_message=16)
    req = http.request('{"jsonrpc":"2.0","id":1,"method":"tools/list"}')
    http.handle_response(req["exchange"], 200, {"content-type": "text/event-stream"})
    big = "data: " + "x" * 40 + "\n\n"
    with pytest.raises(mcpwire.DecodeError) as info:
        http.handle_body(req["exchange"], big + 'data: {"a":1}\n\n')
    assert (info.value.kind, info.value.code, info.value.offset) == ("input_too_large", -32700, len(big))
    assert http.poll_message()["message"] == b'{"a":1}'
    empty = http.request('{"jsonrpc":"2.0","id":2,"method":"tools/list"}')
    http.handle_response(empty["exchange"], 200, {"content-type": "application/json"})
    with pytest.raises(mcpwire.DecodeError) as info:
        http.handle_end(empty["exchange"])
    assert (info.value.kind, info.value.offset) == ("unexpected_end", 0)
    with pytest.raises(mcpwire.DecodeError) as info:
        http.request(b'{"a":1,"a":2}')
    assert (info.value.kind, info.value.offset) == ("duplicate_key", 7)
    with pytest.raises(mcpwire.DecodeError):
        mcpwire.HttpClient("1999-01-01")
