#!/usr/bin/env bash
# Sets up the official SDKs that `cli/tests/tap.rs` drives through `mcpwire tap`: the Python
# SDK (requirements.txt: mcp 2.3.0 and what it pulls in) in cli/tests/sdk/.venv, and the
# TypeScript SDK (package-lock.json) in cli/tests/sdk/node_modules. Skips what is already
# there. Works from any cwd.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

if [ ! -x .venv/bin/python ]; then
    echo "sdk/setup.sh: creating .venv"
    "${PYTHON:-python3}" -m venv .venv
fi
# requirements.txt pins the SDK and everything it pulls in; installed once per change of it.
if ! cmp -s requirements.txt .venv/.requirements; then
    echo "sdk/setup.sh: installing requirements.txt"
    .venv/bin/python -m pip install -q --disable-pip-version-check -r requirements.txt
    cp requirements.txt .venv/.requirements
fi
if [ ! -f node_modules/@modelcontextprotocol/sdk/package.json ] \
    || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "sdk/setup.sh: npm ci"
    npm ci --no-audit --no-fund
fi
