#!/usr/bin/env bash
# Rust set-up shared by the README's commands: the targets CI builds for, and a C++ compiler
# (the Node addon's simdutf crate compiles C++). Skips what is there.
set -euo pipefail
installed=$(rustup target list --installed)
for t in thumbv7em-none-eabihf wasm32-unknown-unknown; do
  grep -qx "$t" <<<"$installed" || rustup target add "$t"
done
if ! command -v c++ >/dev/null && ! command -v g++ >/dev/null; then
  bash "$(dirname "$0")/apt-install.sh" g++
fi
