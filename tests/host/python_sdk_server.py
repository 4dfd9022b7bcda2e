"""An MCPServer (FastMCP before mcp 2.x) server (the `mcp` Python SDK) whose tools use the schema shapes pydantic writes:
optional parameters as anyOf-with-null, nested models through $defs/$ref, Literal enums,
defaults, titles, a recursive model and structured output. Its tools/list answer is the
fixture tests/host/catalogs/python-sdk.json (see list_tools.py)."""
from __future__ import annotations

from enum import Enum
from typing import Literal, Optional

from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel, Field

mcp = MCPServer("python-sdk-example")


class Priority(str, Enum):
    low = "low"
    normal = "normal"
    high = "high"


class Address(BaseModel):
    street: str
    city: str
    postcode: Optional[str] = None


class Customer(BaseModel):
    name: str = Field(description="Full name")
    email: Optional[str] = Field(default=None, description="Contact email")
    address: Address


class Node(BaseModel):
    label: str
    children: list[Node] = []


class Weather(BaseModel):
    temperature: float
    conditions: str


@mcp.tool()
def add(a: int, b: int) -> int:
    """Add two numbers."""
    return a + b


@mcp.tool()
def get_weather(city: str, units: Literal["metric", "imperial"] = "metric") -> Weather:
    """Current weather for a city."""
    return Weather(temperature=21.5, conditions="sunny")


@mcp.tool(annotations={"readOnlyHint": False, "destructiveHint": False})
def create_ticket(summary: str, priority: Priority, customer: Optional[Customer] = None,
                  tags: list[str] = []) -> str:
    """Open a support ticket."""
    return "T-1"


@mcp.tool(annotations={"readOnlyHint": True})
def search_orders(query: str, limit: int = Field(default=10, ge=1, le=100),
                  since: Optional[str] = Field(default=None, description="ISO date")) -> list[str]:
    """Search orders."""
    return []


@mcp.tool()
def save_tree(root: Node, overwrite: bool = False) -> str:
    """Store a tree of labelled nodes."""
    return "ok"


@mcp.tool(annotations={"destructiveHint": True})
def delete_order(order_id: str = Field(pattern=r"^[A-Z]-\d+$"), reason: str | int | None = None) -> str:
    """Delete an order."""
    return "deleted"


if __name__ == "__main__":
    mcp.run()
