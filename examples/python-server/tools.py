"""The example's tools (../tools.json) on an mcpwire.Server: what every transport of this
example shares. The protocol (handshake, capability gate, versions, progress rules,
cancellation, error shapes) is mcpwire's; this module only runs tools.

A `Session` is one mcpwire.Server and the calls running on it. `await session.handle(data,
send)` feeds one incoming message and passes everything to send for it (progress, the
response, handshake answers, refusals) to `await send(bytes)`; it returns when that message
is done with (for a tools/call, when the tool has finished or was cancelled)."""

import asyncio
import json
import time
from pathlib import Path

import mcpwire

DEFINITIONS = json.loads((Path(__file__).resolve().parent.parent / "tools.json").read_text())
SERVER_INFO = DEFINITIONS["serverInfo"]
VERSIONS = ["2026-07-28", "2025-11-25", "2025-06-18"]
CAPABILITIES = {"tools": {}}
BY_NAME = {d["tool"]["name"]: d for d in DEFINITIONS["tools"]}
# Compiled once; a call whose arguments do not fit gets check_arguments' isError result.
SCHEMAS = {name: mcpwire.Schema(d["tool"]["inputSchema"]) for name, d in BY_NAME.items()}
# One page: the catalog is small. ttlMs/cacheScope are 2026-07-28's cache hints (0: ask again
# each time); the older versions allow extra members.
LIST = {"tools": [d["tool"] for d in DEFINITIONS["tools"]], "ttlMs": 0, "cacheScope": "public"}


def now() -> int:
    """mcpwire's clock: milliseconds on a monotonic scale."""
    return int(time.monotonic() * 1000)


class Session:
    """One mcpwire.Server (a stdio connection, a 2025-11-25 session, or one 2026-07-28
    request) and the tool calls running on it."""

    def __init__(self) -> None:
        self.server = mcpwire.Server(VERSIONS, SERVER_INFO, CAPABILITIES)
        self.running: dict = {}

    async def handle(self, data: bytes, send) -> None:
        event = self.server.handle_input(data, now())
        kind = event["event"]
        if kind == "call_tool":
            task = asyncio.current_task()
            self.running[event["id"]] = task
            try:
                await self.call(event, send)
            except asyncio.CancelledError:
                # Ends the request in core (whose answer is suppressed when the client
                # cancelled it), then lets the cancellation go on.
                try:
                    self.server.respond_failure(event["id"], "tool_execution_failed", "cancelled")
                except mcpwire.DecodeError:
                    pass  # already answered
                raise
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
        id, name, arguments = event["id"], event["name"], event["arguments"]
        d = BY_NAME.get(name)
        if d is None:
            out = self.server.respond_failure(id, "unknown_tool", f"Unknown tool: {name}")
        elif not SCHEMAS[name].is_valid(arguments or {}):
            invalid = mcpwire.check_arguments(d["tool"]["inputSchema"], name, arguments)
            out = self.server.respond_tool(id, invalid)
        else:
            result = await self.run(event, d, arguments or {}, send)
            if isinstance(result, str):
                out = self.server.respond_failure(id, "tool_execution_failed", result)
            else:
                out = self.server.respond_tool(id, result)
        if out is not None:
            await send(out)

    async def run(self, event: dict, d: dict, arguments: dict, send):
        """The tool's result, or a str: the message of a tool execution error."""
        name = d["tool"]["name"]
        if "fail" in d:
            return d["fail"]
        if "progress" in d:
            for i, value in enumerate(d["progress"]):
                if i:
                    await asyncio.sleep(d["intervalMs"] / 1000)
                await self.progress(event, value, d["total"], send)
            return d["result"]
        if name == "count":
            to = arguments["to"]
            for i in range(1, to + 1):
                await asyncio.sleep(arguments["intervalMs"] / 1000)
                await self.progress(event, i, to, send)
            return {"content": [{"type": "text", "text": f"counted to {to}"}]}
        if name == "echo":
            return {"content": [{"type": "text", "text": arguments["text"]}]}
        return d["result"]

    async def progress(self, event: dict, value: float, total: float, send) -> None:
        if event["progressToken"] is not None:
            await send(self.server.notify_progress(event["id"], value, total))
