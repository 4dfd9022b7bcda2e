"""A conformance client on mcpwire over httpx: the official suite's client scenarios
(`conformance client --command "python client.py"`) run it with the test server's URL as the
last argument, the scenario in $MCP_CONFORMANCE_SCENARIO and the wire in
$MCP_CONFORMANCE_PROTOCOL_VERSION. The protocol is mcpwire's: its Client writes and reads every
message, its HttpClient every HTTP request and response; this file only moves bytes and does
what each scenario asks of a host. The same as client.mjs, over Python."""

import asyncio
import json
import os
import sys

import httpx

import mcpwire

URL = sys.argv[-1]
SCENARIO = os.environ.get("MCP_CONFORMANCE_SCENARIO", "")
VERSION = os.environ.get("MCP_CONFORMANCE_PROTOCOL_VERSION", "2025-11-25")
CONTEXT = json.loads(os.environ.get("MCP_CONFORMANCE_CONTEXT", "{}"))


def now() -> int:
    return int(asyncio.get_running_loop().time() * 1000)


def log(*args) -> None:
    print("[mcpwire-httpx]", *args, file=sys.stderr)


def accept(params: dict) -> dict:
    """An elicitation, on either wire, accepted as a user accepts a form left as it was: with
    the schema's defaults (SEP-1034)."""
    return mcpwire.apply_elicitation_defaults(params, {"action": "accept", "content": {}})


class Connection:
    def __init__(self, http: httpx.AsyncClient, capabilities: dict) -> None:
        """`capabilities`: what the client declares; with `elicitation` it answers the
        server's elicitations, and on a wire with sessions listens for them on the GET stream."""
        self.http = http
        self.capabilities = capabilities
        self.client = mcpwire.Client(
            VERSION, {"name": "mcpwire-conformance-httpx", "version": "0.1.0"}, capabilities=capabilities
        )
        self.wire = mcpwire.HttpClient(VERSION)
        self.tools: dict = {}
        self.has_tools = False
        self.reading: dict = {}  # the events of each exchange being read, by exchange
        self.listener = None
        self.stream = None  # the GET stream's exchange

    async def exchange(self, req) -> list:
        """Sends one HTTP request the HttpClient wrote and reads its response until its request
        is answered or it ends, resuming a stream that ends early (after its `retry`); returns
        the Client's events."""
        events: list = []
        ex = req["exchange"]
        self.reading[ex] = events
        try:
            return await self.read(req, events)
        finally:
            self.reading.pop(ex, None)

    async def read(self, req, events: list) -> list:
        ex = req["exchange"]
        while True:
            if req["retry"] is not None:
                await asyncio.sleep(req["retry"] / 1000)
            body = req["body"] if req["method"] == "POST" else None
            async with self.http.stream(req["method"], URL, headers=req["headers"], content=body) as res:
                kind = self.wire.handle_response(ex, res.status_code, res.headers.multi_items())
                if kind not in ("json", "sse"):
                    if kind != "empty":
                        log(f"{req['method']} answered {res.status_code}: {kind}")
                    return events
                async for chunk in res.aiter_bytes():
                    self.wire.handle_body(ex, chunk)
                    await self.take()
                    if self.wire.answered(ex):
                        # Nothing more of this request's comes (the server may keep it open).
                        self.wire.close(ex)
                        return events
            ended = self.wire.handle_end(ex)
            await self.take()
            if ended != "resumable":
                return events
            req = self.wire.resume(ex)
            log(f"stream ended early; resuming after {req['retry']} ms")

    async def take(self) -> None:
        """Gives each message received to the Client (its event to the exchange it came on);
        answers the server's requests."""
        while (m := self.wire.poll_message()) is not None:
            event = self.client.handle_input(m["message"], now())
            events = self.reading.get(m["exchange"], [])
            events.append(event)
            message = event.get("message") or {}
            if event["event"] == "other" and "method" in message and "id" in message:
                await self.answer(message)
            elif event["event"] == "version_retry":
                log(f"version refused; retrying at {event['version']}")
                events.extend(await self.send(self.client.poll_transmit()))

    async def answer(self, request: dict) -> None:
        """A request from the server (2025-11-25): an elicitation is accepted with the schema's
        defaults; anything else is refused."""
        if request["method"] == "elicitation/create" and "elicitation" in self.capabilities:
            reply = self.client.respond(request["id"], accept(request["params"]))
        else:
            refusal = mcpwire.failure_response("method_not_found", f"{request['method']} is not supported", request["id"])
            reply = mcpwire.encode(refusal)
        await self.exchange(self.wire.request(reply))

    async def send(self, message: bytes, tool=None) -> list:
        return await self.exchange(self.wire.request(message, tool))

    async def open(self) -> "Connection":
        _, hello = self.client.start(now())
        ready = (await self.send(hello))[-1]
        if ready["event"] != "ready":
            raise RuntimeError(f"handshake: {ready}")
        self.has_tools = ready["tools"] is not None
        while (out := self.client.poll_transmit()) is not None:  # notifications/initialized
            await self.send(out)
        if "elicitation" in self.capabilities and VERSION != "2026-07-28":
            await self.listen()
        return self

    async def listen(self) -> None:
        """Opens the GET stream, where a server sends requests not tied to one of ours
        (2025-11-25), and reads it in the background until `close`."""
        req = self.wire.open_stream()
        opened = asyncio.get_running_loop().create_future()

        async def read() -> None:
            async with self.http.stream("GET", URL, headers=req["headers"], timeout=None) as res:
                kind = self.wire.handle_response(req["exchange"], res.status_code, res.headers.multi_items())
                opened.set_result(kind)
                if kind != "sse":
                    return
                async for chunk in res.aiter_bytes():
                    self.wire.handle_body(req["exchange"], chunk)
                    await self.take()

        self.listener = asyncio.create_task(read())
        if await opened == "sse":
            self.stream = req["exchange"]

    async def close(self) -> None:
        """Stops listening, and ends the session (DELETE) on a wire with sessions."""
        if self.listener is not None:
            self.listener.cancel()
            try:
                await self.listener
            except asyncio.CancelledError:
                pass
        if self.stream is not None:
            self.wire.close(self.stream)
        if self.wire.session_id is not None:
            await self.exchange(self.wire.end_session())

    async def list_tools(self) -> list:
        _, wire = self.client.list_tools(now())
        while wire is not None:
            page = (await self.send(wire))[-1]
            if page["event"] != "tools_page":
                raise RuntimeError(f"tools/list: {page}")
            # A tool whose x-mcp-header annotations break the rules is left out (HTTP only).
            catalog = mcpwire.http_tool_catalog(page["result"]["tools"])
            for r in catalog["rejected"]:
                log(f"tool left out: {r['tool']}: {r['reason']}")
            self.tools.update({t["name"]: t for t in catalog["tools"]})
            wire = self.client.poll_transmit()
        return list(self.tools.values())

    async def call(self, name: str, arguments: dict) -> dict:
        _, _, wire = self.client.call_tool(now(), name, arguments)
        got = (await self.send(wire, self.tools.get(name)))[-1]
        log(f"{name}: {json.dumps(got)}")
        return got

    async def call_answering(self, name: str, arguments: dict) -> dict:
        """Calls a tool; an `input_required` result (2026-07-28) is answered and the call
        retried with `inputResponses` and the `requestState` echoed (a few rounds)."""
        got = await self.call(name, arguments)
        for _ in range(4):
            if got["event"] != "input_required":
                break
            requests = got["result"].get("inputRequests") or {}
            responses = {k: accept(r["params"]) for k, r in requests.items() if r["method"] == "elicitation/create"}
            _, _, wire = self.client.retry_tool(
                now(), name, arguments, responses, got["result"].get("requestState")
            )
            got = (await self.send(wire, self.tools.get(name)))[-1]
            log(f"{name} (retry): {json.dumps(got)}")
        return got


async def initialize(conn):
    """The handshake; the catalog when the server has tools."""
    if conn.has_tools:
        await conn.list_tools()


async def tools_call(conn):
    for tool in await conn.list_tools():
        await conn.call(tool["name"], {"a": 2, "b": 3})


async def elicitation_defaults(conn):
    await conn.list_tools()
    await conn.call("test_client_elicitation_defaults", {})


async def sse_retry(conn):
    await conn.list_tools()
    got = await conn.call("test_reconnection", {})
    if got["event"] != "tool_result":
        raise RuntimeError("test_reconnection was not answered")


async def list_only(conn):
    await conn.list_tools()


async def discover(conn):
    """server/discover (retried at the version a refusal names), tools/list when declared."""
    if conn.has_tools:
        await conn.list_tools()


async def call_each_tool(conn):
    """Every tool called with no arguments (Mcp-Method, Mcp-Name; a tool with invalid
    x-mcp-header annotations was left out of the catalog and is never called)."""
    for tool in await conn.list_tools():
        await conn.call(tool["name"], {})


async def custom_headers(conn):
    """The calls the scenario gives (Mcp-Param-* from x-mcp-header)."""
    await conn.list_tools()
    for c in CONTEXT.get("toolCalls", []):
        await conn.call(c["name"], c["arguments"])


async def schema_preservation(conn):
    """The focal tool's inputSchema, echoed back as it came."""
    tools = {t["name"]: t for t in await conn.list_tools()}
    await conn.call("json_schema_echo", {"schema": tools["json_schema_2020_12_tool"]["inputSchema"]})


async def request_state(conn):
    """Multi round-trip requests: each input_required answered, requestState echoed."""
    for tool in await conn.list_tools():
        await conn.call_answering(tool["name"], {})


SCENARIOS = {
    "initialize": initialize,
    "tools_call": tools_call,
    "elicitation-sep1034-client-defaults": elicitation_defaults,
    "sse-retry": sse_retry,
    "request-metadata": discover,
    "http-standard-headers": call_each_tool,
    "http-custom-headers": custom_headers,
    "http-invalid-tool-headers": call_each_tool,
    "json-schema-ref-no-deref": list_only,
    "json-schema-2020-12-preservation": schema_preservation,
    "sep-2322-client-request-state": request_state,
}


async def main() -> int:
    run = SCENARIOS.get(SCENARIO)
    if run is None:
        log(f"no such scenario here: {SCENARIO}")
        return 2
    # Elicitations are answered (accepted with the schema's defaults) where a scenario sends them.
    answers = ("elicitation-sep1034-client-defaults", "sep-2322-client-request-state")
    async with httpx.AsyncClient(timeout=30) as http:
        conn = await Connection(http, {"elicitation": {}} if SCENARIO in answers else {}).open()
        await run(conn)
        await conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
