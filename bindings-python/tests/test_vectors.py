"""Replays the shared vectors (tests/vectors at the repo root) through the Python binding."""

import json

import pytest

import mcpwire
from conftest import ids, load, raw_input, typed

VALID = load("valid.json")
INVALID = load("invalid.json")
FAILURES = load("failures.json")
FACTS = ("kind", "method", "id", "type", "class")


def test_vectors_are_not_empty():
    assert len(VALID) >= 10 and len(INVALID) >= 10 and len(FAILURES) >= 5


@pytest.mark.parametrize("case", VALID, ids=ids(VALID))
def test_valid_decode_equals_json_loads(case):
    expected = json.loads(case["input"])
    got = mcpwire.decode(case["input"])
    assert got == expected
    # Same Python types all the way down (1 vs 1.0 vs True compare equal in Python).
    assert typed(got) == typed(expected)
    assert mcpwire.decode(case["input"].encode("utf-8")) == expected


@pytest.mark.parametrize("case", VALID, ids=ids(VALID))
def test_valid_classify_facts(case):
    facts = mcpwire.classify(case["input"])
    assert facts["ok"] is True
    assert "error" not in facts
    for key in FACTS:
        assert facts[key] == case[key], key
    assert type(facts["id"]) is type(case["id"])


@pytest.mark.parametrize("case", VALID, ids=ids(VALID))
def test_valid_encode_gives_canonical_bytes(case):
    assert mcpwire.encode(json.loads(case["input"])) == case["canonical"].encode("utf-8")


@pytest.mark.parametrize("case", VALID, ids=ids(VALID))
def test_valid_canonicalize(case):
    canonical = case["canonical"].encode("utf-8")
    assert mcpwire.canonicalize(case["input"]) == canonical
    assert mcpwire.canonicalize(case["input"].encode("utf-8")) == canonical
    # Canonical bytes are a fixed point (unknown envelope members are dropped, so the
    # canonical value may have fewer members than the input).
    assert mcpwire.canonicalize(canonical) == canonical
    assert mcpwire.decode(canonical) == json.loads(canonical)


@pytest.mark.parametrize("case", INVALID, ids=ids(INVALID))
def test_invalid_decode_raises(case):
    data, limits = raw_input(case), case.get("limits", {})
    with pytest.raises(mcpwire.DecodeError) as info:
        mcpwire.decode(data, **limits)
    err = info.value
    assert isinstance(err, mcpwire.Error)
    assert (err.kind, err.code, err.offset) == (case["error"], case["code"], case["offset"])
    assert str(err).endswith(f"(at byte {case['offset']})")
    with pytest.raises(mcpwire.DecodeError) as again:
        mcpwire.canonicalize(data, **limits)
    assert (again.value.kind, again.value.offset) == (case["error"], case["offset"])


@pytest.mark.parametrize("case", INVALID, ids=ids(INVALID))
def test_invalid_classify(case):
    facts = mcpwire.classify(raw_input(case), **case.get("limits", {}))
    assert facts["ok"] is False
    assert facts["class"] == "malformed"
    error = facts["error"]
    assert (error["kind"], error["code"], error["offset"]) == (
        case["error"],
        case["code"],
        case["offset"],
    )
    with pytest.raises(mcpwire.DecodeError) as info:
        mcpwire.decode(raw_input(case), **case.get("limits", {}))
    assert error["message"] == str(info.value)


@pytest.mark.parametrize("case", FAILURES, ids=ids(FAILURES))
def test_failure_response_vectors(case):
    got = mcpwire.failure_response(case["kind"], case["message"], case["id"], case["version"])
    assert got == case["response"]
    assert list(got) == list(case["response"])  # member order is canonical too
