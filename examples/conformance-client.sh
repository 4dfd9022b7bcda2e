#!/usr/bin/env bash
# The official conformance suite's *client* scenarios (@modelcontextprotocol/conformance,
# pinned in package.json) against mcpwire's two conformance clients: conformance-client/client.py
# (mcpwire's Client and HttpClient over httpx) and conformance-client/client.mjs (the same over
# Node's fetch). The suite starts its own test server for each scenario and runs the client with
# its URL. Every client scenario the suite lists, except auth/*, runs at each protocol version it
# lists, against both clients. A run passes when the client exits 0 (or the scenario allows it
# not to), in time, and no check failed; a WARNING (a SHOULD) is shown, not failed.
# Ends with "N passed, N failed".
# Usage: bash examples/conformance-client.sh [SCENARIO...]   (after setup-conformance.sh and the
# bindings' builds: bindings-python/.venv with mcpwire, bindings-node's addon)
#
# Left out: the auth/* scenarios (OAuth 2.1 authorization: discovery, registration, tokens,
# scopes, DPoP, …). Authorization is out of mcpwire's scope today: it speaks MCP's messages and
# Streamable HTTP, and leaves the Authorization header to the host's HTTP stack. Also left out:
# the extension scenarios (tasks, skills, client credentials), which are not on a spec version.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
node22="$here/node_modules/.bin/node"
suite="$here/node_modules/@modelcontextprotocol/conformance/dist/index.js"
py="$root/bindings-python/.venv/bin/python"
clients=("python:$py $here/conformance-client/client.py" "node:$node22 $here/conformance-client/client.mjs")

# "  - name [v1,v2]" lines of the suite's "Client scenarios" section: "name v1 v2".
listed=$("$node22" "$suite" list | awk '
  /^Client scenarios/ { on = 1; next }
  /^[A-Z]/ { on = 0 }
  on && /^  - / { name = $2; gsub(/[\[\]]/, "", $3); gsub(/,/, " ", $3); print name, $3 }')
[ -n "$listed" ] || { echo "conformance-client.sh: the suite lists no client scenarios" >&2; exit 1; }

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
passed=0 failed=0
while read -r name versions; do
  case "$name" in auth/*) continue ;; esac
  [ "$versions" = extension ] && continue
  if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qxF "$name"; then continue; fi
  for version in $versions; do
    for client in "${clients[@]}"; do
      label="${client%%:*}" command="${client#*:}"
      log="$out/run.log"
      "$node22" "$suite" client --command "$command" --scenario "$name" --spec-version "$version" \
        --timeout 20000 >"$log" 2>&1
      rc=$?
      plain=$(sed 's/\x1b\[[0-9;]*m//g' "$log")
      summary=$(grep -E '^Passed: ' <<<"$plain" | tail -1)
      if grep -q ', 0 failed' <<<"$summary" && ! grep -qE 'CLIENT TIMED OUT|CLIENT EXITED WITH ERROR' <<<"$plain"
      then
        passed=$((passed + 1))
        echo "ok - client conformance $name $version $label ($summary; exit $rc)"
        grep -E '^\s+- .*' <<<"$(sed -n '/^Warning Checks:/,$p' <<<"$plain")" | sed 's/^/    WARNING/' | head -5
      else
        failed=$((failed + 1))
        echo "not ok - client conformance $name $version $label (exit $rc; ${summary:-no summary})"
        grep -E 'FAILURE|WARNING|Error|error|CLIENT' <<<"$plain" | cut -c1-400 | sed 's/^/    /' | head -20
      fi
    done
  done
done <<<"$listed"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
