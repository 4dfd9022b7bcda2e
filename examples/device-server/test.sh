#!/usr/bin/env bash
# The device server's tests: builds both binaries (build.sh), checks the firmware has no
# allocator and reports its size, runs the Rust tests of the no_std library, then spawns the
# desktop build over stdio with the official Python SDK client (mcp, pinned in
# bindings-python/requirements-test.txt, in bindings-python/.venv), the raw stdio wire tests,
# the TypeScript SDK client (@modelcontextprotocol/sdk from bindings-node/node_modules), and the
# Python SDK client again through `mcpwire tap` (the CLI, built here).
# Sets up the venv and node_modules when missing. Works from any cwd.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

mapfile -t built < <(bash "$here/build.sh")
desktop="${built[0]}"
firmware="${built[1]}"

echo "== device-server: the firmware links without an allocator"
if cargo tree -q -p mcpwire-device-server --target thumbv7em-none-eabihf --no-default-features \
    --features firmware -e features -i mcpwire --prefix none | grep 'mcpwire feature' >/dev/null; then
  echo "test.sh: the firmware build turns on a feature of mcpwire (alloc?)" >&2
  exit 1
fi
if nm "$firmware" | grep -E '__rust_alloc|__rg_alloc|__rust_no_alloc_shim' >/dev/null; then
  echo "test.sh: the firmware has allocator symbols" >&2
  exit 1
fi
size -A "$firmware" | awk '
  $1 == ".text" { text = $2 } $1 == ".rodata" { ro = $2 }
  $1 == ".data" { data = $2 } $1 == ".bss" { bss = $2 }
  END { printf "firmware: .text %d B (target <= 98304), .rodata %d B, static RAM (.data + .bss) %d B (target <= 16384)\n", text, ro, data + bss }'

if command -v llvm-objdump >/dev/null; then
  llvm-objdump -d --no-show-raw-insn "$firmware" | python3 "$here/stack_bound.py" | sed -n 1p |
    sed 's/^/firmware: /; s/$/ on direct calls (stack_bound.py; not in size'"'"'s RAM)/'
fi

echo "== device-server: Rust tests (the no_std library over an in-memory channel)"
cargo test -q -p mcpwire-device-server

echo "== device-server: Python SDK client and the raw stdio wire"
venv="$root/bindings-python/.venv"
if ! "$venv/bin/python" -c 'import mcp, pytest' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check \
    -r "$root/bindings-python/requirements-test.txt"
fi
DEVICE_SERVER="$desktop" "$venv/bin/python" -m pytest -p no:cacheprovider -q "$here/tests" \
  --ignore "$here/tests/test_tap.py"

echo "== device-server: TypeScript SDK client"
if [ ! -d "$root/bindings-node/node_modules/@modelcontextprotocol/sdk" ]; then
  (cd "$root/bindings-node" && npm ci --no-audit --no-fund)
fi
DEVICE_SERVER="$desktop" node --test --test-reporter=tap "$here/tests/sdk_typescript.test.mjs"

echo "== device-server: Python SDK client through mcpwire tap"
cargo build -q -p mcpwire-cli
target_dir="${CARGO_TARGET_DIR:-$root/target}"
DEVICE_SERVER="$desktop" MCPWIRE="$target_dir/debug/mcpwire" "$venv/bin/python" -m pytest \
  -p no:cacheprovider -q "$here/tests/test_tap.py"
