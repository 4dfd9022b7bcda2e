#!/usr/bin/env bash
# The README's quick starts cannot rot: each code block marked
#   <!-- quickstart: examples/quickstart/FILE -->
# must equal FILE byte for byte (every file in examples/quickstart/ that is a snippet must be
# included), and each file runs in its runtime:
#   rust.rs     cargo run -p mcpwire --example quickstart
#   python.py   the Python binding's venv (bindings-python/test.sh builds it)
#   node.mjs    the built Node package (bindings-node), installed as `mcpwire` in a temp project
#   browser.mjs the WASM build for Node (bindings-wasm/pkg/node), as `mcpwire-wasm`: the same
#               API and code as pkg/web, which the browser loads
# Run after the binding test scripts (scripts/test-all.sh does). Works from any cwd.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

echo "check-readme: README.md blocks against examples/quickstart/"
python3 - <<'PY'
import pathlib, re, sys
readme = pathlib.Path("README.md").read_text(encoding="utf-8")
blocks = re.findall(r"<!-- quickstart: (\S+) -->\n```[a-z]*\n(.*?)```\n", readme, re.S)
want = {"examples/quickstart/" + n for n in ("rust.rs", "python.py", "node.mjs", "browser.mjs")}
seen = set()
bad = False
for path, body in blocks:
    seen.add(path)
    text = pathlib.Path(path).read_text(encoding="utf-8")
    if body != text:
        print(f"check-readme: README.md's block for {path} differs from the file", file=sys.stderr)
        bad = True
missing = sorted(want - seen)
if missing:
    print(f"check-readme: README.md does not include {', '.join(missing)}", file=sys.stderr)
    bad = True
sys.exit(1 if bad else 0)
PY

echo "check-readme: Rust"
cargo run -q -p mcpwire --example quickstart

echo "check-readme: Python"
bindings-python/.venv/bin/python examples/quickstart/python.py

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/node_modules"
ln -s "$root/bindings-node" "$tmp/node_modules/mcpwire"
ln -s "$root/bindings-wasm/pkg/node" "$tmp/node_modules/mcpwire-wasm"
cp examples/quickstart/node.mjs examples/quickstart/browser.mjs "$tmp/"

echo "check-readme: Node"
node "$tmp/node.mjs"
echo "check-readme: browser snippet on the WASM build (in Node)"
node "$tmp/browser.mjs"
echo "check-readme: the four quick starts match the README and run"
