"""Shared helpers: where the cross-language vectors live, and how to load them."""

import base64
import json
import math
import pathlib

import pytest

VECTORS = pathlib.Path(__file__).resolve().parents[2] / "tests" / "vectors"


def load(name):
    path = VECTORS / name
    if not path.exists():
        pytest.fail(f"shared vectors missing: {path}")
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def raw_input(case):
    """The bytes of a vector: `input` (text) or `input_base64` (raw bytes)."""
    if "input_base64" in case:
        return base64.b64decode(case["input_base64"])
    return case["input"].encode("utf-8")


def ids(cases):
    return [c["name"] for c in cases]


def typed(v):
    """The value with every scalar tagged by its exact type (and a float's sign), keys in order."""
    if isinstance(v, dict):
        return ("dict", [(k, typed(x)) for k, x in v.items()])
    if isinstance(v, list):
        return ("list", [typed(x) for x in v])
    if isinstance(v, float):
        return ("float", v, math.copysign(1, v))
    return (type(v).__name__, v)
