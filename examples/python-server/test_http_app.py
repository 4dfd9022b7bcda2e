"""The ASGI app driven in-process (no socket): a cancel mid-call stops the tool on the
server, on both wires: on 2026-07-28 the client closing the response stream, on 2025-11-25
notifications/cancelled on the session."""

import asyncio
import json

import mcpwire
from http_app import App

URL_HEADERS = [(b"host", b"127.0.0.1:9")]
HOST = {"name": "test", "version": "1"}


class Request:
    """One ASGI HTTP request: what the app sent, and a way to drop the connection."""

    def __init__(self, app, method, headers, body):
        self.sent, self.gone = [], asyncio.Event()
        scope = {"type": "http", "method": method, "path": "/mcp", "headers": URL_HEADERS + headers}
        messages = [{"type": "http.request", "body": body, "more_body": False}]

        async def receive():
            if messages:
                return messages.pop()
            await self.gone.wait()
            return {"type": "http.disconnect"}

        async def send(message):
            self.sent.append(message)

        self.task = asyncio.create_task(app(scope, receive, send))

    def body(self) -> bytes:
        return b"".join(m.get("body", b"") for m in self.sent if m["type"] == "http.response.body")

    def header(self, name: bytes):
        start = next(m for m in self.sent if m["type"] == "http.response.start")
        return dict(start["headers"]).get(name)


async def until(condition):
    for _ in range(500):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("timed out")


def headers_for(message: bytes, version: str, session=None):
    pairs = mcpwire.client_request_headers(mcpwire.decode(message), version, None, session)
    return [(k.lower().encode(), v.encode()) for k, v in pairs]


def test_a_closed_stream_cancels_on_2026_07_28():
    async def main():
        app = App(9)
        client = mcpwire.Client("2026-07-28", HOST)
        client.assume_ready(True)
        _, _, wire = client.call_tool(0, "count", {"to": 100000, "intervalMs": 5}, progress=True)
        call = Request(app, "POST", headers_for(wire, "2026-07-28"), wire)
        await until(lambda: b"notifications/progress" in call.body())
        assert app.endpoint.exchange_count == 1 and len(app.tasks) == 1
        call.gone.set()
        await until(lambda: not app.tasks)
        await call.task
        assert app.endpoint.exchange_count == 0
        assert b'"result"' not in call.body()
    asyncio.run(main())


def test_notifications_cancelled_stops_the_tool_on_2025_11_25():
    async def main():
        app = App(9)
        client = mcpwire.Client("2025-11-25", HOST)
        _, hello = client.start(0)
        init = Request(app, "POST", headers_for(hello, "2025-11-25"), hello)
        await init.task
        session = init.header(b"mcp-session-id").decode()
        client.handle_input(init.body(), 0)
        initialized = client.poll_transmit()
        await Request(app, "POST", headers_for(initialized, "2025-11-25", session), initialized).task
        id, _, wire = client.call_tool(0, "count", {"to": 100000, "intervalMs": 5}, progress=True)
        call = Request(app, "POST", headers_for(wire, "2025-11-25", session), wire)
        await until(lambda: b"notifications/progress" in call.body())
        cancel = client.cancel(id, "enough")
        sent = Request(app, "POST", headers_for(cancel, "2025-11-25", session), cancel)
        await sent.task
        assert sent.sent[0]["status"] == 202
        await until(lambda: not app.tasks)
        await until(lambda: call.task.done())
        assert app.endpoint.exchange_count == 0
        assert b'"result"' not in call.body()
        assert json.loads(call.body().split(b"data: ")[1].split(b"\n")[0])["method"] == "notifications/progress"
    asyncio.run(main())


def test_input_required_over_http_2026():
    """test_streaming_elicitation over the 2026-07-28 wire: 400 and -32021 without the
    elicitation capability; with it, an input_required result (200), and after the retry the
    answer."""
    async def main():
        app = App(9)

        async def exchange(client, make):
            _, _, wire = make()
            request = Request(app, "POST", headers_for(wire, "2026-07-28"), wire)
            await request.task
            status = next(m for m in request.sent if m["type"] == "http.response.start")["status"]
            return status, client.handle_input(request.body(), 0)

        bare = mcpwire.Client("2026-07-28", HOST)
        bare.assume_ready(True)
        status, got = await exchange(bare, lambda: bare.call_tool(0, "test_streaming_elicitation"))
        assert status == 400 and got["error"]["code"] == -32021

        client = mcpwire.Client("2026-07-28", HOST, {"elicitation": {}})
        client.assume_ready(True)
        status, got = await exchange(client, lambda: client.call_tool(0, "test_streaming_elicitation"))
        assert status == 200 and got["event"] == "input_required"
        answer = {"user_name": {"action": "accept", "content": {"name": "Ada"}}}
        status, got = await exchange(
            client, lambda: client.retry_tool(0, "test_streaming_elicitation", None, answer))
        assert status == 200 and got["event"] == "tool_result"
        assert json.loads(got["result"]["content"][0]["text"]) == answer

    asyncio.run(main())
