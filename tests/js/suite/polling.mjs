// SEP-1699 polling: HttpEndpoint.closeConnection ends a 2025-11-25 response mid-call after an
// event with `retry`; the call answers on the stream the client resumes with Last-Event-ID.

import { test, assert, lib, mcpwireError } from './common.mjs'

const BASE = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
const RESULT = { content: [{ type: 'text', text: 'done' }] }
const RANDOM = new Uint8Array(16).fill(3)
const INIT = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
}
const CALL = { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'test_reconnection', arguments: {} } }

const post = (ep, headers, body) => ep.handle('POST', headers, JSON.stringify(body), 0, RANDOM)
const events = (body) => new lib.SseDecoder().feed(body).filter((e) => e.kind === 'event')

function session() {
  const ep = new lib.HttpEndpoint({ serverInfo: { name: 's', version: '1' }, capabilities: { tools: {} } })
  const sid = post(ep, BASE, INIT).headers.find(([n]) => n === 'Mcp-Session-Id')[1]
  return { ep, sid, headers: { ...BASE, 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' } }
}

const resume = (ep, sid, last) =>
  ep.handle('GET', { accept: 'text/event-stream', 'mcp-session-id': sid, 'last-event-id': last }, '', 1)

test('polling: closeConnection primes with retry; the result comes on the resumed stream', () => {
  const { ep, sid, headers } = session()
  const h = post(ep, headers, CALL)
  const closed = ep.closeConnection(h.exchange, 250)
  assert.equal(closed.status, 200)
  assert.equal(closed.done, true)
  assert.ok(closed.headers.some(([n, v]) => n === 'Content-Type' && v === 'text/event-stream'))
  assert.deepEqual(events(closed.body).map((e) => [e.id, e.retry, e.data]), [['1-0', 250, '']])
  assert.equal(ep.exchangeCount, 1)
  const resumed = resume(ep, sid, '1-0')
  assert.deepEqual([resumed.kind, resumed.exchange, resumed.done], ['stream', h.exchange, false])
  const last = ep.respondTool(h.exchange, RESULT)
  assert.deepEqual([last.status, last.done], [null, true])
  const [answer] = events(last.body)
  assert.equal(answer.id, '1-1')
  assert.deepEqual(JSON.parse(answer.data).result.content, RESULT.content)
})

test('polling: a result sent while away is replayed; a 2026 response cannot be closed', () => {
  const { ep, sid, headers } = session()
  const h = post(ep, headers, CALL)
  ep.closeConnection(h.exchange, 10)
  ep.respondTool(h.exchange, RESULT)
  const r = resume(ep, sid, '1-0')
  assert.deepEqual([r.kind, r.done], ['reply', true])
  assert.deepEqual(events(r.body).map((e) => e.id), ['1-1'])
  assert.throws(() => ep.closeConnection(h.exchange, 10), mcpwireError('invalid_value', -32602))
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} }
  const modern = { ...CALL, params: { ...CALL.params, _meta: meta } }
  const m = post(
    ep,
    { ...BASE, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'test_reconnection' },
    modern,
  )
  assert.equal(m.kind, 'call')
  assert.throws(
    () => ep.closeConnection(m.exchange, 10),
    (e) => mcpwireError('invalid_value', -32602)(e) && e.message.includes('2026-07-28'),
  )
})
