"""An example stdio server on the official Python SDK (mcp 2.x's MCPServer, FastMCP before):
typed tools (so the SDK declares outputSchemas and sends structuredContent), one that
reports progress, one that fails as a tool error."""

from pydantic import BaseModel

from mcp.server.mcpserver import Context, MCPServer

mcp = MCPServer("tap-example")


class Sum(BaseModel):
    sum: int


@mcp.tool()
def add(a: int, b: int) -> Sum:
    """Adds two integers."""
    return Sum(sum=a + b)


@mcp.tool()
def echo(text: str) -> str:
    """Echoes the text."""
    return text


@mcp.tool()
async def count(n: int, ctx: Context) -> str:
    """Counts to n, reporting progress."""
    for i in range(1, n + 1):
        await ctx.report_progress(i, n, f"step {i}")
    return f"counted to {n}"


@mcp.tool()
def fail(reason: str) -> str:
    """Always fails."""
    raise ValueError(reason)


if __name__ == "__main__":
    import sys

    if sys.argv[1:2] == ["--http"]:  # py_server.py --http PORT: Streamable HTTP at /mcp
        mcp.run("streamable-http", host="127.0.0.1", port=int(sys.argv[2]))
    else:
        mcp.run("stdio")
