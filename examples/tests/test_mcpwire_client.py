"""mcpwire's Client with its Streamable HTTP helpers (request headers, the SSE decoder) over
httpx, against the official Python SDK's server ($MCP_URL, both wires) and the TypeScript
SDK's ($MCP_WIRES=2025-11-25): the handshake, the catalog, every tool, progress, a cancel
mid-call. The client keeps no HTTP rules of its own: the headers come from
mcpwire.client_request_headers, the events from mcpwire's SSE decoder."""

import asyncio
import json
import os
from pathlib import Path

import httpx
import pytest

import mcpwire

URL = os.environ["MCP_URL"]
DEFINITIONS = json.loads((Path(__file__).resolve().parent.parent / "tools.json").read_text())
BY_NAME = {d["tool"]["name"]: d for d in DEFINITIONS["tools"]}
STATIC = [n for n, d in BY_NAME.items() if "result" in d and "progress" not in d]
WIRES = os.environ.get("MCP_WIRES", "2025-11-25 2026-07-28").split()
HOST = {"name": "mcpwire-httpx", "version": "0.1.0"}


def now() -> int:
    return int(asyncio.get_running_loop().time() * 1000)


class Connection:
    """A mcpwire.Client and the HTTP exchanges that carry its messages."""

    def __init__(self, http: httpx.AsyncClient, version: str) -> None:
        self.http, self.version = http, version
        self.client = mcpwire.Client(version, HOST)
        self.session_id = None
        self.tools: dict = {}

    async def exchange(self, message: bytes, until=None):
        """POSTs one message and yields the client's events for what comes back (a JSON
        body or an SSE stream), stopping early when `until(event)` is true (the stream is
        then closed: on 2026-07-28 that cancels the request)."""
        decoded = mcpwire.decode(message)
        tool = self.tools.get(decoded.get("params", {}).get("name")) if decoded.get("method") == "tools/call" else None
        headers = mcpwire.client_request_headers(decoded, self.version, tool, self.session_id)
        async with self.http.stream("POST", URL, headers=headers, content=message) as response:
            self.session_id = response.headers.get("mcp-session-id", self.session_id)
            kind = response.headers.get("content-type", "")
            if response.status_code == 202:  # a notification accepted: no body
                assert await response.aread() == b""
            elif kind.startswith("text/event-stream"):
                decoder = mcpwire.SseDecoder()
                async for chunk in response.aiter_bytes():
                    for item in decoder.feed(chunk):
                        if item["kind"] == "event" and item["data"]:
                            event = self.client.handle_input(item["data"], now())
                            yield event
                            if until is not None and until(event):
                                return
            elif kind.startswith("application/json"):
                yield self.client.handle_input(await response.aread(), now())
            else:
                raise AssertionError((response.status_code, kind, await response.aread()))

    async def send(self, message: bytes) -> list:
        return [e async for e in self.exchange(message)]

    async def open(self) -> None:
        _, hello = self.client.start(now())
        events = await self.send(hello)
        assert events[-1]["event"] == "ready", events
        while (out := self.client.poll_transmit()) is not None:  # notifications/initialized
            assert await self.send(out) == []
        _, wire = self.client.list_tools(now())
        while wire is not None:
            page = (await self.send(wire))[-1]
            assert page["event"] == "tools_page", page
            # A tool whose x-mcp-header annotations break the rules is left out (HTTP only).
            catalog = mcpwire.http_tool_catalog(page["result"]["tools"])
            assert catalog["rejected"] == []
            self.tools.update({t["name"]: t for t in catalog["tools"]})
            wire = self.client.poll_transmit()

    async def call(self, name, arguments=None, progress=None, until=None) -> list:
        _, _, wire = self.client.call_tool(now(), name, arguments, progress=progress)
        return [e async for e in self.exchange(wire, until)]

def run(version, body):
    async def main():
        async with httpx.AsyncClient(timeout=30) as http:
            conn = Connection(http, version)
            await conn.open()
            return await body(conn)
    return asyncio.run(main())


@pytest.fixture(params=WIRES)
def version(request):
    return request.param


def test_catalog(version):
    async def body(conn):
        assert sorted(conn.tools) == sorted(BY_NAME)
    run(version, body)


@pytest.mark.parametrize("name", STATIC)
def test_calls_each_tool(version, name):
    async def body(conn):
        got = (await conn.call(name, BY_NAME[name].get("arguments", {})))[-1]
        assert got["event"] == "tool_result" and got["class"] == "success", got
        assert got["result"]["content"] == BY_NAME[name]["result"]["content"]
    run(version, body)


def test_errors(version):
    async def body(conn):
        got = (await conn.call("test_error_handling", {}))[-1]
        assert got["class"] == "tool_error" and BY_NAME["test_error_handling"]["fail"] in json.dumps(got)
        got = (await conn.call("echo", {"text": 5}))[-1]
        assert got["class"] == "tool_error"
    run(version, body)


def test_progress(version):
    async def body(conn):
        events = await conn.call("test_tool_with_progress", {}, progress=True)
        assert [(e["progress"], e["total"]) for e in events if e["event"] == "progress"] == [(0, 100), (50, 100),
                                                                                             (100, 100)]
        assert events[-1]["event"] == "tool_result"
    run(version, body)


def test_cancel_mid_call(version):
    async def body(conn):
        events = await conn.call("count", {"to": 100000, "intervalMs": 5}, progress=True,
                                 until=lambda e: e["event"] == "progress")
        assert events[-1]["event"] == "progress"
        id = events[-1]["id"]
        cancel = conn.client.cancel(id, "enough")
        assert cancel is not None
        if version != "2026-07-28":  # there the closed stream was the cancellation
            assert await conn.send(cancel) == []
        assert conn.client.in_flight() == 0
        got = (await conn.call("echo", {"text": "after"}))[-1]
        assert got["result"]["content"] == [{"type": "text", "text": "after"}]
    run(version, body)
