"""What a client answers a server's elicitation with: apply_elicitation_defaults fills the
defaults of an accepted form (SEP-1034); a refused handshake version is retried at one the
server names (version_retry). Both as the conformance suite's client scenarios ask."""

import json

import pytest

import mcpwire

PARAMS = {
    "message": "please accept with defaults",
    "requestedSchema": {
        "type": "object",
        "properties": {
            "name": {"type": "string", "default": "John Doe"},
            "age": {"type": "integer", "default": 30},
            "score": {"type": "number", "default": 95.5},
            "status": {"type": "string", "enum": ["active", "inactive", "pending"], "default": "active"},
            "verified": {"type": "boolean", "default": True},
            "note": {"type": "string"},
        },
        "required": [],
    },
}


def test_an_accepted_form_gets_every_default_it_omits():
    got = mcpwire.apply_elicitation_defaults(PARAMS, {"action": "accept", "content": {}})
    assert got == {
        "action": "accept",
        "content": {"name": "John Doe", "age": 30, "score": 95.5, "status": "active", "verified": True},
    }
    got = mcpwire.apply_elicitation_defaults(PARAMS, {"action": "accept", "content": {"age": 41, "name": None}})
    assert got["content"] == {"age": 41, "name": None, "score": 95.5, "status": "active", "verified": True}
    assert mcpwire.apply_elicitation_defaults(PARAMS, {"action": "accept"})["content"]["verified"] is True


def test_decline_cancel_and_url_mode_are_unchanged_wrong_shapes_refused():
    for result in ({"action": "decline"}, {"action": "cancel"}):
        assert mcpwire.apply_elicitation_defaults(PARAMS, result) == result
    url = {"mode": "url", "message": "m", "url": "https://example.com", "elicitationId": "e"}
    assert mcpwire.apply_elicitation_defaults(url, {"action": "accept"}) == {"action": "accept"}
    with pytest.raises(mcpwire.DecodeError) as e:
        mcpwire.apply_elicitation_defaults(PARAMS, {"action": "accept", "content": [1]})
    assert e.value.kind == "invalid_value"
    with pytest.raises(mcpwire.DecodeError):
        mcpwire.apply_elicitation_defaults([], {"action": "accept"})


def refusal(id):
    data = {"supported": ["2026-07-28"], "requested": "2026-07-28"}
    return json.dumps({"jsonrpc": "2.0", "id": id, "error": {"code": -32022, "message": "no", "data": data}})


def test_a_refused_handshake_version_is_retried_once():
    client = mcpwire.Client("2026-07-28", {"name": "c", "version": "1"})
    first, _ = client.start(0)
    assert client.handle_input(refusal(first), 0) == {"event": "version_retry", "id": first, "version": "2026-07-28"}
    again = json.loads(client.poll_transmit())
    assert again["method"] == "server/discover" and again["id"] != first
    assert again["params"]["_meta"]["io.modelcontextprotocol/protocolVersion"] == "2026-07-28"
    server = mcpwire.Server(["2026-07-28"], {"name": "s", "version": "1"}, {"tools": {}})
    assert server.handle_input(json.dumps(again), 0)["event"] == "handshake"
    assert client.handle_input(server.poll_transmit(), 0)["event"] == "ready"
    other = mcpwire.Client("2026-07-28", {"name": "c", "version": "1"})
    other.start(0)
    assert other.handle_input(refusal(0), 0)["event"] == "version_retry"
    other.poll_transmit()
    assert other.handle_input(refusal(1), 0)["event"] == "error"
    assert other.poll_transmit() is None


def test_the_client_writes_its_response_to_a_server_request_as_given():
    client = mcpwire.Client("2025-11-25", {"name": "c", "version": "1"}, capabilities={"elicitation": {}})
    result = mcpwire.apply_elicitation_defaults(PARAMS, {"action": "accept"})
    # Not a tool result: ``content`` is the form's object.
    assert mcpwire.decode(client.respond(7, result)) == {"jsonrpc": "2.0", "id": 7, "result": result}
    assert client.respond("s-1", {}) == b'{"jsonrpc":"2.0","id":"s-1","result":{}}'
    with pytest.raises(mcpwire.DecodeError) as e:
        client.respond(7, [])
    assert e.value.kind == "invalid_value"
    with pytest.raises(mcpwire.DecodeError) as e:
        client.respond(1.5, {})
    assert e.value.kind == "invalid_id"
