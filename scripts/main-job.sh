#!/usr/bin/env bash
# The main job: build `mcpwire` and check the shipped sample exchange (every tool message
# kind, both directions interleaved, as a stdio tap logs it). Exit 0 when every line is valid.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p mcpwire-cli
./target/release/mcpwire check tests/samples/exchange.jsonl
