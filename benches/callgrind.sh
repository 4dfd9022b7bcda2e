#!/usr/bin/env bash
# Instructions per decode (or encode) of each corpus class, counted by callgrind: stable from
# run to run and unaffected by other load on the machine. Usage:
#   bash benches/callgrind.sh [encode|sonic|tape|unescape]
# (`sonic`: sonic-rs building and dropping its `Value` of the same messages, for comparison;
# `tape`: what the JS bindings' decode runs natively, the checks and the tape, api::decode_tape;
# `unescape`: the same with the unescaped text, api::decode_tape_unescaping.)
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-decode}"
cargo build --release -q -p mcpwire-benches --bin profile_decode
bin="${CARGO_TARGET_DIR:-target}/release/profile_decode"
toggle='*mcpwire_decode*'
[ "$mode" = encode ] && toggle='*encode_to_vec*'
[ "$mode" = sonic ] && toggle='*sonic_value*'
[ "$mode" = tape ] && toggle='*tape_decode*'
[ "$mode" = unescape ] && toggle='*unescaped_tape*'
printf '| class | iterations | instructions per %s | per input byte |\n|---|---:|---:|---:|\n' "${mode/sonic/sonic-rs decode}"
for c in tools_list_100 tools_call_1000 text_blocks_5 image_1mb progress_1000 structured_50kb errors_1000; do
  case $c in
    tools_list_100|image_1mb) n=5 ;; structured_50kb) n=50 ;; text_blocks_5) n=200 ;; *) n=10 ;;
  esac
  out=$(mktemp)
  line=$(valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect="$toggle" \
    "$bin" "$c" "$n" $([ "$mode" != decode ] && echo "$mode") 2>&1 >/dev/null | grep Collected)
  rm -f "$out"
  ir=${line##* }
  msgs=1; case $c in *_1000) msgs=1000 ;; esac
  bytes=$("$bin" "$c" dump | wc -c); bytes=$((bytes - msgs))   # dump adds a newline per message
  awk -v c="$c" -v n="$n" -v ir="$ir" -v m="$msgs" -v b="$bytes" \
    'BEGIN { printf "| %s | %d | %.0f%s | %.2f |\n", c, n, ir / n / m, (m > 1 ? " per message" : ""), ir / n / b }'
done
