"""The official Python SDK's client (mcp.Client) against the server at $MCP_URL (Streamable
HTTP) or started by the command line $MCP_STDIO (stdio): it lists and calls every tool of
../tools.json, with progress, and cancels a call mid-way, on the 2025-11-25 wire (initialize;
sessions over HTTP) and on the 2026-07-28 wire."""

import json
import os
import shlex
from pathlib import Path

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

if "MCP_STDIO" in os.environ:
    command, *args = shlex.split(os.environ["MCP_STDIO"])
    SERVER = StdioServerParameters(command=command, args=args)
else:
    SERVER = os.environ["MCP_URL"]
DEFINITIONS = json.loads((Path(__file__).resolve().parent.parent / "tools.json").read_text())
BY_NAME = {d["tool"]["name"]: d for d in DEFINITIONS["tools"]}
STATIC = [n for n, d in BY_NAME.items() if "result" in d and "progress" not in d]
# MCP_WIRES limits the wires (the TS SDK's server speaks only the first).
WIRES = os.environ.get("MCP_WIRES", "legacy 2026-07-28").split()


@pytest.fixture(params=WIRES)
def mode(request):
    return request.param


def dump(content):
    return [c.model_dump(by_alias=True, exclude_none=True) for c in content]


def run(mode, body):
    async def main():
        async with Client(SERVER, mode=mode) as client:
            expected = "2026-07-28" if mode != "legacy" else "2025-11-25"
            assert client.protocol_version == expected
            return await body(client)
    return anyio.run(main)


def test_lists_every_tool(mode):
    async def body(client):
        tools = (await client.list_tools()).tools
        assert sorted(t.name for t in tools) == sorted(BY_NAME)
        for t in tools:
            assert t.input_schema["type"] == "object" and t.description
    run(mode, body)


@pytest.mark.parametrize("name", STATIC)
def test_calls_each_tool(mode, name):
    async def body(client):
        result = await client.call_tool(name, BY_NAME[name].get("arguments", {}))
        assert not result.is_error
        assert dump(result.content) == BY_NAME[name]["result"]["content"]
    run(mode, body)


def test_tool_error_and_bad_arguments(mode):
    async def body(client):
        result = await client.call_tool("test_error_handling", {})
        assert result.is_error and BY_NAME["test_error_handling"]["fail"] in result.content[0].text
        assert (await client.call_tool("echo", {"text": "héllo"})).content[0].text == "héllo"
        bad = await client.call_tool("echo", {"text": 5})
        assert bad.is_error
    run(mode, body)


def test_progress(mode):
    seen = []

    async def on_progress(progress, total, message):
        seen.append((progress, total))

    async def body(client):
        result = await client.call_tool("test_tool_with_progress", {}, progress_callback=on_progress)
        assert dump(result.content) == BY_NAME["test_tool_with_progress"]["result"]["content"]
    run(mode, body)
    assert seen == [(0, 100), (50, 100), (100, 100)]


def test_cancel_mid_call(mode):
    seen = []

    async def body(client):
        started = anyio.Event()

        async def on_progress(progress, total, message):
            seen.append(progress)
            started.set()

        async with anyio.create_task_group() as tg:
            async def call():
                await client.call_tool("count", {"to": 100000, "intervalMs": 5}, progress_callback=on_progress)
                pytest.fail("the cancelled call returned")

            tg.start_soon(call)
            await started.wait()
            tg.cancel_scope.cancel()
        # The connection goes on after the cancel.
        assert (await client.call_tool("echo", {"text": "after"})).content[0].text == "after"
    run(mode, body)
    assert 1 <= len(seen) < 100000
