"""The desktop device server's stdio wire, byte for byte (no SDK: SDK clients cannot send
malformed lines): malformed and over-long lines get their errors and serving goes on; a
cancel on the wire stops a calibration; the server exits 0 when stdin closes.

Run by examples/device-server/test.sh with DEVICE_SERVER set to the desktop binary.
"""

import json
import os
import select
import subprocess

import pytest

MAX_LINE = 2048  # device_server::MAX_LINE
INIT = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "wire", "version": "1"},
    },
}


class Device:
    def __init__(self):
        self.p = subprocess.Popen(
            [os.environ["DEVICE_SERVER"]], stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        self.pending = b""

    def write(self, data: bytes):
        self.p.stdin.write(data)
        self.p.stdin.flush()

    def send(self, message):
        self.write(json.dumps(message).encode() + b"\n")

    def read(self):
        """The next message; fails (not hangs) if none comes within 10 s."""
        while b"\n" not in self.pending:
            ready, _, _ = select.select([self.p.stdout], [], [], 10)
            assert ready, "no answer from the device server"
            chunk = os.read(self.p.stdout.fileno(), 65536)
            assert chunk, "the device server closed stdout"
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return json.loads(line)

    def close(self):
        """Closes stdin; returns what was still written, and the exit status."""
        self.p.stdin.close()
        rest = self.pending + self.p.stdout.read()
        return [json.loads(l) for l in rest.splitlines()], self.p.wait(timeout=10)


@pytest.fixture
def device():
    d = Device()
    d.send(INIT)
    assert d.read()["result"]["protocolVersion"] == "2025-11-25"
    d.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    yield d
    if d.p.poll() is None:
        d.p.kill()
        d.p.wait()


def ping(d, id):
    d.send({"jsonrpc": "2.0", "id": id, "method": "ping"})
    assert d.read() == {"jsonrpc": "2.0", "id": id, "result": {}}


def test_malformed_lines_get_their_errors_and_serving_goes_on(device):
    d = device
    cases = [
        (b"{not json}\n", -32700, "unexpected_byte", None),
        (b'{"jsonrpc":"2.0","id":1,"method":"ping"\n', -32700, "unexpected_end", 1),
        (b'{"jsonrpc":"2.0","id":2,"id":3,"method":"ping"}\n', -32700, "duplicate_key", 2),
        (b'{"jsonrpc":"1.0","id":4,"method":"ping"}\n', -32600, "invalid_jsonrpc_version", 4),
        (b"[1,2]\n", -32600, "not_an_object", None),
        (b'{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{}}\n', -32602, "missing_field", 5),
        (b'{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"calibrate","arguments":[]}}\n', -32602, "wrong_type", 6),
        (b'{"jsonrpc":"2.0","id":7,"method":"sampling/createMessage"}\n', -32601, "method_not_found", 7),
        (b"\xff\xfe\n", -32700, "invalid_utf8", None),
    ]
    for line, code, kind, id in cases:
        d.write(line)
        r = d.read()
        assert (r["error"]["code"], r["error"]["data"]["kind"]) == (code, kind), line
        assert r.get("id") == id, line
    # Blank lines and CRLF line ends are fine; a malformed notification gets no answer.
    d.write(b"\n  \r\n")
    d.write(b'{"jsonrpc":"2.0","method":"notifications/cancelled","params":{}}\r\n')
    ping(d, 8)
    d.send({"jsonrpc": "2.0", "id": 9, "method": "tools/call",
           "params": {"name": "read_sensor", "arguments": {"channel": "humidity"}}})
    assert d.read()["result"]["structuredContent"]["unit"] == "%RH"


def test_over_long_lines_are_refused_whole_and_serving_goes_on(device):
    d = device
    pad = "x" * MAX_LINE
    long = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"p": pad}})
    # Written in one piece, then in pieces smaller than the server's reads.
    d.write(long.encode() + b"\n")
    for i in range(0, len(long), 100):
        d.write(long[i : i + 100].encode())
    d.write(b"\n")
    for _ in range(2):
        r = d.read()
        assert r["error"]["data"]["kind"] == "input_too_large"
        assert r["error"]["code"] == -32700
        assert "id" not in r, "the id was past the limit: never read"
    # A line of exactly MAX_LINE bytes is served.
    exact = {"jsonrpc": "2.0", "id": 2, "method": "ping", "params": {"p": ""}}
    exact["params"]["p"] = "y" * (MAX_LINE - len(json.dumps(exact)))
    assert len(json.dumps(exact)) == MAX_LINE
    d.send(exact)
    assert d.read() == {"jsonrpc": "2.0", "id": 2, "result": {}}
    ping(d, 3)


def test_a_cancel_on_the_wire_stops_the_calibration(device):
    d = device
    d.send({"jsonrpc": "2.0", "id": "cal", "method": "tools/call", "params": {
        "name": "calibrate", "arguments": {"reference": 25, "samples": 50},
        "_meta": {"progressToken": "tok"}}})
    first = d.read()
    assert first["method"] == "notifications/progress"
    assert first["params"]["progress"] == 1 and first["params"]["total"] == 50
    d.send({"jsonrpc": "2.0", "method": "notifications/cancelled",
            "params": {"requestId": "cal", "reason": "stop"}})
    d.send({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "set_mode", "arguments": {"mode": "sleep"}}})
    # Progress already on its way may come first; nothing else for "cal".
    while True:
        m = d.read()
        if m.get("id") == 1:
            break
        assert m["method"] == "notifications/progress", m
        assert m["params"]["progressToken"] == "tok"
    assert "isError" not in m["result"], m  # the calibration no longer holds the sensor
    rest, status = d.close()
    assert all(m.get("id") != "cal" for m in rest), rest
    assert status == 0


def test_a_last_line_without_line_end_is_answered_at_eof():
    d = Device()
    d.write(json.dumps(INIT).encode() + b"\n" + b'{"jsonrpc":"2.0","id":1,"method":"ping"}')
    rest, status = d.close()
    assert [m["id"] for m in rest] == [0, 1]
    assert rest[1]["result"] == {}
    assert status == 0
