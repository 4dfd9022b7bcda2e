-- wrk script: tools/call of the benchmark's tool (echo), every response checked.
-- WIRE=2026-07-28: the stateless wire, one POST per call (request _meta, Mcp-Method/Mcp-Name).
-- WIRE=2025-11-25: a sessionless call (the TS SDK's stateless pattern; no initialize).
-- WIRE=2025-11-25-session: each wrk thread opens a session first (initialize, then
--   notifications/initialized) and its connections call on it with Mcp-Session-Id.
-- A response that is not the echoed text (a non-200 status, an error, an isError result) is
-- counted and reported (wrk itself only counts non-2xx statuses); the session's opening
-- requests are not checked as calls.
local wire = os.getenv("WIRE") or "2026-07-28"
local text = "hello from wrk"
local call = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"'
  .. text .. '"}'
local calls, opening

-- wrk.headers (with Host, which wrk adds before init) and the given headers.
local function with(extra)
  local h = { ["Content-Type"] = "application/json", ["Accept"] = "application/json, text/event-stream" }
  for k, v in pairs(wrk.headers) do h[k] = v end
  for k, v in pairs(extra) do h[k] = v end
  return h
end

local function prepare()
  if wire == "2026-07-28" then
    calls = wrk.format("POST", nil, with({ ["MCP-Protocol-Version"] = wire, ["Mcp-Method"] = "tools/call",
      ["Mcp-Name"] = "echo" }), call .. ',"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",'
      .. '"io.modelcontextprotocol/clientInfo":{"name":"wrk","version":"4"},'
      .. '"io.modelcontextprotocol/clientCapabilities":{}}}}')
  elseif wire == "2025-11-25" then
    calls = wrk.format("POST", nil, with({ ["MCP-Protocol-Version"] = wire }), call .. "}}")
  else
    opening = wrk.format("POST", nil, with({}), '{"jsonrpc":"2.0","id":0,"method":"initialize","params":'
      .. '{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"wrk","version":"4"}}}')
  end
end

local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) bad = 0; session = nil; opened = false; prepare() end

function request()
  if calls then return calls end
  if session == nil then return opening end
  if not opened then
    opened = true
    local h = with({ ["MCP-Protocol-Version"] = "2025-11-25", ["Mcp-Session-Id"] = session })
    calls = wrk.format("POST", nil, h, call .. "}}")
    return wrk.format("POST", nil, h, '{"jsonrpc":"2.0","method":"notifications/initialized"}')
  end
  return calls
end

function response(status, headers, body)
  if opening then
    local sid = headers["mcp-session-id"] or headers["Mcp-Session-Id"]
    -- initialize's answer: the session it opened (the thread keeps the first); wrk sometimes
    -- hands over an SSE answer's body empty, so another session's id also marks one
    if string.find(body, '"protocolVersion"', 1, true) or (sid ~= nil and session ~= nil and sid ~= session) then
      if session == nil then session = sid end
      return
    end
    if status == 202 then return end -- notifications/initialized
  end
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
