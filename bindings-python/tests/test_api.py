"""The Python surface: value conversion both ways, inputs, errors, limits, GIL release."""

import enum
import json
import math
import pathlib
import pickle
import subprocess
import sys
import textwrap
import threading
import time
from collections import OrderedDict

import pytest

import mcpwire

PING = '{"jsonrpc":"2.0","id":1,"method":"ping"}'


def call(arguments, id=1):
    return {"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": "t", "arguments": arguments}}


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# ---- decode: plain values equal to json.loads --------------------------------------------

NUMBERS = ["0", "-0", "7", "-12", "9007199254740993", "123456789012345678901234567890", "-18446744073709551617",
           "1.5", "-0.0", "1e2", "1E2", "2.5e-3", "1E+300", "0.1", "5e-324", "1.7976931348623157e308"]


@pytest.mark.parametrize("text", NUMBERS)
def test_numbers_become_int_or_float_like_json_loads(text):
    msg = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":{"x":%s}}}' % text
    got = mcpwire.decode(msg)["params"]["arguments"]["x"]
    want = json.loads(msg)["params"]["arguments"]["x"]
    assert type(got) is type(want)
    assert got == want
    if isinstance(want, float):
        assert math.copysign(1, got) == math.copysign(1, want)


def test_scalars_and_containers():
    msg = call({"s": "é\u2028\U0001f600", "t": True, "f": False, "n": None, "a": [[], {}], "o": {"k": [1]}})
    got = mcpwire.decode(compact(msg))
    assert got == msg
    args = got["params"]["arguments"]
    assert args["t"] is True and args["f"] is False and args["n"] is None
    assert list(got) == ["jsonrpc", "id", "method", "params"]  # member order of the input


def test_keys_many_repeated_escaped_and_long_like_json_loads():
    """decode builds dicts straight from core's reader with a small cache of key strings:
    whatever the keys (hundreds of distinct ones, colliding, escaped, long, non-ASCII), the
    result is json.loads'."""
    rows = [{f"k{i % 300}": i, "same": [i], "NAME": "x", "é€😀": True, "long" * 20: None} for i in range(700)]
    # Escaped keys in the text: n\u0061me is "name", \u0041 is "A", A\n is "A" + newline.
    text = compact(call({"rows": rows, "UPPER": 1, "NEWLINE": 2}))
    text = text.replace('"NAME"', '"n\\u0061me"').replace('"UPPER"', '"\\u0041"').replace('"NEWLINE"', '"A\\n"')
    got = mcpwire.decode(text)
    want = json.loads(text)
    assert got == want
    assert [list(r) for r in got["params"]["arguments"]["rows"]] == [list(r) for r in want["params"]["arguments"]["rows"]]
    args = got["params"]["arguments"]
    assert set(args) == {"rows", "A", "A\n"} and args["rows"][0]["name"] == "x"


def test_large_input_rules_checked_before_building():
    """Over 64 KiB the rules run without the GIL, then objects are built: a message that is JSON
    but breaks an MCP rule near its end still raises core's error."""
    msg = big_call(5000)
    msg["params"]["name"] = 5
    text = compact(msg)
    assert len(text) > 64 * 1024
    with pytest.raises(mcpwire.DecodeError) as info:
        mcpwire.decode(text)
    with pytest.raises(mcpwire.DecodeError) as want:
        mcpwire.canonicalize(text)
    assert (info.value.kind, info.value.offset) == (want.value.kind, want.value.offset)
    assert info.value.kind == "wrong_type"


def test_input_types():
    want = json.loads(PING)
    assert mcpwire.decode(PING) == want
    assert mcpwire.decode(PING.encode()) == want
    assert mcpwire.decode(bytearray(PING.encode())) == want
    for bad in (memoryview(PING.encode()), 42, None, [PING]):
        with pytest.raises(TypeError):
            mcpwire.decode(bad)


def test_str_offsets_are_utf8_byte_offsets():
    text = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"é","name":"x"}}'
    with pytest.raises(mcpwire.DecodeError) as info:
        mcpwire.decode(text)
    assert info.value.kind == "duplicate_key"
    assert info.value.offset == text.encode().index(b'"name":"x"')


def test_str_with_lone_surrogate_is_a_value_error():
    with pytest.raises(ValueError):
        mcpwire.decode('{"jsonrpc":"2.0","id":"\ud800","method":"ping"}')


def test_decode_error_shape():
    with pytest.raises(mcpwire.DecodeError) as info:
        mcpwire.decode('[1]')
    e = info.value
    assert isinstance(e, mcpwire.Error) and isinstance(e, Exception)
    assert not isinstance(e, ValueError)
    assert e.kind == "not_an_object" and e.code == -32600 and e.offset == 0
    assert str(e) == "message is not a JSON object (at byte 0)"
    assert e.args == (str(e),)
    assert mcpwire.DecodeError.__module__ == "mcpwire"
    assert issubclass(mcpwire.DecodeError, mcpwire.Error)


def test_decode_error_pickles_with_its_attributes():
    with pytest.raises(mcpwire.DecodeError) as info:
        mcpwire.decode("[")
    back = pickle.loads(pickle.dumps(info.value))
    assert type(back) is mcpwire.DecodeError
    assert (back.kind, back.code, back.offset, str(back)) == ("unexpected_end", -32700, 1, str(info.value))


def test_limits_are_keyword_only_and_apply():
    with pytest.raises(TypeError):
        mcpwire.decode(PING, 10)
    with pytest.raises(mcpwire.DecodeError) as info:
        mcpwire.decode(PING, max_bytes=len(PING) - 1)
    assert info.value.kind == "input_too_large"
    assert mcpwire.decode(PING, max_bytes=len(PING)) == json.loads(PING)
    deep = compact(call({"d": [[[1]]]}))
    assert mcpwire.decode(deep, max_depth=6)["params"]["arguments"]["d"] == [[[1]]]
    with pytest.raises(mcpwire.DecodeError) as info:
        mcpwire.decode(deep, max_depth=5)
    assert info.value.kind == "too_deep"
    wide = compact(call({"a": 1, "b": 2, "c": 3}))
    assert mcpwire.decode(wide, max_members=4)
    with pytest.raises(mcpwire.DecodeError) as info:
        mcpwire.decode(wide, max_members=2)
    assert info.value.kind == "too_many_members"
    with pytest.raises(OverflowError):
        mcpwire.decode(PING, max_depth=-1)


# ---- encode: Python values to canonical bytes ----------------------------------------------

def test_encode_matches_canonicalize_of_json_dumps():
    msg = call({"z": 1, "a": [1.0, 2.5, -0.0, 10**30, -(2**63), 2**63, 1e300, 1e-7], "s": "\"\\/\n\x01é"})
    assert mcpwire.encode(msg) == mcpwire.canonicalize(json.dumps(msg))
    assert json.loads(mcpwire.encode(msg)) == msg


def test_bool_is_not_an_int():
    with pytest.raises(mcpwire.DecodeError) as info:
        mcpwire.encode({"jsonrpc": "2.0", "id": True, "method": "ping"})
    assert info.value.kind == "invalid_id"
    assert json.loads(mcpwire.encode(call({"b": True})))["params"]["arguments"]["b"] is True
    assert mcpwire.encode({"jsonrpc": "2.0", "id": 1, "method": "ping"}) == PING.encode()


def test_int_float_str_dict_subclasses_and_tuples():
    class Color(enum.IntEnum):
        RED = 7

    class Name(str):
        pass

    class Half(float):
        pass

    msg = OrderedDict(jsonrpc="2.0", id=Color.RED, method="tools/call",
                      params={"name": Name("t"), "arguments": {"c": Color.RED, "h": Half(0.5), "t": (1, (2,))}})
    wire = mcpwire.encode(msg)
    assert json.loads(wire) == {"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                                "params": {"name": "t", "arguments": {"c": 7, "h": 0.5, "t": [1, [2]]}}}


@pytest.mark.parametrize("value", [{1, 2}, b"bytes", object(), 1j, bytearray(b"x")])
def test_encode_unsupported_types_raise_type_error(value):
    with pytest.raises(TypeError, match="not JSON serializable"):
        mcpwire.encode(call({"x": value}))


def test_encode_non_str_keys_raise_type_error():
    with pytest.raises(TypeError, match="keys must be str"):
        mcpwire.encode(call({1: "x"}))
    with pytest.raises(TypeError, match="keys must be str"):
        mcpwire.encode(call({None: "x"}))


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_encode_non_finite_floats_raise_value_error(value):
    with pytest.raises(ValueError, match="not JSON compliant"):
        mcpwire.encode(call({"x": value}))


def test_encode_lone_surrogate_raises_value_error():
    with pytest.raises(ValueError):
        mcpwire.encode(call({"x": "\udc00"}))


def test_encode_cycles_raise_value_error():
    loop = []
    loop.append(loop)
    with pytest.raises(ValueError, match="circular"):
        mcpwire.encode(call({"x": loop}), max_depth=100000)
    d = {}
    d["d"] = d
    with pytest.raises(ValueError, match="circular"):
        mcpwire.encode(call(d), max_depth=100000)


def test_encode_cycle_under_default_limits_is_core_too_deep():
    loop = []
    loop.append(loop)
    with pytest.raises(mcpwire.DecodeError) as info:
        mcpwire.encode(call({"x": loop}))
    assert info.value.kind == "too_deep"


@pytest.mark.parametrize("depth", [1, 3, 5, 6, 7, 40])
def test_encode_depth_limit_is_core_rule_at_the_same_offset(depth):
    nested = 0
    for _ in range(depth):
        nested = [nested]
    msg = call({"d": nested})
    text = compact(msg)
    for limit in (3, 5, 6, 127, 128):
        try:
            want = mcpwire.canonicalize(text, max_depth=limit)
        except mcpwire.DecodeError as e:
            with pytest.raises(mcpwire.DecodeError) as info:
                mcpwire.encode(msg, max_depth=limit)
            assert (info.value.kind, info.value.offset) == (e.kind, e.offset)
        else:
            assert mcpwire.encode(msg, max_depth=limit) == want


def test_encode_error_offsets_point_into_compact_json():
    msg = {"jsonrpc": "1.0", "id": 1, "method": "ping"}
    with pytest.raises(mcpwire.DecodeError) as info:
        mcpwire.encode(msg)
    with pytest.raises(mcpwire.DecodeError) as want:
        mcpwire.decode(compact(msg))
    assert (info.value.kind, info.value.offset) == ("invalid_jsonrpc_version", want.value.offset)


def test_encode_non_dict_is_core_not_an_object():
    with pytest.raises(mcpwire.DecodeError) as info:
        mcpwire.encode([1])
    assert info.value.kind == "not_an_object"


# ---- classify, failure_response, ERROR_KINDS ------------------------------------------------

def test_classify_keys():
    ok = mcpwire.classify(PING)
    assert list(ok) == ["ok", "kind", "method", "id", "type", "class", "code"]
    assert ok["ok"] is True and ok["method"] == "ping" and ok["id"] == 1
    bad = mcpwire.classify(b"\xff")
    assert bad["ok"] is False and bad["error"]["kind"] == "invalid_utf8"
    assert list(bad["error"]) == ["kind", "code", "offset", "message"]
    with pytest.raises(TypeError):
        mcpwire.classify(1)


def test_failure_response_arguments():
    out = mcpwire.failure_response("method_not_found", "nope")
    assert "id" not in out and out["error"]["code"] == -32601
    assert mcpwire.failure_response(kind="internal_error", message="x", id="a", version="2025-06-18")["id"] == "a"
    with pytest.raises(ValueError, match="unknown error kind"):
        mcpwire.failure_response("no_such_kind", "x", 1)
    with pytest.raises(ValueError, match="unknown protocol version"):
        mcpwire.failure_response("internal_error", "x", 1, "1999-01-01")
    for bad_id in (1.5, True, [1], {"a": 1}):
        with pytest.raises(ValueError):
            mcpwire.failure_response("internal_error", "x", bad_id)


def test_error_kinds_table():
    kinds = mcpwire.ERROR_KINDS
    names = [k["name"] for k in kinds]
    assert len(names) == len(set(names)) >= 30
    assert all(set(k) == {"name", "code"} for k in kinds)
    table = {k["name"]: k["code"] for k in kinds}
    assert table["duplicate_key"] == -32700 and table["invalid_id"] == -32600
    assert table["unknown_tool"] == -32602 and table["method_not_found"] == -32601
    assert table["invalid_tool_arguments"] is None and table["tool_execution_failed"] is None
    for name, code in table.items():
        if code is not None:
            assert mcpwire.failure_response(name, "m", 1)["error"]["code"] == code
        elif name != "buffer_too_small":
            assert mcpwire.failure_response(name, "m", 1)["result"]["isError"] is True


# ---- large inputs: same results, and the GIL is released --------------------------------------

def big_call(n):
    return call({"rows": [{"i": i, "v": i / 7, "s": "row %d é" % i} for i in range(n)]})


def test_large_inputs_round_trip():
    msg = big_call(5000)
    text = compact(msg)
    assert len(text) > 64 * 1024
    assert mcpwire.decode(text) == msg
    assert mcpwire.decode(text.encode()) == msg
    assert mcpwire.decode(bytearray(text.encode())) == msg
    wire = mcpwire.canonicalize(text)
    assert mcpwire.encode(msg) == wire
    assert mcpwire.classify(text)["type"] == "CallToolRequest"
    bad = text[:-1]
    with pytest.raises(mcpwire.DecodeError) as info:
        mcpwire.decode(bad)
    assert info.value.kind == "unexpected_end" and info.value.offset == len(bad.encode())


def test_gil_is_released_for_large_inputs():
    """While one thread is inside canonicalize on ~24 MB, another thread keeps running Python.

    With the GIL held for the whole core call, the ticking thread could not record any time
    stamp strictly inside the call's window."""
    data = compact(big_call(400_000)).encode()
    assert 16 << 20 < len(data) < 64 << 20
    ticks, window, done = [], [], threading.Event()

    def work():
        t0 = time.perf_counter()
        mcpwire.canonicalize(data)
        window.extend([t0, time.perf_counter()])
        done.set()

    def tick():
        while not done.is_set():
            ticks.append(time.perf_counter())

    ticker = threading.Thread(target=tick)
    ticker.start()
    time.sleep(0.01)
    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    ticker.join()
    t0, t1 = window
    span = t1 - t0
    assert span > 0.05, "core call too short to measure"
    # Only the middle 60% of the call counts: at its edges the ticker may run for a switch
    # interval (5 ms) even with the GIL held during the core call. Ticks must be spread over
    # that middle part, not bunched (a GIL-holding call lets the ticker run only after it).
    lo, hi = t0 + 0.2 * span, t1 - 0.2 * span
    buckets = {int((t - lo) / (hi - lo) * 10) for t in ticks if lo < t < hi}
    assert len(buckets) >= 4, f"ticks in {sorted(buckets)} of 10 slices of a {span * 1e3:.0f} ms call"


# ---- packaging: stubs and py.typed ship with the module ---------------------------------------

def test_stubs_and_py_typed_are_installed():
    pkg = pathlib.Path(mcpwire.__file__).parent
    assert (pkg / "py.typed").exists() and (pkg / "__init__.pyi").exists()
    assert isinstance(mcpwire.__version__, str)


def test_stubs_match_the_runtime(tmp_path):
    """mypy's stubtest compares every name and signature in __init__.pyi with the module."""
    run = subprocess.run([sys.executable, "-m", "mypy.stubtest", "mcpwire", "--mypy-config-file", "/dev/null"],
                         cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_stubs_type_check_user_code(tmp_path):
    use = tmp_path / "use.py"
    use.write_text(textwrap.dedent('''
        import mcpwire
        msg = mcpwire.decode(b"{}", max_depth=10)
        wire: bytes = mcpwire.encode(msg)
        facts: mcpwire.Facts = mcpwire.classify(wire)
        ok: bool = facts["ok"]
        try:
            mcpwire.canonicalize("{}")
        except mcpwire.DecodeError as e:
            kind: str = e.kind
            offset: int = e.offset
        codes = [k["code"] for k in mcpwire.ERROR_KINDS]
        reveal_type(codes)
        mcpwire.decode(3)
        mcpwire.decode(b"{}", 5)
    '''))
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "c"), str(use)],
                         cwd=tmp_path, capture_output=True, text=True)
    lines = run.stdout.splitlines()
    assert any('Revealed type is "list[int | None]"' in x for x in lines), run.stdout
    errors = [x for x in lines if ": error:" in x]
    assert len(errors) == 2, run.stdout
    assert 'incompatible type "int"' in errors[0] and "Too many positional arguments" in errors[1], run.stdout
