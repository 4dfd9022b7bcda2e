"""SEP-1699 polling (HttpEndpoint.close_connection: a 2025-11-25 response ended mid-call after
a retry event, the call answered on the resumed stream) and the server side of 2026-07-28
multi round-trip requests: seal_request_state / open_request_state,
declared_input_requests."""

import json

import mcpwire
import pytest

BASE = [(b"content-type", b"application/json"), (b"accept", b"application/json, text/event-stream")]
INIT = {"jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}}
CALL = {"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "test_reconnection", "arguments": {}}}
RESULT = {"content": [{"type": "text", "text": "done"}]}
KEY = bytes(range(32))


def post(ep, headers, body):
    return ep.handle("POST", BASE + headers, json.dumps(body).encode(), 0, bytes(range(16)))


def events(body):
    return [e for e in mcpwire.SseDecoder().feed(body) if e["kind"] == "event"]


def session(ep):
    sid = dict(post(ep, [], INIT)["headers"])["Mcp-Session-Id"].encode()
    return [(b"Mcp-Session-Id", sid), (b"MCP-Protocol-Version", b"2025-11-25")]


def resume(ep, with_sid, last):
    return ep.handle("GET", [(b"accept", b"text/event-stream"), with_sid[0], (b"Last-Event-ID", last)], b"", 1)


def test_close_connection_primes_with_retry_and_the_result_comes_on_the_resumed_stream():
    ep = mcpwire.HttpEndpoint({"name": "s", "version": "1"}, {"tools": {}})
    with_sid = session(ep)
    h = post(ep, with_sid, CALL)
    closed = ep.close_connection(h["exchange"], 250)
    assert (closed["status"], closed["done"]) == (200, True)
    assert ("Content-Type", "text/event-stream") in closed["headers"]
    assert [(e["id"], e["retry"], e["data"]) for e in events(closed["body"])] == [("1-0", 250, "")]
    assert ep.exchange_count == 1  # the call goes on
    resumed = resume(ep, with_sid, b"1-0")
    assert (resumed["kind"], resumed["exchange"], resumed["done"]) == ("stream", h["exchange"], False)
    last = ep.respond_tool(h["exchange"], RESULT)
    assert (last["status"], last["done"]) == (None, True)
    (answer,) = events(last["body"])
    assert answer["id"] == "1-1" and json.loads(answer["data"])["result"]["content"] == RESULT["content"]


def test_a_result_sent_while_away_is_replayed_and_2026_responses_cannot_be_closed():
    ep = mcpwire.HttpEndpoint({"name": "s", "version": "1"}, {"tools": {}})
    with_sid = session(ep)
    h = post(ep, with_sid, CALL)
    ep.close_connection(h["exchange"], 10)
    ep.respond_tool(h["exchange"], RESULT)
    r = resume(ep, with_sid, b"1-0")
    assert (r["kind"], r["done"]) == ("reply", True)
    assert [e["id"] for e in events(r["body"])] == ["1-1"]
    with pytest.raises(mcpwire.DecodeError):
        ep.close_connection(h["exchange"], 10)  # answered: no longer an exchange
    meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}
    modern = dict(CALL, params=dict(CALL["params"], _meta=meta))
    h = post(ep, [(b"MCP-Protocol-Version", b"2026-07-28"), (b"Mcp-Method", b"tools/call"),
                  (b"Mcp-Name", b"test_reconnection")], modern)
    with pytest.raises(mcpwire.DecodeError, match="2026-07-28"):
        ep.close_connection(h["exchange"], 10)


def test_a_sealed_request_state_round_trips_and_a_tampered_one_is_invalid_params():
    state = {"round": 2, "answers": {"step1": {"action": "accept", "content": {"name": "Ada"}}}}
    sealed = mcpwire.seal_request_state(KEY, "multi_round", state)
    assert isinstance(sealed, str) and sealed.isascii()
    assert mcpwire.open_request_state(KEY, "multi_round", sealed) == state
    for bad, bound_to, key in [(sealed + "-TAMPERED", "multi_round", KEY), ("x" + sealed, "multi_round", KEY),
                               (sealed, "other_tool", KEY), (sealed, "multi_round", bytes(32))]:
        with pytest.raises(mcpwire.DecodeError) as e:
            mcpwire.open_request_state(key, bound_to, bad)
        assert (e.value.kind, e.value.code) == ("invalid_value", -32602)
    with pytest.raises(mcpwire.DecodeError):
        mcpwire.seal_request_state(KEY[:31], "t", state)


def test_declared_input_requests_keeps_what_the_client_can_fulfil():
    asks = {
        "name": {"method": "elicitation/create", "params": {"message": "Name?", "requestedSchema": {"type": "object", "properties": {}}}},
        "greeting": {"method": "sampling/createMessage", "params": {"messages": [], "maxTokens": 5}},
    }
    assert mcpwire.declared_input_requests(asks, {"sampling": {}}) == {"greeting": asks["greeting"]}
    assert mcpwire.declared_input_requests(asks, {"sampling": {}, "elicitation": {}}) == asks
    assert mcpwire.declared_input_requests(asks) == {}
    with pytest.raises(mcpwire.DecodeError):
        mcpwire.declared_input_requests({"x": {"method": "tools/call"}}, {"sampling": {}})
