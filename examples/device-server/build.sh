#!/usr/bin/env bash
# Builds the device server twice from the same no_std library, and prints two lines: the
# path of the desktop binary (MCP over stdin/stdout), then the path of the thumbv7em-none-eabihf
# firmware ELF (no allocator; built for size: opt-level "z", fat LTO). Everything else goes
# to stderr. Installs the thumbv7em target (scripts/setup-rust.sh) when missing.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
target_dir="${CARGO_TARGET_DIR:-$root/target}"
cd "$root"

bash scripts/setup-rust.sh >&2

cargo build -q --release -p mcpwire-device-server --bin device-server >&2
cargo build -q -p mcpwire-device-server --bin device-firmware \
  --target thumbv7em-none-eabihf --no-default-features --features firmware \
  --config 'profile.firmware.inherits="release"' \
  --config 'profile.firmware.opt-level="z"' \
  --config 'profile.firmware.lto="fat"' \
  --profile firmware >&2

echo "$target_dir/release/device-server"
echo "$target_dir/thumbv7em-none-eabihf/firmware/device-firmware"
