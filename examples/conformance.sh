#!/usr/bin/env bash
# The official conformance suite (@modelcontextprotocol/conformance, pinned in package.json)
# against the server at URL, on one wire: every scenario a tools-only server must pass at that
# protocol version, each run on its own. A scenario passes when the suite exits 0 and reports
# no failed check (WARNING, a SHOULD, is shown, not failed). Ends with "N passed, N failed".
# Usage: bash examples/conformance.sh URL 2025-11-25|2026-07-28   (after setup-conformance.sh)
#
# Left out, as a tools-only server has nothing to serve there: the logging, sampling,
# elicitation, completion, resources, prompts, caching (it lists prompts and resources too),
# the input-required-result scenarios that need a prompt or tool logic of their own (request
# state checks, several rounds, a tampered state, a capability-dependent choice) and tasks
# scenarios; server-sse-polling
# (2025-11-25 resumption through a test_reconnection tool) until the example serves it.
#
# server-stateless (2026-07-28) runs whole, every check enforced: its diagnostic tools
# test_missing_capability (-32021 with requiredCapabilities, status 400) and
# test_streaming_elicitation (an input_required result on the request's own stream) are in
# ../tools.json.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
url="$1" wire="$2"
tools="tools-list tools-call-simple-text tools-call-image tools-call-audio tools-call-embedded-resource
  tools-call-mixed-content tools-call-error tools-call-with-progress json-schema-2020-12"
# MRTR: a tool answering with input requests (test_input_required_result_* in ../tools.json),
# asking again when the retry lacks a response, ignoring extra ones, never on tools/list.
input_required="input-required-result-basic-elicitation input-required-result-basic-sampling
  input-required-result-basic-list-roots input-required-result-result-type
  input-required-result-missing-input-response input-required-result-ignore-extra-params
  input-required-result-validate-input input-required-result-unsupported-methods"
case "$wire" in
  2025-11-25) scenarios="server-initialize ping $tools server-session-lifecycle server-sse-multiple-streams
    dns-rebinding-protection" ;;
  2026-07-28) scenarios="server-stateless $tools server-sse-multiple-streams dns-rebinding-protection
    http-header-validation http-custom-header-server-validation $input_required" ;;
  *) echo "conformance.sh: unknown wire $wire" >&2; exit 2 ;;
esac
node22="$here/node_modules/.bin/node"
suite="$here/node_modules/@modelcontextprotocol/conformance/dist/index.js"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
passed=0 failed=0
for s in $scenarios; do
  log="$out/$s.log"
  "$node22" "$suite" server --url "$url" --scenario "$s" --spec-version "$wire" >"$log" 2>&1
  rc=$?
  summary=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^Passed: ' | tail -1)
  if [ "$rc" = 0 ] && grep -q ', 0 failed' <<<"$summary"; then
    passed=$((passed + 1))
    echo "ok - conformance $wire $s ($summary)"
  else
    failed=$((failed + 1))
    echo "not ok - conformance $wire $s (exit $rc; ${summary:-no summary})"
    sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E 'FAILURE|WARNING|Error|error' | cut -c1-400 | sed 's/^/    /' | head -20
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
