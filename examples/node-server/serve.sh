#!/usr/bin/env bash
# The Node example server (mcpwire on node:http), run as the README's test command set it up
# (bindings-node/test.sh builds the addon; scripts/setup-conformance.sh installs Node 22):
#   bash examples/node-server/serve.sh PORT    serves http://127.0.0.1:PORT/mcp until killed
#   bash examples/node-server/serve.sh --stdio speaks stdio
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec "$here/../node_modules/.bin/node" "$here/main.mjs" "$@"
