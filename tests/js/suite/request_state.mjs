// The server side of 2026-07-28 multi round-trip requests: a requestState sealed and opened
// (sealRequestState / openRequestState) and input requests cut down to the declared client
// capabilities (declaredInputRequests).

import { test, assert, lib, mcpwireError } from './common.mjs'

const KEY = Uint8Array.from({ length: 32 }, (_, i) => i)

test('request state: a sealed state round-trips; a changed or foreign one is -32602', () => {
  const state = { round: 2, answers: { step1: { action: 'accept', content: { name: 'Ada' } } } }
  const sealed = lib.sealRequestState(KEY, 'multi_round', state)
  assert.equal(typeof sealed, 'string')
  assert.match(sealed, /^[A-Za-z0-9_-]*\.[A-Za-z0-9_-]{43}$/)
  assert.deepEqual(lib.openRequestState(KEY, 'multi_round', sealed), state)
  const bad = [
    [KEY, 'multi_round', sealed + '-TAMPERED'],
    [KEY, 'multi_round', 'x' + sealed],
    [KEY, 'other_tool', sealed],
    [new Uint8Array(32), 'multi_round', sealed],
  ]
  for (const [key, boundTo, s] of bad) {
    assert.throws(() => lib.openRequestState(key, boundTo, s), mcpwireError('invalid_value', -32602))
  }
  assert.throws(() => lib.sealRequestState(KEY.subarray(0, 31), 't', state), mcpwireError('invalid_value', -32602))
})

test('request state: declaredInputRequests keeps what the client can fulfil', () => {
  const asks = {
    name: { method: 'elicitation/create', params: { message: 'Name?', requestedSchema: { type: 'object', properties: {} } } },
    greeting: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } },
  }
  assert.deepEqual(lib.declaredInputRequests(asks, { sampling: {} }), { greeting: asks.greeting })
  assert.deepEqual(lib.declaredInputRequests(asks, { sampling: {}, elicitation: {} }), asks)
  assert.deepEqual(lib.declaredInputRequests(asks), {})
  assert.deepEqual(lib.declaredInputRequests(asks, null), {})
  assert.throws(() => lib.declaredInputRequests({ x: { method: 'tools/call' } }, { sampling: {} }), mcpwireError('invalid_value', -32602))
})
