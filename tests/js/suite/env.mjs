// Checks of one environment (ESM entry, CSP, TypeScript) and interop with the MCP
// TypeScript SDK (Node only).

import { h, test, assert, lib, vectors, env, text, WEATHER_INPUT } from './common.mjs'
import { wire, newClient, newServer, connected, call, ok } from './peers.mjs'

if (h.esm) {
  test('modules: the ESM entry exports the same API as the CommonJS entry', () => {
    const names = ['decode', 'encode', 'canonicalize', 'classify', 'failureResponse', 'errorKinds', 'McpwireError']
    names.push('page', 'validate', 'validateJson', 'checkArguments', 'checkOutput', 'Client', 'Server', 'Schema')
    for (const name of names) {
      assert.ok(name in h.esm, name)
      assert.equal(h.esm[name], lib[name], name)
    }
  })
}

if (env === 'browser') {
  test('csp: the page runs under a CSP without unsafe-eval (eval is refused)', () => {
    assert.throws(() => globalThis.eval('1'), (e) => e instanceof EvalError)
    assert.throws(() => new Function('return 1'), (e) => e instanceof EvalError)
  })
}

if (h.typecheck) {
  test('typescript: tsc --noEmit of types-check.ts against the package .d.ts', () => {
    const { status, output } = h.typecheck()
    assert.equal(status, 0, output)
  })
}

// ---- interop with the MCP TypeScript SDK (Node only) ----------------------------------------

if (h.sdk) {
  const { types: T, Server, Client, InMemoryTransport } = h.sdk

  const SCHEMA_OF_TYPE = {
    ListToolsRequest: T.ListToolsRequestSchema,
    CallToolRequest: T.CallToolRequestSchema,
    ListToolsResult: T.ListToolsResultSchema,
    CallToolResult: T.CallToolResultSchema,
    ProgressNotification: T.ProgressNotificationSchema,
    CancelledNotification: T.CancelledNotificationSchema,
    ToolListChangedNotification: T.ToolListChangedNotificationSchema,
    InitializeRequest: T.InitializeRequestSchema,
    InitializeResult: T.InitializeResultSchema,
    InitializedNotification: T.InitializedNotificationSchema,
    JSONRPCErrorResponse: T.JSONRPCErrorResponseSchema,
  }

  /** Parses with zod and fails with the issues. */
  function sdkAccepts(schema, value, what) {
    const r = schema.safeParse(value)
    assert.ok(r.success, `${what}: ${r.success ? '' : JSON.stringify(r.error.issues)}`)
  }

  /** The message passes the SDK's envelope schema and the schema of its typed kind. */
  function sdkAcceptsMessage(message, what) {
    sdkAccepts(T.JSONRPCMessageSchema, message, `${what} (JSONRPCMessageSchema)`)
    const c = lib.classify(JSON.stringify(message))
    assert.ok(c.ok, `${what}: ${JSON.stringify(c.error)}`)
    const schema = SCHEMA_OF_TYPE[c.type]
    if (schema) {
      const target = c.kind === 'response' ? message.result : message
      sdkAccepts(schema, target, `${what} (${c.type})`)
    }
    return c.type
  }

  const tool = {
    name: 'get_weather',
    title: 'Weather',
    description: 'Current weather for a city',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    outputSchema: { type: 'object', properties: { celsius: { type: 'number' } }, required: ['celsius'] },
    annotations: { readOnlyHint: true, openWorldHint: true },
    icons: [{ src: 'https://example.com/i.png', mimeType: 'image/png', sizes: ['48x48'] }],
  }
  const built = [
    { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 'c1' } },
    { jsonrpc: '2.0', id: 1, result: { tools: [tool], nextCursor: 'c2' } },
    {
      jsonrpc: '2.0',
      id: 'call-1',
      method: 'tools/call',
      params: { name: 'get_weather', arguments: { city: 'Oslo', days: [1, 2.5] }, _meta: { progressToken: 'p1' } },
    },
    { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p1', progress: 0.5, total: 1, message: 'half' } },
    {
      jsonrpc: '2.0',
      id: 'call-1',
      result: {
        content: [
          { type: 'text', text: 'cold', annotations: { audience: ['user'], priority: 0.5 } },
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
          { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
          { type: 'resource_link', uri: 'file:///w.txt', name: 'w', mimeType: 'text/plain' },
          { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'a' } },
          { type: 'resource', resource: { uri: 'file:///b.bin', blob: 'AAE=' } },
        ],
        structuredContent: { celsius: -3.5 },
        isError: false,
      },
    },
    { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'city not found' }], isError: true } },
    { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'call-1', reason: 'user' } },
    { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
    { jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'Unknown tool: x' } },
  ]

  test('sdk: every message the binding encodes passes the SDK zod schemas', () => {
    const seen = new Set()
    for (const [i, m] of built.entries()) {
      const out = JSON.parse(text(lib.encode(m)))
      seen.add(sdkAcceptsMessage(out, `built[${i}]`))
    }
    for (const f of vectors.failures ?? []) {
      const out = JSON.parse(text(lib.encode(lib.failureResponse(f.kind, f.message, f.id, f.version))))
      sdkAcceptsMessage(out, `failureResponse ${f.name}`)
      if ('result' in out) sdkAccepts(T.CallToolResultSchema, out.result, `failureResponse ${f.name} result`)
    }
    for (const t of ['ListToolsRequest', 'ListToolsResult', 'CallToolRequest', 'CallToolResult', 'ProgressNotification', 'CancelledNotification']) {
      assert.ok(seen.has(t), `covered ${t}`)
    }
  })

  test('sdk: the isError result of checkArguments passes CallToolResultSchema', () => {
    const result = lib.checkArguments(WEATHER_INPUT, 'get_weather', { units: 'kelvin' })
    assert.equal(result.isError, true)
    sdkAccepts(T.CallToolResultSchema, result, 'checkArguments result')
    sdkAccepts(T.CallToolResultSchema, lib.checkArguments(WEATHER_INPUT, 'get_weather', '[]'), 'arguments not an object')
    // and as the response a Server sends for it
    const { client, server } = connected()
    const { ev } = call(client, server, 0, 'get_weather', { args: { units: 'kelvin' } })
    const response = wire(server.respondTool(ev.id, result))
    sdkAcceptsMessage(response, 'respondTool(checkArguments result)')
    sdkAccepts(T.CallToolResultSchema, response.result, 'response result')
  })

  test('sdk: every message Client and Server write passes the SDK zod schemas', () => {
    const { client, server } = connected()
    const out = []
    const a = call(client, server, 0, 'echo', { args: { q: 'x' }, progress: true })
    out.push(a.sent.bytes, server.notifyProgress(a.ev.id, 1, 2, 'half'), server.respondTool(a.ev.id, ok('done')))
    const b = call(client, server, 1, 'echo')
    out.push(b.sent.bytes, client.cancel(b.sent.id, 'stop'))
    const c = call(client, server, 2, 'echo')
    out.push(server.respondFailure(c.ev.id, 'unknown_tool', 'Unknown tool: echo'))
    const list = client.listTools(3)
    const ev = server.handleInput(list.bytes, 3)
    out.push(list.bytes, server.respondList(ev.id, { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] }))
    const hello = newClient('2025-11-25').start(0)
    const s2 = newServer()
    s2.handleInput(hello.bytes, 0)
    out.push(hello.bytes, s2.pollTransmit())
    const types = new Set(out.map((bytes, i) => sdkAcceptsMessage(wire(bytes), `session message ${i}`)))
    for (const t of ['CallToolRequest', 'ProgressNotification', 'CallToolResult', 'CancelledNotification', 'JSONRPCErrorResponse', 'ListToolsRequest', 'ListToolsResult', 'InitializeRequest', 'InitializeResult']) {
      assert.ok(types.has(t), `covered ${t} (saw ${[...types].join(', ')})`)
    }
  })

  test('sdk: valid vectors the SDK accepts are still accepted after encode', () => {
    let n = 0
    for (const v of vectors.valid ?? []) {
      const original = JSON.parse(v.input)
      if (!T.JSONRPCMessageSchema.safeParse(original).success) continue
      sdkAccepts(T.JSONRPCMessageSchema, JSON.parse(text(lib.encode(original))), v.name)
      n++
    }
    assert.ok(n > 0)
  })

  test('sdk: messages an SDK client and server exchange decode to the same content', async () => {
    const log = []
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    for (const [who, t] of [['client', clientSide], ['server', serverSide]]) {
      const send = t.send.bind(t)
      t.send = (message, options) => {
        log.push({ who, message: JSON.parse(JSON.stringify(message)) })
        return send(message, options)
      }
    }
    const server = new Server({ name: 'weather', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } })
    server.setRequestHandler(T.ListToolsRequestSchema, async () => ({ tools: [tool] }))
    server.setRequestHandler(T.CallToolRequestSchema, async (req, extra) => {
      if (req.params.name !== 'get_weather') throw new T.McpError(T.ErrorCode.InvalidParams, `Unknown tool: ${req.params.name}`)
      const token = req.params._meta?.progressToken
      if (token !== undefined) {
        await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: 1, total: 2 } })
      }
      if (req.params.arguments?.city === 'Atlantis') return { content: [{ type: 'text', text: 'no such city' }], isError: true }
      return { content: [{ type: 'text', text: 'cold' }], structuredContent: { celsius: -3.5 } }
    })
    const client = new Client({ name: 'tap', version: '1.0.0' })
    await server.connect(serverSide)
    await client.connect(clientSide)
    await client.listTools()
    await client.callTool({ name: 'get_weather', arguments: { city: 'Oslo' } }, undefined, { onprogress: () => {} })
    const err = await client.callTool({ name: 'get_weather', arguments: { city: 'Atlantis' } })
    assert.equal(err.isError, true)
    await assert.rejects(client.callTool({ name: 'nope', arguments: {} }))
    await server.sendToolListChanged()
    await client.close()

    const types = new Set()
    for (const [i, { who, message }] of log.entries()) {
      const wire = JSON.stringify(message)
      const what = `${who} message ${i} (${message.method ?? 'response'})`
      assert.deepEqual(lib.decode(wire), message, what)
      const c = lib.classify(wire)
      assert.ok(c.ok, `${what}: ${JSON.stringify(c.error)}`)
      types.add(c.type)
      // and what the binding encodes from it still satisfies the SDK
      sdkAcceptsMessage(JSON.parse(text(lib.encode(message))), what)
    }
    for (const t of ['InitializeRequest', 'InitializeResult', 'ListToolsRequest', 'ListToolsResult', 'CallToolRequest', 'CallToolResult', 'ProgressNotification', 'JSONRPCErrorResponse', 'ToolListChangedNotification']) {
      assert.ok(types.has(t), `the exchange included ${t} (saw ${[...types].join(', ')})`)
    }
  })
}
