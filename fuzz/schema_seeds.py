#!/usr/bin/env python3
"""Writes the `schema` fuzz target's seed corpus: every test of the JSON-Schema-Test-Suite
(draft2020-12 and draft7) and every argument case of tests/schemas/, in the target's input
form (an options byte, the schema, a NUL byte, the instance).

    python3 fuzz/schema_seeds.py OUT_DIR [SUITE_DIR]
"""
import hashlib
import json
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parent.parent
out = pathlib.Path(sys.argv[1])
suite = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else root.parent / "shared" / "jsonschema-test-suite")
out.mkdir(parents=True, exist_ok=True)


def seed(flags, schema, instance):
    data = bytes([flags]) + json.dumps(schema).encode() + b"\0" + json.dumps(instance).encode()
    (out / hashlib.sha1(data).hexdigest()).write_bytes(data)


n = 0
for draft, flags in (("draft2020-12", 0), ("draft7", 1)):
    for f in sorted((suite / "tests" / draft).rglob("*.json")):
        for group in json.loads(f.read_text()):
            for test in group["tests"]:
                seed(flags | (2 if "format" in f.parts else 0), group["schema"], test["data"])
                n += 1
for f in sorted((root / "tests" / "schemas").glob("*.json")):
    doc = json.loads(f.read_text())
    schemas = {t["name"]: t["inputSchema"] for t in doc.get("tools", [])}
    for case in doc.get("cases", []):
        if case.get("tool") in schemas:
            seed(0, schemas[case["tool"]], case.get("arguments"))
            n += 1
print(f"{n} seeds in {out}")
