// Multi round-trip requests (2026-07-28): Server.respondInputRequired, the client's
// input_required event and Client.retryTool, the retry's inputResponses/requestState in the
// server's call_tool event, the capability check, the resultType rules, and
// HttpEndpoint.respondInputRequired.

import { test, assert, lib, text, mcpwireError } from './common.mjs'
import { wire, newClient, newServer, handshake, ok } from './peers.mjs'

const ASK = {
  inputRequests: {
    user_name: {
      method: 'elicitation/create',
      params: {
        message: 'What is your name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      },
    },
  },
  requestState: 'round-1',
}
const ANSWER = { user_name: { action: 'accept', content: { name: 'Alice' } } }

function pair(capabilities) {
  const client = newClient('2026-07-28', { capabilities })
  const server = newServer({ tools: {} }, ['2026-07-28'])
  handshake(client, server)
  return { client, server }
}

test('input_required: a call asks for input, the retry brings the answers and the state', () => {
  const { client, server } = pair({ elicitation: {} })
  const first = client.callTool(0, 'greet', { formal: true })
  const ev = server.handleInput(first.bytes, 0)
  assert.equal(ev.event, 'call_tool')
  assert.equal(ev.inputResponses, null)
  assert.equal(ev.requestState, null)
  assert.deepEqual(ev.clientCapabilities, { elicitation: {} })
  const asked = server.respondInputRequired(ev.id, ASK)
  assert.deepEqual(wire(asked), { jsonrpc: '2.0', id: first.id, result: { resultType: 'input_required', ...ASK } })
  assert.equal(server.inFlight, 0)
  const got = client.handleInput(asked, 0)
  assert.deepEqual(got, { event: 'input_required', id: first.id, result: { resultType: 'input_required', ...ASK } })

  const retry = client.retryTool(1, 'greet', { formal: true }, ANSWER, got.result.requestState)
  assert.ok(retry.id !== first.id, 'the JSON-RPC id MUST be different')
  const params = wire(retry.bytes).params
  assert.deepEqual(params.arguments, { formal: true })
  assert.deepEqual(params.inputResponses, ANSWER)
  assert.equal(params.requestState, 'round-1')
  const again = server.handleInput(retry.bytes, 1)
  assert.deepEqual(again.inputResponses, ANSWER)
  assert.equal(again.requestState, 'round-1')
  const done = client.handleInput(server.respondTool(again.id, ok('Hello, Alice!')), 1)
  assert.equal(done.event, 'tool_result')
  assert.equal(done.id, retry.id)
})

test('input_required: input requests need the capabilities the call declared', () => {
  const { client, server } = pair({})
  const sent = client.callTool(0, 'greet')
  const ev = server.handleInput(sent.bytes, 0)
  assert.throws(() => server.respondInputRequired(ev.id, ASK), mcpwireError('missing_required_client_capability', -32021))
  assert.equal(server.inFlight, 1, 'the call stays open')
  const failure = wire(
    server.respondFailure(ev.id, 'missing_required_client_capability', 'needs elicitation', {
      requiredCapabilities: { elicitation: {} },
    }),
  )
  assert.equal(failure.error.code, -32021)
  assert.deepEqual(failure.error.data.requiredCapabilities, { elicitation: {} })
  // Neither inputRequests nor requestState; a method that is not an input request.
  const { client: c2, server: s2 } = pair({ elicitation: {}, sampling: {}, roots: {} })
  const ev2 = s2.handleInput(c2.callTool(0, 'x').bytes, 0)
  assert.throws(() => s2.respondInputRequired(ev2.id, {}), mcpwireError('missing_field', -32602))
  assert.throws(() => s2.respondInputRequired(ev2.id, { inputRequests: { p: { method: 'ping' } } }), mcpwireError('invalid_value', -32602))
  assert.equal(wire(s2.respondInputRequired(ev2.id, { requestState: 'only-state' })).result.requestState, 'only-state')
})

test('input_required: only on 2026-07-28; an unknown resultType is invalid, an absent one complete', () => {
  const client = newClient('2025-11-25')
  const server = newServer()
  handshake(client, server)
  const ev = server.handleInput(client.callTool(0, 'x').bytes, 0)
  assert.throws(() => server.respondInputRequired(ev.id, ASK), mcpwireError('invalid_value', -32602))
  assert.throws(() => client.retryTool(0, 'x', null, ANSWER, 's'), mcpwireError('invalid_value', -32602))

  const { client: modern } = pair({})
  const a = modern.callTool(0, 'x')
  const reply = `{"jsonrpc":"2.0","id":${a.id},"result":{"resultType":"task","content":[]}}`
  assert.throws(() => modern.handleInput(reply, 0), mcpwireError('invalid_value', -32602, reply.indexOf('"task"')))
  const b = modern.callTool(0, 'x')
  const absent = modern.handleInput(`{"jsonrpc":"2.0","id":${b.id},"result":{"content":[]}}`, 0)
  assert.equal(absent.event, 'tool_result')
  assert.throws(() => modern.retryTool(0, 'x', null, [1], null), mcpwireError('wrong_type', -32602))
})

test('input_required: HttpEndpoint answers a 2026 call with it', () => {
  const ep = new lib.HttpEndpoint({ serverInfo: { name: 's', version: '1' }, capabilities: { tools: {} } })
  const body = (id, extra = {}) =>
    JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: {
        name: 'greet',
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
        },
        ...extra,
      },
    })
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'tools/call',
    'mcp-name': 'greet',
  }
  const h = ep.handle('POST', headers, body(1), 0)
  assert.equal(h.kind, 'call')
  const r = ep.respondInputRequired(h.exchange, ASK)
  assert.equal(r.status, 200)
  assert.equal(r.done, true)
  assert.equal(JSON.parse(text(r.body)).result.resultType, 'input_required')
  const h2 = ep.handle('POST', headers, body(2, { inputResponses: ANSWER, requestState: 'round-1' }), 0)
  assert.deepEqual(h2.request.inputResponses, ANSWER)
  assert.equal(h2.request.requestState, 'round-1')
})
