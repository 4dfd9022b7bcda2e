// HttpClient: the client side of Streamable HTTP. A Client and an HttpClient against an
// HttpEndpoint in the same process (the endpoint's replies fed back as responses) on both
// wires; bodies split at every byte give the same messages; the outcomes a host acts on
// (session expired, no stream, resumption); limits and misuse.

import { test, assert, lib, utf8, text, assertBytes, mcpwireError } from './common.mjs'

const RANDOM = new Uint8Array(16).fill(9)
const TOOL = { name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }
const clientInfo = { name: 'c', version: '1' }

function endpoint() {
  return new lib.HttpEndpoint({ serverInfo: { name: 's', version: '1' }, capabilities: { tools: {} }, tools: [TOOL] })
}

const header = (req, name) => req.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1] ?? null

/** Sends `req` to the endpoint: the HttpEndpoint's decision, its replies fed to `http`
 * (`answer(call)` answers a call with a list of replies). Returns the response kind and
 * what handleEnd said, and the messages as the Client's events. */
function roundTrip(ep, http, client, req, answer) {
  const handled = ep.handle(req.method, req.headers, req.body, 0, RANDOM)
  const replies = handled.kind === 'call' ? answer(handled) : [handled]
  const kind = http.handleResponse(req.exchange, replies[0].status, replies[0].headers)
  let ended = null
  if (kind === 'json' || kind === 'sse') {
    for (const r of replies) http.handleBody(req.exchange, r.body)
    ended = http.handleEnd(req.exchange)
  }
  const events = []
  for (let m; (m = http.pollMessage()) !== null;) {
    assert.equal(m.exchange, req.exchange)
    assertBytes(m.message)
    events.push(client.handleInput(m.message, 0))
  }
  return { kind, ended, events }
}

function connect(version) {
  const ep = endpoint()
  const client = new lib.Client({ version, clientInfo })
  const http = new lib.HttpClient(version)
  const hello = http.request(client.start(0).bytes)
  assert.equal(hello.method, 'POST')
  const opened = roundTrip(ep, http, client, hello)
  assert.equal(opened.kind, 'json')
  assert.equal(opened.events.at(-1).event, 'ready')
  for (let out; (out = client.pollTransmit()) !== null;) {
    const r = roundTrip(ep, http, client, http.request(out))
    assert.equal(r.kind, 'empty')
  }
  return { ep, client, http }
}

const RESULT = (t) => ({ content: [{ type: 'text', text: t }] })

for (const version of ['2025-11-25', '2026-07-28']) {
  test(`http client: a call with progress over SSE on ${version}`, () => {
    const { ep, client, http } = connect(version)
    assert.equal(http.protocolVersion, version)
    assert.equal(http.sessionId === null, version === '2026-07-28')
    const { bytes } = client.callTool(0, 'echo', { text: 'hi' }, null, true)
    const req = http.request(bytes, TOOL)
    assert.deepEqual(text(req.body), text(bytes))
    assert.equal(header(req, 'accept'), 'application/json, text/event-stream')
    assert.equal(header(req, 'content-type'), 'application/json')
    assert.equal(header(req, 'mcp-protocol-version'), version)
    assert.equal(header(req, 'mcp-session-id'), http.sessionId)
    assert.equal(header(req, 'mcp-name'), version === '2026-07-28' ? 'echo' : null)
    assert.equal(req.retry, null)
    const r = roundTrip(ep, http, client, req, (call) => [
      ep.notifyProgress(call.exchange, 1, 2),
      ep.respondTool(call.exchange, RESULT('hi')),
    ])
    assert.equal(r.kind, 'sse')
    assert.equal(r.ended, 'complete')
    assert.deepEqual(r.events.map((e) => e.event), ['progress', 'tool_result'])
    assert.deepEqual(r.events[1].result.content, RESULT('hi').content)
    assert.equal(http.exchangeCount, 0)
  })

  test(`http client: every split of a response body gives the same messages on ${version}`, () => {
    const { ep, client, http } = connect(version)
    const { bytes } = client.callTool(0, 'echo', { text: 'é' }, null, true)
    const first = http.request(bytes, TOOL)
    const call = ep.handle('POST', first.headers, first.body, 0, RANDOM)
    const replies = [ep.notifyProgress(call.exchange, 1), ep.respondTool(call.exchange, RESULT('é'))]
    const body = new Uint8Array(replies.flatMap((r) => [...r.body]))
    const messages = (cuts) => {
      const h = new lib.HttpClient(version)
      const req = h.request(bytes)
      assert.equal(h.handleResponse(req.exchange, 200, replies[0].headers), 'sse')
      let at = 0
      for (const c of [...cuts, body.length]) {
        h.handleBody(req.exchange, body.subarray(at, c))
        at = c
      }
      assert.equal(h.handleEnd(req.exchange), 'complete')
      const out = []
      for (let m; (m = h.pollMessage()) !== null;) out.push(text(m.message))
      return out
    }
    const whole = messages([])
    assert.equal(whole.length, 2)
    assert.equal(JSON.parse(whole[1]).result.content[0].text, 'é')
    for (let i = 0; i <= body.length; i++) assert.deepEqual(messages([i]), whole, `split at ${i}`)
    const bytewise = Array.from({ length: body.length }, (_, i) => i)
    assert.deepEqual(messages(bytewise), whole)
  })
}

test('http client: the 2025 session id, its expiry (404) and DELETE', () => {
  const { ep, client, http } = connect('2025-11-25')
  const sid = http.sessionId
  assert.equal(sid, '09'.repeat(16))
  // A request still in flight when the session ends gets 404: the session expired.
  const late = http.request(client.listTools(0).bytes)
  const del = http.endSession()
  assert.equal(del.method, 'DELETE')
  assert.equal(header(del, 'mcp-session-id'), sid)
  assert.equal(del.body.length, 0)
  assert.equal(roundTrip(ep, http, client, del).kind, 'empty')
  assert.equal(http.sessionId, null)
  assert.equal(ep.sessionCount, 0)
  assert.equal(roundTrip(ep, http, client, late).kind, 'session_expired')
  assert.throws(() => http.endSession(), mcpwireError('invalid_value', -32602))
  // A new session: initialize goes without the old id.
  const again = new lib.Client({ version: '2025-11-25', clientInfo })
  const hello = http.request(again.start(0).bytes)
  assert.equal(header(hello, 'mcp-session-id'), null)
  assert.equal(header(hello, 'mcp-protocol-version'), null)
  assert.equal(roundTrip(ep, http, again, hello).kind, 'json')
  assert.ok(http.sessionId !== null)
})

test('http client: the GET stream, and resuming a stream cut before its response', () => {
  const { ep, client, http } = connect('2025-11-25')
  const get = http.openStream()
  assert.equal(get.method, 'GET')
  assert.equal(header(get, 'accept'), 'text/event-stream')
  const opened = ep.handle('GET', get.headers, get.body, 0, RANDOM)
  assert.equal(opened.kind, 'stream')
  assert.equal(http.handleResponse(get.exchange, opened.status, opened.headers), 'sse')
  http.handleBody(get.exchange, opened.body)
  assert.equal(http.close(get.exchange), true)
  assert.equal(http.close(get.exchange), false)
  ep.streamClosed(opened.exchange)
  // A call whose stream is cut after its progress: resumable with Last-Event-ID.
  const { bytes } = client.callTool(0, 'echo', { text: 'x' }, null, true)
  const req = http.request(bytes)
  const call = ep.handle('POST', req.headers, req.body, 0, RANDOM)
  const progress = ep.notifyProgress(call.exchange, 1)
  assert.equal(http.handleResponse(req.exchange, 200, progress.headers), 'sse')
  http.handleBody(req.exchange, progress.body)
  assert.equal(http.handleEnd(req.exchange), 'resumable')
  assert.equal(client.handleInput(http.pollMessage().message, 0).event, 'progress')
  ep.streamClosed(call.exchange)
  const resume = http.resume(req.exchange)
  assert.equal(resume.exchange, req.exchange)
  assert.equal(resume.method, 'GET')
  assert.match(header(resume, 'last-event-id'), /^\d+-\d+$/)
  const again = ep.handle('GET', resume.headers, resume.body, 0, RANDOM)
  const done = ep.respondTool(again.exchange, RESULT('x'))
  assert.equal(http.handleResponse(req.exchange, again.status, again.headers), 'sse')
  http.handleBody(req.exchange, again.body)
  assert.equal(http.answered(req.exchange), false)
  http.handleBody(req.exchange, done.body)
  // The response came: the host may stop reading (a server may leave the stream open).
  assert.equal(http.answered(req.exchange), true)
  assert.equal(http.handleEnd(req.exchange), 'complete')
  assert.equal(http.answered(req.exchange), false)
  const result = client.handleInput(http.pollMessage().message, 0)
  assert.equal(result.event, 'tool_result')
  assert.equal(http.pollMessage(), null)
})

test('http client: a resumed stream left open after its response is answered, then closed', () => {
  const { client, http } = connect('2025-11-25')
  const { id, bytes } = client.callTool(0, 'echo', { text: 'x' })
  const req = http.request(bytes)
  const sse = [['content-type', 'text/event-stream']]
  assert.equal(http.handleResponse(req.exchange, 200, sse), 'sse')
  http.handleBody(req.exchange, 'id: event-1\nretry: 500\ndata: \n\n')
  assert.equal(http.handleEnd(req.exchange), 'resumable')
  const resume = http.resume(req.exchange)
  assert.equal(resume.retry, 500)
  assert.equal(header(resume, 'last-event-id'), 'event-1')
  assert.equal(http.handleResponse(req.exchange, 200, sse), 'sse')
  http.handleBody(req.exchange, `id: event-2\ndata: {"jsonrpc":"2.0","id":${id},"result":{"content":[]}}\n\n`)
  assert.equal(http.answered(req.exchange), true)
  assert.equal(client.handleInput(http.pollMessage().message, 0).event, 'tool_result')
  assert.equal(http.close(req.exchange), true)
  assert.equal(http.answered(req.exchange), false)
  assert.equal(http.exchangeCount, 0)
})

test('http client: 2026-07-28 has no GET, no resumption; a cut stream is unanswered', () => {
  const http = new lib.HttpClient('2026-07-28')
  assert.throws(() => http.openStream(), mcpwireError('invalid_value', -32602))
  assert.throws(() => http.endSession(), mcpwireError('invalid_value', -32602))
  const req = http.request('{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{}}}')
  assert.equal(http.handleResponse(req.exchange, 200, { 'content-type': 'text/event-stream' }), 'sse')
  http.handleBody(req.exchange, 'id: 1-1\ndata: {"jsonrpc":"2.0","method":"notifications/progress"}\n\n')
  assert.equal(http.handleEnd(req.exchange), 'unanswered')
  assert.throws(() => http.resume(req.exchange), mcpwireError('invalid_value', -32602))
})

test('http client: statuses: a JSON error body is delivered, 405 to GET, others failed', () => {
  const http = new lib.HttpClient('2025-11-25')
  const req = http.request('{"jsonrpc":"2.0","id":7,"method":"tools/list"}')
  const headers = [['Content-Type', 'application/json; charset=utf-8']]
  assert.equal(http.handleResponse(req.exchange, 400, headers), 'json')
  http.handleBody(req.exchange, '{"jsonrpc":"2.0","id":7,"error":{"code":-32600,"message":"no"}}')
  assert.equal(http.handleEnd(req.exchange), 'complete')
  assert.equal(JSON.parse(text(http.pollMessage().message)).error.code, -32600)
  const get = http.openStream()
  assert.equal(http.handleResponse(get.exchange, 405, []), 'no_stream')
  assert.throws(() => http.handleBody(get.exchange, 'x'), mcpwireError('invalid_value', -32602))
  const note = http.request('{"jsonrpc":"2.0","method":"notifications/initialized"}')
  assert.equal(http.handleResponse(note.exchange, 503, {}), 'failed')
  const ok = http.request('{"jsonrpc":"2.0","id":8,"method":"tools/list"}')
  assert.throws(() => http.handleResponse(ok.exchange, 200, { 'content-type': 'text/html' }),
    mcpwireError('invalid_value', -32602))
  assert.equal(http.exchangeCount, 0)
  // fetch's Headers (any iterable of pairs) works as well as an object.
  if (typeof Headers === 'function') {
    const h = http.request('{"jsonrpc":"2.0","id":9,"method":"tools/list"}')
    assert.equal(http.handleResponse(h.exchange, 202, new Headers()), 'empty')
  }
})

test('http client: limits and bad input are McpwireErrors with offsets; the stream goes on', () => {
  const http = new lib.HttpClient('2025-11-25', { maxMessage: 16 })
  const req = http.request('{"jsonrpc":"2.0","id":1,"method":"tools/list"}')
  assert.equal(http.handleResponse(req.exchange, 200, { 'content-type': 'text/event-stream' }), 'sse')
  const big = `data: ${'x'.repeat(40)}\n\n`
  assert.throws(() => http.handleBody(req.exchange, `${big}data: {"a":1}\n\n`), mcpwireError('input_too_large', -32700, big.length))
  assert.equal(text(http.pollMessage().message), '{"a":1}')
  const json = http.request('{"jsonrpc":"2.0","id":2,"method":"tools/list"}')
  http.handleResponse(json.exchange, 200, { 'content-type': 'application/json' })
  assert.throws(() => http.handleBody(json.exchange, '{"jsonrpc":"2.0","id":2,"result":{}}'), mcpwireError('input_too_large', -32700, 16))
  assert.equal(http.handleEnd(json.exchange), 'unanswered')
  const empty = http.request('{"jsonrpc":"2.0","id":3,"method":"tools/list"}')
  http.handleResponse(empty.exchange, 200, { 'content-type': 'application/json' })
  assert.throws(() => http.handleEnd(empty.exchange), mcpwireError('unexpected_end', -32700, 0))
  assert.throws(() => http.request('{"jsonrpc":"2.0","id":1,'), mcpwireError('unexpected_end', -32700))
  assert.throws(() => http.handleBody(999, 'x'), mcpwireError('invalid_value', -32602))
  assert.throws(() => new lib.HttpClient('1999-01-01'), mcpwireError('invalid_value', -32602))
  const init = http.request('{"jsonrpc":"2.0","id":4,"method":"initialize","params":{}}')
  assert.throws(() => http.handleResponse(init.exchange, 200, { 'content-type': 'application/json', 'mcp-session-id': 'a b' }),
    mcpwireError('invalid_value', -32602))
})
