#!/usr/bin/env bash
# Sets up, builds and tests mcpwire's Node binding (napi-rs) on a fresh machine; skips what is
# already there. Works from any cwd. Exit status non-zero on any failure; the last lines are
# node's test summary (# pass N / # fail N).
#   0. scripts/setup-rust.sh: the Rust targets, and Debian's g++ when there is no C++ compiler
#      (the simdutf crate of the addon needs one)
#   1. the tape_names test (js/tape_names.js is what core says); npm ci in bindings-node (when node_modules does not match package-lock.json)
#   2. npm run build (napi build --platform --release: the .node, index.js, index.d.ts; then
#      js/build.mjs: mcpwire.js, mcpwire.mjs, mcpwire.d.ts)
#   3. node --test: the shared suite tests/js/suite.mjs against this binding (vectors, API,
#      MCP SDK interop, tsc check), plus installing the package into other projects and the
#      host kit end to end (tests/js/host-e2e.test.mjs: an SDK server over stdio)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

for tool in node npm cargo; do
  command -v "$tool" >/dev/null || { echo "test.sh: $tool is required" >&2; exit 1; }
done

# (The Rust targets, and a C++ compiler for the simdutf crate the addon uses.)
bash "$root/scripts/setup-rust.sh"

# js/tape_names.js (the tape's tags and decode statuses, which build.mjs puts in the entry) is
# what core and bindings-js say.
cargo test -q --manifest-path "$root/Cargo.toml" -p mcpwire-js --test tape_names

cd "$here"
if ! npm ls --depth=0 >/dev/null 2>&1; then
  npm ci --no-audit --no-fund
fi
npm run build

cd "$root"
node --test --test-reporter=tap tests/js/node.test.mjs bindings-node/install.test.mjs tests/js/host-e2e.test.mjs
