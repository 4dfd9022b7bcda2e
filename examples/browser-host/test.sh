#!/usr/bin/env bash
# The browser host in headless Chromium against both example servers (serve.sh PORT), each on
# both wires (browser.test.mjs; screenshots of each step in screenshots/<server>-<wire>/).
# Sets up what is missing: Node 22 and the servers' dependencies (scripts/setup-conformance.sh),
# the WASM package (bindings-wasm/build.sh, when pkg/web or pkg/node is absent), Chromium.
# Exit status non-zero when a run failed.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
node22=$(bash "$root/scripts/setup-conformance.sh" | tail -1) || exit 1
if [ ! -f "$root/bindings-wasm/pkg/web/index.js" ] || [ ! -f "$root/bindings-wasm/pkg/node/index.mjs" ]; then
  bash "$root/bindings-wasm/build.sh" || exit 1
fi
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
[ -x "$CHROMIUM" ] || bash "$root/scripts/apt-install.sh" chromium chromium-driver || exit 1

wait_port() {
  for _ in $(seq 150); do
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
    sleep 0.1
  done
  echo "browser-host/test.sh: nothing listens on port $1" >&2
  return 1
}

status=0 port=$(( ${EXAMPLES_PORT:-18600} + 40 )) # (EXAMPLES_PORT: another base, as for examples/test.sh)
for name in python-server node-server; do
  port=$((port + 1))
  bash "$root/examples/$name/serve.sh" "$port" &
  pid=$!
  if wait_port "$port"; then
    echo "== browser host against $name"
    MCP_URL="http://127.0.0.1:$port/mcp" MCP_SERVER_NAME="$name" timeout 600 "$node22" --test --test-timeout=120000 "$here/browser.test.mjs" || status=1
  else
    status=1
  fi
  kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
done
exit "$status"
