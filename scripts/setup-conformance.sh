#!/usr/bin/env bash
# Set-up for the example servers' tests (examples/test.sh) and the HTTP benchmark
# (benches/http/run.sh) on a fresh machine, without root except for Debian's wrk. Skips what
# is there; safe to run again. Works from any cwd.
#   1. examples/node_modules (git-ignored), from examples/package-lock.json: Node 22 as the
#      npm package node@22.23.3 (the conformance suite needs Node 22; the system Node stays),
#      @modelcontextprotocol/conformance 0.2.0-alpha.12 and @modelcontextprotocol/sdk 1.32.2
#   2. bindings-python/.venv (the venv bindings-python/test.sh makes and fills; created here
#      when missing): the official Python SDK mcp (pinned in requirements-test.txt), and
#      uvicorn and httpx (pinned in examples/requirements.txt)
#   3. wrk (Debian), the benchmark's load generator
# Prints the Node 22 binary's path as its last line.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

cd "$root/examples"
if ! npm ls --depth=0 >/dev/null 2>&1 || [ ! -x node_modules/.bin/node ]; then
  echo "setup-conformance: npm ci in examples/"
  npm ci --no-audit --no-fund
fi
node22="$root/examples/node_modules/.bin/node"
"$node22" --version | grep -q '^v22\.' || { echo "setup-conformance: $node22 is not Node 22" >&2; exit 1; }

venv="$root/bindings-python/.venv"
if [ ! -x "$venv/bin/python" ]; then
  echo "setup-conformance: creating $venv"
  "${PYTHON:-python3}" -m venv "$venv"
fi
# pip only installs what is missing or at another version.
if ! "$venv/bin/python" - "$root/bindings-python/requirements-test.txt" "$root/examples/requirements.txt" <<'PY' 2>/dev/null
import sys
from importlib.metadata import version
for path in sys.argv[1:]:
    for line in open(path):
        line = line.split("#")[0].strip()
        if line:
            name, want = line.split("==")
            if version(name) != want:
                sys.exit(1)
PY
then
  echo "setup-conformance: installing the pinned Python packages"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check \
    -r "$root/bindings-python/requirements-test.txt" -r "$root/examples/requirements.txt"
fi

if ! command -v wrk >/dev/null; then
  bash "$root/scripts/apt-install.sh" wrk
fi
echo "$node22"
