#!/usr/bin/env bash
# tools/call throughput and latency over HTTP, side by side in one run (not a test):
#   mcpwire's Python example server   vs the official Python SDK's server (MCPServer), both on
#                                        uvicorn, on the 2026-07-28 (stateless) wire
#   mcpwire's Node example server     vs the official TypeScript SDK's server, both on
#                                        node:http (Node 22); the SDK in its stateless mode on
#                                        2025-11-25, the newest version it speaks
# Each serves the same tool (echo, examples/tools.json, with its JSON Schema checked). One
# load generator, wrk, at 1, 16 and 64 concurrent connections (keep-alive), DURATION seconds
# each (default 10) after a 2-second warm-up. Every response is checked (see call.lua); a run
# with a bad response fails. Prints a Markdown table: requests/s, p50 and p99 in ms.
# Usage: bash benches/http/run.sh [DURATION]   (after scripts/setup-conformance.sh and the
# bindings' test.sh, which build what the example servers load)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
here="$root/benches/http"
duration="${1:-10}"
node22=$(bash "$root/scripts/setup-conformance.sh" | tail -1)
py="$root/bindings-python/.venv/bin/python"

pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done' EXIT

wait_port() {
  for _ in $(seq 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
    sleep 0.1
  done
  echo "run.sh: nothing listens on port $1" >&2
  return 1
}

# name|wire|command (PORT is replaced)
servers=(
  "mcpwire Python (uvicorn)|2026-07-28|bash $root/examples/python-server/serve.sh PORT"
  "Python SDK mcp 2.3.0 (uvicorn)|2026-07-28|$py $root/examples/official/python_sdk_server.py PORT --stateless"
  "mcpwire Node (node:http)|2026-07-28|bash $root/examples/node-server/serve.sh PORT"
  "TS SDK 1.32.2 (node:http)|2025-11-25|$node22 $root/examples/official/ts_sdk_server.mjs PORT --stateless"
)

echo "| server | wire | clients | requests/s | p50 ms | p99 ms |"
echo "| --- | --- | ---: | ---: | ---: | ---: |"
port=18700
for entry in "${servers[@]}"; do
  IFS='|' read -r name wire command <<<"$entry"
  port=$((port + 1))
  script=${command%% *}
  if [ "$script" = bash ] && [ ! -f "$(awk '{print $2}' <<<"$command")" ]; then
    echo "| $name | $wire | - | (no serve.sh yet) | | |"
    continue
  fi
  ${command//PORT/$port} >/dev/null 2>&1 &
  pids+=($!)
  wait_port "$port"
  url="http://127.0.0.1:$port/mcp"
  WIRE=$wire wrk -t1 -c1 -d2s -s "$here/call.lua" "$url" >/dev/null
  for c in 1 16 64; do
    t=$(( c < 2 ? 1 : 2 ))
    line=$(WIRE=$wire wrk -t"$t" -c"$c" -d"${duration}s" --timeout 10s -s "$here/call.lua" "$url" | grep '^BENCH')
    read -r _ n rps p50 p99 bad <<<"$line"
    if [ "$bad" != 0 ] || [ "$n" = 0 ]; then
      echo "run.sh: $name at $c clients: $bad of $n responses were not the echoed text" >&2
      exit 1
    fi
    printf '| %s | %s | %d | %.0f | %.2f | %.2f |\n' "$name" "$wire" "$c" "$rps" "$p50" "$p99"
  done
  kill "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null || true
done
