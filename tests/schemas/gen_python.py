"""Generates tests/schemas/python-sdk.json: a tool catalog as the official MCP Python SDK
(pydantic) writes it, with argument and output cases. Not run in CI; the output is committed.

    python3 -m venv /tmp/mcpvenv && /tmp/mcpvenv/bin/pip install mcp
    /tmp/mcpvenv/bin/python tests/schemas/gen_python.py

Each case's validity is checked here against the `jsonschema` package (the SDK's own
dependency) so the expectations are not just this project's opinion. Expected errors are
(instancePath, keyword) pairs that mcpwire must report.
"""

import asyncio
import datetime as dt
import enum
import importlib.metadata
import json
import pathlib
import uuid
from typing import Annotated, Literal, Optional, Union

import jsonschema
import pydantic
from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel, ConfigDict, Field

server = MCPServer("corpus")


class Units(str, enum.Enum):
    metric = "metric"
    imperial = "imperial"


class Forecast(BaseModel):
    day: dt.date
    high: float
    low: float
    summary: str


class WeatherReport(BaseModel):
    city: str
    units: Units
    temperature: float
    forecast: list[Forecast]


@server.tool(description="Weather for a city, with an optional multi-day forecast.")
def get_weather(
    city: Annotated[str, Field(min_length=1, max_length=80)],
    units: Units = Units.metric,
    days: Annotated[int, Field(ge=1, le=14)] = 3,
) -> WeatherReport:
    return WeatherReport(
        city=city,
        units=units,
        temperature=21.5,
        forecast=[Forecast(day=dt.date(2026, 11, 30), high=23.0, low=12.5, summary="sunny")][:days],
    )


class Priority(int, enum.Enum):
    low = 1
    normal = 2
    high = 3


class Attendee(BaseModel):
    model_config = ConfigDict(extra="forbid")
    email: Annotated[str, Field(pattern=r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$")]
    name: Optional[str] = None
    optional: bool = False


class Event(BaseModel):
    model_config = ConfigDict(extra="forbid")
    title: Annotated[str, Field(min_length=1)]
    start: dt.datetime
    duration_minutes: Annotated[int, Field(gt=0, multiple_of=15)]
    attendees: Annotated[list[Attendee], Field(max_length=50)] = []
    priority: Priority = Priority.normal
    location: Optional[str] = None
    tags: Annotated[set[str], Field(max_length=10)] = set()


@server.tool(description="Create a calendar event.")
def create_event(event: Event, notify: bool = True) -> str:
    return f"created {event.title}"


class SortSpec(BaseModel):
    field: Literal["created", "updated", "comments"]
    descending: bool = True


@server.tool(description="Search issues.")
def search_issues(
    query: str,
    labels: Optional[list[str]] = None,
    state: Optional[Literal["open", "closed", "all"]] = None,
    limit: Annotated[int, Field(ge=1, le=100)] = 20,
    sort: Optional[SortSpec] = None,
    repo: Annotated[Optional[str], Field(pattern=r"^[\w.-]+/[\w.-]+$")] = None,
) -> list[str]:
    return [query]


class Circle(BaseModel):
    kind: Literal["circle"]
    radius: Annotated[float, Field(gt=0)]


class Rect(BaseModel):
    kind: Literal["rect"]
    width: Annotated[float, Field(gt=0)]
    height: Annotated[float, Field(gt=0)]


Shape = Annotated[Union[Circle, Rect], Field(discriminator="kind")]


@server.tool(description="Area of a shape.")
def area(shape: Shape, precision: Optional[int] = None) -> float:
    return 1.0


class TreeNode(BaseModel):
    name: str
    children: list["TreeNode"] = []


@server.tool(description="Count the nodes of a tree.")
def count_nodes(root: TreeNode) -> int:
    return 1


@server.tool(description="Store settings.")
def update_settings(
    settings: dict[str, Union[int, str, bool]],
    ids: Annotated[list[uuid.UUID], Field(min_length=1)],
    scale: Annotated[float, Field(ge=0.5, lt=4.0)] = 1.0,
) -> dict[str, int]:
    return {"stored": len(settings)}


CASES = [
    # get_weather
    ("get_weather", "all fields", {"city": "Paris", "units": "imperial", "days": 7}, []),
    ("get_weather", "defaults only", {"city": "Oslo"}, []),
    ("get_weather", "1.0 is an integer", {"city": "Oslo", "days": 1.0}, []),
    ("get_weather", "unknown unit", {"city": "Paris", "units": "kelvin"}, [("/units", "enum")]),
    ("get_weather", "missing city", {"units": "metric"}, [("", "required")]),
    ("get_weather", "days out of range", {"city": "Paris", "days": 15}, [("/days", "maximum")]),
    ("get_weather", "days not an integer", {"city": "Paris", "days": 2.5}, [("/days", "type")]),
    ("get_weather", "empty city", {"city": ""}, [("/city", "minLength")]),
    (
        "get_weather",
        "several faults at once",
        {"city": 5, "units": "kelvin", "days": 0},
        [("/city", "type"), ("/units", "enum"), ("/days", "minimum")],
    ),
    # create_event
    (
        "create_event",
        "full event",
        {
            "event": {
                "title": "Standup",
                "start": "2026-12-01T09:00:00Z",
                "duration_minutes": 15,
                "attendees": [{"email": "ana@example.com", "name": "Ana"}],
                "priority": 3,
                "tags": ["daily", "team"],
                "location": None,
            },
            "notify": False,
        },
        [],
    ),
    (
        "create_event",
        "unexpected property in nested object",
        {
            "event": {
                "title": "Standup",
                "start": "2026-12-01T09:00:00Z",
                "duration_minutes": 15,
                "attendees": [{"email": "ana@example.com", "role": "host"}],
            }
        },
        [("/event/attendees/0", "additionalProperties")],
    ),
    (
        "create_event",
        "bad enum value and duration",
        {"event": {"title": "x", "start": "2026-12-01T09:00:00Z", "duration_minutes": 20, "priority": 5}},
        [("/event/duration_minutes", "multipleOf"), ("/event/priority", "enum")],
    ),
    (
        "create_event",
        "bad email pattern, duplicate tags",
        {
            "event": {
                "title": "x",
                "start": "2026-12-01T09:00:00Z",
                "duration_minutes": 30,
                "attendees": [{"email": "not-an-email"}],
                "tags": ["a", "a"],
            }
        },
        [("/event/attendees/0/email", "pattern"), ("/event/tags", "uniqueItems")],
    ),
    ("create_event", "event missing", {"notify": True}, [("", "required")]),
    (
        "create_event",
        "title empty and extra top-level field",
        {"event": {"title": "", "start": "2026-12-01T09:00:00Z", "duration_minutes": 15}, "colour": "red"},
        [("/event/title", "minLength")],
    ),
    # search_issues
    ("search_issues", "minimal", {"query": "crash"}, []),
    ("search_issues", "nulls for optionals", {"query": "crash", "labels": None, "state": None, "sort": None}, []),
    (
        "search_issues",
        "everything",
        {"query": "crash", "labels": ["bug"], "state": "open", "limit": 5, "sort": {"field": "updated"}, "repo": "a/b"},
        [],
    ),
    ("search_issues", "state not allowed", {"query": "crash", "state": "merged"}, [("/state", "enum")]),
    ("search_issues", "labels wrong type", {"query": "crash", "labels": "bug"}, [("/labels", "anyOf")]),
    ("search_issues", "sort field not allowed", {"query": "q", "sort": {"field": "stars"}}, [("/sort/field", "enum")]),
    ("search_issues", "limit too small", {"query": "q", "limit": 0}, [("/limit", "minimum")]),
    ("search_issues", "repo pattern", {"query": "q", "repo": "no-slash"}, [("/repo", "pattern")]),
    ("search_issues", "arguments not an object", ["crash"], [("", "type")]),
    # area (discriminated union)
    ("area", "circle", {"shape": {"kind": "circle", "radius": 2}}, []),
    ("area", "rect", {"shape": {"kind": "rect", "width": 2, "height": 3}, "precision": 2}, []),
    ("area", "rect missing height", {"shape": {"kind": "rect", "width": 2}}, [("/shape", "required")]),
    ("area", "negative radius", {"shape": {"kind": "circle", "radius": -1}}, [("/shape/radius", "exclusiveMinimum")]),
    ("area", "unknown kind", {"shape": {"kind": "triangle"}}, [("/shape", "oneOf")]),
    # count_nodes (recursive $ref)
    (
        "count_nodes",
        "nested tree",
        {"root": {"name": "a", "children": [{"name": "b", "children": [{"name": "c"}]}]}},
        [],
    ),
    (
        "count_nodes",
        "deep child missing name",
        {"root": {"name": "a", "children": [{"name": "b", "children": [{"children": []}]}]}},
        [("/root/children/0/children/0", "required")],
    ),
    # update_settings
    ("update_settings", "mixed values", {"settings": {"a": 1, "b": "x", "c": True}, "ids": [str(uuid.UUID(int=1))]}, []),
    (
        "update_settings",
        "value of a type not in the union",
        {"settings": {"a": [1]}, "ids": [str(uuid.UUID(int=1))]},
        [("/settings/a", "anyOf")],
    ),
    ("update_settings", "ids empty", {"settings": {}, "ids": []}, [("/ids", "minItems")]),
    (
        "update_settings",
        "scale at exclusive bound",
        {"settings": {}, "ids": [str(uuid.UUID(int=2))], "scale": 4.0},
        [("/scale", "exclusiveMaximum")],
    ),
]


def oracle_errors(schema, instance):
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    return list(cls(schema).iter_errors(instance))


async def main():
    tools = await server.list_tools()
    catalog = [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools]
    by_name = {t["name"]: t for t in catalog}
    cases = []
    for tool, desc, args, errors in CASES:
        schema = by_name[tool]["inputSchema"]
        found = oracle_errors(schema, args)
        valid = not errors
        assert (not found) == valid, (tool, desc, [e.message for e in found])
        case = {"tool": tool, "description": desc, "arguments": args, "valid": valid}
        if errors:
            case["errors"] = [{"instancePath": p, "keyword": k} for p, k in errors]
        cases.append(case)

    outputs = []
    real = await server.call_tool("get_weather", {"city": "Paris", "days": 1})
    real = real.model_dump(mode="json", by_alias=True, exclude_none=True)
    weather_out = by_name["get_weather"]["outputSchema"]
    assert not oracle_errors(weather_out, real["structuredContent"])
    outputs.append({"tool": "get_weather", "description": "real result", "result": real, "outcome": "valid"})
    bad = json.loads(json.dumps(real))
    bad["structuredContent"]["units"] = "kelvin"
    del bad["structuredContent"]["temperature"]
    assert oracle_errors(weather_out, bad["structuredContent"])
    outputs.append({
        "tool": "get_weather",
        "description": "wrong unit, temperature missing",
        "result": bad,
        "outcome": "output_schema_mismatch",
        "errors": [{"instancePath": "/units", "keyword": "enum"}, {"instancePath": "", "keyword": "required"}],
    })
    outputs.append({
        "tool": "get_weather",
        "description": "tool error results are not checked",
        "result": {"content": [{"type": "text", "text": "upstream down"}], "isError": True},
        "outcome": "skipped",
    })
    outputs.append({
        "tool": "get_weather",
        "description": "structuredContent missing",
        "result": {"content": [{"type": "text", "text": "{}"}]},
        "outcome": "missing_structured_content",
    })
    listed = await server.call_tool("search_issues", {"query": "crash"})
    listed = listed.model_dump(mode="json", by_alias=True, exclude_none=True)
    outputs.append({"tool": "search_issues", "description": "list wrapped in result", "result": listed, "outcome": "valid"})
    wrong = json.loads(json.dumps(listed))
    wrong["structuredContent"]["result"] = [1, 2]
    outputs.append({
        "tool": "search_issues",
        "description": "list items of the wrong type",
        "result": wrong,
        "outcome": "output_schema_mismatch",
        "errors": [{"instancePath": "/result/0", "keyword": "type"}, {"instancePath": "/result/1", "keyword": "type"}],
    })

    out = {
        "generator": f"mcp {importlib.metadata.version('mcp')} "
        f"(pydantic {pydantic.VERSION}) via tests/schemas/gen_python.py",
        "tools": catalog,
        "cases": cases,
        "outputs": outputs,
    }
    path = pathlib.Path(__file__).with_name("python-sdk.json")
    path.write_text(json.dumps(out, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote {path}: {len(catalog)} tools, {len(cases)} cases, {len(outputs)} outputs")


asyncio.run(main())
