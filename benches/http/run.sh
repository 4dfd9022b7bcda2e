#!/usr/bin/env bash
# tools/call throughput and latency over HTTP, side by side in one run (not a test):
#   mcpwire's Python example server   vs the official Python SDK's server (MCPServer), both on
#                                        uvicorn (with httptools and uvloop)
#   mcpwire's Node example server     vs the official TypeScript SDK's server, both on
#                                        node:http (Node 22)
# on the 2026-07-28 wire (stateless: one POST per call) and on the 2025-11-25 wire with a
# session (each wrk thread opens one; its connections call on it). The TS SDK speaks up to
# 2025-11-25: its 2026-07-28 row is its documented stateless pattern on 2025-11-25 instead (a
# server and transport per request, no initialize). Each server serves the same tool (echo,
# examples/tools.json, its JSON Schema checked). One load generator, wrk, at 1, 16 and 64
# concurrent connections (keep-alive; 1, 2 and 4 threads), DURATION seconds each (default
# 10) after a 2-second warm-up. Every response is checked (call.lua): "bad" counts calls
# answered with anything but the echoed text. Prints a Markdown table.
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
py_ours="bash $root/examples/python-server/serve.sh PORT"
py_sdk="$py $root/examples/official/python_sdk_server.py PORT"
node_ours="bash $root/examples/node-server/serve.sh PORT"
ts_sdk="$node22 $root/examples/official/ts_sdk_server.mjs PORT"
servers=(
  "mcpwire Python|2026-07-28|$py_ours"
  "Python SDK mcp 2.3.0|2026-07-28|$py_sdk --stateless"
  "mcpwire Python|2025-11-25-session|$py_ours"
  "Python SDK mcp 2.3.0|2025-11-25-session|$py_sdk"
  "mcpwire Node|2026-07-28|$node_ours"
  "TS SDK 1.32.2|2025-11-25|$ts_sdk --stateless"
  "mcpwire Node|2025-11-25-session|$node_ours"
  "TS SDK 1.32.2|2025-11-25-session|$ts_sdk"
)

echo "| server | wire | clients | requests/s | p50 ms | p99 ms | bad |"
echo "| --- | --- | ---: | ---: | ---: | ---: | ---: |"
port=18700
for entry in "${servers[@]}"; do
  IFS='|' read -r name wire command <<<"$entry"
  port=$((port + 1))
  ${command//PORT/$port} >/dev/null 2>&1 &
  pids+=($!)
  wait_port "$port"
  url="http://127.0.0.1:$port/mcp"
  WIRE=$wire wrk -t1 -c1 -d2s -s "$here/call.lua" "$url" >/dev/null
  for c in 1 16 64; do
    case $c in 1) t=1 ;; 16) t=2 ;; *) t=4 ;; esac
    line=$(WIRE=$wire wrk -t"$t" -c"$c" -d"${duration}s" --timeout 10s -s "$here/call.lua" "$url" | grep '^BENCH')
    read -r _ n rps p50 p99 bad <<<"$line"
    printf '| %s | %s | %d | %.0f | %.2f | %.2f | %d |\n' "$name" "$wire" "$c" "$rps" "$p50" "$p99" "$bad"
  done
  kill "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null || true
done
