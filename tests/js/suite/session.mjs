// Protocol state: Client and Server on a virtual clock (see peers.mjs).

import { test, assert, lib, utf8, mcpwireError, typeError, rangeError } from './common.mjs'
import { CLIENT_INFO, SERVER_INFO, KEY, wire, newClient, newServer, handshake, connected, call, ok } from './peers.mjs'

test('state: handshake 2025-11-25 (initialize, then notifications/initialized)', () => {
  const client = newClient('2025-11-25')
  const server = newServer()
  assert.equal(client.isReady, false)
  assert.equal(client.catalogStale, true)
  const hello = client.start(0)
  assert.deepEqual(wire(hello.bytes), {
    jsonrpc: '2.0',
    id: hello.id,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: CLIENT_INFO },
  })
  assert.deepEqual(server.handleInput(hello.bytes, 0), { event: 'handshake' })
  const reply = wire(server.pollTransmit())
  assert.deepEqual(reply, {
    jsonrpc: '2.0',
    id: hello.id,
    result: { protocolVersion: '2025-11-25', capabilities: { tools: { listChanged: true } }, serverInfo: SERVER_INFO },
  })
  assert.deepEqual(client.handleInput(JSON.stringify(reply), 5), {
    event: 'ready',
    version: '2025-11-25',
    tools: { listChanged: true },
  })
  assert.equal(client.isReady, true)
  assert.deepEqual(wire(client.pollTransmit()), { jsonrpc: '2.0', method: 'notifications/initialized' })
  assert.equal(client.pollTransmit(), null)
  assert.equal(client.inFlight, 0)
})

test('state: handshake 2026-07-28 (server/discover; every request carries _meta)', () => {
  const client = newClient('2026-07-28', { capabilities: { elicitation: {} } })
  const server = newServer()
  const hello = client.start(0)
  const discover = wire(hello.bytes)
  assert.equal(discover.method, 'server/discover')
  const meta = discover.params._meta
  assert.equal(meta['io.modelcontextprotocol/protocolVersion'], '2026-07-28')
  assert.deepEqual(meta['io.modelcontextprotocol/clientInfo'], CLIENT_INFO)
  assert.deepEqual(meta['io.modelcontextprotocol/clientCapabilities'], { elicitation: {} })
  assert.deepEqual(server.handleInput(hello.bytes, 0), { event: 'handshake' })
  const reply = wire(server.pollTransmit())
  assert.ok(reply.result.supportedVersions.includes('2026-07-28'), JSON.stringify(reply))
  assert.deepEqual(client.handleInput(utf8.encode(JSON.stringify(reply)), 0), {
    event: 'ready',
    version: '2026-07-28',
    tools: { listChanged: true },
  })
  assert.equal(client.pollTransmit(), null, 'no initialized notification in 2026-07-28')
  const list = client.listTools(1)
  assert.equal(wire(list.bytes).params._meta['io.modelcontextprotocol/protocolVersion'], '2026-07-28')
  assert.equal(server.handleInput(list.bytes, 1).event, 'list_tools')
  const { sent } = call(client, server, 2, 'echo', { args: { x: 1 }, progress: 'p' })
  const params = wire(sent.bytes).params
  assert.equal(params._meta.progressToken, 'p')
  assert.equal(params._meta['io.modelcontextprotocol/protocolVersion'], '2026-07-28')
})

test('state: a server that serves no version the client speaks fails the handshake', () => {
  const client = newClient('2026-07-28')
  const server = newServer({ tools: {} }, ['2025-11-25'])
  const hello = client.start(0)
  assert.deepEqual(server.handleInput(hello.bytes, 0), { event: 'handshake' })
  assert.deepEqual(client.handleInput(server.pollTransmit(), 0), { event: 'handshake_failed' })
  assert.equal(client.isReady, false)
  assert.throws(() => client.listTools(1), mcpwireError('method_not_found', -32601))
})

test('state: paging a 150-tool catalog with page() at 40 per page', () => {
  const { client, server } = connected()
  const catalog = Array.from({ length: 150 }, (_, i) => ({ name: `tool_${i}`, inputSchema: { type: 'object' } }))
  const ranges = []
  const names = []
  let now = 10
  let bytes = client.listTools(now).bytes
  for (;;) {
    const req = wire(bytes)
    const ev = server.handleInput(bytes, now)
    assert.equal(ev.event, 'list_tools')
    assert.equal(ev.cursor, req.params?.cursor ?? null)
    const p = lib.page(KEY, catalog.length, 40, ev.cursor, 1)
    ranges.push([p.start, p.end])
    const result = { tools: catalog.slice(p.start, p.end) }
    if (p.nextCursor !== null) result.nextCursor = p.nextCursor
    const got = client.handleInput(server.respondList(ev.id, result), now)
    assert.equal(got.event, 'tools_page')
    assert.equal(got.id, ev.id)
    names.push(...got.result.tools.map((t) => t.name))
    if (got.stop !== null) {
      assert.equal(got.stop, 'complete')
      assert.equal(p.nextCursor, null)
      break
    }
    assert.equal(typeof p.nextCursor, 'string')
    bytes = client.pollTransmit()
    assert.ok(bytes, 'the next page request is queued')
    now += 1
  }
  assert.deepEqual(ranges, [[0, 40], [40, 80], [80, 120], [120, 150]])
  assert.deepEqual(names, catalog.map((t) => t.name))
  assert.equal(client.catalogStale, false)
  assert.equal(client.inFlight, 0)
  assert.equal(client.pollTransmit(), null)

  // the server says its list changed: the client's catalog is stale again
  const changed = '{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}'
  assert.deepEqual(client.handleInput(changed, now), { event: 'tool_list_changed' })
  assert.equal(client.catalogStale, true)
})

test('state: a tampered, foreign or stale cursor is McpwireError invalid_cursor (-32602)', () => {
  const first = lib.page(KEY, 150, 40, null, 7)
  assert.deepEqual({ start: first.start, end: first.end }, { start: 0, end: 40 })
  const cursor = first.nextCursor
  const second = lib.page(KEY, 150, 40, cursor, 7)
  assert.deepEqual({ start: second.start, end: second.end }, { start: 40, end: 80 })
  assert.equal(typeof second.nextCursor, 'string')
  assert.deepEqual(lib.page(KEY, 150, 40, cursor, 7), second, 'deterministic')
  const flip = (c, i) => c.slice(0, i) + (c[i] === 'A' ? 'B' : 'A') + c.slice(i + 1)
  for (const bad of [flip(cursor, 0), flip(cursor, cursor.length - 1), cursor.slice(1), 'bogus', '']) {
    assert.throws(() => lib.page(KEY, 150, 40, bad, 7), mcpwireError('invalid_cursor', -32602), bad)
  }
  const otherKey = KEY.map((b) => b ^ 1)
  assert.throws(() => lib.page(otherKey, 150, 40, cursor, 7), mcpwireError('invalid_cursor', -32602))
  assert.throws(() => lib.page(KEY, 150, 40, cursor, 8), mcpwireError('invalid_cursor', -32602))

  // the server answers a bad cursor with the error response; the client sees the error
  const { client, server } = connected()
  client.listTools(0)
  const req = `{"jsonrpc":"2.0","id":99,"method":"tools/list","params":{"cursor":${JSON.stringify(flip(cursor, 3))}}}`
  const ev = server.handleInput(req, 0)
  let err
  try {
    lib.page(KEY, 150, 40, ev.cursor, 7)
  } catch (e) {
    err = e
  }
  assert.ok(err instanceof lib.McpwireError)
  const failure = wire(server.respondFailure(ev.id, err.kind, err.message))
  assert.equal(failure.id, 99)
  assert.equal(failure.error.code, -32602)
})

test('state: calls with progress tokens true, 0 and ""', () => {
  const { client, server } = connected()
  let now = 100
  // true: the client issues a fresh integer token
  const a = call(client, server, now, 'echo', { args: { x: 1 }, progress: true })
  assert.equal(a.sent.token, 0)
  assert.equal(a.ev.progressToken, 0)
  assert.deepEqual(a.ev.arguments, { x: 1 })
  // 0 is in use by the call in flight: refused locally
  assert.throws(() => client.callTool(now, 'echo', {}, null, 0), mcpwireError('invalid_value', -32602))
  // "" is a token like any other
  const b = call(client, server, now, 'echo', { progress: '' })
  assert.equal(b.sent.token, '')
  assert.equal(b.ev.progressToken, '')
  assert.equal(wire(b.sent.bytes).params._meta.progressToken, '')
  // no progress: no token, no _meta
  const c = call(client, server, now, 'echo', { args: null })
  assert.equal(c.sent.token, null)
  assert.equal(c.ev.progressToken, null)
  assert.equal(c.ev.arguments, null)
  assert.equal('_meta' in wire(c.sent.bytes).params, false)
  assert.equal(client.inFlight, 3)
  assert.equal(server.inFlight, 3)

  now += 10
  const pa = server.notifyProgress(a.ev.id, 1, 3, 'one of three')
  assert.deepEqual(wire(pa).params, { progressToken: 0, progress: 1, total: 3, message: 'one of three' })
  assert.deepEqual(client.handleInput(pa, now), { event: 'progress', id: a.sent.id, progress: 1, total: 3, message: 'one of three' })
  const pb = server.notifyProgress(b.ev.id, 0.5)
  assert.deepEqual(client.handleInput(pb, now), { event: 'progress', id: b.sent.id, progress: 0.5, total: null, message: null })
  // progress must increase; a request without a token has none
  assert.throws(() => server.notifyProgress(a.ev.id, 1), mcpwireError('invalid_value', -32602))
  assert.throws(() => server.notifyProgress(c.ev.id, 1), mcpwireError('invalid_value', -32602))
  // the same progress twice reaches the client: not increasing, reported as late
  assert.deepEqual(client.handleInput(pa, now), { event: 'late', reason: 'progress_not_increasing' })

  const ra = client.handleInput(server.respondTool(a.ev.id, ok('a')), now)
  assert.deepEqual(ra, { event: 'tool_result', id: a.sent.id, class: 'success', result: ok('a') })
  const rb = client.handleInput(server.respondTool(b.ev.id, ok('b')), now)
  assert.equal(rb.class, 'success')
  client.handleInput(server.respondTool(c.ev.id, ok('c')), now)
  assert.equal(client.inFlight, 0)
  assert.equal(server.inFlight, 0)

  // token 0 is free again once its call finished
  const d = call(client, server, now, 'echo', { progress: 0 })
  assert.equal(d.sent.token, 0)
  assert.equal(d.ev.progressToken, 0)
  // progress for the finished "" call is late
  const stray = '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"","progress":2}}'
  assert.deepEqual(client.handleInput(stray, now), { event: 'late', reason: 'progress_after_finish' })
})

test('state: cancel mid-progress; the server suppresses the response', () => {
  const { client, server } = connected()
  const { sent, ev } = call(client, server, 0, 'slow', { progress: 'job-1' })
  assert.deepEqual(client.handleInput(server.notifyProgress(ev.id, 1, 10), 1), {
    event: 'progress',
    id: sent.id,
    progress: 1,
    total: 10,
    message: null,
  })
  // progress already on its way when the client cancels
  const inTransit = server.notifyProgress(ev.id, 2, 10)
  const cancel = client.cancel(sent.id, 'user pressed stop')
  assert.deepEqual(wire(cancel), {
    jsonrpc: '2.0',
    method: 'notifications/cancelled',
    params: { requestId: sent.id, reason: 'user pressed stop' },
  })
  assert.equal(client.inFlight, 0)
  assert.equal(client.cancel(sent.id), null, 'cancelling twice sends nothing')
  assert.deepEqual(client.handleInput(inTransit, 2), { event: 'late', reason: 'progress_after_finish' })

  assert.deepEqual(server.handleInput(cancel, 3), { event: 'cancelled', id: sent.id, known: true })
  assert.equal(server.respondTool(ev.id, ok('too late')), null)
  assert.equal(server.inFlight, 0)

  // a cancelled request's failure is suppressed the same way
  const other = call(client, server, 4, 'slow')
  assert.deepEqual(server.handleInput(client.cancel(other.sent.id), 5), { event: 'cancelled', id: other.sent.id, known: true })
  assert.equal(server.respondFailure(other.ev.id, 'tool_execution_failed', 'stopped'), null)
})

test('state: a time-out via pollTimeout, handleTimeout, pollEvent and pollTransmit', () => {
  const { client, server } = connected()
  assert.equal(client.pollTimeout(), null)
  let now = 1000
  const { sent, ev } = call(client, server, now, 'slow', { timeout: 500 })
  assert.equal(client.pollTimeout(), 1500)
  now = 1499
  client.handleTimeout(now)
  assert.equal(client.pollEvent(), null)
  assert.equal(client.pollTransmit(), null)
  assert.equal(client.inFlight, 1)
  now = client.pollTimeout()
  client.handleTimeout(now)
  assert.deepEqual(client.pollEvent(), { event: 'timed_out', id: sent.id, method: 'tools/call' })
  assert.equal(client.pollEvent(), null)
  const cancel = client.pollTransmit()
  assert.deepEqual(wire(cancel).params, { requestId: sent.id, reason: 'timeout' })
  assert.equal(client.pollTransmit(), null)
  assert.equal(client.pollTimeout(), null)
  assert.equal(client.inFlight, 0)
  assert.deepEqual(server.handleInput(cancel, now), { event: 'cancelled', id: sent.id, known: true })
  assert.equal(server.respondTool(ev.id, ok('late')), null)
  // fractions of a millisecond are dropped: performance.now() works as a clock
  const frac = call(client, server, 2000.75, 'slow', { timeout: 10 })
  assert.equal(client.pollTimeout(), 2010)
  client.cancel(frac.sent.id)
})

test('state: defaultTimeout, and progress restarting the limit up to maxTimeout', () => {
  const { client, server } = connected('2025-11-25', { defaultTimeout: 300, maxTimeout: 2000, resetTimeoutOnProgress: true })
  const plain = call(client, server, 0, 'slow')
  assert.equal(client.pollTimeout(), 300)
  client.cancel(plain.sent.id)
  const { sent, ev } = call(client, server, 0, 'slow', { timeout: 500, progress: true })
  assert.equal(client.pollTimeout(), 500)
  client.handleInput(server.notifyProgress(ev.id, 1), 400)
  assert.equal(client.pollTimeout(), 900)
  client.handleInput(server.notifyProgress(ev.id, 2), 1600)
  assert.equal(client.pollTimeout(), 2000, 'never past maxTimeout')
  client.handleTimeout(2000)
  assert.deepEqual(client.pollEvent(), { event: 'timed_out', id: sent.id, method: 'tools/call' })
})

test('state: a tool error via respondFailure, and a protocol error', () => {
  const { client, server } = connected()
  const t = call(client, server, 0, 'broken')
  const bytes = server.respondFailure(t.ev.id, 'tool_execution_failed', 'disk full')
  assert.deepEqual(wire(bytes).result, { content: [{ type: 'text', text: 'disk full' }], isError: true })
  const got = client.handleInput(bytes, 1)
  assert.equal(got.event, 'tool_result')
  assert.equal(got.class, 'tool_error')
  assert.equal(got.result.isError, true)

  const u = call(client, server, 2, 'nope')
  const err = client.handleInput(server.respondFailure(u.ev.id, 'unknown_tool', 'Unknown tool: nope'), 3)
  assert.deepEqual(err, { event: 'error', id: u.sent.id, method: 'tools/call', error: { code: -32602, message: 'Unknown tool: nope', data: { kind: 'unknown_tool' } } })
  assert.equal(client.inFlight, 0)

  assert.throws(() => server.respondFailure(1, 'no_such_kind', 'x'), mcpwireError('invalid_value', -32602))
})

test('state: late messages (response after cancel, duplicate response, unknown token, unknown id)', () => {
  const { client, server } = connected()
  // the server answered before the cancellation reached it
  const a = call(client, server, 0, 'fast')
  const answer = server.respondTool(a.ev.id, ok('done'))
  assert.ok(answer)
  const cancel = client.cancel(a.sent.id, 'changed my mind')
  assert.deepEqual(client.handleInput(answer, 1), { event: 'late', reason: 'response_after_cancel' })
  assert.deepEqual(server.handleInput(cancel, 1), { event: 'cancelled', id: a.sent.id, known: false })

  // the same response twice
  const b = call(client, server, 2, 'fast')
  const resp = server.respondTool(b.ev.id, ok('once'))
  assert.equal(client.handleInput(resp, 2).event, 'tool_result')
  assert.deepEqual(client.handleInput(resp, 3), { event: 'late', reason: 'duplicate_response' })

  // progress nobody asked for, responses to ids never sent
  const stray = '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"nobody","progress":1}}'
  assert.deepEqual(client.handleInput(stray, 4), { event: 'late', reason: 'progress_unknown_token' })
  assert.deepEqual(client.handleInput('{"jsonrpc":"2.0","id":999,"result":{"content":[]}}', 4), { event: 'late', reason: 'unknown_response' })
  assert.deepEqual(client.handleInput('{"jsonrpc":"2.0","id":"x","result":{}}', 4), { event: 'late', reason: 'unknown_response' })
  assert.equal(client.inFlight, 0)
  // a ping from the server is passed on as it is
  const ping = client.handleInput('{"jsonrpc":"2.0","id":"s1","method":"ping"}', 5)
  assert.deepEqual(ping, { event: 'other', message: { jsonrpc: '2.0', id: 's1', method: 'ping' } })
})

test('state: capability gate (server without tools refuses -32601; the client refuses locally)', () => {
  const client = newClient('2025-11-25')
  assert.throws(() => client.callTool(0, 'x'), mcpwireError('method_not_found', -32601), 'before the handshake')
  const server = newServer({})
  assert.deepEqual(handshake(client, server), { event: 'ready', version: '2025-11-25', tools: null })
  assert.throws(() => client.listTools(1), mcpwireError('method_not_found', -32601))
  assert.throws(() => client.callTool(1, 'x', {}), mcpwireError('method_not_found', -32601))
  assert.equal(client.inFlight, 0)

  // a client that assumes tools anyway: the server refuses with -32601
  const eager = newClient('2025-11-25')
  eager.assumeReady(true)
  assert.equal(eager.isReady, true)
  const sent = eager.callTool(0, 'x', {})
  assert.deepEqual(server.handleInput(sent.bytes, 0), { event: 'refused', id: sent.id, kind: 'method_not_found', code: -32601 })
  const refusal = server.pollTransmit()
  assert.equal(wire(refusal).error.code, -32601)
  const got = eager.handleInput(refusal, 1)
  assert.equal(got.event, 'error')
  assert.equal(got.error.code, -32601)
  assert.equal(server.inFlight, 0)
})

test('state: bad input to a session', () => {
  const { client, server } = connected()
  // the client throws what core found
  assert.throws(() => client.handleInput('[]', 0), mcpwireError('not_an_object', -32600, 0))
  assert.throws(() => client.handleInput(utf8.encode('{"jsonrpc":"2.0"'), 0), mcpwireError('unexpected_end', -32700))
  // the server never throws for input: a refusal event and a queued error response
  assert.deepEqual(server.handleInput('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{}}', 0), {
    event: 'refused',
    id: 7,
    kind: 'missing_field',
    code: -32602,
  })
  assert.equal(wire(server.pollTransmit()).error.code, -32602)
  assert.equal(server.handleInput('not json', 0).event, 'refused')
  const parse = wire(server.pollTransmit())
  assert.equal(parse.error.code, -32700)
  assert.equal('id' in parse, false)
  // values core refuses are McpwireErrors
  assert.throws(() => client.callTool(0, 'x', [1]), mcpwireError('wrong_type', -32602))
  assert.throws(() => client.callTool(0, 'x', {}, null, 1.5), mcpwireError('invalid_value', -32602))
  assert.throws(() => client.callTool(0, 'x', {}, null, {}), mcpwireError('invalid_value', -32602))
  assert.throws(() => server.respondTool(true, ok('x')), mcpwireError('invalid_value', -32602))
  assert.throws(() => server.respondTool(1, { content: 'x' }), (e) => e instanceof lib.McpwireError)
  const cyclic = {}
  cyclic.self = cyclic
  assert.throws(() => client.callTool(0, 'x', cyclic), mcpwireError('too_deep', -32700))
  assert.throws(() => server.respondTool(1, { content: [], structuredContent: cyclic }), mcpwireError('too_deep', -32700))
  assert.throws(() => newClient('2024-11-05'), mcpwireError('invalid_value', -32602))
  assert.throws(() => newServer({ tools: {} }, ['1999-01-01']), mcpwireError('invalid_value', -32602))
  assert.throws(() => lib.page(new Uint8Array(15), 10, 5, null, 1), mcpwireError('invalid_value', -32602))
})

test('state: argument errors are TypeErrors and RangeErrors, the same in Node and WASM', () => {
  const { client, server } = connected()
  for (const now of [-1, Infinity, NaN, 2 ** 53]) {
    assert.throws(() => client.listTools(now), rangeError, String(now))
    assert.throws(() => client.handleTimeout(now), rangeError, String(now))
  }
  for (const now of ['1', undefined, null, 1n]) {
    assert.throws(() => client.listTools(now), typeError, String(now))
    assert.throws(() => server.handleInput('{}', now), typeError, String(now))
  }
  assert.throws(() => client.callTool(0, 42), typeError)
  assert.throws(() => client.callTool(0, 'x', {}, -5), rangeError)
  assert.throws(() => client.callTool(0, 'x', {}, '5'), typeError)
  assert.throws(() => client.cancel('1'), typeError)
  assert.throws(() => client.cancel(1.5), rangeError)
  assert.throws(() => client.cancel(1, 7), typeError)
  assert.throws(() => client.handleInput(42, 0), typeError)
  assert.throws(() => client.assumeReady('yes'), typeError)
  assert.throws(() => server.notifyProgress(1, NaN), rangeError)
  assert.throws(() => server.notifyProgress(1, '1'), typeError)
  assert.throws(() => server.respondFailure(1, 5, 'x'), typeError)
  for (const options of [undefined, null, 'x', [], { clientInfo: CLIENT_INFO }, { version: 1, clientInfo: CLIENT_INFO }, { version: '2025-11-25' }]) {
    assert.throws(() => new lib.Client(options), typeError, JSON.stringify(options))
  }
  assert.throws(() => newClient('2025-11-25', { defaultTimeout: -1 }), rangeError)
  assert.throws(() => newClient('2025-11-25', { resetTimeoutOnProgress: 1 }), typeError)
  assert.throws(() => newClient('2025-11-25', { maxPages: 0.5 }), rangeError)
  for (const options of [undefined, {}, { versions: '2025-11-25', serverInfo: SERVER_INFO, capabilities: {} }, { versions: [1], serverInfo: SERVER_INFO, capabilities: {} }, { versions: ['2025-11-25'], serverInfo: SERVER_INFO }]) {
    assert.throws(() => new lib.Server(options), typeError, JSON.stringify(options))
  }
  assert.throws(() => lib.page([1, 2], 10, 5, null, 1), typeError)
  assert.throws(() => lib.page(KEY, -1, 5, null, 1), rangeError)
  assert.throws(() => lib.page(KEY, 10, 5, 7, 1), typeError)
  assert.throws(() => lib.page(KEY, 10, 5, null, 1.5), rangeError)
  // null means "not given"
  assert.equal(client.callTool(0, 'x', null, null, null).token, null)
  assert.equal(newClient('2025-11-25', { capabilities: null, defaultTimeout: null }).isReady, false)
})
