"""Multi round-trip requests (2026-07-28): Server.respond_input_required, the client's
input_required event and Client.retry_tool, the retry's inputResponses/requestState in the
server's call_tool event, the capability check, the resultType rules, and
HttpEndpoint.respond_input_required."""

import json

import pytest

import mcpwire

HOST = {"name": "host", "version": "1.0"}
SERVER = {"name": "srv", "version": "2.0"}
ASK = {
    "inputRequests": {
        "capital_question": {
            "method": "sampling/createMessage",
            "params": {
                "messages": [{"role": "user", "content": {"type": "text", "text": "What is the capital of France?"}}],
                "maxTokens": 100,
            },
        }
    },
    "requestState": "round-1",
}
ANSWER = {
    "capital_question": {
        "role": "assistant",
        "content": {"type": "text", "text": "Paris"},
        "model": "m",
        "stopReason": "endTurn",
    }
}


def pair(capabilities, version="2026-07-28"):
    client = mcpwire.Client(version, HOST, capabilities)
    server = mcpwire.Server([version], SERVER, {"tools": {}})
    _, hello = client.start(0)
    assert server.handle_input(hello, 0) == {"event": "handshake"}
    assert client.handle_input(server.poll_transmit(), 0)["event"] == "ready"
    if (initialized := client.poll_transmit()) is not None:
        server.handle_input(initialized, 0)
    return client, server


def test_a_call_asks_for_input_and_the_retry_brings_the_answers_and_the_state():
    client, server = pair({"sampling": {}})
    first, _, wire = client.call_tool(0, "capital", {"country": "France"})
    event = server.handle_input(wire, 0)
    assert (event["inputResponses"], event["requestState"]) == (None, None)
    asked = server.respond_input_required(event["id"], ASK)
    assert json.loads(asked) == {"jsonrpc": "2.0", "id": first, "result": {"resultType": "input_required", **ASK}}
    assert server.in_flight() == 0
    got = client.handle_input(asked, 0)
    assert got == {"event": "input_required", "id": first, "result": {"resultType": "input_required", **ASK}}

    second, _, retry = client.retry_tool(1, "capital", {"country": "France"}, ANSWER, got["result"]["requestState"])
    assert second != first  # "the JSON-RPC id MUST be different"
    params = json.loads(retry)["params"]
    assert (params["arguments"], params["inputResponses"], params["requestState"]) == (
        {"country": "France"},
        ANSWER,
        "round-1",
    )
    again = server.handle_input(retry, 1)
    assert (again["inputResponses"], again["requestState"]) == (ANSWER, "round-1")
    done = client.handle_input(server.respond_tool(again["id"], {"content": [{"type": "text", "text": "Paris"}]}), 1)
    assert (done["event"], done["id"]) == ("tool_result", second)


def test_input_requests_need_the_capabilities_the_call_declared():
    client, server = pair({"elicitation": {}})
    _, _, wire = client.call_tool(0, "capital")
    event = server.handle_input(wire, 0)
    with pytest.raises(mcpwire.DecodeError) as info:
        server.respond_input_required(event["id"], ASK)
    assert (info.value.kind, info.value.code) == ("missing_required_client_capability", -32021)
    assert server.in_flight() == 1  # the call stays open for another answer
    failure = json.loads(
        server.respond_failure(
            event["id"], "missing_required_client_capability", str(info.value), {"requiredCapabilities": {"sampling": {}}}
        )
    )
    assert failure["error"]["code"] == -32021
    assert failure["error"]["data"] == {"kind": "missing_required_client_capability", "requiredCapabilities": {"sampling": {}}}


def test_an_input_required_result_must_ask_for_something_known():
    client, server = pair({"elicitation": {}, "sampling": {}, "roots": {}})
    event = server.handle_input(client.call_tool(0, "x")[2], 0)
    for bad, kind in (
        ({}, "missing_field"),
        ({"inputRequests": {"a": {"method": "tools/call"}}}, "invalid_value"),
        ({"inputRequests": {"a": "roots/list"}}, "invalid_value"),
    ):
        with pytest.raises(mcpwire.DecodeError) as info:
            server.respond_input_required(event["id"], bad)
        assert info.value.kind == kind, bad
    roots = {"inputRequests": {"client_roots": {"method": "roots/list", "params": {}}}}
    assert json.loads(server.respond_input_required(event["id"], roots))["result"]["inputRequests"] == roots["inputRequests"]
    with pytest.raises(mcpwire.DecodeError, match="already answered"):
        server.respond_input_required(event["id"], roots)


def test_only_2026_has_it_and_the_client_holds_servers_to_result_type():
    client, server = pair({"sampling": {}}, version="2025-11-25")
    event = server.handle_input(client.call_tool(0, "x")[2], 0)
    with pytest.raises(mcpwire.DecodeError, match="2026-07-28"):
        server.respond_input_required(event["id"], ASK)
    with pytest.raises(mcpwire.DecodeError, match="2026-07-28"):
        client.retry_tool(0, "x", None, ANSWER, "s")

    client, _ = pair({})
    first = client.call_tool(0, "x")[0]
    reply = '{"jsonrpc":"2.0","id":%d,"result":{"resultType":"later","content":[]}}' % first
    with pytest.raises(mcpwire.DecodeError) as info:
        client.handle_input(reply, 0)
    assert (info.value.kind, info.value.offset) == ("invalid_value", reply.index('"later"'))
    second = client.call_tool(0, "x")[0]
    absent = client.handle_input('{"jsonrpc":"2.0","id":%d,"result":{"content":[]}}' % second, 0)
    assert absent["event"] == "tool_result" and absent["class"] == "success"
    with pytest.raises(mcpwire.DecodeError) as info:
        client.retry_tool(0, "x", None, [1], None)
    assert info.value.kind == "wrong_type"


def test_http_endpoint_answers_a_2026_call_with_it():
    ep = mcpwire.HttpEndpoint(SERVER, {"tools": {}})
    headers = {
        "content-type": "application/json",
        "accept": "application/json, text/event-stream",
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "tools/call",
        "mcp-name": "capital",
    }

    def body(id, **extra):
        meta = {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {"sampling": {}},
        }
        params = {"name": "capital", "_meta": meta, **extra}
        return json.dumps({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params})

    call = ep.handle("POST", headers, body(1), 0)
    reply = ep.respond_input_required(call["exchange"], ASK)
    assert (reply["status"], reply["done"]) == (200, True)
    assert json.loads(reply["body"])["result"]["resultType"] == "input_required"
    retry = ep.handle("POST", headers, body(2, inputResponses=ANSWER, requestState="round-1"), 0)
    assert (retry["request"]["inputResponses"], retry["request"]["requestState"]) == (ANSWER, "round-1")
