#!/usr/bin/env bash
# Every test in all four runtimes: Rust, Python, Node, and WASM (in Node and in headless
# Chromium). Installs what it needs on a fresh machine and skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."
# The tests read the ground truth (the MCP spec and its examples, the JSON-Schema-Test-Suite)
# from shared/ beside the checkout, as CI has it, or from $MCPWIRE_SHARED: say so now rather
# than fail ten minutes in.
shared="${MCPWIRE_SHARED:-$PWD/../shared}"
if [ ! -d "$shared/spec" ] || [ ! -d "$shared/jsonschema-test-suite" ]; then
  echo "test-all: no spec/ and jsonschema-test-suite/ under $shared: check the repository out beside shared/ or set MCPWIRE_SHARED" >&2
  exit 1
fi
export MCPWIRE_SHARED="$(cd "$shared" && pwd)"
bash scripts/setup-rust.sh

echo "== Rust: the core's modules import one another in one direction (no cycle)"
python3 scripts/import_graph.py --self-test
python3 scripts/import_graph.py core/src

echo "== Rust: format and lint"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
# The no-allocator build (a device server's) has its own cfg branches: linted too.
cargo clippy -p mcpwire --no-default-features -- -D warnings

echo "== Rust: the core builds without std (no allocator, and with alloc)"
cargo build -q -p mcpwire --target thumbv7em-none-eabihf --no-default-features
cargo build -q -p mcpwire --target thumbv7em-none-eabihf --no-default-features --features alloc
cargo build -q -p mcpwire --target thumbv7em-none-eabihf --no-default-features --features serde

echo "== Rust: tests"
cargo test -p mcpwire --no-default-features --test session_no_alloc --test vectors_no_alloc --test json_edges --test transport_no_alloc --test transport_stdio
bash cli/tests/sdk/setup.sh  # the Python and TypeScript SDKs that cli/tests/tap.rs drives
cargo test -p mcpwire -p mcpwire-cli
cargo test -p mcpwire --features serde --test serde
cargo test -p mcpwire-benches --test serde_rmcp

for b in python node wasm; do
  echo "== bindings-$b"
  bash "bindings-$b/test.sh"
done
bash examples/test.sh

echo "== the README's quick starts, and the packages as published"
bash scripts/check-readme.sh
bash scripts/check-publish.sh

echo "== examples/device-server (no_std server: SDK clients over stdio, firmware size)"
bash examples/device-server/test.sh
