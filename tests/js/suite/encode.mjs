// encode: numbers, canonical bytes, values JSON cannot hold.

import { test, assert, lib, text, CALL, CALL_TEXT, assertBytes, mcpwireError, typeError } from './common.mjs'

test('encode: numbers follow JS semantics, bytes match the Rust encoder of the same text', () => {
  const cases = [
    [{ a: 1 }, '{"a":1}'],
    [{ a: -0 }, '{"a":0}'],
    [{ a: 1.5 }, '{"a":1.5}'],
    [{ a: 0.1 }, '{"a":0.1}'],
    [{ a: 1e21 }, '{"a":1e21}'],
    [{ a: 2 ** 53 }, '{"a":9007199254740992.0}'],
    [{ a: Number.MAX_SAFE_INTEGER }, '{"a":9007199254740991}'],
    [{ a: -1e-7 }, '{"a":-1e-7}'],
    [{ a: Number.MAX_VALUE }, '{"a":1.7976931348623157e308}'],
  ]
  for (const [args, argsText] of cases) {
    const encoded = lib.encode(CALL(args))
    assertBytes(encoded)
    assert.equal(text(encoded), text(lib.canonicalize(CALL_TEXT(argsText))), argsText)
  }
})

test('encode: member order of uninterpreted JSON is kept; null-prototype objects are plain', () => {
  const args = Object.create(null)
  args.z = 1
  args.a = { y: [true, false, null], b: 'x' }
  assert.equal(text(lib.encode(CALL(args))), text(lib.canonicalize(CALL_TEXT('{"z":1,"a":{"y":[true,false,null],"b":"x"}}'))))
})

test('encode: values JSON cannot hold are TypeErrors', () => {
  const sparse = [1, , 2] // eslint-disable-line no-sparse-arrays
  class Point {
    constructor() {
      this.x = 1
    }
  }
  const bad = [
    NaN,
    Infinity,
    -Infinity,
    undefined,
    () => 1,
    10n,
    Symbol('s'),
    new Date(0),
    new Map(),
    new Point(),
    new Uint8Array(1),
    '\udc00',
    sparse,
    [undefined],
  ]
  for (const value of bad) assert.throws(() => lib.encode(CALL({ v: value })), typeError)
  for (const value of [NaN, Infinity, -Infinity]) {
    assert.throws(() => lib.encode(CALL({ v: value })), (e) => typeError(e) && e.message === `${value} is not a JSON number`)
  }
  assert.throws(() => lib.encode(undefined), typeError)
  assert.throws(() => lib.encode({ jsonrpc: '2.0', id: 1, method: 'x', params: { a: undefined } }), typeError)
  assert.throws(() => lib.encode({ ['\ud800']: 1 }), typeError)
})

test('encode: invalid messages and cycles are McpwireErrors from core', () => {
  assert.throws(() => lib.encode({ jsonrpc: '1.0', id: 1, method: 'ping' }), mcpwireError('invalid_jsonrpc_version', -32600))
  assert.throws(() => lib.encode([]), mcpwireError('not_an_object', -32600, 0))
  assert.throws(() => lib.encode({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} }), mcpwireError('missing_field', -32602))
  const cyclic = CALL({})
  cyclic.params.arguments.self = cyclic.params.arguments
  assert.throws(() => lib.encode(cyclic), mcpwireError('too_deep', -32700))
  let deep = 1
  for (let i = 0; i < 300; i++) deep = [deep]
  assert.throws(() => lib.encode(CALL({ deep })), mcpwireError('too_deep', -32700))
})

test('encode: symbol-keyed members are not JSON members and are left out', () => {
  const args = { a: 1, [Symbol('hidden')]: 2 }
  assert.equal(text(lib.encode(CALL(args))), text(lib.canonicalize(CALL_TEXT('{"a":1}'))))
})
