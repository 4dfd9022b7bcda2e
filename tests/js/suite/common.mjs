// What every part of the suite shares: the harness (the binding, the vectors, a strict
// assert), helpers, and data several parts use.

export const h = globalThis.__mcpwireHarness ?? (await import('../harness-node.mjs')).harness
export const { test, assert, lib, vectors, env } = h

export const utf8 = new TextEncoder()
export const text = (bytes) => new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
export const b64 = (s) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0))
export const CALL = (args) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 't', arguments: args } })
export const CALL_TEXT = (argsText) =>
  `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":${argsText}}}`

/** Vector limits use core's field names; the JS API uses camelCase. */
export function jsLimits(l) {
  if (!l) return undefined
  const out = {}
  if (l.max_bytes !== undefined) out.maxBytes = l.max_bytes
  if (l.max_depth !== undefined) out.maxDepth = l.max_depth
  if (l.max_members !== undefined) out.maxMembers = l.max_members
  return out
}

/** Checks the bytes an API returns: a Buffer in the napi binding, a Uint8Array in WASM. */
export function assertBytes(b) {
  assert.ok(b instanceof Uint8Array, 'result is a Uint8Array')
  if (h.bytesKind === 'Buffer') assert.ok(globalThis.Buffer.isBuffer(b), 'result is a Buffer')
}

/** A validator for assert.throws: an McpwireError with this kind, code and offset. */
export function mcpwireError(kind, code, offset) {
  return (e) => {
    assert.ok(e instanceof lib.McpwireError, `expected McpwireError, got ${e && e.name}: ${e && e.message}`)
    assert.ok(e instanceof Error)
    assert.equal(e.name, 'McpwireError')
    const got = { kind: e.kind, code: e.code }
    const want = { kind, code }
    if (offset !== undefined) {
      got.offset = e.offset
      want.offset = offset
    } else {
      assert.equal(typeof e.offset, 'number')
    }
    assert.deepEqual(got, want)
    assert.equal(typeof e.message, 'string')
    return true
  }
}

export const typeError = (e) => {
  assert.ok(e instanceof TypeError, `expected TypeError, got ${e && e.name}: ${e && e.message}`)
  return true
}
export const rangeError = (e) => {
  assert.ok(e instanceof RangeError, `expected RangeError, got ${e && e.name}: ${e && e.message}`)
  return true
}

// `got` is what JSON.parse(text) gives: the same values (-0 included), and every object's keys
// in the same order (which deepEqual does not look at; JSON.stringify writes them in order).
export function assertSameAsParse(got, text) {
  const want = JSON.parse(text)
  assert.deepEqual(got, want)
  assert.equal(JSON.stringify(got), JSON.stringify(want))
}

// Every object in `value` has Object.prototype and only own data properties (writable,
// enumerable, configurable), as JSON.parse makes them.
export function assertPlainData(value) {
  if (value === null || typeof value !== 'object') return
  if (!Array.isArray(value)) {
    assert.equal(Object.getPrototypeOf(value), Object.prototype)
    for (const k of Object.getOwnPropertyNames(value)) {
      assert.deepEqual(Object.getOwnPropertyDescriptor(value, k), { value: value[k], writable: true, enumerable: true, configurable: true })
    }
  }
  Object.values(value).forEach(assertPlainData)
}

// A tool input schema the schema tests and the SDK interop tests share.
export const WEATHER_INPUT = {
  type: 'object',
  properties: { city: { type: 'string', minLength: 1 }, units: { enum: ['metric', 'imperial'] } },
  required: ['city'],
  additionalProperties: false,
}
