"""The desktop device server spawned over stdio by the official MCP Python SDK's client
(`mcp`, pinned in bindings-python/requirements-test.txt).

Run by examples/device-server/test.sh with DEVICE_SERVER set to the desktop binary.
"""

import os
from contextlib import AsyncExitStack

import anyio
import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError

SERVER = StdioServerParameters(command=os.environ["DEVICE_SERVER"])


@pytest.fixture
def anyio_backend():
    return "asyncio"


class Session:
    """A connected session, on the 2025 wire (initialize) or the 2026 one (discover)."""

    def __init__(self, modern: bool = False):
        self.modern = modern
        self._stack = AsyncExitStack()

    async def __aenter__(self) -> ClientSession:
        read, write = await self._stack.enter_async_context(stdio_client(SERVER))
        session = await self._stack.enter_async_context(ClientSession(read, write))
        if self.modern:
            await session.discover()
        else:
            await session.initialize()
        return session

    async def __aexit__(self, *exc):
        return await self._stack.__aexit__(*exc)


def text(result) -> str:
    return result.content[0].text


@pytest.mark.anyio
@pytest.mark.parametrize("modern", [False, True], ids=["2025-initialize", "2026-discover"])
async def test_lists_and_calls_every_tool(modern):
    async with Session(modern) as s:
        if modern:
            assert s.discover_result.supported_versions[-1] == "2026-07-28"
        else:
            assert s.initialize_result.server_info.name == "mcpwire-device-server"
        tools = {t.name: t for t in (await s.list_tools()).tools}
        assert list(tools) == ["read_sensor", "set_mode", "calibrate"]
        assert tools["read_sensor"].annotations.read_only_hint is True
        assert tools["set_mode"].annotations.destructive_hint is True

        # The SDK checks structuredContent against each outputSchema.
        for channel, unit in [("temperature", "°C"), ("humidity", "%RH"), ("pressure", "hPa")]:
            r = await s.call_tool("read_sensor", {"channel": channel})
            assert not r.is_error
            assert r.structured_content["unit"] == unit
            assert text(r).startswith(f"{channel}: ")

        r = await s.call_tool("set_mode", {"mode": "low_power"})
        assert r.structured_content == {"mode": "low_power", "previous": "continuous"}
        r = await s.call_tool("set_mode", {"mode": "continuous"})
        assert not r.is_error

        progress = []

        async def on_progress(done, total, message):
            progress.append((done, total, message))

        r = await s.call_tool(
            "calibrate", {"reference": 20.5, "samples": 4}, progress_callback=on_progress
        )
        assert not r.is_error, text(r)
        assert r.structured_content["samples"] == 4
        # After each sample but the last (the result says that one is in).
        assert progress == [(n, 4, f"sample {n} of 4") for n in (1, 2, 3)]
        r = await s.call_tool("read_sensor", {"channel": "temperature"})
        assert abs(r.structured_content["value"] - 20.5) <= 0.25


@pytest.mark.anyio
async def test_bad_arguments_are_tool_errors_and_unknown_tools_protocol_errors():
    async with Session() as s:
        await s.list_tools()
        r = await s.call_tool("read_sensor", {"channel": "light"})
        assert r.is_error
        assert text(r) == (
            'argument `channel` must be one of "temperature", "humidity", "pressure"'
        )
        r = await s.call_tool("calibrate", {"reference": 20, "samples": 0})
        assert r.is_error and "`samples` must be an integer from 1 to 50" in text(r)
        r = await s.call_tool("set_mode", {"mode": "sleep", "force": True})
        assert r.is_error and text(r) == "unknown argument `force`"
        with pytest.raises(MCPError) as e:
            await s.call_tool("self_destruct", {})
        assert e.value.error.code == -32602
        # Still serving.
        r = await s.call_tool("read_sensor", {"channel": "pressure"})
        assert not r.is_error


@pytest.mark.anyio
async def test_cancel_mid_calibration():
    async with Session() as s:
        await s.list_tools()
        first = anyio.Event()
        progress = []

        async def on_progress(done, total, message):
            progress.append(done)
            first.set()

        async def calibrate():
            await s.call_tool(
                "calibrate", {"reference": 30, "samples": 50}, progress_callback=on_progress
            )
            pytest.fail("a calibration of 50 samples finished before its cancel")

        async with anyio.create_task_group() as tg:
            tg.start_soon(calibrate)
            await first.wait()
            # The SDK sends notifications/cancelled for the abandoned request.
            tg.cancel_scope.cancel()
        assert progress and progress[0] == 1

        # The server read the cancel before this request (one stream, in order): the
        # calibration is gone, so the sensor is free again.
        r = await s.call_tool("set_mode", {"mode": "continuous"})
        assert not r.is_error, text(r)
        r = await s.call_tool("calibrate", {"reference": 20, "samples": 1})
        assert not r.is_error, text(r)
