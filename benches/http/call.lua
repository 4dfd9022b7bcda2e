-- wrk script: one tools/call of the benchmark's tool (echo) per request, no session.
-- WIRE=2026-07-28: the stateless wire (request _meta and the Mcp-Method/Mcp-Name headers);
-- WIRE=2025-11-25: a sessionless call (the TS SDK's stateless mode; that SDK stops at 2025-11-25).
-- Each response is checked: a non-200 status or a body without the echoed text is counted
-- and reported (wrk itself only counts non-2xx statuses).
local wire = os.getenv("WIRE") or "2026-07-28"
local text = "hello from wrk"
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json, text/event-stream"
wrk.headers["MCP-Protocol-Version"] = wire
if wire == "2026-07-28" then
  wrk.headers["Mcp-Method"] = "tools/call"
  wrk.headers["Mcp-Name"] = "echo"
  wrk.body = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"'
    .. text .. '"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",'
    .. '"io.modelcontextprotocol/clientInfo":{"name":"wrk","version":"4"},'
    .. '"io.modelcontextprotocol/clientCapabilities":{}}}}'
else
  wrk.body = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"'
    .. text .. '"}}}'
end

local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) bad = 0 end
function response(status, headers, body)
  if status ~= 200 or not string.find(body, '"text":"' .. text .. '"', 1, true)
      or string.find(body, '"isError":true', 1, true) then
    bad = bad + 1
  end
end
function done(summary, latency, requests)
  local total = 0
  for _, t in ipairs(threads) do total = total + t:get("bad") end
  io.write(string.format("BENCH %d %.1f %.3f %.3f %d\n", summary.requests,
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, total))
end
