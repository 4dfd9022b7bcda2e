#!/usr/bin/env bash
# Instructions per validation, mcpwire beside the jsonschema crate, for every argument case of
# tests/schemas/python-sdk.json (issue 7): `is_valid`, and `validate` (every error; jsonschema's
# `iter_errors` counted, and each error kept with its message written out, as mcpwire's
# are). Counted by callgrind at N = 100 and 1100 calls, the difference ÷ 1000,
# so setup (parsing, compiling) drops out. Usage: bash benches/callgrind_schema.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p mcpwire-benches --bin profile_schema --bin profile_jsonschema
dir="${CARGO_TARGET_DIR:-target}/release"
count() {  # binary tool case mode -> instructions per call
  local a b
  a=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$dir/$1" "$2" "$3" 100 $4 2>&1 | grep Collected)
  b=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$dir/$1" "$2" "$3" 1100 $4 2>&1 | grep Collected)
  echo $(( (${b##* } - ${a##* }) / 1000 ))
}
printf '| tool | case | valid | is_valid mcpwire | jsonschema | ratio | validate mcpwire | jsonschema | ratio | jsonschema, errors written out | ratio |\n'
printf '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n'
python3 -c '
import json
for c in json.load(open("tests/schemas/python-sdk.json"))["cases"]:
    print(c["tool"], c["description"], "yes" if c["valid"] else "no", sep="\t")
' | while IFS=$'\t' read -r tool case valid; do
  q=$(count profile_schema "$tool" "$case" ""); qj=$(count profile_jsonschema "$tool" "$case" "")
  v=$(count profile_schema "$tool" "$case" all); vj=$(count profile_jsonschema "$tool" "$case" all)
  vt=$(count profile_jsonschema "$tool" "$case" text)
  awk -v t="$tool" -v c="$case" -v ok="$valid" -v q="$q" -v qj="$qj" -v v="$v" -v vj="$vj" -v vt="$vt" \
    'BEGIN { printf "| %s | %s | %s | %d | %d | %.2f× | %d | %d | %.2f× | %d | %.2f× |\n", t, c, ok, q, qj, q / qj, v, vj, v / vj, vt, v / vt }'
done
