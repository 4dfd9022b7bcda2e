#!/usr/bin/env python3
"""Turns criterion's results (target/criterion) into the Markdown tables of BENCHMARKS.md.

Usage: python3 benches/report.py [CRITERION_DIR]   (default: target/criterion)

Reads each benchmark's median (new/estimates.json) and its throughput (new/benchmark.json).
Single messages are reported in MB/s (10^6 bytes) of input, the 1000-message classes in
millions of messages per second.
"""

import json
import os
import sys

CLASSES = [
    ("tools_list_100", "tools/list result, 100 tools"),
    ("tools_call_1000", "tools/call requests, 1000"),
    ("text_blocks_5", "CallToolResult, 5 text blocks"),
    ("image_1mb", "CallToolResult, 1 MB base64 image"),
    ("progress_1000", "progress notifications, 1000"),
    ("structured_50kb", "CallToolResult, 50 KB structuredContent"),
    ("errors_1000", "error responses, 1000 (extra)"),
]

DECODE = [
    ("mcpwire", "mcpwire"),
    ("mcpwire+walk", "mcpwire + walk views"),
    ("serde_json_value", "serde_json::Value"),
    ("rmcp_generic", "rmcp generic enum"),
    ("rmcp_exact", "rmcp exact type"),
    ("sonic_rs_value", "sonic-rs Value"),
]

ENCODE = [
    ("mcpwire_to_vec", "mcpwire encode_to_vec"),
    ("mcpwire_into_reused", "mcpwire encode_into (reused buf)"),
    ("serde_json_value_to_vec", "serde_json::Value to_vec"),
    ("serde_json_value_reused", "serde_json::Value to_writer (reused)"),
    ("rmcp_exact_to_vec", "rmcp exact to_vec"),
    ("sonic_rs_value_to_vec", "sonic-rs Value to_vec"),
]


def load(root, group, bench):
    d = os.path.join(root, group, bench.replace("+", "_"), "new")
    if not os.path.isdir(d):
        d = os.path.join(root, group, bench, "new")
    try:
        with open(os.path.join(d, "estimates.json")) as f:
            est = json.load(f)
        with open(os.path.join(d, "benchmark.json")) as f:
            meta = json.load(f)
    except OSError:
        return None
    ns = est["median"]["point_estimate"]
    tp = meta.get("throughput") or {}
    if "Bytes" in tp:
        return ("MB/s", tp["Bytes"] / (ns * 1e-9) / 1e6)
    if "Elements" in tp:
        return ("M msg/s", tp["Elements"] / (ns * 1e-9) / 1e6)
    return ("ns", ns)


def fmt(v):
    if v is None:
        return "n/a"
    unit, x = v
    if unit == "MB/s" and x >= 1000:
        return f"{x / 1000:.2f} GB/s"
    if unit == "MB/s":
        return f"{x:.0f} MB/s"
    return f"{x:.2f} {unit}"


def ratio(a, b):
    if a is None or b is None:
        return None
    return a[1] / b[1]


def rfmt(r):
    return "n/a" if r is None else f"{r:.2f}×"


def table(root, kind, benches, ratios):
    out = []
    head = ["message class"] + [label for _, label in benches] + [label for label, _, _ in ratios]
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "---|" + "---:|" * (len(head) - 1))
    results = {}
    for slug, label in CLASSES:
        group = f"{kind}_{slug}"
        vals = {b: load(root, group, b) for b, _ in benches}
        results[slug] = vals
        row = [label] + [fmt(vals[b]) for b, _ in benches]
        row += [rfmt(ratio(vals[a], vals[b])) for _, a, b in ratios]
        out.append("| " + " | ".join(row) + " |")
    return "\n".join(out), results


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "target/criterion"
    dec, dres = table(
        root,
        "decode",
        DECODE,
        [
            ("÷ rmcp generic", "mcpwire", "rmcp_generic"),
            ("÷ sonic-rs", "mcpwire", "sonic_rs_value"),
            ("÷ serde_json", "mcpwire", "serde_json_value"),
            ("÷ rmcp exact", "mcpwire", "rmcp_exact"),
        ],
    )
    enc, eres = table(
        root,
        "encode",
        ENCODE,
        [
            ("to_vec ÷ serde_json to_vec", "mcpwire_to_vec", "serde_json_value_to_vec"),
            ("reused ÷ serde_json reused", "mcpwire_into_reused", "serde_json_value_reused"),
        ],
    )
    print("### Decode (median throughput of the input)\n")
    print(dec)
    print("\n### Encode (median throughput, bytes of the input message)\n")
    print(enc)
    print("\n### Targets, per class\n")
    print("| message class | decode ≥5× rmcp generic | decode ≥1× sonic-rs | encode ≥2× serde_json (to_vec) | encode ≥2× serde_json (reused buffers) |")
    print("|---|---|---|---|---|")
    for slug, label in CLASSES:
        d, e = dres[slug], eres[slug]

        def verdict(r, want):
            if r is None:
                return "n/a"
            return f"{'met' if r >= want else 'NOT met'} ({r:.2f}×)"

        print(
            f"| {label} | {verdict(ratio(d['mcpwire'], d['rmcp_generic']), 5)} | "
            f"{verdict(ratio(d['mcpwire'], d['sonic_rs_value']), 1)} | "
            f"{verdict(ratio(e['mcpwire_to_vec'], e['serde_json_value_to_vec']), 2)} | "
            f"{verdict(ratio(e['mcpwire_into_reused'], e['serde_json_value_reused']), 2)} |"
        )


if __name__ == "__main__":
    main()
