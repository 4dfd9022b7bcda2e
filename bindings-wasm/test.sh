#!/usr/bin/env bash
# Sets up, builds and tests mcpwire's WASM binding on a fresh machine; skips what is already
# there. Works from any cwd. Exit status non-zero on any failure; the last lines are node's
# test summary (# pass N / # fail N) over both runs below.
#   1. build.sh: rustup target wasm32-unknown-unknown and wasm-bindgen-cli at the Cargo.lock
#      version when missing, then pkg/web and pkg/node
#   2. npm ci in bindings-wasm (test dependencies: MCP SDK, TypeScript) when needed
#   3. Chromium: apt-get install chromium chromium-driver only when it is missing
#   4. node --test: the shared suite tests/js/suite.mjs against pkg/node, the same suite
#      in headless Chromium against pkg/web (bindings-wasm/browser/browser.test.mjs), and the
#      size of a page's first load of pkg/web (at most 250,000 bytes gzip -9,
#      bindings-wasm/browser/size.test.mjs) and its second module's loading by ready()
#      (bindings-wasm/browser/ready.test.mjs)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

for tool in node npm cargo rustup; do
  command -v "$tool" >/dev/null || { echo "test.sh: $tool is required" >&2; exit 1; }
done

bash "$here/build.sh"

cd "$here"
if ! npm ls --depth=0 >/dev/null 2>&1; then
  npm ci --no-audit --no-fund
fi

chromium="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  bash "$root/scripts/apt-install.sh" chromium chromium-driver
fi

cd "$root"
CHROMIUM="$chromium" node --test --test-reporter=tap tests/js/wasm.test.mjs bindings-wasm/browser/size.test.mjs bindings-wasm/browser/ready.test.mjs bindings-wasm/browser/browser.test.mjs
