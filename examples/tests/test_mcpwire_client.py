"""mcpwire's Client and HttpClient over httpx, against a Streamable HTTP server at $MCP_URL
(the official Python SDK's and TypeScript SDK's, and our example servers) on the wires in
$MCP_WIRES: the handshake, the catalog, every tool, progress, a cancel mid-call, DELETE ending
the session (a request still in flight then gets 404: expired), the GET stream (405 or SSE).
The host keeps no HTTP rule of its own: mcpwire.HttpClient writes every request and reads
every response."""

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
SESSION_WIRES = [w for w in WIRES if w != "2026-07-28"]
HOST = {"name": "mcpwire-httpx", "version": "0.1.0"}


def now() -> int:
    return int(asyncio.get_running_loop().time() * 1000)


class Connection:
    """A mcpwire.Client, and the HttpClient that carries its messages over httpx."""

    def __init__(self, http: httpx.AsyncClient, version: str) -> None:
        self.http, self.version = http, version
        self.client = mcpwire.Client(version, HOST)
        self.wire = mcpwire.HttpClient(version)
        self.tools: dict = {}

    async def exchange(self, req, until=None):
        """Sends one request the HttpClient wrote; yields the Client's events for the messages
        that come back, stopping early (and closing the response: on 2026-07-28 that cancels
        the request) when `until(event)` is true. `self.kind` is what the response was."""
        ex = req["exchange"]
        async with self.http.stream(req["method"], URL, headers=req["headers"], content=req["body"] or None) as res:
            self.kind = self.wire.handle_response(ex, res.status_code, res.headers.multi_items())
            if self.kind not in ("json", "sse"):
                return
            async for chunk in res.aiter_bytes():
                self.wire.handle_body(ex, chunk)
                for m in iter(self.wire.poll_message, None):
                    event = self.client.handle_input(m["message"], now())
                    yield event
                    if until is not None and until(event):
                        self.wire.close(ex)
                        return
            assert self.wire.handle_end(ex) == "complete"
            for m in iter(self.wire.poll_message, None):
                yield self.client.handle_input(m["message"], now())

    async def send(self, message: bytes, tool=None, until=None) -> list:
        return [e async for e in self.exchange(self.wire.request(message, tool), until)]

    async def open(self) -> None:
        _, hello = self.client.start(now())
        events = await self.send(hello)
        assert events[-1]["event"] == "ready", events
        while (out := self.client.poll_transmit()) is not None:  # notifications/initialized
            assert await self.send(out) == [] and self.kind == "empty"
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
        return await self.send(wire, self.tools.get(name), until)


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
        assert conn.wire.protocol_version == version
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
        cancel = conn.client.cancel(events[-1]["id"], "enough")
        assert cancel is not None
        if version != "2026-07-28":  # there the closed stream was the cancellation
            assert await conn.send(cancel) == [] and conn.kind == "empty"
        assert conn.client.in_flight() == 0 and conn.wire.exchange_count == 0
        got = (await conn.call("echo", {"text": "after"}))[-1]
        assert got["result"]["content"] == [{"type": "text", "text": "after"}]
    run(version, body)


@pytest.mark.parametrize("version", SESSION_WIRES)
def test_delete_ends_the_session(version):
    async def body(conn):
        assert conn.wire.session_id is not None
        _, _, late = conn.client.call_tool(now(), "echo", {"text": "late"})
        in_flight = conn.wire.request(late)  # written while the session lasts
        assert [e async for e in conn.exchange(conn.wire.end_session())] == [] and conn.kind == "empty"
        assert conn.wire.session_id is None
        # "When a client receives HTTP 404 in response to a request containing an
        # MCP-Session-Id, it MUST start a new session".
        assert [e async for e in conn.exchange(in_flight)] == [] and conn.kind == "session_expired"
        again = Connection(conn.http, version)
        again.wire = conn.wire
        await again.open()
        assert again.wire.session_id is not None
        got = (await again.call("echo", {"text": "again"}))[-1]
        assert got["result"]["content"] == [{"type": "text", "text": "again"}]
    run(version, body)


def test_get_stream(version):
    async def body(conn):
        if version == "2026-07-28":  # "Removal of the GET stream endpoint"
            with pytest.raises(mcpwire.DecodeError):
                conn.wire.open_stream()
            return
        req = conn.wire.open_stream()
        async with conn.http.stream("GET", URL, headers=req["headers"]) as res:
            kind = conn.wire.handle_response(req["exchange"], res.status_code, res.headers.multi_items())
            assert kind in ("sse", "no_stream"), (res.status_code, kind)
        assert conn.wire.close(req["exchange"]) == (kind == "sse")
        got = (await conn.call("echo", {"text": "still"}))[-1]
        assert got["result"]["content"] == [{"type": "text", "text": "still"}]
    run(version, body)
