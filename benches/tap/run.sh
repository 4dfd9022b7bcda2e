#!/usr/bin/env bash
# The tap's added latency: 10,000 tools/call round trips through `mcpwire tap` (timeline to
# /dev/null, and --json) against a direct pipe to the same server, each run RUNS times,
# interleaved. A round trip crosses the tap twice (request and response), so the added
# latency per message is half the difference of the round trips' percentiles.
# usage: bash benches/tap/run.sh [N] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:-10000}
runs=${2:-3}
cargo build -q --release -p mcpwire-cli
mkdir -p target/tap-bench
rustc -O --edition 2021 -o target/tap-bench/roundtrip benches/tap/roundtrip.rs
rt=target/tap-bench/roundtrip
tap=target/release/mcpwire
for run in $(seq "$runs"); do
    direct=$("$rt" drive "$n" "$rt" serve)
    timeline=$("$rt" drive "$n" "$tap" tap --report /dev/null -- "$rt" serve)
    json=$("$rt" drive "$n" "$tap" tap --json --report /dev/null -- "$rt" serve)
    python3 - "$direct" "$timeline" "$json" <<'PY'
import json, sys
d, t, j = (json.loads(a) for a in sys.argv[1:])
print(f"direct    round trip p50 {d['p50_us']:7.1f} us  p99 {d['p99_us']:7.1f} us")
for name, r in [("tap", t), ("tap --json", j)]:
    print(f"{name:<10}round trip p50 {r['p50_us']:7.1f} us  p99 {r['p99_us']:7.1f} us"
          f"  -> added per message p50 {(r['p50_us'] - d['p50_us']) / 2:6.1f} us"
          f"  p99 {(r['p99_us'] - d['p99_us']) / 2:6.1f} us")
PY
done
