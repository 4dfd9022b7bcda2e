#!/usr/bin/env bash
# Issue 8's "at least 1x sonic-rs" line, judged over several runs instead of one: runs the
# decode benchmark of mcpwire and sonic-rs Value on every class N times (default 5) and prints
# each run's ratio (sonic-rs median time / mcpwire median time: above 1 means mcpwire is
# faster), then the median, the lowest and the highest of the N. Usage:
#   bash benches/ratios.sh [N] [criterion args...]
# (default criterion args: --warm-up-time 1 --measurement-time 3). A run takes about a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-5}"
shift || true
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--warm-up-time 1 --measurement-time 3)
dir="${CARGO_TARGET_DIR:-target}/criterion"
runs=$(mktemp)
log=$(mktemp)
trap 'rm -f "$runs" "$log"' EXIT
for ((r = 1; r <= n; r++)); do
  if ! cargo bench -q -p mcpwire-benches --bench decode -- "${args[@]}" \
    'decode/.*/(mcpwire|sonic_rs_value)$' >"$log" 2>&1; then
    cat "$log" >&2
    echo "ratios.sh: cargo bench failed in run $r" >&2
    exit 1
  fi
  python3 - "$dir" >>"$runs" <<'PY'
import json, sys
root = sys.argv[1]
def median(c, lib):
    with open(f"{root}/decode_{c}/{lib}/new/estimates.json") as f:
        return json.load(f)["median"]["point_estimate"]
classes = ["tools_list_100", "tools_call_1000", "text_blocks_5", "image_1mb",
           "progress_1000", "structured_50kb", "errors_1000"]
print(json.dumps({c: median(c, "sonic_rs_value") / median(c, "mcpwire") for c in classes}))
PY
  echo "ratios.sh: run $r of $n done ($(date -u +%H:%M) UTC)" >&2
done
python3 - "$runs" <<'PY'
import json, statistics, sys
runs = [json.loads(line) for line in open(sys.argv[1])]
print("| class | " + " | ".join(f"run {i + 1}" for i in range(len(runs))) + " | median | lowest | highest |")
print("|---|" + "---:|" * (len(runs) + 3))
for c in runs[0]:
    xs = [r[c] for r in runs]
    cells = [f"{x:.2f}×" for x in xs]
    print(f"| {c} | " + " | ".join(cells)
          + f" | **{statistics.median(xs):.2f}×** | {min(xs):.2f}× | {max(xs):.2f}× |")
PY
