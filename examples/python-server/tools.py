"""The example's tools (../tools.json): what every transport of this example shares. The
protocol (handshake, capability gate, versions, progress rules, cancellation, error shapes,
the HTTP wires) is mcpwire's; this module only runs tools.

`answer(name, arguments, report)` is what a tools/call gets; `Session` runs the tools on
one mcpwire.Server (a stdio connection), the HTTP form on mcpwire's endpoint."""

import asyncio
import json
import os
import time
from pathlib import Path

import mcpwire

DEFINITIONS = json.loads((Path(__file__).resolve().parent.parent / "tools.json").read_text())
SERVER_INFO = DEFINITIONS["serverInfo"]
VERSIONS = ["2026-07-28", "2025-11-25", "2025-06-18"]
CAPABILITIES = {"tools": {}}
TOOLS = [d["tool"] for d in DEFINITIONS["tools"]]
BY_NAME = {d["tool"]["name"]: d for d in DEFINITIONS["tools"]}
# Compiled once; a call whose arguments do not fit gets check_arguments' isError result.
SCHEMAS = {name: mcpwire.Schema(d["tool"]["inputSchema"]) for name, d in BY_NAME.items()}
# One page: the catalog is small. ttlMs/cacheScope are 2026-07-28's cache hints (0: ask again
# each time); the older versions allow extra members.
LIST = {"tools": TOOLS, "ttlMs": 0, "cacheScope": "public"}
# The key sealing the requestState of 'rounds' tools: fresh each start (a state from an
# earlier run is refused, as a changed one is).
STATE_KEY = os.urandom(32)


def now() -> int:
    """mcpwire's clock: milliseconds on a monotonic scale."""
    return int(time.monotonic() * 1000)


async def answer(name: str, arguments, report, call=None, close_connection=None):
    """What a tools/call of `name` gets: ("result", CallToolResult), ("input_required",
    InputRequiredResult) or ("failure", error kind, message, data or None). `await
    report(progress, total)` sends progress (the caller drops it when the request asked for
    none); `call` is the call event (what it declared and brought back, 2026-07-28);
    `close_connection(retry_ms)`, when the transport has one, ends the response mid-call
    while its stream goes on (2025-11-25 polling)."""
    d = BY_NAME.get(name)
    if d is None:
        return "failure", "unknown_tool", f"Unknown tool: {name}", None
    arguments = arguments or {}
    if not SCHEMAS[name].is_valid(arguments):
        return "result", mcpwire.check_arguments(d["tool"]["inputSchema"], name, arguments)
    if "fail" in d:
        return "failure", "tool_execution_failed", d["fail"], None
    if "inputRequests" in d:
        return ask(d, call or {})
    if "rounds" in d:
        return ask_rounds(d, call or {})
    if "reconnect" in d:
        r = d["reconnect"]
        if close_connection is not None:
            close_connection(r["retryMs"])
        await asyncio.sleep(r["afterMs"] / 1000)
        return "result", r["result"]
    if "progress" in d:
        for i, value in enumerate(d["progress"]):
            if i:
                await asyncio.sleep(d["intervalMs"] / 1000)
            await report(value, d["total"])
        return "result", d["result"]
    if name == "count":
        to = arguments["to"]
        for i in range(1, to + 1):
            await asyncio.sleep(arguments["intervalMs"] / 1000)
            await report(i, to)
        return "result", {"content": [{"type": "text", "text": f"counted to {to}"}]}
    if name == "echo":
        return "result", {"content": [{"type": "text", "text": arguments["text"]}]}
    return "result", d["result"]


def ask(d: dict, call: dict):
    """A tool that needs input from the client (2026-07-28): -32021 naming what it `requires`
    when the call did not declare it; its `inputRequests` again until the retry brings a
    response for each; then the responses."""
    refused = missing_capabilities(d, call)
    if refused:
        return refused
    responses = call.get("inputResponses") or {}
    if not all(isinstance(responses.get(key), dict) for key in d["inputRequests"]):
        return "input_required", {"inputRequests": d["inputRequests"]}
    got = {key: responses[key] for key in d["inputRequests"]}
    return "result", {"content": [{"type": "text", "text": json.dumps(got, sort_keys=True)}]}


def missing_capabilities(d: dict, call: dict):
    """-32021 naming what the tool `requires` and the call did not declare, or None."""
    declared = call.get("clientCapabilities")
    missing = {k: v for k, v in d.get("requires", {}).items() if declared is not None and k not in declared}
    if not missing:
        return None
    return ("failure", "missing_required_client_capability",
            f"{d['tool']['name']} needs the client capabilities {sorted(missing)}",
            {"requiredCapabilities": missing})


def ask_rounds(d: dict, call: dict):
    """A tool asking its `rounds` of input requests in turn (2026-07-28), carrying what it
    needs again in a sealed requestState: the round, the keys asked, the answers so far. A
    retry without every asked answer is asked again; a changed state is -32602."""
    name = d["tool"]["name"]
    refused = missing_capabilities(d, call)
    if refused:
        return refused
    state = {"round": 0, "asked": None, "answers": {}}
    if call.get("requestState") is not None:
        try:
            state = mcpwire.open_request_state(STATE_KEY, name, call["requestState"])
        except mcpwire.DecodeError as e:
            return "failure", e.kind, str(e), None
        responses = call.get("inputResponses") or {}
        if all(isinstance(responses.get(k), dict) for k in state["asked"]):
            state["answers"].update({k: responses[k] for k in state["asked"]})
            state["round"] += 1
    if state["round"] == len(d["rounds"]):
        text = "state-ok: " + json.dumps(state["answers"], sort_keys=True)
        return "result", {"content": [{"type": "text", "text": text}]}
    asks = d["rounds"][state["round"]]
    if d.get("askDeclared"):
        asks = mcpwire.declared_input_requests(asks, call.get("clientCapabilities"))
        if not asks:
            text = f"{name}: none of its input requests fit the declared client capabilities"
            return "result", {"content": [{"type": "text", "text": text}]}
    state["asked"] = sorted(asks)
    sealed = mcpwire.seal_request_state(STATE_KEY, name, state)
    return "input_required", {"inputRequests": asks, "requestState": sealed}


def respond(respond_to, outcome):
    """The answer to a call from `answer`'s outcome, written by `respond_to` (a Server's or an
    HttpEndpoint's respond_* methods with the request bound). An input_required result on a
    version without one (before 2026-07-28) becomes a tool error."""
    kind = outcome[0]
    if kind == "result":
        return respond_to.tool(outcome[1])
    if kind == "input_required":
        try:
            return respond_to.input_required(outcome[1])
        except mcpwire.Error as e:
            return respond_to.failure("tool_execution_failed", str(e), None)
    return respond_to.failure(outcome[1], outcome[2], outcome[3])


class Session:
    """The tools on one mcpwire.Server (one stdio connection). `await session.handle(data,
    send)` feeds one incoming message and passes everything to send for it (progress, the
    response, handshake answers, refusals) to `await send(bytes)`; it returns when that
    message is done with (for a tools/call, when the tool has finished or was cancelled)."""

    def __init__(self) -> None:
        self.server = mcpwire.Server(VERSIONS, SERVER_INFO, CAPABILITIES)
        self.running: dict = {}

    async def handle(self, data: bytes, send) -> None:
        event = self.server.handle_input(data, now())
        kind = event["event"]
        if kind == "call_tool":
            self.running[event["id"]] = asyncio.current_task()
            try:
                await self.call(event, send)
            finally:
                self.running.pop(event["id"], None)
        elif kind == "list_tools":
            await send(self.server.respond_list(event["id"], LIST))
        elif kind == "cancelled" and event["known"]:
            task = self.running.get(event["id"])
            if task is not None:
                task.cancel()
        while (out := self.server.poll_transmit()) is not None:
            await send(out)

    async def call(self, event: dict, send) -> None:
        id = event["id"]

        async def report(progress, total):
            if event["progressToken"] is not None:
                await send(self.server.notify_progress(id, progress, total))

        try:
            outcome = await answer(event["name"], event["arguments"], report, event)
        except asyncio.CancelledError:
            # Ends the request in core (whose answer is suppressed when the client cancelled
            # it), then lets the cancellation go on.
            try:
                self.server.respond_failure(id, "tool_execution_failed", "cancelled")
            except mcpwire.DecodeError:
                pass  # already answered
            raise
        out = respond(Responder(self.server, id), outcome)
        if out is not None:
            await send(out)


class Responder:
    """`respond_*` of a Server (or an HttpEndpoint) bound to one request (or exchange)."""

    def __init__(self, target, id) -> None:
        self.target, self.id = target, id

    def tool(self, result):
        return self.target.respond_tool(self.id, result)

    def input_required(self, result):
        return self.target.respond_input_required(self.id, result)

    def failure(self, kind, message, data):
        return self.target.respond_failure(self.id, kind, message, data)
