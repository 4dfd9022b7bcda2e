"""Protocol state: a Client and a Server driven against each other on a virtual clock.

Nothing here sleeps: `now` is a plain integer of milliseconds the test advances by hand, and
every byte string one side returns is handed to the other."""

import json

import pytest

import mcpwire

KEY = bytes(range(16))
HOST = {"name": "host", "version": "1.0"}
SERVER = {"name": "srv", "version": "2.0"}
ONE_TOOL = {"content": [{"type": "text", "text": "ok"}]}


class Link:
    """One client and one server with a shared virtual clock."""

    def __init__(self, version="2025-11-25", versions=None, capabilities=None, **options):
        self.now = 0
        self.client = mcpwire.Client(version, HOST, **options)
        caps = {"tools": {"listChanged": True}} if capabilities is None else capabilities
        self.server = mcpwire.Server(versions or [version], SERVER, caps)

    def to_server(self, data):
        return self.server.handle_input(data, self.now)

    def to_client(self, data):
        return self.client.handle_input(data, self.now)

    def handshake(self):
        _, hello = self.client.start(self.now)
        assert self.to_server(hello) == {"event": "handshake"}
        ready = self.to_client(self.server.poll_transmit())
        assert self.server.poll_transmit() is None
        initialized = self.client.poll_transmit()
        if initialized is not None:  # 2025-xx only
            assert json.loads(initialized)["method"] == "notifications/initialized"
            assert self.to_server(initialized)["event"] == "other"
        return ready

    def call(self, name="t", arguments=None, **kw):
        """call_tool on the client, delivered to the server; returns (id, token, server event)."""
        id, token, wire = self.client.call_tool(self.now, name, arguments, **kw)
        event = self.to_server(wire)
        assert event["event"] == "call_tool"
        return id, token, event


@pytest.fixture
def link():
    link = Link()
    link.handshake()
    return link


# ---- handshake --------------------------------------------------------------------------------

def test_handshake_2025_11_25():
    link = Link("2025-11-25")
    assert not link.client.is_ready()
    id, hello = link.client.start(0)
    assert isinstance(id, int) and isinstance(hello, bytes)
    msg = mcpwire.decode(hello)
    assert msg["method"] == "initialize"
    assert msg["params"]["protocolVersion"] == "2025-11-25"
    assert msg["params"]["clientInfo"] == HOST
    assert link.to_server(hello) == {"event": "handshake"}
    answer = mcpwire.decode(link.server.poll_transmit())
    assert answer["id"] == id and answer["result"]["serverInfo"] == SERVER
    ready = link.to_client(mcpwire.encode(answer))
    assert ready == {"event": "ready", "version": "2025-11-25", "tools": {"listChanged": True}}
    assert link.client.is_ready()
    assert link.client.catalog_stale()
    initialized = link.client.poll_transmit()
    assert mcpwire.decode(initialized) == {"jsonrpc": "2.0", "method": "notifications/initialized"}
    assert link.client.poll_transmit() is None


def test_handshake_2026_07_28_discovery():
    link = Link("2026-07-28", versions=["2026-07-28", "2025-11-25"])
    _, hello = link.client.start(0)
    msg = mcpwire.decode(hello)
    assert msg["method"] == "server/discover"
    meta = msg["params"]["_meta"]
    assert meta["io.modelcontextprotocol/protocolVersion"] == "2026-07-28"
    assert meta["io.modelcontextprotocol/clientInfo"] == HOST
    link.to_server(hello)
    answer = link.server.poll_transmit()
    assert mcpwire.decode(answer)["result"]["supportedVersions"] == ["2026-07-28", "2025-11-25"]
    assert link.to_client(answer)["event"] == "ready"
    assert link.client.poll_transmit() is None  # no initialized notification in 2026-07-28
    # Every request carries the version, capabilities and client info in _meta.
    _, _, wire = link.client.call_tool(1, "t", {})
    assert "io.modelcontextprotocol/protocolVersion" in mcpwire.decode(wire)["params"]["_meta"]


def test_handshake_fails_when_the_server_lacks_the_version():
    link = Link("2026-07-28", versions=["2025-11-25"])
    _, hello = link.client.start(0)
    link.to_server(hello)
    assert link.to_client(link.server.poll_transmit()) == {"event": "handshake_failed"}
    assert not link.client.is_ready()


def test_older_server_version_is_accepted_by_a_2025_client():
    link = Link("2025-11-25", versions=["2025-06-18"])
    assert link.handshake()["version"] == "2025-06-18"


# ---- paging with page() -----------------------------------------------------------------------

CATALOG = [{"name": f"tool_{i:03}", "inputSchema": {"type": "object"}} for i in range(150)]


def serve_list(link, event, catalog_version=1):
    p = mcpwire.page(KEY, len(CATALOG), 40, event["cursor"], catalog_version)
    result = {"tools": CATALOG[p["start"]:p["end"]]}
    if p["nextCursor"] is not None:
        result["nextCursor"] = p["nextCursor"]
    return link.server.respond_list(event["id"], result)


def test_paging_a_150_tool_catalog(link):
    _, wire = link.client.list_tools(link.now)
    names, pages = [], []
    while wire is not None:
        event = link.to_server(wire)
        assert event["event"] == "list_tools"
        got = link.to_client(serve_list(link, event))
        assert got["event"] == "tools_page"
        pages.append(got)
        names += [t["name"] for t in got["result"]["tools"]]
        wire = link.client.poll_transmit()  # the next page's request, queued by the pager
    assert [len(p["result"]["tools"]) for p in pages] == [40, 40, 40, 30]
    assert [p["stop"] for p in pages] == [None, None, None, "complete"]
    assert names == [t["name"] for t in CATALOG]
    assert not link.client.catalog_stale()
    assert link.client.in_flight() == 0


def test_page_function():
    first = mcpwire.page(KEY, 150, 40, None, 1)
    assert first["start"] == 0 and first["end"] == 40 and len(first["nextCursor"]) == 28
    last = mcpwire.page(KEY, 150, 40, mcpwire.page(KEY, 150, 40, mcpwire.page(
        KEY, 150, 40, first["nextCursor"], 1)["nextCursor"], 1)["nextCursor"], 1)
    assert (last["start"], last["end"], last["nextCursor"]) == (120, 150, None)
    assert mcpwire.page(KEY, 0, 40, None, 1) == {"start": 0, "end": 0, "nextCursor": None}


def test_tampered_cursor_is_invalid_cursor():
    cursor = mcpwire.page(KEY, 150, 40, None, 1)["nextCursor"]
    tampered = cursor[:-1] + ("A" if cursor[-1] != "A" else "B")
    for bad in (tampered, "bogus", cursor[:20]):
        with pytest.raises(mcpwire.DecodeError) as info:
            mcpwire.page(KEY, 150, 40, bad, 1)
        assert (info.value.kind, info.value.code) == ("invalid_cursor", -32602)
    # Another server's key, and a catalog that changed since: stale.
    for key, version in ((bytes(16), 1), (KEY, 2)):
        with pytest.raises(mcpwire.DecodeError) as info:
            mcpwire.page(key, 150, 40, cursor, version)
        assert info.value.kind == "invalid_cursor"


def test_tampered_cursor_over_the_wire_becomes_a_32602_response(link):
    _, wire = link.client.list_tools(0)
    link.to_client(serve_list(link, link.to_server(wire)))
    request = mcpwire.decode(link.client.poll_transmit())
    request["params"]["cursor"] = "x" + request["params"]["cursor"][1:]
    event = link.to_server(mcpwire.encode(request))
    with pytest.raises(mcpwire.DecodeError) as info:
        serve_list(link, event)
    err = info.value
    answer = link.server.respond_failure(event["id"], err.kind, str(err))
    got = link.to_client(answer)
    assert got["event"] == "error" and got["method"] == "tools/list"
    assert got["error"]["code"] == -32602 and got["error"]["data"] == {"kind": "invalid_cursor"}


def test_page_arguments():
    with pytest.raises(mcpwire.DecodeError) as info:
        mcpwire.page(b"short", 10, 5, None, 1)
    assert info.value.kind == "invalid_value"
    with pytest.raises(TypeError):
        mcpwire.page("0123456789abcdef", 10, 5, None, 1)
    with pytest.raises(OverflowError):
        mcpwire.page(KEY, -1, 5, None, 1)


# ---- calls with progress ----------------------------------------------------------------------

@pytest.mark.parametrize("progress, token", [(True, 0), (0, 0), ("", ""), ("job-7", "job-7"), (None, None),
                                             (False, None)])
def test_call_with_progress_tokens(link, progress, token):
    id, got_token, event = link.call("lookup", {"q": "x"}, progress=progress)
    assert got_token == token and type(got_token) is type(token)
    assert event["name"] == "lookup" and event["arguments"] == {"q": "x"}
    assert event["progressToken"] == token and type(event["progressToken"]) is type(token)
    if token is not None:
        for i, total in ((1, 3), (2.5, 3), (3, None)):
            link.now += 1
            note = link.server.notify_progress(event["id"], i, total, f"step {i}")
            assert mcpwire.decode(note)["params"]["progressToken"] == token
            assert link.to_client(note) == {"event": "progress", "id": id, "progress": i, "total": total,
                                            "message": f"step {i}"}
        with pytest.raises(mcpwire.DecodeError, match="increase"):
            link.server.notify_progress(event["id"], 1)
    else:
        with pytest.raises(mcpwire.DecodeError, match="no progress token"):
            link.server.notify_progress(event["id"], 1)
    done = link.server.respond_tool(event["id"], ONE_TOOL)
    assert link.to_client(done) == {"event": "tool_result", "id": id, "class": "success", "result": ONE_TOOL}
    assert link.client.in_flight() == 0 and link.server.in_flight() == 0


def test_auto_tokens_are_fresh_and_given_tokens_unique(link):
    _, a, _ = link.call(progress=True)
    _, b, _ = link.call(progress=True)
    assert a != b
    link.call(progress="mine")
    with pytest.raises(mcpwire.DecodeError) as info:
        link.client.call_tool(0, "t", progress="mine")
    assert info.value.kind == "invalid_value"


def test_cancel_mid_progress_suppresses_the_response(link):
    id, token, event = link.call(progress=True)
    link.now = 5
    assert link.to_client(link.server.notify_progress(event["id"], 1, 10))["event"] == "progress"
    cancel = link.client.cancel(id, "user stopped it")
    assert mcpwire.decode(cancel)["params"] == {"requestId": id, "reason": "user stopped it"}
    assert link.client.cancel(id) is None  # no longer in flight
    assert link.client.in_flight() == 0
    assert link.to_server(cancel) == {"event": "cancelled", "id": id, "known": True}
    with pytest.raises(mcpwire.DecodeError, match="cancelled"):
        link.server.notify_progress(event["id"], 2, 10)
    assert link.server.respond_tool(event["id"], ONE_TOOL) is None
    assert link.server.in_flight() == 0
    assert link.server.poll_transmit() is None


def test_cancelled_failure_is_suppressed_too(link):
    id, _, event = link.call()
    link.to_server(link.client.cancel(id))
    assert link.server.respond_failure(event["id"], "tool_execution_failed", "late") is None


def test_time_out_via_the_timer_api():
    link = Link(default_timeout=500)
    link.handshake()
    assert link.client.poll_timeout() is None
    link.now = 10
    id, _, event = link.call("slow")
    assert link.client.poll_timeout() == 510
    link.now = 509
    link.client.handle_timeout(link.now)
    assert link.client.poll_event() is None and link.client.poll_transmit() is None
    link.now = link.client.poll_timeout()
    link.client.handle_timeout(link.now)
    assert link.client.poll_event() == {"event": "timed_out", "id": id, "method": "tools/call"}
    assert link.client.poll_event() is None
    cancel = link.client.poll_transmit()
    assert mcpwire.decode(cancel)["params"] == {"requestId": id, "reason": "timeout"}
    assert link.client.poll_timeout() is None and link.client.in_flight() == 0
    assert link.to_server(cancel)["event"] == "cancelled"
    assert link.server.respond_tool(event["id"], ONE_TOOL) is None


def test_per_call_timeout_and_progress_reset():
    link = Link(reset_timeout_on_progress=True, max_timeout=300)
    link.handshake()
    id, _, event = link.call(timeout=100, progress=True)
    assert link.client.poll_timeout() == 100
    link.now = 90
    link.to_client(link.server.notify_progress(event["id"], 1))
    assert link.client.poll_timeout() == 190  # restarted by progress
    link.now = 250
    link.to_client(link.server.notify_progress(event["id"], 2))
    assert link.client.poll_timeout() == 300  # never past max_timeout
    link.client.handle_timeout(300)
    assert link.client.poll_event()["id"] == id


# ---- tool errors and protocol errors -----------------------------------------------------------

def test_tool_error_via_respond_failure(link):
    id, _, event = link.call("flaky", {"n": 1})
    wire = link.server.respond_failure(event["id"], "tool_execution_failed", "backend down")
    assert mcpwire.decode(wire)["result"] == {"content": [{"type": "text", "text": "backend down"}], "isError": True}
    got = link.to_client(wire)
    assert (got["event"], got["id"], got["class"]) == ("tool_result", id, "tool_error")
    assert got["result"]["isError"] is True


def test_protocol_error_via_respond_failure(link):
    id, _, event = link.call("nope")
    got = link.to_client(link.server.respond_failure(event["id"], "unknown_tool", "Unknown tool: nope"))
    assert got == {"event": "error", "id": id, "method": "tools/call",
                   "error": {"code": -32602, "message": "Unknown tool: nope", "data": {"kind": "unknown_tool"}}}
    with pytest.raises(mcpwire.DecodeError) as info:
        link.server.respond_failure(event["id"], "no_such_kind", "x")
    assert info.value.kind == "invalid_value"


# ---- late messages ----------------------------------------------------------------------------

def test_response_after_cancel(link):
    id, _, event = link.call()
    link.client.cancel(id)
    # The server answered before the cancellation reached it.
    response = link.server.respond_tool(event["id"], ONE_TOOL)
    assert link.to_client(response) == {"event": "late", "reason": "response_after_cancel"}


def test_duplicate_response(link):
    id, _, event = link.call()
    response = link.server.respond_tool(event["id"], ONE_TOOL)
    assert link.to_client(response)["event"] == "tool_result"
    assert link.to_client(response) == {"event": "late", "reason": "duplicate_response"}


def test_unknown_token_and_unknown_response(link):
    note = mcpwire.encode({"jsonrpc": "2.0", "method": "notifications/progress",
                           "params": {"progressToken": "nobody", "progress": 1}})
    assert link.to_client(note) == {"event": "late", "reason": "progress_unknown_token"}
    stray = b'{"jsonrpc":"2.0","id":999,"result":{"content":[]}}'
    assert link.to_client(stray) == {"event": "late", "reason": "unknown_response"}


def test_progress_after_finish(link):
    id, _, event = link.call(progress="p")
    note = link.server.notify_progress(event["id"], 1)
    link.to_client(link.server.respond_tool(event["id"], ONE_TOOL))
    assert link.to_client(note) == {"event": "late", "reason": "progress_after_finish"}


# ---- capability gate ---------------------------------------------------------------------------

def test_server_without_tools_refuses_with_32601():
    link = Link(capabilities={})
    assert link.handshake()["tools"] is None
    for wire in (b'{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"x"}}',
                 b'{"jsonrpc":"2.0","id":6,"method":"tools/list"}'):
        event = link.to_server(wire)
        assert event == {"event": "refused", "id": json.loads(wire)["id"], "kind": "method_not_found", "code": -32601}
        answer = mcpwire.decode(link.server.poll_transmit())
        assert answer["error"]["code"] == -32601


def test_client_refuses_locally_without_tools():
    link = Link(capabilities={})
    link.handshake()
    for attempt in (lambda: link.client.call_tool(0, "x"), lambda: link.client.list_tools(0)):
        with pytest.raises(mcpwire.DecodeError) as info:
            attempt()
        assert (info.value.kind, info.value.code, info.value.offset) == ("method_not_found", -32601, 0)
    assert link.client.in_flight() == 0 and link.client.poll_transmit() is None


def test_assume_ready_skips_the_handshake():
    client = mcpwire.Client("2025-11-25", HOST)
    with pytest.raises(mcpwire.DecodeError) as info:
        client.call_tool(0, "x")  # tools not known yet: refused locally
    assert info.value.kind == "method_not_found"
    client.assume_ready(True)
    assert client.is_ready()
    id, _, wire = client.call_tool(0, "x")
    assert mcpwire.decode(wire)["id"] == id
    gated = mcpwire.Client("2025-11-25", HOST)
    gated.assume_ready(tools=False)
    with pytest.raises(mcpwire.DecodeError):
        gated.list_tools(0)


def test_list_changed_marks_the_catalog_stale(link):
    _, wire = link.client.list_tools(0)
    while wire is not None:
        link.to_client(serve_list(link, link.to_server(wire)))
        wire = link.client.poll_transmit()
    assert not link.client.catalog_stale()
    note = b'{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}'
    assert link.to_client(note) == {"event": "tool_list_changed"}
    assert link.client.catalog_stale()


# ---- errors, inputs and misuse -----------------------------------------------------------------

def test_invalid_input_raises_decode_error_with_offset(link):
    with pytest.raises(mcpwire.DecodeError) as info:
        link.client.handle_input(b'{"jsonrpc":"2.0","id":1,"id":2}', 0)
    assert (info.value.kind, info.value.code, info.value.offset) == ("duplicate_key", -32700, 24)
    # The server turns an invalid message into a refusal (and a queued answer) instead.
    event = link.server.handle_input(b'{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{}}', 0)
    assert event["event"] == "refused" and event["id"] == 7 and event["code"] == -32602
    assert mcpwire.decode(link.server.poll_transmit())["id"] == 7


def test_inputs_may_be_bytes_bytearray_or_str(link):
    id, _, event = link.call()
    wire = link.server.respond_tool(event["id"], ONE_TOOL)
    assert link.client.handle_input(wire.decode(), 0)["event"] == "tool_result"
    id, _, event = link.call()
    wire = link.server.respond_tool(event["id"], ONE_TOOL)
    assert link.client.handle_input(bytearray(wire), 0)["event"] == "tool_result"
    with pytest.raises(TypeError):
        link.client.handle_input(memoryview(wire), 0)


def test_misuse_is_a_decode_error_or_type_error():
    with pytest.raises(mcpwire.DecodeError) as info:
        mcpwire.Client("1999-01-01", HOST)
    assert info.value.kind == "invalid_value" and "version" in str(info.value)
    with pytest.raises(mcpwire.DecodeError):
        mcpwire.Server(["2025-11-25", "nope"], SERVER, {})
    with pytest.raises(TypeError):
        mcpwire.Server("2025-11-25", SERVER, {})  # a list of versions, not a str
    client = mcpwire.Client("2025-11-25", HOST)
    client.assume_ready(True)
    with pytest.raises(mcpwire.DecodeError) as info:
        client.call_tool(0, "t", [1])
    assert info.value.kind == "wrong_type"
    for bad in (1.5, [1], {"a": 1}):
        with pytest.raises(mcpwire.DecodeError) as info:
            client.call_tool(0, "t", progress=bad)
        assert info.value.kind == "invalid_value"
    with pytest.raises(TypeError):
        client.call_tool(0, "t", {"x": object()})
    with pytest.raises(OverflowError):
        client.call_tool(-1, "t")
    server = mcpwire.Server(["2025-11-25"], SERVER, {"tools": {}})
    for bad_id in (1.5, None, [1]):
        with pytest.raises(mcpwire.DecodeError):
            server.respond_tool(bad_id, ONE_TOOL)
    with pytest.raises(mcpwire.DecodeError, match="no request"):
        server.notify_progress(1, 1)
    with pytest.raises(mcpwire.DecodeError):
        server.respond_list(1, {"tools": "not a list"})


def test_decode_error_from_a_session_pickles():
    import pickle
    with pytest.raises(mcpwire.DecodeError) as info:
        mcpwire.page(KEY, 1, 1, "bogus", 1)
    back = pickle.loads(pickle.dumps(info.value))
    assert (back.kind, back.code, back.offset, str(back)) == ("invalid_cursor", -32602, 0, str(info.value))


def test_sessions_are_final_and_belong_to_mcpwire():
    for cls in (mcpwire.Client, mcpwire.Server):
        assert cls.__module__ == "mcpwire"
        with pytest.raises(TypeError):
            type("Sub", (cls,), {})
