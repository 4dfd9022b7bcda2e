"""Shared helpers: where the cross-language vectors live, and how to load them."""

import base64
import json
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
