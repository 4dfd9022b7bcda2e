"""The host lifecycle end to end: a real server of the official MCP Python SDK (`mcp`, pinned in
requirements-test.txt; tests/host/python_sdk_server.py, whose tools/list answer is the golden
catalog python-sdk) run as a subprocess over stdio and driven by mcpwire's sans-IO `Client`:
listed (every page), inspected, selected, converted for each target, a scripted model's calls
decided, the approved ones called through `Client`, and the results rendered for the target.

Framing: stdio messages are newline-delimited JSON; this test splits the server's stdout on
b"\\n" itself (the transport branch's framer is not on this branch)."""

import json
import os
import pathlib
import select
import subprocess
import sys
import tempfile

import pytest

import mcpwire

HOST = pathlib.Path(__file__).resolve().parents[2] / "tests" / "host"
SERVER = HOST / "python_sdk_server.py"
TARGETS = [("openai-chat", False), ("openai-chat", True), ("openai-responses", True),
           ("anthropic", False), ("gemini", False), ("gemini-json-schema", False)]
# A guard so a broken server fails the test instead of hanging it (not a timing assertion).
READ_GUARD_S = 60


class StdioServer:
    """The SDK server as a subprocess, with mcpwire's Client speaking to it over its pipes."""

    def __init__(self):
        self.stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([sys.executable, str(SERVER)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self.stderr, bufsize=0)
        self.buffer = b""
        self.now = 0
        self.client = mcpwire.Client("2025-11-25", {"name": "mcpwire-e2e", "version": "0"})

    def send(self, data):
        self.proc.stdin.write(data + b"\n")
        self.proc.stdin.flush()

    def flush(self):
        """Sends what the client queued (notifications/initialized, further list pages)."""
        while (out := self.client.poll_transmit()) is not None:
            self.send(out)

    def line(self):
        while b"\n" not in self.buffer:
            ready, _, _ = select.select([self.proc.stdout], [], [], READ_GUARD_S)
            chunk = os.read(self.proc.stdout.fileno(), 65536) if ready else b""
            if not chunk:
                self.stderr.seek(0)
                pytest.fail(f"server gave no answer; its stderr:\n{self.stderr.read().decode(errors='replace')}")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line

    def event(self):
        """The next message from the server, as the client's event, and its raw bytes."""
        raw = self.line()
        self.now += 1
        return self.client.handle_input(raw, self.now), raw

    def handshake(self):
        _, hello = self.client.start(self.now)
        self.send(hello)
        ready, _ = self.event()
        assert ready["event"] == "ready", ready
        self.flush()
        return ready

    def list_all(self):
        """Every page of tools/list, as the pages the server sent."""
        _, wire = self.client.list_tools(self.now)
        self.send(wire)
        pages = []
        while True:
            ev, _ = self.event()
            assert ev["event"] == "tools_page", ev
            pages.append(ev["result"])
            if ev["stop"] is not None:
                assert ev["stop"] == "complete"
                return pages
            self.flush()

    def call(self, tool, arguments):
        """tools/call through the Client: the event and the raw response message."""
        id, _, wire = self.client.call_tool(self.now, tool, arguments, 30000)
        self.send(wire)
        while True:
            ev, raw = self.event()
            if ev.get("id") == id:
                return ev, raw

    def close(self):
        self.proc.stdin.close()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc.stdout.close()
        self.stderr.close()


@pytest.fixture(scope="module")
def server():
    s = StdioServer()
    try:
        s.handshake()
        yield s
    finally:
        s.close()


def declarations(target, out):
    return out["tools"][0]["functionDeclarations"] if target.startswith("gemini") else out["tools"]


def declaration(target, out, shown):
    for d in declarations(target, out):
        decl = d["function"] if target == "openai-chat" else d
        if decl["name"] == shown:
            return decl
    raise AssertionError(f"{shown} not in the {target} tool list")


def model_call(target, out, shown, arguments):
    """What a model sends for `arguments` on the converted tool: under strict mode every
    property, the absent optional ones as null; OpenAI sends the arguments as JSON text."""
    decl = declaration(target, out, shown)
    args = dict(arguments)
    if decl.get("strict") is True:
        for name in decl["parameters"]["properties"]:
            args.setdefault(name, None)
    return json.dumps(args) if target.startswith("openai") else args


def shown_name(out, tool):
    names = [n for n, ref in out["names"].items() if ref == {"server": "shop", "tool": tool}]
    assert len(names) == 1, (tool, out["names"])
    return names[0]


def rendered_text(target, r):
    """Every text of a rendered result, joined."""
    if target == "openai-chat":
        return r["content"]
    if target == "openai-responses":
        out = r["output"]
        return out if isinstance(out, str) else "\n".join(p.get("text", "") for p in out)
    if target == "anthropic":
        return "\n".join(b.get("text", "") for b in r["content"])
    return json.dumps(r["functionResponse"]["response"])


def check_shape(target, r, call_id, shown):
    if target == "openai-chat":
        assert r["role"] == "tool" and r["tool_call_id"] == call_id and isinstance(r["content"], str)
    elif target == "openai-responses":
        assert r["type"] == "function_call_output" and r["call_id"] == call_id
    elif target == "anthropic":
        assert r["type"] == "tool_result" and r["tool_use_id"] == call_id and "is_error" not in r
    else:
        fr = r["functionResponse"]
        assert fr["name"] == shown and fr["id"] == call_id and "output" in fr["response"]


# The scripted model: (tool, arguments) in MCP names, sent under each target's shown name.
SCRIPT = [
    ("search_orders", {"query": "lamp"}, "run"),
    ("add", {"a": 2, "b": 3}, "ask"),
    ("create_ticket", {"summary": "Lamp broken", "priority": "high"}, "ask"),
    ("create_ticket", {"summary": "Lamp broken"}, "send_back"),
    ("delete_order", {"order_id": "bad"}, "send_back"),
    ("get_weather", {"city": "Paris"}, "ask"),
]


def test_lifecycle_against_the_python_sdk_server(server):
    pages = server.list_all()
    catalog = mcpwire.Catalog()
    for page in pages:
        catalog.add("shop", page)
    # the SDK server lists what the golden catalog python-sdk holds
    golden = json.loads((HOST / "catalogs" / "python-sdk.json").read_text())
    assert [t["name"] for p in pages for t in p["tools"]] == [t["name"] for p in golden["pages"] for t in p["tools"]]
    assert len(catalog) == 6
    tools = {t["name"]: t for p in pages for t in p["tools"]}

    findings = catalog.inspect()
    assert {f["tool"] for f in findings} <= {"add", "get_weather", "create_ticket", "search_orders", "save_tree", "delete_order"}
    assert all(f["severity"] in ("error", "warning", "info") for f in findings)
    assert any(f["code"] == "hints" and f["tool"] == "search_orders" for f in findings)

    policy = {"deny": ["save_*"]}
    selection = catalog.select(policy)
    assert [s["tool"] for s in selection["shown"]] == ["add", "get_weather", "create_ticket", "search_orders", "delete_order"]
    assert [(h["tool"], h["reason"].split(":")[0]) for h in selection["hidden"]] == [("save_tree", "denied")]

    calls = 0
    for target, strict in TARGETS:
        out = catalog.to_model(target, strict=strict, policy=policy)
        assert mcpwire.check_tools(target, out["tools"], strict=strict) == []
        assert len(declarations(target, out)) == 5
        for n, (tool, arguments, want) in enumerate(SCRIPT):
            shown = shown_name(out, tool)
            sent = model_call(target, out, shown, arguments)
            d = catalog.decide(shown, sent, target, policy, strict)
            assert d["decision"] == want, (target, strict, tool, d)
            if want == "send_back":
                assert d["errors"] and d["message"]
                if tool == "create_ticket":
                    assert "priority" in d["message"]
                continue
            assert (d["server"], d["tool"]) == ("shop", tool), (target, d)
            # restored for the original schema: the model's nulls stay only where the original
            # takes null (pydantic's Optional), and the original schema accepts the result
            restored = d["arguments"]
            assert {k: v for k, v in restored.items() if v is not None} == arguments, (target, d)
            assert mcpwire.validate(tools[tool]["inputSchema"], restored) == []
            if want == "ask":
                first = d["prompt"].splitlines()[0]
                assert first == f"{tool} {json.dumps(restored, separators=(',', ':'))}"
            # the scripted user approves what was asked
            event, raw = server.call(d["tool"], d["arguments"])
            calls += 1
            assert event["event"] == "tool_result" and event["class"] == "success", event
            call_id = f"call_{n}"
            r = mcpwire.render_result(target, raw, call_id, shown)
            assert r == mcpwire.render_result(target, event["result"], call_id, shown)
            check_shape(target, r, call_id, shown)
            text = rendered_text(target, r)
            if tool == "add":
                assert "5" in text
            if tool == "create_ticket":
                assert "T-1" in text
            if tool == "get_weather":
                assert "sunny" in text
        reject = catalog.decide("refund_all", "{}" if target.startswith("openai") else {}, target, policy, strict)
        assert reject["decision"] == "reject" and "no such tool" in reject["message"]
        hidden = catalog.decide(shown_name(out, "delete_order"), {"order_id": "A-1"}, target, {"deny": ["*/delete_*"]}, strict)
        assert hidden["decision"] == "reject"
    assert calls == 4 * len(TARGETS)
    # a call the host gave up on is rendered as an error result, never raised
    gave_up = mcpwire.render_result("anthropic", {"timeout": 30000}, "call_x")
    assert gave_up["is_error"] is True
