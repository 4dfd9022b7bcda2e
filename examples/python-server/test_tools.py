"""The example's tools on mcpwire.Server, driven by mcpwire.Client without I/O: both
handshakes, the catalog, every tool, progress, argument checks and a cancel mid-call."""

import asyncio
import json

import pytest

import mcpwire
import tools

HOST = {"name": "test-host", "version": "1.0"}


class Link:
    def __init__(self, version, capabilities=None):
        self.client = mcpwire.Client(version, HOST, capabilities)
        self.session = tools.Session()
        self.events = []

    async def deliver(self, data):
        async def send(out):
            self.events.append(self.client.handle_input(out, tools.now()))
        await self.session.handle(data, send)

    async def handshake(self):
        _, hello = self.client.start(tools.now())
        await self.deliver(hello)
        assert self.events.pop()["event"] == "ready"
        initialized = self.client.poll_transmit()
        if initialized is not None:
            await self.deliver(initialized)
        assert self.events == []

    async def call(self, name, arguments=None, progress=None):
        _, _, wire = self.client.call_tool(tools.now(), name, arguments, progress=progress)
        await self.deliver(wire)
        return self.events.pop()

    async def retry(self, name, responses, state=None):
        _, _, wire = self.client.retry_tool(tools.now(), name, None, responses, state)
        await self.deliver(wire)
        return self.events.pop()


@pytest.fixture(params=["2025-11-25", "2026-07-28"])
def link(request):
    link = Link(request.param)
    asyncio.run(link.handshake())
    return link


def test_catalog(link):
    _, wire = link.client.list_tools(tools.now())
    asyncio.run(link.deliver(wire))
    page = link.events.pop()
    assert page["event"] == "tools_page" and page["stop"] == "complete"
    assert [t["name"] for t in page["result"]["tools"]] == [d["tool"]["name"] for d in tools.DEFINITIONS["tools"]]


STATIC = [n for n, d in tools.BY_NAME.items() if "result" in d and "progress" not in d]


@pytest.mark.parametrize("name", STATIC)
def test_static_tools(link, name):
    got = asyncio.run(link.call(name, tools.BY_NAME[name].get("arguments")))
    assert got["event"] == "tool_result" and got["class"] == "success"
    assert got["result"]["content"] == tools.BY_NAME[name]["result"]["content"]


def test_error_handling(link):
    got = asyncio.run(link.call("test_error_handling", {}))
    assert got["result"]["isError"] is True
    assert got["result"]["content"][0]["text"] == "This tool intentionally returns an error for testing"


def test_progress(link):
    got = asyncio.run(link.call("test_tool_with_progress", {}, progress=True))
    assert got["event"] == "tool_result"
    progress = [e for e in link.events if e["event"] == "progress"]
    assert [(e["progress"], e["total"]) for e in progress] == [(0, 100), (50, 100), (100, 100)]


def test_2020_12_schema_is_checked(link):
    got = asyncio.run(link.call("json_schema_2020_12_tool", {"name": "Ada", "contactMethod": "phone"}))
    assert got["result"]["isError"] is True


def test_invalid_arguments_and_unknown_tool(link):
    got = asyncio.run(link.call("echo", {"text": 7}))
    assert got["result"]["isError"] is True and "text" in json.dumps(got["result"])
    assert asyncio.run(link.call("echo", {"text": "hi"}))["result"]["content"] == [{"type": "text", "text": "hi"}]
    got = asyncio.run(link.call("no_such_tool"))
    assert got["event"] in ("error", "tool_result") and "no_such_tool" in json.dumps(got)


def test_cancel_mid_call(link):
    async def scenario():
        id, _, wire = link.client.call_tool(tools.now(), "count", {"to": 1000, "intervalMs": 5}, progress=True)
        call = asyncio.create_task(link.deliver(wire))
        while not any(e["event"] == "progress" for e in link.events):
            await asyncio.sleep(0.005)
        await link.deliver(link.client.cancel(id, "enough"))
        with pytest.raises(asyncio.CancelledError):
            await call
        return id

    asyncio.run(scenario())
    assert not any(e["event"] == "tool_result" for e in link.events)
    assert link.session.server.in_flight() == 0 and link.session.running == {}


def test_input_required_tools_ask_then_answer_on_2026():
    """test_streaming_elicitation and test_missing_capability: -32021 naming the capability
    when the call did not declare it; else an input_required result, and after the retry the
    responses."""
    answers = {
        "test_streaming_elicitation": ({"elicitation": {}}, {"user_name": {"action": "accept", "content": {"name": "Ada"}}}),
        "test_missing_capability": (
            {"sampling": {}},
            {"capital_question": {"role": "assistant", "content": {"type": "text", "text": "Paris"},
                                  "model": "m", "stopReason": "endTurn"}},
        ),
    }
    for name, (capability, responses) in answers.items():
        link = Link("2026-07-28")
        asyncio.run(link.handshake())
        refused = asyncio.run(link.call(name))
        assert refused["event"] == "error" and refused["error"]["code"] == -32021
        assert refused["error"]["data"]["requiredCapabilities"] == capability

        link = Link("2026-07-28", capability)
        asyncio.run(link.handshake())
        asked = asyncio.run(link.call(name))
        assert asked["event"] == "input_required"
        assert asked["result"]["inputRequests"] == tools.BY_NAME[name]["inputRequests"]
        # A retry without a response for each key is asked again.
        again = asyncio.run(link.retry(name, {"other": {}}))
        assert again["event"] == "input_required"
        done = asyncio.run(link.retry(name, responses))
        assert done["event"] == "tool_result" and done["class"] == "success"
        assert json.loads(done["result"]["content"][0]["text"]) == responses


def test_input_required_tools_are_tool_errors_before_2026():
    link = Link("2025-11-25")
    asyncio.run(link.handshake())
    got = asyncio.run(link.call("test_streaming_elicitation"))
    assert got["event"] == "tool_result" and got["result"]["isError"] is True
    assert "2026-07-28" in got["result"]["content"][0]["text"]


def rounds_link(capabilities={"elicitation": {}, "sampling": {}, "roots": {}}):
    link = Link("2026-07-28", capabilities)
    asyncio.run(link.handshake())
    return link


def accept(**content):
    return {"action": "accept", "content": content}


def test_rounds_carry_a_sealed_request_state_to_the_end():
    """test_input_required_result_multi_round: two input_required results, each with its own
    sealed requestState; a retry without the asked answer is asked the same again; then
    every answer, after state-ok."""
    link, name = rounds_link(), "test_input_required_result_multi_round"
    first = asyncio.run(link.call(name))
    assert first["event"] == "input_required" and list(first["result"]["inputRequests"]) == ["step1"]
    state1 = first["result"]["requestState"]
    again = asyncio.run(link.retry(name, {"other": accept()}, state1))
    assert again["result"]["requestState"] == state1 and list(again["result"]["inputRequests"]) == ["step1"]
    second = asyncio.run(link.retry(name, {"step1": accept(name="Ada")}, state1))
    assert list(second["result"]["inputRequests"]) == ["step2"]
    state2 = second["result"]["requestState"]
    assert state2 != state1
    done = asyncio.run(link.retry(name, {"step2": accept(color="blue")}, state2))
    assert done["event"] == "tool_result" and done["class"] == "success"
    text = done["result"]["content"][0]["text"]
    assert text.startswith("state-ok: ")
    assert json.loads(text[len("state-ok: "):]) == {"step1": accept(name="Ada"), "step2": accept(color="blue")}


def test_a_changed_request_state_is_invalid_params():
    link, name = rounds_link(), "test_input_required_result_tampered_state"
    state = asyncio.run(link.call(name))["result"]["requestState"]
    for bad in [state + "-TAMPERED", "x" + state, "nonsense"]:
        got = asyncio.run(link.retry(name, {"confirm": accept(ok=True)}, bad))
        assert got["event"] == "error" and got["error"]["code"] == -32602
    # A state sealed for another tool does not fit this one.
    other = asyncio.run(link.call("test_input_required_result_request_state"))["result"]["requestState"]
    got = asyncio.run(link.retry(name, {"confirm": accept(ok=True)}, other))
    assert got["event"] == "error" and got["error"]["code"] == -32602
    done = asyncio.run(link.retry(name, {"confirm": accept(ok=True)}, state))
    assert done["event"] == "tool_result"


def test_ask_declared_asks_only_what_the_call_declared():
    name = "test_input_required_result_capabilities"
    for declared, keys in [({"sampling": {}}, ["greeting"]), ({"elicitation": {}}, ["user_name"]),
                           ({"elicitation": {}, "sampling": {}}, ["greeting", "user_name"])]:
        link = rounds_link(declared)
        got = asyncio.run(link.call(name))
        assert got["event"] == "input_required" and sorted(got["result"]["inputRequests"]) == keys
    got = asyncio.run(rounds_link({}).call(name))
    assert got["event"] == "tool_result" and "none of its input requests" in got["result"]["content"][0]["text"]
    # A rounds tool with `requires`: -32021 before anything is asked.
    got = asyncio.run(rounds_link({"elicitation": {}}).call("test_input_required_result_multiple_inputs"))
    assert got["event"] == "error" and got["error"]["data"]["requiredCapabilities"] == {"sampling": {}, "roots": {}}


def test_reconnection_just_answers_where_no_connection_can_close(link):
    got = asyncio.run(link.call("test_reconnection"))
    assert got["result"]["content"] == tools.BY_NAME["test_reconnection"]["reconnect"]["result"]["content"]
