// What a client answers a server's elicitation with: applyElicitationDefaults fills the
// defaults of an accepted form (SEP-1034); a refused handshake version is retried at one the
// server names (version_retry). Both as the conformance suite's client scenarios ask.

import { test, assert, lib, mcpwireError } from './common.mjs'
import { newClient, newServer, wire } from './peers.mjs'

const PARAMS = {
  message: 'please accept with defaults',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', default: 'John Doe' },
      age: { type: 'integer', default: 30 },
      score: { type: 'number', default: 95.5 },
      status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
      verified: { type: 'boolean', default: true },
      note: { type: 'string' },
    },
    required: [],
  },
}

test('elicitation: an accepted form gets every default it omits; a given value is kept', () => {
  assert.deepEqual(lib.applyElicitationDefaults(PARAMS, { action: 'accept', content: {} }), {
    action: 'accept',
    content: { name: 'John Doe', age: 30, score: 95.5, status: 'active', verified: true },
  })
  assert.deepEqual(lib.applyElicitationDefaults(PARAMS, { action: 'accept', content: { age: 41, name: null } }), {
    action: 'accept',
    content: { age: 41, name: null, score: 95.5, status: 'active', verified: true },
  })
  assert.deepEqual(lib.applyElicitationDefaults(PARAMS, { action: 'accept' }).content.verified, true)
})

test('elicitation: decline, cancel and URL mode are unchanged; wrong shapes are refused', () => {
  assert.deepEqual(lib.applyElicitationDefaults(PARAMS, { action: 'decline' }), { action: 'decline' })
  assert.deepEqual(lib.applyElicitationDefaults(PARAMS, { action: 'cancel' }), { action: 'cancel' })
  const url = { mode: 'url', message: 'm', url: 'https://example.com', elicitationId: 'e' }
  assert.deepEqual(lib.applyElicitationDefaults(url, { action: 'accept' }), { action: 'accept' })
  assert.throws(() => lib.applyElicitationDefaults(PARAMS, { action: 'accept', content: [1] }),
    mcpwireError('invalid_value', -32602))
  assert.throws(() => lib.applyElicitationDefaults([], { action: 'accept' }), mcpwireError('invalid_value', -32602))
})

test('state: a refused handshake version is retried once at a version the server names', () => {
  const client = newClient('2026-07-28')
  const hello = client.start(0)
  const refusal = (id) => ({
    jsonrpc: '2.0', id, error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'], requested: '2026-07-28' } },
  })
  assert.deepEqual(client.handleInput(JSON.stringify(refusal(hello.id)), 0),
    { event: 'version_retry', id: hello.id, version: '2026-07-28' })
  const again = wire(client.pollTransmit())
  assert.equal(again.method, 'server/discover')
  assert.ok(again.id !== hello.id)
  assert.equal(again.params._meta['io.modelcontextprotocol/protocolVersion'], '2026-07-28')
  // The server takes the retry.
  const server = newServer({ tools: {} })
  assert.equal(server.handleInput(lib.encode(again), 0).event, 'handshake')
  assert.equal(client.handleInput(server.pollTransmit(), 0).event, 'ready')
  // A second refusal is the error it is.
  const other = newClient('2026-07-28')
  other.start(0)
  assert.equal(other.handleInput(JSON.stringify(refusal(0)), 0).event, 'version_retry')
  other.pollTransmit()
  assert.equal(other.handleInput(JSON.stringify(refusal(1)), 0).event, 'error')
  assert.equal(other.pollTransmit(), null)
})

test('state: the client writes its response to a server request as given', () => {
  const client = newClient('2025-11-25', { capabilities: { elicitation: {} } })
  const result = lib.applyElicitationDefaults(PARAMS, { action: 'accept' })
  const bytes = client.respond(7, result)
  // Not a tool result: `content` is the form's object.
  assert.deepEqual(wire(bytes), { jsonrpc: '2.0', id: 7, result })
  assert.deepEqual(wire(client.respond('s-1', {})), { jsonrpc: '2.0', id: 's-1', result: {} })
  assert.throws(() => client.respond(7, []), mcpwireError('invalid_value', -32602))
  assert.throws(() => client.respond(1.5, {}), mcpwireError('invalid_id', -32600))
})
