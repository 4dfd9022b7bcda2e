#!/usr/bin/env bash
# The official conformance suite (@modelcontextprotocol/conformance, pinned in package.json)
# against the server at URL, on one wire: every scenario a tools-only server must pass at that
# protocol version, each run on its own. A scenario passes when the suite exits 0 and reports
# no failed check (WARNING, a SHOULD, is shown, not failed). Ends with "N passed, N failed".
# Usage: bash examples/conformance.sh URL 2025-11-25|2026-07-28   (after setup-conformance.sh)
#
# Left out, as a tools-only server has nothing to serve there: the logging, sampling,
# elicitation, completion, resources, prompts, caching (it lists prompts and resources too)
# and tasks scenarios, and input-required-result-non-tool-request (an InputRequiredResult
# from prompts/get of a prompt test_input_required_result_prompt: the examples declare only
# `tools`, and mcpwire's server answers prompts/get with -32601 as the spec asks of a server
# without `prompts`; serving it takes a prompts server, not a tool).
#
# server-sse-polling (2025-11-25, SEP-1699) runs whole: its test_reconnection tool closes the
# response mid-call after the priming event with `retry` (mcpwire's HttpEndpoint
# close_connection) and answers on the stream the suite resumes with GET and Last-Event-ID.
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
# asking again when the retry lacks a response, ignoring extra ones, never on tools/list;
# several at once, several rounds, a requestState sealed by mcpwire (seal_request_state) whose
# changed copy gets -32602, and only the input requests the call's capabilities allow
# (declared_input_requests).
input_required="input-required-result-basic-elicitation input-required-result-basic-sampling
  input-required-result-basic-list-roots input-required-result-result-type
  input-required-result-missing-input-response input-required-result-ignore-extra-params
  input-required-result-validate-input input-required-result-unsupported-methods
  input-required-result-request-state input-required-result-multiple-input-requests
  input-required-result-multi-round input-required-result-tampered-state
  input-required-result-capability-check"
case "$wire" in
  2025-11-25) scenarios="server-initialize ping $tools server-session-lifecycle server-sse-multiple-streams
    server-sse-polling dns-rebinding-protection" ;;
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
