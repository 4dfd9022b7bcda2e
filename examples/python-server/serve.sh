#!/usr/bin/env bash
# The Python example server (mcpwire on uvicorn), run as the README's test command set it up
# (bindings-python/test.sh builds mcpwire into bindings-python/.venv; scripts/
# setup-conformance.sh adds uvicorn):
#   bash examples/python-server/serve.sh PORT    serves http://127.0.0.1:PORT/mcp until killed
#   bash examples/python-server/serve.sh --stdio speaks stdio
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec "$here/../../bindings-python/.venv/bin/python" "$here/main.py" "$@"
