"""The example's Streamable HTTP form: an ASGI app (run by uvicorn, see serve.sh) serving
both wires, 2025-11-25 with sessions and 2026-07-28 stateless, on one endpoint, /mcp.

Everything HTTP about MCP (which wire a request is on, header checks, session ids, statuses,
JSON or SSE, resumption, cancellation by a closed stream, a response closed mid-call for the
client to resume) is mcpwire's HttpEndpoint: this module moves bytes between it and ASGI and
runs the tools (tools.answer)."""

import asyncio
import os

import mcpwire
from tools import CAPABILITIES, LIST, SERVER_INFO, TOOLS, VERSIONS, Responder, answer, now, respond

MAX_BODY = 16 * 1024 * 1024


class App:
    def __init__(self, port: int) -> None:
        origins = [f"http://{host}:{port}" for host in ("127.0.0.1", "localhost", "[::1]")]
        self.endpoint = mcpwire.HttpEndpoint(SERVER_INFO, CAPABILITIES, versions=VERSIONS, tools=TOOLS,
                                             allowed_origins=origins)
        # exchange -> the queue of the connection writing its replies (none while the
        # client is away: the endpoint keeps 2025-11-25 events for resumption)
        self.outlets: dict = {}
        self.tasks: dict = {}

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "lifespan":
            while (message := await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        if scope["type"] != "http":
            return
        if scope["path"] != "/mcp":
            await write(send, {"status": 404, "headers": [], "body": b"", "done": True})
            return
        body = bytearray()
        while True:
            message = await receive()
            body += message.get("body", b"")
            if len(body) > MAX_BODY:
                await write(send, {"status": 413, "headers": [], "body": b"", "done": True})
                return
            if not message.get("more_body"):
                break
        handled = self.endpoint.handle(scope["method"], scope["headers"], bytes(body), now(), os.urandom(32))
        # A 2025 notifications/cancelled names the call to stop.
        while (cancelled := self.endpoint.poll_cancelled()) is not None:
            task = self.tasks.get(cancelled)
            if task is not None:
                task.cancel()
        if handled["kind"] == "reply":
            await write(send, handled)
            return
        exchange = handled["exchange"]
        queue = self.outlets[exchange] = asyncio.Queue()
        if handled["kind"] == "call":
            self.tasks[exchange] = asyncio.create_task(self.run(exchange, handled["request"]))
        else:  # a GET stream (2025-11-25), maybe resuming a call still running
            queue.put_nowait(handled)
        await self.pump(exchange, queue, receive, send)

    async def pump(self, exchange: int, queue: asyncio.Queue, receive, send) -> None:
        """Writes the exchange's replies until one ends the response or the client leaves."""
        await asyncio.sleep(0)  # a quick tool (echo) answers right away: no watcher needed
        while not queue.empty():
            reply = queue.get_nowait()
            await write(send, reply)
            if reply["done"]:
                if self.outlets.get(exchange) is queue:  # (not a resumed stream's)
                    del self.outlets[exchange]
                return
        gone = asyncio.create_task(wait_disconnect(receive))
        try:
            while True:
                reply = asyncio.create_task(queue.get())
                await asyncio.wait({reply, gone}, return_when=asyncio.FIRST_COMPLETED)
                if not reply.done():
                    reply.cancel()
                    if self.endpoint.stream_closed(exchange):  # 2026-07-28: that cancels
                        task = self.tasks.get(exchange)
                        if task is not None:
                            task.cancel()
                    return
                await write(send, reply.result())
                if reply.result()["done"]:
                    return
        finally:
            gone.cancel()
            if self.outlets.get(exchange) is queue:
                del self.outlets[exchange]

    def emit(self, exchange: int, reply: dict) -> None:
        queue = self.outlets.get(exchange)
        if queue is not None:
            queue.put_nowait(reply)

    async def run(self, exchange: int, request: dict) -> None:
        try:
            if request["event"] == "list_tools":
                self.emit(exchange, self.endpoint.respond_list(exchange, LIST))
                return

            async def report(progress, total):
                if request["progressToken"] is not None:
                    self.emit(exchange, self.endpoint.notify_progress(exchange, progress, total))

            def close_connection(retry_ms):
                # 2025-11-25 only (a closed 2026-07-28 response would cancel the call): the
                # endpoint keeps what follows for the client's GET with Last-Event-ID.
                try:
                    self.emit(exchange, self.endpoint.close_connection(exchange, retry_ms))
                except mcpwire.DecodeError:
                    pass  # the 2026-07-28 wire: the answer comes on this response

            outcome = await answer(request["name"], request["arguments"], report, request, close_connection)
            self.emit(exchange, respond(Responder(self.endpoint, exchange), outcome))
        except (asyncio.CancelledError, mcpwire.Error) as e:
            # Cancelled (a closed 2026-07-28 stream, or notifications/cancelled making the
            # next progress fail), or the session ended: end the exchange; the endpoint
            # suppresses what a cancelled request may not send.
            try:
                self.emit(exchange, self.endpoint.respond_failure(exchange, "tool_execution_failed", str(e)))
            except mcpwire.Error:
                pass
        finally:
            self.tasks.pop(exchange, None)


async def wait_disconnect(receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


async def write(send, reply: dict) -> None:
    if reply["status"] is not None:
        headers = [(k.lower().encode(), v.encode()) for k, v in reply["headers"]]
        if reply["done"]:  # a whole response: its length, not chunked
            headers.append((b"content-length", str(len(reply["body"])).encode()))
        await send({"type": "http.response.start", "status": reply["status"], "headers": headers})
    await send({"type": "http.response.body", "body": reply["body"], "more_body": not reply["done"]})
