"""python main.py PORT: Streamable HTTP on http://127.0.0.1:PORT/mcp (uvicorn); python main.py
--stdio: the same server over stdio. See serve.sh."""

import asyncio
import sys

import mcpwire
from tools import Session

MAX_LINE = 16 * 1024 * 1024


async def stdio() -> None:
    """One Session over stdin/stdout: mcpwire's line framer splits stdin into messages (each
    handled in its own task, so a cancellation can reach a call in progress); mcpwire's
    write_line frames what goes out."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=2 ** 16)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    out = sys.stdout.buffer
    session, framer, tasks = Session(), mcpwire.LineFramer(MAX_LINE), set()

    async def send(message: bytes) -> None:
        out.write(mcpwire.write_line(message))
        out.flush()

    async def handle(line: bytes) -> None:
        try:
            await session.handle(line, send)
        except asyncio.CancelledError:
            pass  # a call the client cancelled

    def frames(found) -> None:
        for frame in found:
            if frame["kind"] == "line":
                task = asyncio.create_task(handle(frame["line"]))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
            else:  # a line over the limit, skipped
                out.write(mcpwire.write_line(mcpwire.encode(mcpwire.failure_response(
                    "input_too_large", "a message longer than the server's limit"))))
                out.flush()

    while chunk := await reader.read(2 ** 16):
        frames(framer.feed(chunk))
    last = framer.finish()
    frames([] if last is None else [last])
    if tasks:
        await asyncio.wait(tasks)


def main() -> None:
    if sys.argv[1:] == ["--stdio"]:
        asyncio.run(stdio())
        return
    import uvicorn
    from http_app import App

    port = int(sys.argv[1])
    uvicorn.run(App(port), host="127.0.0.1", port=port, log_level="warning")


if __name__ == "__main__":
    main()
