"""Drives a stdio server with the official Python SDK's client and prints what the host saw,
one JSON line per step, so a run through `mcpwire tap` can be compared with a direct run.

usage: py_client.py MODE COMMAND [ARGS...] | py_client.py MODE URL (Streamable HTTP)   (MODE: auto, i.e. 2026-07-28 via server/discover,
or legacy, the initialize handshake)"""

import asyncio
import json
import sys

from mcp import Client
from mcp.client.stdio import StdioServerParameters


def show(step, value):
    print(json.dumps({"step": step, "value": value}, sort_keys=True), flush=True)


async def main(mode, command, args):
    progress = []

    async def on_progress(p, total, message):
        progress.append([p, total, message])

    if command.startswith("http://"):
        params = command
    else:
        params = StdioServerParameters(command=command, args=args)
    async with Client(params, mode=mode) as client:
        show("protocol_version", client.protocol_version)
        tools = await client.list_tools()
        show("tools", sorted(t.model_dump(mode="json", exclude_none=True)["name"] for t in tools.tools))
        for name, arguments in [
            ("add", {"a": 2, "b": 3}),
            ("echo", {"text": "héllo\nwörld"}),
            ("fail", {"reason": "nope"}),
        ]:
            r = await client.call_tool(name, arguments)
            show(name, r.model_dump(mode="json", exclude_none=True))
        r = await client.call_tool("count", {"n": 3}, progress_callback=on_progress)
        show("count", r.model_dump(mode="json", exclude_none=True))
        show("progress", progress)


asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
