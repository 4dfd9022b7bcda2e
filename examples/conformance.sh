#!/usr/bin/env bash
# The official conformance suite (@modelcontextprotocol/conformance, pinned in package.json)
# against the server at URL, on one wire: every scenario a tools-only server must pass at that
# protocol version, each run on its own. A scenario passes when the suite exits 0 and reports
# no failed check (WARNING, a SHOULD, is shown, not failed). Ends with "N passed, N failed".
# Usage: bash examples/conformance.sh URL 2025-11-25|2026-07-28   (after setup-conformance.sh)
#
# Left out, as a tools-only server has nothing to serve there: the logging, sampling,
# elicitation, completion, resources, prompts, caching (it lists prompts and resources too),
# input-required-result (MRTR input requests) and tasks scenarios; server-sse-polling
# (2025-11-25 resumption through a test_reconnection tool) until the example serves it.
#
# server-stateless (2026-07-28) runs whole, every check enforced but three, which call
# diagnostic tools the examples do not list (the suite reports them "Not testable" then):
# sep-2575-server-rejects-undeclared-capability and sep-2575-missing-capability-http-400 call
# `test_missing_capability` (core's -32021 with data.requiredCapabilities and status 400 is
# tested in core/tests/transport_http_endpoint.rs and the bindings' transport tests);
# sep-2575-http-server-no-independent-requests-on-stream calls `test_streaming_elicitation`,
# which needs input-required results (MRTR), which mcpwire's Server does not send yet.
untestable="sep-2575-server-rejects-undeclared-capability sep-2575-missing-capability-http-400
  sep-2575-http-server-no-independent-requests-on-stream"
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
url="$1" wire="$2"
tools="tools-list tools-call-simple-text tools-call-image tools-call-audio tools-call-embedded-resource
  tools-call-mixed-content tools-call-error tools-call-with-progress json-schema-2020-12"
case "$wire" in
  2025-11-25) scenarios="server-initialize ping $tools server-session-lifecycle server-sse-multiple-streams
    dns-rebinding-protection" ;;
  2026-07-28) scenarios="server-stateless $tools server-sse-multiple-streams dns-rebinding-protection
    http-header-validation http-custom-header-server-validation" ;;
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
  failing=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -oE '\[[a-z0-9-]+ *\] FAILURE' | grep -oE '[a-z0-9-]+' | sort -u)
  others=$(comm -23 <(tr ' ' '\n' <<<"$failing" | grep . | sort -u) <(tr ' \n' '\n\n' <<<"$untestable" | grep . | sort -u))
  if [ "$rc" = 0 ] && grep -q ', 0 failed' <<<"$summary"; then
    passed=$((passed + 1))
    echo "ok - conformance $wire $s ($summary)"
  elif [ "$s" = server-stateless ] && [ -n "$failing" ] && [ -z "$others" ]; then
    passed=$((passed + 1))
    echo "ok - conformance $wire $s ($summary; not testable here: $(echo $failing))"
  else
    failed=$((failed + 1))
    echo "not ok - conformance $wire $s (exit $rc; ${summary:-no summary})"
    sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E 'FAILURE|WARNING|Error|error' | cut -c1-400 | sed 's/^/    /' | head -20
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
