#!/usr/bin/env bash
# The example servers' tests (scripts/test-all.sh runs this after the bindings' test.sh,
# which build the Python wheel into bindings-python/.venv and the Node addon). Sets up what
# is missing (scripts/setup-conformance.sh). Every suite runs; the exit status is non-zero
# when any failed, and the last line counts the suites: "examples: N passed, N failed".
#   1. in-process: each example's tools on mcpwire's Server against mcpwire's Client (sans-IO),
#      and its HTTP app stopping a tool cancelled mid-call on both wires
#   2. each example server over Streamable HTTP (serve.sh PORT): the official conformance
#      suite on the 2025-11-25 and 2026-07-28 wires (conformance.sh), the official Python
#      SDK's client on both wires and the TypeScript SDK's client (2025-11-25, the newest it
#      speaks): list, call every tool, progress, a cancel mid-call; and mcpwire's Client with
#      its HttpClient over httpx and over fetch on both wires (also DELETE, expiry, GET)
#   3. each example server over stdio (serve.sh --stdio): the same official clients
#   4. mcpwire's Client with its HttpClient over httpx and over fetch against the official
#      Python SDK's server (both wires) and TypeScript SDK's server (2025-11-25)
#   5. the browser host (browser-host/test.sh): the page in headless Chromium against both
#      example servers on both wires
#   6. mcpwire's conformance clients (over httpx and over fetch) in the official suite's client
#      scenarios, every version each lists (conformance-client.sh)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ex="$root/examples"
node22=$(bash "$root/scripts/setup-conformance.sh" | tail -1) || exit 1
py="$root/bindings-python/.venv/bin/python"

passed=0 failed=0 names=()
suite() { # NAME COMMAND...: runs one suite and counts it
  local name="$1"; shift
  echo "== examples: $name"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); names+=("$name"); fi
}
pytest() { "$py" -m pytest -q -p no:cacheprovider "$@"; }

wait_port() {
  for _ in $(seq 150); do
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
    sleep 0.1
  done
  echo "test.sh: nothing listens on port $1" >&2
  return 1
}

suite "python-server in-process" pytest "$ex/python-server/test_tools.py" "$ex/python-server/test_http_app.py"
suite "node-server in-process" "$node22" --test "$ex/node-server/tools.test.mjs" "$ex/node-server/http.test.mjs"

port=${EXAMPLES_PORT:-18600} # (another base when another run holds these ports)
for name in python-server node-server; do
  serve="$ex/$name/serve.sh"
  port=$((port + 1))
  url="http://127.0.0.1:$port/mcp"
  bash "$serve" "$port" &
  pid=$!
  if wait_port "$port"; then
    for wire in 2025-11-25 2026-07-28; do
      suite "$name conformance $wire" bash "$ex/conformance.sh" "$url" "$wire"
    done
    suite "$name HTTP, Python SDK client" env MCP_URL="$url" "$py" -m pytest -q -p no:cacheprovider \
      "$ex/tests/test_python_sdk_client.py"
    suite "$name HTTP, TS SDK client" env MCP_URL="$url" "$node22" --test "$ex/tests/ts_sdk_client.test.mjs"
    suite "$name HTTP, mcpwire client (httpx)" env MCP_URL="$url" "$py" -m pytest -q -p no:cacheprovider \
      "$ex/tests/test_mcpwire_client.py"
    suite "$name HTTP, mcpwire client (fetch)" env MCP_URL="$url" "$node22" --test \
      "$ex/tests/mcpwire_client.test.mjs"
  else
    failed=$((failed + 1)); names+=("$name serve.sh $port")
  fi
  kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
  suite "$name stdio, Python SDK client" env MCP_STDIO="bash $serve --stdio" "$py" -m pytest -q \
    -p no:cacheprovider "$ex/tests/test_python_sdk_client.py"
  suite "$name stdio, TS SDK client" env MCP_STDIO="bash $serve --stdio" "$node22" --test \
    "$ex/tests/ts_sdk_client.test.mjs"
done

# 4. mcpwire's client over httpx and over fetch against the official SDKs' servers
for official in python node; do
  port=$((port + 1))
  url="http://127.0.0.1:$port/mcp"
  if [ "$official" = python ]; then
    # (their logs, e.g. the SDK's warning for each failing tool, are not under test)
    "$py" "$ex/official/python_sdk_server.py" "$port" 2>/dev/null & wires="2025-11-25 2026-07-28"
  else
    "$node22" "$ex/official/ts_sdk_server.mjs" "$port" 2>/dev/null & wires="2025-11-25"
  fi
  pid=$!
  if wait_port "$port"; then
    suite "mcpwire client (httpx) vs $official SDK server" env MCP_URL="$url" MCP_WIRES="$wires" \
      "$py" -m pytest -q -p no:cacheprovider "$ex/tests/test_mcpwire_client.py"
    suite "mcpwire client (fetch) vs $official SDK server" env MCP_URL="$url" MCP_WIRES="$wires" \
      "$node22" --test "$ex/tests/mcpwire_client.test.mjs"
  else
    failed=$((failed + 1)); names+=("$official SDK server on $port")
  fi
  kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
done

# 5. the browser host in headless Chromium
suite "browser-host in Chromium" bash "$ex/browser-host/test.sh"

# 6. mcpwire's clients in the official suite's client scenarios
suite "client conformance (httpx, fetch)" bash "$ex/conformance-client.sh"

[ "$failed" = 0 ] || printf 'examples: failed: %s\n' "${names[@]}"
echo "examples: $passed passed, $failed failed"
[ "$failed" = 0 ]
