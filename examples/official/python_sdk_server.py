"""The official Python SDK's (mcp, MCPServer) Streamable HTTP server with the example's tools
(../tools.json), on uvicorn: what mcpwire's client is tested against, and the benchmark's
baseline. python python_sdk_server.py PORT [--stateless] serves http://127.0.0.1:PORT/mcp;
--stdio speaks stdio.
--stateless: no sessions and JSON responses (the SDK's stateless_http and json_response)."""

import asyncio
import json
import sys
from pathlib import Path

import uvicorn
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.transport_security import TransportSecuritySettings
from mcp_types import CallToolResult

DEFINITIONS = json.loads((Path(__file__).resolve().parent.parent / "tools.json").read_text())
BY_NAME = {d["tool"]["name"]: d for d in DEFINITIONS["tools"]}
server = MCPServer(DEFINITIONS["serverInfo"]["name"], version=DEFINITIONS["serverInfo"]["version"])


def static(name):
    d = BY_NAME[name]

    async def tool() -> CallToolResult:
        if "fail" in d:
            raise ToolError(d["fail"])
        return CallToolResult.model_validate(d["result"])

    server.tool(name=name, description=d["tool"]["description"])(tool)


for name in ("test_simple_text", "test_image_content", "test_audio_content", "test_embedded_resource",
             "test_multiple_content_types", "test_error_handling", "test_logging_tool"):
    static(name)


def needs_2026(name):
    """The tools that ask for input with 2026-07-28's input_required results, which this SDK
    (up to 2025-11-25) does not have: listed, and a tool error when called."""
    async def tool() -> CallToolResult:
        raise ToolError(f"{name} asks for input with input_required results (2026-07-28)")

    server.tool(name=name, description=BY_NAME[name]["tool"]["description"])(tool)


for name in (n for n, d in BY_NAME.items() if "inputRequests" in d or "rounds" in d):
    needs_2026(name)


@server.tool(description=BY_NAME["test_reconnection"]["tool"]["description"])
async def test_reconnection() -> CallToolResult:
    """Answers at once: what mcpwire's client is tested with here needs no stream closed."""
    return CallToolResult.model_validate(BY_NAME["test_reconnection"]["reconnect"]["result"])


@server.tool(description=BY_NAME["json_schema_2020_12_tool"]["tool"]["description"])
async def json_schema_2020_12_tool(name: str = "", contactMethod: str = "", phone: str = "", email: str = "",
                                   address: dict | None = None) -> CallToolResult:
    return CallToolResult.model_validate(BY_NAME["json_schema_2020_12_tool"]["result"])


@server.tool(description=BY_NAME["test_region"]["tool"]["description"])
async def test_region(region: str) -> CallToolResult:
    return CallToolResult.model_validate(BY_NAME["test_region"]["result"])


@server.tool(description=BY_NAME["test_tool_with_progress"]["tool"]["description"])
async def test_tool_with_progress(ctx: Context) -> CallToolResult:
    d = BY_NAME["test_tool_with_progress"]
    for i, value in enumerate(d["progress"]):
        if i:
            await asyncio.sleep(d["intervalMs"] / 1000)
        await ctx.report_progress(value, d["total"])
    return CallToolResult.model_validate(d["result"])


@server.tool(description=BY_NAME["count"]["tool"]["description"])
async def count(to: int, intervalMs: int, ctx: Context) -> str:
    for i in range(1, to + 1):
        await asyncio.sleep(intervalMs / 1000)
        await ctx.report_progress(i, to)
    return f"counted to {to}"


@server.tool(description=BY_NAME["echo"]["tool"]["description"])
async def echo(text: str) -> str:
    return text


if __name__ == "__main__":
    if sys.argv[1] == "--stdio":
        server.run("stdio")
        sys.exit()
    port = int(sys.argv[1])
    stateless = "--stateless" in sys.argv
    security = TransportSecuritySettings(allowed_hosts=["127.0.0.1:*", "localhost:*"],
                                         allowed_origins=["http://127.0.0.1:*", "http://localhost:*"])
    app = server.streamable_http_app(stateless_http=stateless, json_response=stateless, transport_security=security)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")
