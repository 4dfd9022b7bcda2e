#!/usr/bin/env bash
# Serves the browser host on 127.0.0.1 with /mcp proxied to an MCP server, and prints the
# page's address; builds the WASM package first when bindings-wasm/pkg/web is missing.
#   bash examples/browser-host/serve.sh MCP_URL [PORT]
#   e.g. bash examples/python-server/serve.sh 8000 & bash examples/browser-host/serve.sh http://127.0.0.1:8000/mcp 8080
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
[ -f "$root/bindings-wasm/pkg/web/index.js" ] || bash "$root/bindings-wasm/build.sh" >&2
exec node "$here/serve.mjs" "$@"
