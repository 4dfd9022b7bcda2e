"""The desktop device server run through `mcpwire tap` by the official MCP Python SDK's client:
the client gets the same answers with the tap in between as without it, the tap reports no
finding, and `mcpwire check` reads its log back as all valid.

Run by examples/device-server/test.sh with DEVICE_SERVER set to the desktop binary and MCPWIRE
to the CLI.
"""

import json
import os
import subprocess
from contextlib import AsyncExitStack

import anyio
import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError

DEVICE = os.environ["DEVICE_SERVER"]
MCPWIRE = os.environ["MCPWIRE"]


@pytest.fixture
def anyio_backend():
    return "asyncio"


def readings_agree(r) -> dict:
    """A reading's result without its value, which moves with the time; the value checked to
    be a number in the text and in structuredContent alike."""
    s = dict(r.structured_content)
    value = s.pop("value")
    assert isinstance(value, (int, float))
    assert r.content[0].text.startswith(f"{s['channel']}: ")
    return {"is_error": r.is_error, "structured": s}


async def session(command: list[str], modern: bool) -> list:
    """One SDK session over `command`: the handshake, the catalog, every tool, a calibration
    with progress and a cancel mid-calibration. Returns
    what the client saw, without the values that move with the time."""
    seen = []
    server = StdioServerParameters(command=command[0], args=command[1:])
    async with AsyncExitStack() as stack:
        read, write = await stack.enter_async_context(stdio_client(server))
        s = await stack.enter_async_context(ClientSession(read, write))
        if modern:
            seen.append((await s.discover()).model_dump(mode="json"))
        else:
            seen.append((await s.initialize()).model_dump(mode="json"))
        seen.append((await s.list_tools()).model_dump(mode="json"))
        for channel in ["temperature", "humidity", "pressure"]:
            seen.append(readings_agree(await s.call_tool("read_sensor", {"channel": channel})))
        for args in [{"mode": "low_power"}, {"mode": "continuous"}]:
            seen.append((await s.call_tool("set_mode", args)).model_dump(mode="json"))

        progress = []

        async def on_progress(done, total, message):
            progress.append((done, total, message))

        r = await s.call_tool("calibrate", {"reference": 21, "samples": 3}, progress_callback=on_progress)
        seen.append((r.is_error, r.structured_content["samples"], progress))

        first = anyio.Event()

        async def cancelled_calibration():
            async def tick(*_):
                first.set()

            await s.call_tool("calibrate", {"reference": 30, "samples": 50}, progress_callback=tick)
            pytest.fail("a calibration of 50 samples finished before its cancel")

        async with anyio.create_task_group() as tg:
            tg.start_soon(cancelled_calibration)
            await first.wait()
            tg.cancel_scope.cancel()
        # The cancel was read: the sensor is free for the next call.
        seen.append((await s.call_tool("set_mode", {"mode": "continuous"})).model_dump())
    return seen


def tap(tmp_path) -> list[str]:
    report, log = tmp_path / "report.jsonl", tmp_path / "log.jsonl"
    return [MCPWIRE, "tap", "--json", "--report", str(report), "--log", str(log), "--", DEVICE]


def check_clean(tmp_path) -> list:
    """No finding in the tap's report; every logged message valid as `mcpwire check` reads
    the log back. Returns the message types `check` saw."""
    assert (tmp_path / "report.jsonl").read_text() == "", "the tap reported findings"
    return check_log(tmp_path)


def check_log(tmp_path) -> list:
    """Every logged message valid JSON-RPC as `mcpwire check` reads the log back; returns the
    message types it saw."""
    out = subprocess.run(
        [MCPWIRE, "check", "--json", str(tmp_path / "log.jsonl")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    lines = [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
    assert all(line["ok"] is True for line in lines), lines
    return [line.get("type") for line in lines]


@pytest.mark.anyio
@pytest.mark.parametrize("modern", [False, True], ids=["2025-initialize", "2026-discover"])
async def test_sdk_session_through_the_tap_same_answers_no_finding(modern, tmp_path):
    direct = await session([DEVICE], modern)
    through = await session(tap(tmp_path), modern)
    assert through == direct
    assert (False, 3, [(1, 3, "sample 1 of 3"), (2, 3, "sample 2 of 3")]) in direct
    types = check_clean(tmp_path)
    handshake = "DiscoverResult" if modern else "InitializeResult"
    for t in [handshake, "ListToolsResult", "CallToolResult", "ProgressNotification",
              "CancelledNotification"]:
        assert t in types, f"{t} not in {types}"


async def bad_calls(command: list[str]) -> list:
    """Arguments that break the tools' inputSchema, and an unknown tool: what the client got."""
    seen = []
    server = StdioServerParameters(command=command[0], args=command[1:])
    async with AsyncExitStack() as stack:
        read, write = await stack.enter_async_context(stdio_client(server))
        s = await stack.enter_async_context(ClientSession(read, write))
        await s.initialize()
        await s.list_tools()
        for name, args in [("set_mode", {"mode": "x"}), ("read_sensor", {"channel": "light"})]:
            seen.append((await s.call_tool(name, args)).model_dump(mode="json"))
        try:
            await s.call_tool("self_destruct", {})
        except MCPError as e:
            seen.append(e.error.model_dump(mode="json"))
    return seen


@pytest.mark.anyio
async def test_bad_arguments_through_the_tap_same_answers_each_reported(tmp_path):
    direct = await bad_calls([DEVICE])
    through = await bad_calls(tap(tmp_path))
    assert through == direct
    assert [x["is_error"] for x in direct[:2]] == [True, True]
    assert direct[2]["code"] == -32602
    report = (tmp_path / "report.jsonl").read_text().splitlines()
    findings = [json.loads(line) for line in report]
    # The host's side: each call whose arguments break the tool's inputSchema, and the call
    # of a tool the catalog does not have; nothing on the server's side.
    assert [(f["rule"], f["direction"]) for f in findings] == [
        ("invalid_arguments", "to_server"),
        ("invalid_arguments", "to_server"),
        ("unknown_tool", "to_server"),
    ], findings
    check_log(tmp_path)
