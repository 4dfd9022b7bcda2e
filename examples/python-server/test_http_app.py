"""The ASGI app driven in-process (no socket): a cancel mid-call stops the tool on the
server, on both wires: on 2026-07-28 the client closing the response stream, on 2025-11-25
notifications/cancelled on the session. The client side is mcpwire's Client and HttpClient."""

import asyncio
import json

import mcpwire
import tools
from http_app import App

URL_HEADERS = [(b"host", b"127.0.0.1:9")]
HOST = {"name": "test", "version": "1"}


class Request:
    """One ASGI HTTP request: what the app sent, and a way to drop the connection."""

    def __init__(self, app, method, headers, body):
        self.sent, self.gone, self.fed, self.kind = [], asyncio.Event(), 0, None
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

    def read(self, wire, exchange, client):
        """Feeds what the app sent since the last call to the HttpClient: the Client's events
        for the messages in it."""
        for m in self.sent[self.fed:]:
            if m["type"] == "http.response.start":
                self.kind = wire.handle_response(exchange, m["status"], m["headers"])
            elif self.kind in ("json", "sse"):
                wire.handle_body(exchange, m.get("body", b""))
                if not m.get("more_body", False):
                    wire.handle_end(exchange)
        self.fed = len(self.sent)
        return [client.handle_input(m["message"], 0) for m in iter(wire.poll_message, None)]


async def until(condition):
    for _ in range(500):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("timed out")


def post(app, wire, message):
    """The POST the HttpClient writes for `message`, sent to the app: (exchange, request)."""
    req = wire.request(message)
    headers = [(k.lower().encode(), v.encode()) for k, v in req["headers"]]
    return req["exchange"], Request(app, "POST", headers, req["body"])


async def until_progress(call, wire, exchange, client):
    seen = []
    await until(lambda: seen.extend(call.read(wire, exchange, client)) or any(e["event"] == "progress" for e in seen))
    return seen


def test_a_closed_stream_cancels_on_2026_07_28():
    async def main():
        app = App(9)
        client, wire = mcpwire.Client("2026-07-28", HOST), mcpwire.HttpClient("2026-07-28")
        client.assume_ready(True)
        _, _, message = client.call_tool(0, "count", {"to": 100000, "intervalMs": 5}, progress=True)
        exchange, call = post(app, wire, message)
        await until_progress(call, wire, exchange, client)
        assert call.kind == "sse"
        assert app.endpoint.exchange_count == 1 and len(app.tasks) == 1
        call.gone.set()
        assert wire.close(exchange)
        await until(lambda: not app.tasks)
        await call.task
        assert app.endpoint.exchange_count == 0
        assert b'"result"' not in call.body()
    asyncio.run(main())


def test_notifications_cancelled_stops_the_tool_on_2025_11_25():
    async def main():
        app = App(9)
        client, wire = mcpwire.Client("2025-11-25", HOST), mcpwire.HttpClient("2025-11-25")
        _, hello = client.start(0)
        exchange, init = post(app, wire, hello)
        await init.task
        assert init.read(wire, exchange, client)[-1]["event"] == "ready"
        assert wire.session_id is not None
        exchange, initialized = post(app, wire, client.poll_transmit())
        await initialized.task
        assert initialized.read(wire, exchange, client) == [] and initialized.kind == "empty"
        id, _, message = client.call_tool(0, "count", {"to": 100000, "intervalMs": 5}, progress=True)
        exchange, call = post(app, wire, message)
        await until_progress(call, wire, exchange, client)
        cancel_exchange, sent = post(app, wire, client.cancel(id, "enough"))
        await sent.task
        assert sent.read(wire, cancel_exchange, client) == [] and sent.kind == "empty"
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
            _, _, message = make()
            wire = mcpwire.HttpClient("2026-07-28")
            sent, request = post(app, wire, message)
            await request.task
            status = next(m for m in request.sent if m["type"] == "http.response.start")["status"]
            (got,) = request.read(wire, sent, client)
            return status, got

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


def test_reconnection_closes_the_response_and_answers_on_the_resumed_stream():
    """test_reconnection on 2025-11-25: the POST response ends after the priming event with
    retry; a GET with Last-Event-ID gets the result."""
    async def main():
        app = App(9)
        client, wire = mcpwire.Client("2025-11-25", HOST), mcpwire.HttpClient("2025-11-25")
        _, hello = client.start(0)
        exchange, init = post(app, wire, hello)
        await init.task
        init.read(wire, exchange, client)
        exchange, initialized = post(app, wire, client.poll_transmit())
        await initialized.task
        _, _, message = client.call_tool(0, "test_reconnection", {})
        exchange, call = post(app, wire, message)
        await call.task  # the response ended, the call goes on
        assert call.sent[0]["status"] == 200 and call.sent[-1]["more_body"] is False
        (priming,) = [e for e in mcpwire.SseDecoder().feed(call.body()) if e["kind"] == "event"]
        assert (priming["data"], priming["retry"]) == ("", tools.BY_NAME["test_reconnection"]["reconnect"]["retryMs"])
        assert b'"result"' not in call.body() and app.endpoint.exchange_count == 1
        headers = [(b"accept", b"text/event-stream"), (b"mcp-session-id", wire.session_id.encode()),
                   (b"mcp-protocol-version", b"2025-11-25"), (b"last-event-id", priming["id"].encode())]
        resumed = Request(app, "GET", headers, b"")
        await until(lambda: b'"result"' in resumed.body())
        await resumed.task
        (answer,) = [json.loads(e["data"]) for e in mcpwire.SseDecoder().feed(resumed.body()) if e["data"]]
        assert answer["result"]["content"] == tools.BY_NAME["test_reconnection"]["reconnect"]["result"]["content"]
        assert app.endpoint.exchange_count == 0
    asyncio.run(main())
