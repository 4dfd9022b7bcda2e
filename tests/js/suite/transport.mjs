// Transports: the stdio framer and the SSE codec (every split of a stream gives the same
// frames/events), the header helpers, and HttpEndpoint on both Streamable HTTP wires.

import { test, assert, lib, utf8, text, assertBytes, mcpwireError } from './common.mjs'

const STREAM = utf8.encode('{"a":1}\r\n\n  \n{"b":"x\\ny"}\n' + 'z'.repeat(40) + '\n{"c":3}\r\n{"tail":true}')

function plain(frames) {
  return frames.map((f) => (f.kind === 'line' ? { kind: 'line', line: text(f.line) } : { ...f }))
}

function frames(framer, chunks) {
  const out = []
  for (const c of chunks) out.push(...framer.feed(c))
  const last = framer.finish()
  if (last !== null) out.push(last)
  return plain(out)
}

function splits(data, cuts) {
  const out = []
  let start = 0
  for (const c of [...cuts].sort((a, b) => a - b).concat([data.length])) {
    out.push(data.subarray(start, c))
    start = c
  }
  return out
}

test('transport: every split of a stdio stream gives the same frames', () => {
  const expected = [
    { kind: 'line', line: '{"a":1}' },
    { kind: 'line', line: '{"b":"x\\ny"}' },
    { kind: 'too_long', len: 40 },
    { kind: 'line', line: '{"c":3}' },
    { kind: 'line', line: '{"tail":true}' },
  ]
  const whole = new lib.LineFramer(32)
  const got = []
  for (const f of whole.feed(STREAM)) {
    if (f.kind === 'line') assertBytes(f.line)
    got.push(f)
  }
  assert.deepEqual(frames(new lib.LineFramer(32), [STREAM]), expected)
  for (let i = 0; i <= STREAM.length; i++) {
    for (let j = i; j <= STREAM.length; j += 7) {
      assert.deepEqual(frames(new lib.LineFramer(32), splits(STREAM, [i, j])), expected, `${i} ${j}`)
    }
  }
  const bytes = Array.from(STREAM, (_, i) => STREAM.subarray(i, i + 1))
  assert.deepEqual(frames(new lib.LineFramer(32), bytes), expected)
})

test('transport: writeLine adds one LF and refuses embedded line ends', () => {
  const line = lib.writeLine('{"a":1}')
  assertBytes(line)
  assert.equal(text(line), '{"a":1}\n')
  assert.throws(() => lib.writeLine('{"a":\n1}'), mcpwireError('unexpected_byte', -32700, 5))
})

const SSE = utf8.encode(
  '\ufeff: keep-alive\r\nevent: message\rid: 1-1\ndata: {"a":\r\ndata: 1}\n\nretry: 500\ndata:x\r\rdata: dropped',
)

function events(decoder, chunks) {
  const out = []
  for (const c of chunks) out.push(...decoder.feed(c))
  return { events: out, dropped: decoder.finish() }
}

test('transport: every split of an event stream gives the same events', () => {
  const expected = {
    events: [
      { kind: 'event', event: 'message', data: '{"a":\n1}', id: '1-1', retry: null },
      { kind: 'event', event: 'message', data: 'x', id: '1-1', retry: 500 },
    ],
    dropped: true,
  }
  assert.deepEqual(events(new lib.SseDecoder(), [SSE]), expected)
  for (let i = 0; i <= SSE.length; i++) {
    for (let j = i; j <= SSE.length; j += 5) {
      assert.deepEqual(events(new lib.SseDecoder(), splits(SSE, [i, j])), expected, `${i} ${j}`)
    }
  }
  const d = new lib.SseDecoder()
  events(d, Array.from(SSE, (_, i) => SSE.subarray(i, i + 1)))
  assert.equal(d.lastEventId, '1-1')
  assert.equal(d.retry, 500)
})

test('transport: the SSE writer reads back; events over the limit are skipped', () => {
  const data = lib.encodeSseEvent('{"x":1}\nsecond', { event: 'message', id: '3-4', retry: 10 })
  assertBytes(data)
  assert.equal(text(data), 'event: message\nid: 3-4\nretry: 10\ndata: {"x":1}\ndata: second\n\n')
  assert.equal(text(lib.encodeSseComment()), ':\n')
  assert.throws(() => lib.encodeSseEvent('x', { id: 'a\nb' }), mcpwireError('unexpected_byte', -32700, 1))
  const big = new Uint8Array([...lib.encodeSseEvent('y'.repeat(100)), ...lib.encodeSseEvent('ok')])
  assert.deepEqual(events(new lib.SseDecoder(16), [big]).events, [
    { kind: 'too_long', len: 106 },
    { kind: 'event', event: 'message', data: 'ok', id: '', retry: null },
  ])
})

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} }
const SQL_TOOL = {
  name: 'execute_sql',
  inputSchema: {
    type: 'object',
    properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, query: { type: 'string' } },
  },
}
const sqlCall = (id, region = 'us-west1', meta = META) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'execute_sql', arguments: { region, query: 'q' }, _meta: meta },
})

test('transport: client headers, the encoding table, the HTTP catalog', () => {
  const headers = lib.clientRequestHeaders(sqlCall(1), '2026-07-28', SQL_TOOL)
  for (const pair of [
    ['MCP-Protocol-Version', '2026-07-28'],
    ['Mcp-Method', 'tools/call'],
    ['Mcp-Name', 'execute_sql'],
    ['Mcp-Param-Region', 'us-west1'],
    ['Accept', 'application/json, text/event-stream'],
  ]) {
    assert.ok(headers.some(([n, v]) => n === pair[0] && v === pair[1]), JSON.stringify(pair))
  }
  // The bytes a Client returns work as well as the value.
  assert.deepEqual(lib.clientRequestHeaders(utf8.encode(JSON.stringify(sqlCall(1))), '2026-07-28', SQL_TOOL), headers)
  assert.deepEqual(lib.clientRequestHeaders(JSON.stringify(sqlCall(1)), '2026-07-28', SQL_TOOL), headers)
  const table = [
    ['us-west1', 'us-west1'],
    ['Hello, 世界', '=?base64?SGVsbG8sIOS4lueVjA==?='],
    [' padded ', '=?base64?IHBhZGRlZCA=?='],
    ['line1\nline2', '=?base64?bGluZTEKbGluZTI=?='],
    ['=?base64?literal?=', '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?='],
  ]
  for (const [original, encoded] of table) {
    assert.equal(lib.encodeHeaderValue(original), encoded)
    assert.equal(lib.decodeHeaderValue(encoded), original)
  }
  assert.throws(() => lib.decodeHeaderValue('=?base64?***?='), mcpwireError('header_mismatch', -32020))
  const bad = { name: 'bad', inputSchema: { type: 'object', properties: { n: { type: 'number', 'x-mcp-header': 'N' } } } }
  const catalog = lib.httpToolCatalog([SQL_TOOL, bad])
  assert.deepEqual(
    catalog.tools.map((t) => t.name),
    ['execute_sql'],
  )
  assert.equal(catalog.rejected[0].tool, 'bad')
  assert.ok(catalog.rejected[0].reason.length > 0)
})

const BASE = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
const RESULT = { content: [{ type: 'text', text: 'done' }] }
const RANDOM = new Uint8Array(16).fill(7)
const sqlHeaders = (region = 'us-west1') => ({
  ...BASE,
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': 'execute_sql',
  'mcp-param-region': region,
})
const endpoint = (more = {}) =>
  new lib.HttpEndpoint({ serverInfo: { name: 's', version: '1' }, capabilities: { tools: {} }, tools: [SQL_TOOL], ...more })
const post = (ep, headers, body, now = 0) => ep.handle('POST', headers, JSON.stringify(body), now, RANDOM)

test('transport: HttpEndpoint answers a 2026 call as JSON; a header mismatch is 400 + -32020', () => {
  const ep = endpoint()
  const h = post(ep, sqlHeaders(), sqlCall(1))
  assert.equal(h.kind, 'call')
  assert.equal(h.request.name, 'execute_sql')
  const r = ep.respondTool(h.exchange, RESULT)
  assert.equal(r.status, 200)
  assert.equal(r.done, true)
  assertBytes(r.body)
  assert.equal(JSON.parse(text(r.body)).result.content[0].text, 'done')
  const bad = post(ep, sqlHeaders('eu-west1'), sqlCall(2))
  assert.equal(bad.kind, 'reply')
  assert.equal(bad.status, 400)
  assert.equal(JSON.parse(text(bad.body)).error.code, -32020)
  // Header pairs work as well as an object; GET on the 2026 wire is 405.
  const pairs = Object.entries(sqlHeaders('eu-west1'))
  assert.equal(ep.handle('POST', pairs, JSON.stringify(sqlCall(3)), 0).status, 400)
  assert.equal(ep.handle('GET', { 'mcp-protocol-version': '2026-07-28' }, '', 0).status, 405)
})

test('transport: progress makes an SSE answer; a closed stream cancels the 2026 call', () => {
  const ep = endpoint()
  const h = post(ep, sqlHeaders(), sqlCall(4, 'us-west1', { ...META, progressToken: 't' }))
  const first = ep.notifyProgress(h.exchange, 1, 2)
  assert.equal(first.status, 200)
  assert.ok(first.headers.some(([n, v]) => n === 'Content-Type' && v === 'text/event-stream'))
  const got = events(new lib.SseDecoder(), [first.body]).events
  assert.equal(JSON.parse(got[0].data).method, 'notifications/progress')
  assert.equal(ep.streamClosed(h.exchange), true)
  const last = ep.respondTool(h.exchange, RESULT)
  assert.equal(last.done, true)
  assert.equal(last.body.length, 0)
  assert.equal(ep.exchangeCount, 0)
})

test('transport: HttpEndpoint sessions on the 2025-11-25 wire', () => {
  const ep = new lib.HttpEndpoint({ serverInfo: { name: 's', version: '1' }, capabilities: { tools: {} }, sessionIdleMs: 100 })
  const init = {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
  }
  const r = post(ep, BASE, init)
  const sid = r.headers.find(([n]) => n === 'Mcp-Session-Id')[1]
  assert.equal(sid, '07'.repeat(16))
  assert.equal(ep.sessionCount, 1)
  const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' }
  assert.equal(post(ep, BASE, list).status, 400)
  assert.equal(post(ep, { ...BASE, 'mcp-session-id': 'nope' }, list).status, 404)
  const h = post(ep, { ...BASE, 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' }, list)
  assert.equal(h.kind, 'call')
  assert.equal(h.request.event, 'list_tools')
  assert.equal(ep.respondList(h.exchange, { tools: [] }).status, 200)
  assert.equal(ep.pollTimeout(), 100)
  ep.handleTimeout(100)
  assert.equal(ep.sessionCount, 0)
  assert.equal(post(ep, { ...BASE, 'mcp-session-id': sid }, list, 101).status, 404)
})

test('transport: a 2025 cancel names the exchange; -32021 carries requiredCapabilities', () => {
  const ep = new lib.HttpEndpoint({ serverInfo: { name: 's', version: '1' }, capabilities: { tools: {} } })
  const init = {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
  }
  const sid = post(ep, BASE, init).headers.find(([n]) => n === 'Mcp-Session-Id')[1]
  const h25 = { ...BASE, 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' }
  const h = post(ep, h25, { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 't' } })
  assert.equal(ep.pollCancelled(), null)
  const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 5 } }
  assert.equal(post(ep, h25, cancel).status, 202)
  assert.equal(ep.pollCancelled(), h.exchange)
  assert.equal(ep.pollCancelled(), null)
  const modern = endpoint()
  const c = post(modern, sqlHeaders(), sqlCall(1))
  assert.deepEqual(c.request.clientCapabilities, {})
  const r = modern.respondFailure(c.exchange, 'missing_required_client_capability', 'needs elicitation', {
    requiredCapabilities: { elicitation: {} },
  })
  assert.equal(r.status, 400)
  const error = JSON.parse(text(r.body)).error
  assert.equal(error.code, -32021)
  assert.deepEqual(error.data.requiredCapabilities, { elicitation: {} })
})

test('transport: Server.streamClosed cancels a call', () => {
  const server = new lib.Server({ versions: ['2026-07-28'], serverInfo: { name: 's', version: '1' }, capabilities: { tools: {} } })
  assert.equal(server.handleInput(JSON.stringify(sqlCall(9)), 0).event, 'call_tool')
  assert.equal(server.streamClosed(9), true)
  assert.equal(server.respondTool(9, RESULT), null)
  assert.equal(server.streamClosed(9), false)
})

test('transport: a 2025-11-25 stream resumes after Last-Event-ID', () => {
  const ep = new lib.HttpEndpoint({ serverInfo: { name: 's', version: '1' }, capabilities: { tools: {} } })
  const init = {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
  }
  const sid = post(ep, BASE, init).headers.find(([n]) => n === 'Mcp-Session-Id')[1]
  const withSid = { ...BASE, 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' }
  const call = { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 't', arguments: {}, _meta: { progressToken: 1 } } }
  const h = post(ep, withSid, call)
  const first = events(new lib.SseDecoder(), [ep.notifyProgress(h.exchange, 1).body]).events
  assert.deepEqual(first.map((e) => e.id), ['1-0', '1-1'])
  assert.equal(first[0].data, '')
  assert.equal(ep.streamClosed(h.exchange), false)
  ep.notifyProgress(h.exchange, 2)
  const resumed = ep.handle('GET', { accept: 'text/event-stream', 'mcp-session-id': sid, 'last-event-id': '1-1' }, '', 1)
  assert.equal(resumed.kind, 'stream')
  assert.equal(resumed.exchange, h.exchange)
  assert.deepEqual(events(new lib.SseDecoder(), [resumed.body]).events.map((e) => e.id), ['1-2'])
  const last = ep.respondTool(h.exchange, RESULT)
  assert.equal(last.done, true)
  assert.equal(JSON.parse(events(new lib.SseDecoder(), [last.body]).events[0].data).id, 5)
  assert.equal(ep.handle('DELETE', withSid, '', 2).status, 200)
  assert.equal(ep.sessionCount, 0)
})
