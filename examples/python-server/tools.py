"""The example's tools (../tools.json): what every transport of this example shares. The
protocol (handshake, capability gate, versions, progress rules, cancellation, error shapes,
the HTTP wires) is mcpwire's; this module only runs tools.

`answer(name, arguments, report)` is what a tools/call gets; `Session` runs the tools on
one mcpwire.Server (a stdio connection), the HTTP form on mcpwire's endpoint."""

import asyncio
import json
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


def now() -> int:
    """mcpwire's clock: milliseconds on a monotonic scale."""
    return int(time.monotonic() * 1000)


async def answer(name: str, arguments, report):
    """What a tools/call of `name` gets: ("result", CallToolResult) or ("failure", error kind,
    message). `await report(progress, total)` sends progress (the caller drops it when the
    request asked for none)."""
    d = BY_NAME.get(name)
    if d is None:
        return "failure", "unknown_tool", f"Unknown tool: {name}"
    arguments = arguments or {}
    if not SCHEMAS[name].is_valid(arguments):
        return "result", mcpwire.check_arguments(d["tool"]["inputSchema"], name, arguments)
    if "fail" in d:
        return "failure", "tool_execution_failed", d["fail"]
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
            outcome = await answer(event["name"], event["arguments"], report)
        except asyncio.CancelledError:
            # Ends the request in core (whose answer is suppressed when the client cancelled
            # it), then lets the cancellation go on.
            try:
                self.server.respond_failure(id, "tool_execution_failed", "cancelled")
            except mcpwire.DecodeError:
                pass  # already answered
            raise
        if outcome[0] == "result":
            out = self.server.respond_tool(id, outcome[1])
        else:
            out = self.server.respond_failure(id, outcome[1], outcome[2])
        if out is not None:
            await send(out)
