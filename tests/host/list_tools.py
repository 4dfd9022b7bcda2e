"""Writes the raw tools/list results of MCP servers run over stdio (every page) to a JSON file.

Usage: python3 list_tools.py OUT.json -- COMMAND ARGS...
The file holds {"server": COMMAND..., "pages": [result, ...]}: each page exactly as the server sent it.
"""
import json
import subprocess
import sys


def main():
    out, cmd = sys.argv[1], sys.argv[sys.argv.index("--") + 1:]
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def send(msg):
        p.stdin.write(json.dumps(msg) + "\n")
        p.stdin.flush()

    def answer(id_):
        while True:
            line = p.stdout.readline()
            if not line:
                raise SystemExit("server closed")
            msg = json.loads(line)
            if msg.get("id") == id_:
                return msg

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "mcpwire-fixtures", "version": "0"}}})
    answer(1)
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    pages, cursor, n = [], None, 2
    while True:
        params = {"cursor": cursor} if cursor else {}
        result = answer_id = None
        send({"jsonrpc": "2.0", "id": n, "method": "tools/list", "params": params})
        result = answer(n)["result"]
        pages.append(result)
        cursor = result.get("nextCursor")
        n += 1
        if not cursor:
            break
    p.terminate()
    with open(out, "w") as f:
        json.dump({"server": " ".join(cmd[-2:]), "pages": pages}, f, indent=1)
        f.write("\n")


main()
