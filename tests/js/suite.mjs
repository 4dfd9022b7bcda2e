// The one test suite of mcpwire's JS bindings. The same file runs
//   * under `node --test` against the napi binding (MCPWIRE_BINDING=node, or node.test.mjs),
//   * under `node --test` against the WASM build for Node (MCPWIRE_BINDING=wasm-node, or
//     wasm.test.mjs),
//   * in headless Chromium against the WASM build for the web (bindings-wasm/browser/), where
//     the page sets `globalThis.__mcpwireHarness` before importing this module.
// A harness gives: test(name, fn), a strict `assert`, the binding `lib`, the vectors, what the
// output bytes are (`bytesKind`), and in Node the MCP SDK (`sdk`) and a TypeScript check.
//
// Every test can fail: nothing is skipped by name. The one computed exception is spelled out
// at `jsLoss` below.

const h = globalThis.__mcpwireHarness ?? (await import('./harness-node.mjs')).harness
const { test, assert, lib, vectors, env } = h

const utf8 = new TextEncoder()
const text = (bytes) => new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
const b64 = (s) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0))
const CALL = (args) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 't', arguments: args } })
const CALL_TEXT = (argsText) =>
  `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":${argsText}}}`

/** Vector limits use core's field names; the JS API uses camelCase. */
function jsLimits(l) {
  if (!l) return undefined
  const out = {}
  if (l.max_bytes !== undefined) out.maxBytes = l.max_bytes
  if (l.max_depth !== undefined) out.maxDepth = l.max_depth
  if (l.max_members !== undefined) out.maxMembers = l.max_members
  return out
}

/** Checks the bytes an API returns: a Buffer in the napi binding, a Uint8Array in WASM. */
function assertBytes(b) {
  assert.ok(b instanceof Uint8Array, 'result is a Uint8Array')
  if (h.bytesKind === 'Buffer') assert.ok(globalThis.Buffer.isBuffer(b), 'result is a Buffer')
}

/** A validator for assert.throws: an McpwireError with this kind, code and offset. */
function mcpwireError(kind, code, offset) {
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

const typeError = (e) => {
  assert.ok(e instanceof TypeError, `expected TypeError, got ${e && e.name}: ${e && e.message}`)
  return true
}
const rangeError = (e) => {
  assert.ok(e instanceof RangeError, `expected RangeError, got ${e && e.name}: ${e && e.message}`)
  return true
}

// ---- the computed exception ---------------------------------------------------------------
//
// `encode(JSON.parse(input))` must give the canonical bytes, except where a JS value cannot
// carry what the canonical text says. Detected from the canonical text itself:
//   * a number written with a fraction or exponent whose value is a safe integer (`1.0`,
//     `-2.0`, `1e2`): JSON.parse gives 1, -2, 100 and the JS number has no "was a float" bit;
//   * an integer beyond ±(2^53-1): JSON.parse rounds it;
//   * an object whose canonical member order puts an array-index-like name ("0", "12") after
//     another name: JS objects enumerate such names first.
// For those vectors the suite still checks that the encoded bytes parse to the same JS value
// as the canonical text; the byte-for-byte assertion is the one thing left out. They are
// counted, and a test fails if the exception swallows every vector.

const TOKEN = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g

function textKeys(canonical) {
  const keys = []
  for (const m of canonical.matchAll(TOKEN)) {
    if (m[0][0] === '"' && canonical[m.index + m[0].length] === ':') keys.push(JSON.parse(m[0]))
  }
  return keys
}

function jsKeys(value, out = []) {
  if (Array.isArray(value)) for (const v of value) jsKeys(v, out)
  else if (value !== null && typeof value === 'object')
    for (const k of Object.keys(value)) {
      out.push(k)
      jsKeys(value[k], out)
    }
  return out
}

function jsLoss(canonical) {
  const reasons = new Set()
  for (const m of canonical.matchAll(TOKEN)) {
    const tok = m[0]
    if (tok[0] === '"') continue
    const integerText = !/[.eE]/.test(tok)
    const safe = Number.isSafeInteger(Number(tok))
    if (integerText && !safe) reasons.add('integer beyond 2^53')
    if (!integerText && safe) reasons.add('float with an integer value')
  }
  const a = textKeys(canonical)
  const b = jsKeys(JSON.parse(canonical))
  if (a.length !== b.length || a.some((k, i) => k !== b[i])) reasons.add('index-like member name order')
  return [...reasons]
}

// ---- harness self-check -------------------------------------------------------------------

test('harness: assert detects differences (so a passing run means something)', () => {
  assert.throws(() => assert.deepEqual({ a: 1 }, { a: 2 }))
  assert.throws(() => assert.deepEqual([1, 2], [1, 2, 3]))
  assert.throws(() => assert.deepEqual({ a: 0 }, { a: -0 }))
  assert.throws(() => assert.equal('1', 1))
  assert.throws(() => assert.ok(false))
  assert.throws(() => assert.throws(() => {}))
  assert.deepEqual({ a: [1, { b: null }] }, { a: [1, { b: null }] })
})

test('vectors: valid, invalid and failure vectors are present', () => {
  assert.ok(Array.isArray(vectors.valid) && vectors.valid.length > 0, 'tests/vectors/valid.json')
  assert.ok(Array.isArray(vectors.invalid) && vectors.invalid.length > 0, 'tests/vectors/invalid.json')
  assert.ok(Array.isArray(vectors.failures) && vectors.failures.length > 0, 'tests/vectors/failures.json')
})

// ---- valid vectors ------------------------------------------------------------------------

const encodeStats = { bytesCompared: 0, valueCompared: 0, reasons: {} }

for (const v of vectors.valid ?? []) {
  test(`valid: ${v.name}`, () => {
    const expected = JSON.parse(v.input)

    // decode: deep-equal to JSON.parse, from text and from bytes, keys in the same order
    assertSameAsParse(lib.decode(v.input), v.input)
    assertSameAsParse(lib.decode(utf8.encode(v.input)), v.input)

    // classify: the facts of the vector
    const c = lib.classify(v.input)
    assert.deepEqual(
      { ok: c.ok, kind: c.kind, method: c.method, id: c.id, type: c.type, class: c.class },
      { ok: true, kind: v.kind, method: v.method, id: v.id, type: v.type, class: v.class },
    )
    assert.equal(c.error, undefined)
    assert.deepEqual(lib.classify(utf8.encode(v.input)), c)

    // canonicalize: the canonical bytes, and canonical text is a fixed point
    const canon = lib.canonicalize(v.input)
    assertBytes(canon)
    assert.equal(text(canon), v.canonical)
    assert.equal(text(lib.canonicalize(utf8.encode(v.canonical))), v.canonical)
    assert.deepEqual(lib.decode(v.canonical), JSON.parse(v.canonical))

    // encode of the parsed message: the canonical bytes (see jsLoss for the one exception)
    const encoded = lib.encode(expected)
    assertBytes(encoded)
    const reasons = jsLoss(v.canonical)
    if (reasons.length === 0) {
      assert.equal(text(encoded), v.canonical)
      encodeStats.bytesCompared++
    } else {
      assert.deepEqual(JSON.parse(text(encoded)), JSON.parse(v.canonical))
      encodeStats.valueCompared++
      for (const r of reasons) encodeStats.reasons[r] = (encodeStats.reasons[r] ?? 0) + 1
    }
  })
}

test('valid: encode byte-equality covers most vectors (the JS-number exception is counted)', () => {
  const total = encodeStats.bytesCompared + encodeStats.valueCompared
  assert.equal(total, (vectors.valid ?? []).length, 'every valid vector ran')
  const summary =
    `encode: ${encodeStats.bytesCompared} of ${total} valid vectors compared byte for byte, ` +
    `${encodeStats.valueCompared} by value only (${JSON.stringify(encodeStats.reasons)})`
  h.log(summary)
  assert.ok(encodeStats.bytesCompared > 0, summary)
  assert.ok(encodeStats.valueCompared < total / 2, summary)
})

// ---- invalid vectors ----------------------------------------------------------------------

for (const v of vectors.invalid ?? []) {
  test(`invalid: ${v.name}`, () => {
    const limits = jsLimits(v.limits)
    const forms = v.input_base64 !== undefined ? [b64(v.input_base64)] : [v.input, utf8.encode(v.input)]
    for (const input of forms) {
      assert.throws(() => lib.decode(input, limits), mcpwireError(v.error, v.code, v.offset))
      assert.throws(() => lib.canonicalize(input, limits), mcpwireError(v.error, v.code, v.offset))
      const c = lib.classify(input, limits)
      assert.equal(c.ok, false)
      assert.equal(c.class, 'malformed')
      assert.deepEqual(
        { kind: c.error.kind, code: c.error.code, offset: c.error.offset },
        { kind: v.error, code: v.code, offset: v.offset },
      )
      assert.equal(typeof c.error.message, 'string')
    }
  })
}

// ---- failure responses --------------------------------------------------------------------

for (const f of vectors.failures ?? []) {
  test(`failureResponse: ${f.name}`, () => {
    assert.deepEqual(lib.failureResponse(f.kind, f.message, f.id, f.version), f.response)
  })
}

test('failureResponse: defaults to the latest version, and an omitted id means no id member', () => {
  const tool = lib.failureResponse('tool_execution_failed', 'boom', 7)
  assert.deepEqual(tool, {
    jsonrpc: '2.0',
    id: 7,
    result: { resultType: 'complete', content: [{ type: 'text', text: 'boom' }], isError: true },
  })
  const old = lib.failureResponse('tool_execution_failed', 'boom', 7, '2025-06-18')
  assert.equal(old.result.resultType, undefined)
  const parse = lib.failureResponse('unexpected_byte', 'Parse error')
  assert.equal('id' in parse, false)
  assert.equal(parse.error.code, -32700)
  assert.deepEqual(lib.failureResponse('unexpected_byte', 'Parse error', null), parse)
  assert.deepEqual(lib.failureResponse('tool_execution_failed', 'boom', 7, null), tool)
})

test('failureResponse: bad arguments are TypeErrors', () => {
  assert.throws(() => lib.failureResponse('no_such_kind', 'x', 1), typeError)
  assert.throws(() => lib.failureResponse('internal_error', 'x', 1.5), typeError)
  assert.throws(() => lib.failureResponse('internal_error', 'x', true), typeError)
  assert.throws(() => lib.failureResponse('internal_error', 'x', 1, '2024-01-01'), typeError)
  assert.throws(() => lib.failureResponse(1, 'x', 1), typeError)
  assert.throws(() => lib.failureResponse('internal_error', undefined, 1), typeError)
})

// ---- errors and errorKinds ----------------------------------------------------------------

test('errorKinds: names and codes of the one error table', () => {
  const kinds = lib.errorKinds
  assert.ok(Array.isArray(kinds) && kinds.length > 0)
  const names = new Set()
  for (const k of kinds) {
    assert.deepEqual(Object.keys(k).sort(), ['code', 'name'])
    assert.match(k.name, /^[a-z][a-z0-9_]*$/)
    assert.ok(k.code === null || Number.isInteger(k.code), `${k.name}: ${k.code}`)
    assert.ok(!names.has(k.name), `duplicate ${k.name}`)
    names.add(k.name)
  }
  for (const v of vectors.invalid ?? []) {
    const k = kinds.find((k) => k.name === v.error)
    assert.ok(k, `invalid vector kind ${v.error} is listed`)
    assert.equal(k.code, v.code, v.error)
  }
  assert.equal(kinds.find((k) => k.name === 'invalid_tool_arguments').code, null)
  assert.equal(kinds.find((k) => k.name === 'method_not_found').code, -32601)
})

test('McpwireError: an exported subclass of Error', () => {
  assert.equal(typeof lib.McpwireError, 'function')
  assert.ok(lib.McpwireError.prototype instanceof Error)
  let caught
  try {
    lib.decode('[]')
  } catch (e) {
    caught = e
  }
  assert.ok(caught instanceof lib.McpwireError)
  assert.equal(caught.kind, 'not_an_object')
  assert.equal(caught.code, -32600)
  assert.equal(caught.offset, 0)
  assert.match(String(caught), /^McpwireError: /)
  assert.equal(typeof caught.stack, 'string')
})

// ---- decode -------------------------------------------------------------------------------

test('decode: inputs are strings, Uint8Arrays (also views at an offset) and Buffers', () => {
  const msg = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'
  const want = JSON.parse(msg)
  const big = new Uint8Array(100)
  big.set(utf8.encode(msg), 10)
  assert.deepEqual(lib.decode(big.subarray(10, 10 + msg.length)), want)
  if (globalThis.Buffer) assert.deepEqual(lib.decode(globalThis.Buffer.from(msg)), want)
  // non-ASCII: offsets count UTF-8 bytes whatever the input form ("é" is 2 bytes, "e" 1)
  const ascii = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"e","name":"x"}}'
  const bad = ascii.replace('"e"', '"é"')
  let at
  try {
    lib.decode(ascii)
  } catch (e) {
    at = e.offset + 1
  }
  assert.equal(typeof at, 'number')
  assert.throws(() => lib.decode(bad), mcpwireError('duplicate_key', -32700, at))
  assert.throws(() => lib.decode(utf8.encode(bad)), mcpwireError('duplicate_key', -32700, at))
})

test('decode: other input types are TypeErrors', () => {
  for (const input of [undefined, null, 42, {}, [], new Uint16Array(2), new ArrayBuffer(2)]) {
    assert.throws(() => lib.decode(input), typeError)
    assert.throws(() => lib.classify(input), typeError)
    assert.throws(() => lib.canonicalize(input), typeError)
  }
})

test('decode: a string with a lone surrogate has no UTF-8 form: TypeError, not U+FFFD', () => {
  const msg = CALL_TEXT('{"s":"\ud800"}')
  assert.throws(() => lib.decode(msg), typeError)
  // a real U+FFFD is fine
  assert.deepEqual(lib.decode(CALL_TEXT('{"s":"\ufffd"}')), CALL({ s: '\ufffd' }))
})

test('decode: non-ASCII and astral characters, as text, escapes and bytes', () => {
  const args = { s: 'é ü ß 日本語 😀 \u{10FFFF} \ufffd', [`k😀é`]: ['\u2028', '\u00a0'] }
  const msg = CALL_TEXT(JSON.stringify(args))
  const escaped = CALL_TEXT(JSON.stringify(args).replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`))
  for (const m of [msg, escaped]) {
    assert.deepEqual(lib.decode(m), CALL(args))
    assert.deepEqual(lib.decode(utf8.encode(m)), CALL(args))
  }
  // a failure after astral characters: its offset counts UTF-8 bytes (4 for 😀, 2 UTF-16 units)
  const bad = CALL_TEXT('{"s":"😀😀","s":1}')
  const twin = CALL_TEXT('{"s":"aaaaaaaa","s":1}') // the same UTF-8 length in ASCII
  const at = (() => { try { lib.decode(twin) } catch (e) { return e.offset } })()
  assert.equal(typeof at, 'number')
  assert.throws(() => lib.decode(bad), mcpwireError('duplicate_key', -32700, at))
  assert.throws(() => lib.decode(utf8.encode(bad)), mcpwireError('duplicate_key', -32700, at))
})

test('decode: bytes with a BOM or invalid UTF-8 are McpwireErrors; a string with a BOM too', () => {
  const msg = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'
  const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8.encode(msg)])
  assert.throws(() => lib.decode(bom), mcpwireError('unexpected_byte', -32700, 0))
  assert.throws(() => lib.decode('\ufeff' + msg), mcpwireError('unexpected_byte', -32700, 0))
  const prefix = utf8.encode(CALL_TEXT('{"s":"'))
  for (const junk of [[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xc0, 0xaf]]) {
    const b = new Uint8Array([...prefix, ...junk, ...utf8.encode('"}}}')])
    assert.throws(() => lib.decode(b), mcpwireError('invalid_utf8', -32700, prefix.length))
  }
})

test('decode: Uint8Array views at any byteOffset into a larger buffer, and Buffer slices', () => {
  const msg = CALL_TEXT('{"s":"view ✓"}')
  const bytes = utf8.encode(msg)
  for (const offset of [1, 3, 7, 4096]) {
    const ab = new ArrayBuffer(offset + bytes.length + 5)
    new Uint8Array(ab).fill(0x7b) // '{' all around the view
    const view = new Uint8Array(ab, offset, bytes.length)
    view.set(bytes)
    assert.deepEqual(lib.decode(view), JSON.parse(msg))
    // a view of the first bytes only: the message cut short, not the buffer's tail
    assert.throws(() => lib.decode(new Uint8Array(ab, offset, bytes.length - 1)), mcpwireError('unexpected_end', -32700))
  }
  if (globalThis.Buffer) {
    const pooled = globalThis.Buffer.from('xx' + msg + 'yy') // small Buffers share one pool
    assert.deepEqual(lib.decode(pooled.subarray(2, pooled.length - 2)), JSON.parse(msg))
  }
})

test('decode: calls of different sizes in any order see only their own bytes', () => {
  const big = CALL_TEXT(JSON.stringify({ s: 'ab'.repeat(40000), t: 'é'.repeat(9000) }))
  const small = CALL_TEXT('{"s":1}')
  const cut = small.slice(0, -3) // ends inside the message: not valid
  const want = { big: JSON.parse(big), small: JSON.parse(small) }
  for (let i = 0; i < 3; i++) {
    for (const form of [(t) => t, (t) => utf8.encode(t)]) {
      assert.deepEqual(lib.decode(form(big)), want.big)
      assert.deepEqual(lib.decode(form(small)), want.small)
      // with limits (another path through the binding), non-ASCII text too
      assert.deepEqual(lib.decode(form(big), { maxDepth: 64 }), want.big)
      assert.deepEqual(lib.decode(form(small), { maxDepth: 64 }), want.small)
      assert.throws(() => lib.decode(form(cut)), mcpwireError('unexpected_end', -32700, cut.length))
      assert.throws(() => lib.decode(form('')), mcpwireError('unexpected_end', -32700, 0))
      assert.deepEqual(lib.decode(form(big)), want.big)
      assert.throws(() => lib.decode(form(big.slice(0, 1000))), mcpwireError('unexpected_end', -32700, 1000))
    }
  }
})

test('decode: inputs larger than any scratch buffer (several MiB), then small ones again', () => {
  const ascii = CALL_TEXT(JSON.stringify({ s: 'x'.repeat(3 << 20) }))
  const wide = CALL_TEXT(JSON.stringify({ s: '日本😀'.repeat(300000) })) // ~3.3 MiB of UTF-8
  for (const m of [ascii, wide]) {
    const want = JSON.parse(m)
    assert.deepEqual(lib.decode(m), want)
    assert.deepEqual(lib.decode(utf8.encode(m)), want)
    assert.throws(() => lib.decode(m, { maxBytes: 1 << 20 }), mcpwireError('input_too_large', -32700))
    // invalid at the very end: the whole input was looked at
    const tail = m.slice(0, -1) + ',}'
    assert.throws(() => lib.decode(tail), (e) => e instanceof lib.McpwireError && e.offset >= utf8.encode(m).length - 2)
  }
  // a lone surrogate in a huge string is still a TypeError
  assert.throws(() => lib.decode(CALL_TEXT(`{"s":"${'x'.repeat(1 << 20)}\ud800"}`)), typeError)
  assert.deepEqual(lib.decode(CALL_TEXT('{"s":2}')), CALL({ s: 2 }))
})

test('decode: a lone surrogate is a TypeError before any check of the message; bad limits first', () => {
  assert.throws(() => lib.decode('[\ud800'), typeError)
  assert.throws(() => lib.decode('{"jsonrpc":"2.0","id":1,"method":"x","method":"\udc00"}'), typeError)
  assert.throws(() => lib.decode('[\ud800', { maxDepth: -1 }), rangeError)
  assert.throws(() => lib.decode(42, { maxDepth: -1 }), rangeError)
  // surrogate pairs are fine, also at the ends of a string
  assert.deepEqual(lib.decode(CALL_TEXT('{"s":"😀"}')), CALL({ s: '😀' }))
})

test('decode: a decode inside a decode (from a limits getter) checks both messages', () => {
  const outer = CALL_TEXT('{"outer":true}')
  const inner = CALL_TEXT('{"inner":"' + 'i'.repeat(5000) + '"}')
  let seen
  const limits = {
    get maxBytes() {
      seen = lib.decode(inner)
      assert.throws(() => lib.decode('[]'), mcpwireError('not_an_object', -32600, 0))
      return null
    },
  }
  for (const form of [(t) => t, (t) => utf8.encode(t)]) {
    seen = undefined
    assert.deepEqual(lib.decode(form(outer), limits), JSON.parse(outer))
    assert.deepEqual(seen, JSON.parse(inner))
    assert.throws(() => lib.decode(form(outer.slice(0, -1)), limits), mcpwireError('unexpected_end', -32700))
  }
})

test('decode: bytes a limits getter changes give the value of the bytes checked, before or after', () => {
  const before = CALL_TEXT('{"k":"abcd","n":[1,2]}')
  const after = CALL_TEXT('{"k":123456,"n":[1,2]}')
  for (const name of ['maxBytes', 'maxDepth', 'maxMembers']) {
    const bytes = utf8.encode(before)
    const limits = {
      get [name]() {
        bytes.set(utf8.encode(after))
        return null
      },
    }
    const got = lib.decode(bytes, limits)
    const want = [JSON.parse(before), JSON.parse(after)]
    assert.ok(want.some((w) => JSON.stringify(w) === JSON.stringify(got)), `${name}: ${JSON.stringify(got)}`)
  }
})

test('decode: a decode inside a decode whose tape outgrows every earlier one', () => {
  // Each call a larger inner message (each number two tape words), so the inner decode needs
  // more room than any before it while the outer one is under way.
  let size = 1000
  let seen
  const limits = {
    get maxDepth() {
      size *= 3
      const inner = CALL_TEXT(`{"n":[${Array.from({ length: size }, (_, i) => i).join(',')}],"k":{"a":1}}`)
      seen = [lib.decode(inner), JSON.parse(inner)]
      return null
    },
  }
  const outer = CALL_TEXT(JSON.stringify({ rows: Array.from({ length: 50 }, (_, i) => ({ i, s: `row ${i}` })) }))
  for (let round = 0; round < 4; round++) {
    const form = round % 2 ? (t) => utf8.encode(t) : (t) => t
    assertSameAsParse(lib.decode(form(outer), limits), outer)
    assert.deepEqual(seen[0], seen[1])
  }
})

test('decode: results are plain values exactly as JSON.parse gives them', () => {
  const msg = CALL_TEXT('{"__proto__":{"x":1},"z":-0,"n":1e300,"f":0.1,"u":"\\u2028","2":0,"1":1}')
  const got = lib.decode(msg)
  assert.deepEqual(got, JSON.parse(msg))
  assert.equal(Object.getPrototypeOf(got), Object.prototype)
  assert.ok(Object.prototype.hasOwnProperty.call(got.params.arguments, '__proto__'))
  assert.ok(Object.is(got.params.arguments.z, -0))
})

// `got` is what JSON.parse(text) gives: the same values (-0 included), and every object's keys
// in the same order (which deepEqual does not look at; JSON.stringify writes them in order).
function assertSameAsParse(got, text) {
  const want = JSON.parse(text)
  assert.deepEqual(got, want)
  assert.equal(JSON.stringify(got), JSON.stringify(want))
}

test('decode: repeated keys in any order, and more distinct keys than the tape names by index', () => {
  const rows = Array.from({ length: 40 }, (_, i) => (i % 2 ? { b: i, a: 'x', c: [i] } : { a: 'y', c: [], b: -i }))
  assertSameAsParse(lib.decode(CALL_TEXT(JSON.stringify({ rows }))), CALL_TEXT(JSON.stringify({ rows })))
  // 400 distinct keys, three times over, some also known MCP names and reserved ones
  const wide = {}
  for (let i = 0; i < 400; i++) wide[`k${i}_${'x'.repeat(i % 23)}`] = i % 7 ? i : `v${i}`
  Object.assign(wide, { name: 1, content: [], type: 'text', toString: 2, constructor: { valueOf: 3 } })
  const msg = CALL_TEXT(JSON.stringify({ a: wide, b: [wide, { wide }] }))
  assertSameAsParse(lib.decode(msg), msg)
  assertSameAsParse(lib.decode(utf8.encode(msg)), msg)
})

test('decode: objects in the shapes the SDKs write (made by literals) are JSON.parse\'s, in either SDK\'s order', () => {
  const py = '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"_meta":{"progressToken":"p"},"name":"t","arguments":{"city":"Oslo"}}}'
  const ts = '{"method":"tools/call","params":{"name":"t","arguments":{"a":[1,{}]},"_meta":{"progressToken":7}},"jsonrpc":"2.0","id":7}'
  const progress = '{"method":"notifications/progress","params":{"progressToken":"p","progress":0.5,"total":1,"message":"½"},"jsonrpc":"2.0"}'
  const result = '{"result":{"content":[{"type":"text","text":"hi"},{"type":"image","data":"AA==","mimeType":"image/png"}],"isError":false},"jsonrpc":"2.0","id":"x"}'
  const tools = '{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a","description":"d","inputSchema":{"type":"object","properties":{"q":{"type":"string","description":"q"}},"required":["q"]}}],"nextCursor":"c"}}'
  // the same keys in other orders, with a key too many or too few: objects made key by key
  const others = '{"id":1,"method":"m","jsonrpc":"2.0","params":{"arguments":{},"name":"t","extra":1,"_meta":{}}}'
  for (const msg of [py, ts, progress, result, tools, others]) {
    for (const got of [lib.decode(msg), lib.decode(utf8.encode(msg))]) {
      assertSameAsParse(got, msg)
      const walk = (o) => {
        if (o === null || typeof o !== 'object') return
        if (!Array.isArray(o)) {
          assert.equal(Object.getPrototypeOf(o), Object.prototype)
          for (const k of Object.keys(o)) {
            assert.deepEqual(Object.getOwnPropertyDescriptor(o, k), { value: o[k], writable: true, enumerable: true, configurable: true })
          }
        }
        Object.values(o).forEach(walk)
      }
      walk(got)
    }
  }
})

test('decode: keys and strings after wide characters, escapes in keys and strings', () => {
  const parts = [
    '"é":"é","日本":"語","😀":"😀x","k":"after 😀 and é"',
    '"a\\u00e9":"\\ud83d\\ude00\\n","b\\u0301":"\\t\\"\\\\\\/","c":"😀\\n😀","":""',
    '"s":["𝄞","ü","x",{"𝄞":"ü","ü":["é"]}],"\\u005f_proto__":{"a":1},"t\\u006fString":2',
  ]
  for (const p of parts) {
    const msg = CALL_TEXT(`{${p}}`)
    assertSameAsParse(lib.decode(msg), msg)
    assertSameAsParse(lib.decode(utf8.encode(msg)), msg)
  }
  const got = lib.decode(CALL_TEXT(`{${parts[2]}}`)).params.arguments
  assert.ok(Object.prototype.hasOwnProperty.call(got, '__proto__'))
  assert.equal(Object.getPrototypeOf(got), Object.prototype)
  assert.equal(got.toString, 2)
})

test('decode: numbers are the doubles JSON.parse gives', () => {
  const numbers = ['0', '-0', '-0.0', '0.1', '0.30000000000000004', '1E2', '1e+2', '1.5e-7', '5e-324',
    '2.2250738585072014e-308', '1.7976931348623157e308', '-1.7976931348623157e308', '9007199254740993',
    '123456789012345678901234567890', '0.1234567890123456789012345', '6.5778491027943236',
    '2459.1412591756259', '-6336830840615796.5', '999999999999999', '1e-7', '12345.678901234567',
    '999999999', '-999999999', '1000000000', '-1000000000', '2147483647', '-2147483648', '4294967295', '-7']
  const msg = CALL_TEXT(`{"n":[${numbers.join(',')}]}`)
  const got = lib.decode(msg).params.arguments.n
  const want = JSON.parse(msg).params.arguments.n
  for (let i = 0; i < numbers.length; i++) assert.ok(Object.is(got[i], want[i]), numbers[i])
})

test('decode: own properties named like those of Object.prototype are data properties', () => {
  const names = Object.getOwnPropertyNames(Object.prototype)
  const obj = Object.fromEntries(names.map((n, i) => [n, i]))
  const msg = CALL_TEXT(JSON.stringify({ obj, list: [obj, obj] }))
  const got = lib.decode(msg).params.arguments
  for (const o of [got.obj, got.list[0], got.list[1]]) {
    assert.equal(Object.getPrototypeOf(o), Object.prototype)
    assert.deepEqual(Object.keys(o), names)
    for (const n of names) assert.deepEqual(Object.getOwnPropertyDescriptor(o, n), { value: obj[n], writable: true, enumerable: true, configurable: true })
  }
})

test('decode: nesting deeper than the tape takes (1000 levels) is still JSON.parse\'s value', () => {
  const msg = CALL_TEXT(`{"d":${'['.repeat(1500)}1${']'.repeat(1500)}}`)
  for (const input of [msg, utf8.encode(msg)]) {
    // walked in a loop: deepEqual recurses too deep for this
    let d = lib.decode(input, { maxDepth: 2000 }).params.arguments.d
    for (let i = 0; i < 1500; i++) {
      assert.ok(Array.isArray(d) && d.length === 1, `level ${i}`)
      d = d[0]
    }
    assert.equal(d, 1)
  }
  assert.throws(() => lib.decode(msg), mcpwireError('too_deep', -32700))
})

test('limits: maxBytes, maxDepth, maxMembers reach core; bad limits are RangeErrors', () => {
  const msg = CALL_TEXT('{"a":[[1]],"b":2,"c":3}')
  assert.deepEqual(lib.decode(msg, {}), JSON.parse(msg))
  assert.deepEqual(lib.decode(msg, { maxBytes: msg.length, maxDepth: 5, maxMembers: 4 }), JSON.parse(msg))
  assert.throws(() => lib.decode(msg, { maxBytes: msg.length - 1 }), mcpwireError('input_too_large', -32700))
  assert.throws(() => lib.decode(msg, { maxDepth: 4 }), mcpwireError('too_deep', -32700))
  assert.throws(() => lib.decode(msg, { maxMembers: 2 }), mcpwireError('too_many_members', -32700))
  const c = lib.classify(msg, { maxDepth: 4 })
  assert.equal(c.ok, false)
  assert.equal(c.error.kind, 'too_deep')
  for (const bad of [{ maxBytes: -1 }, { maxDepth: 1.5 }, { maxMembers: Infinity }, { maxDepth: 2 ** 32 }]) {
    assert.throws(() => lib.decode(msg, bad), rangeError)
  }
  for (const bad of [5, 'x', true, { maxBytes: '10' }, { maxDepth: 1n }]) {
    assert.throws(() => lib.decode(msg, bad), typeError)
    assert.throws(() => lib.classify(msg, bad), typeError)
    assert.throws(() => lib.canonicalize(msg, bad), typeError)
  }
  // null means "not given", for the whole object and for a field
  assert.deepEqual(lib.decode(msg, null), JSON.parse(msg))
  assert.deepEqual(lib.decode(msg, { maxBytes: null, maxDepth: undefined }), JSON.parse(msg))
})

// ---- encode -------------------------------------------------------------------------------

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

// ---- protocol state: Client and Server on a virtual clock ---------------------------------
//
// A Client and a Server talk to each other through the bytes they return; `now` is a number
// the test advances. No timers, no I/O. Every byte string that crosses is also checked with
// `decode` (so the sessions only ever put valid messages on the wire).

const CLIENT_INFO = { name: 'host', version: '1.0.0' }
const SERVER_INFO = { name: 'catalog', version: '2.0.0' }
const KEY = Uint8Array.from({ length: 16 }, (_, i) => 0xa0 + i)

/** The message a session wrote: checked by decode, returned as a JS value. */
function wire(bytes) {
  assertBytes(bytes)
  const msg = lib.decode(bytes)
  assert.deepEqual(msg, JSON.parse(text(bytes)))
  return msg
}

function newClient(version, options = {}) {
  return new lib.Client({ version, clientInfo: CLIENT_INFO, ...options })
}

function newServer(capabilities = { tools: { listChanged: true } }, versions = ['2025-11-25', '2026-07-28']) {
  return new lib.Server({ versions, serverInfo: SERVER_INFO, capabilities })
}

/** Runs the handshake; returns the client's `ready` event. */
function handshake(client, server, now = 0) {
  const hello = client.start(now)
  assert.equal(typeof hello.id, 'number')
  wire(hello.bytes)
  assert.deepEqual(server.handleInput(hello.bytes, now), { event: 'handshake' })
  const reply = server.pollTransmit()
  wire(reply)
  assert.equal(server.pollTransmit(), null)
  const ready = client.handleInput(reply, now)
  assert.equal(ready.event, 'ready')
  assert.equal(client.isReady, true)
  // 2025 versions: the `initialized` notification follows; 2026-07-28 has none.
  const initialized = client.pollTransmit()
  if (initialized !== null) {
    assert.deepEqual(wire(initialized), { jsonrpc: '2.0', method: 'notifications/initialized' })
    assert.equal(server.handleInput(initialized, now).event, 'other')
  }
  assert.equal(client.pollTransmit(), null)
  return ready
}

/** A connected pair after the handshake. */
function connected(version = '2025-11-25', clientOptions = {}) {
  const client = newClient(version, clientOptions)
  const server = newServer()
  handshake(client, server)
  return { client, server }
}

/** The client calls a tool; the server receives it. Returns the call and the server's event. */
function call(client, server, now, name, { args = {}, timeout = null, progress = null } = {}) {
  const sent = client.callTool(now, name, args, timeout, progress)
  const req = wire(sent.bytes)
  assert.equal(req.method, 'tools/call')
  assert.equal(req.id, sent.id)
  const ev = server.handleInput(sent.bytes, now)
  assert.equal(ev.event, 'call_tool')
  assert.equal(ev.id, sent.id)
  assert.equal(ev.name, name)
  return { sent, ev }
}

const ok = (t) => ({ content: [{ type: 'text', text: t }] })

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

// ---- JSON Schema --------------------------------------------------------------------------

const UNITS = {
  type: 'object',
  properties: { units: { enum: ['metric', 'imperial'] } },
  required: ['units'],
}

const SCHEMA_CASES = [
  {
    name: 'enum',
    schema: UNITS,
    valid: [{ units: 'metric' }],
    invalid: [
      [{ units: 'kelvin' }, [{ instancePath: '/units', schemaPath: '/properties/units/enum', keyword: 'enum', message: '`/units` must be one of "metric", "imperial"; got "kelvin"' }]],
    ],
  },
  {
    name: 'required',
    schema: UNITS,
    valid: [{ units: 'imperial', other: 1 }],
    invalid: [[{}, [{ instancePath: '', schemaPath: '/required', keyword: 'required' }]]],
  },
  {
    name: 'additionalProperties false',
    schema: { type: 'object', properties: { city: { type: 'string' } }, additionalProperties: false },
    valid: [{ city: 'Oslo' }, {}],
    invalid: [[{ city: 'Oslo', days: 3 }, [{ instancePath: '', schemaPath: '/additionalProperties', keyword: 'additionalProperties' }]]],
  },
  {
    name: '$defs and $ref',
    schema: { $defs: { Unit: { enum: ['c', 'f'] } }, type: 'object', properties: { unit: { $ref: '#/$defs/Unit' } } },
    valid: [{ unit: 'c' }],
    invalid: [[{ unit: 'k' }, [{ instancePath: '/unit', schemaPath: '/$defs/Unit/enum', keyword: 'enum' }]]],
  },
  {
    name: 'anyOf with null',
    schema: { type: 'object', properties: { note: { anyOf: [{ type: 'string' }, { type: 'null' }] } } },
    valid: [{ note: null }, { note: 'x' }, {}],
    invalid: [[{ note: 1 }, [{ instancePath: '/note', schemaPath: '/properties/note/anyOf', keyword: 'anyOf' }]]],
  },
  {
    name: 'pattern',
    schema: { type: 'object', properties: { code: { type: 'string', pattern: '^[A-Z]{3}$' } } },
    valid: [{ code: 'OSL' }],
    invalid: [[{ code: 'osl' }, [{ instancePath: '/code', schemaPath: '/properties/code/pattern', keyword: 'pattern' }]]],
  },
  {
    name: 'several errors at once, nested paths',
    schema: {
      type: 'object',
      properties: { items: { type: 'array', items: { type: 'integer', minimum: 0 } } },
      required: ['items', 'id'],
    },
    valid: [{ items: [0, 1], id: 1 }],
    invalid: [
      [
        { items: [1, -2, 'x'] },
        [
          { instancePath: '', schemaPath: '/required', keyword: 'required' },
          { instancePath: '/items/1', schemaPath: '/properties/items/items/minimum', keyword: 'minimum' },
          { instancePath: '/items/2', schemaPath: '/properties/items/items/type', keyword: 'type' },
        ],
      ],
    ],
  },
]

/** The three forms of a JSON argument: a JS value, JSON text, UTF-8 bytes. */
const forms = (v) => [v, JSON.stringify(v), utf8.encode(JSON.stringify(v))]

/** Errors without messages (sorted by path), and each message checked to be a sentence. */
function shape(errors) {
  assert.ok(Array.isArray(errors))
  for (const e of errors) {
    assert.deepEqual(Object.keys(e).sort(), ['instancePath', 'keyword', 'message', 'schemaPath'])
    assert.equal(typeof e.message, 'string')
    assert.ok(e.message.length > 0)
  }
  const key = (e) => `${e.instancePath}\u0000${e.schemaPath}`
  return errors.map(({ instancePath, schemaPath, keyword }) => ({ instancePath, schemaPath, keyword })).sort((a, b) => (key(a) < key(b) ? -1 : 1))
}

for (const c of SCHEMA_CASES) {
  test(`schema: ${c.name} (valid and invalid instances, values and JSON text)`, () => {
    const compiled = new lib.Schema(c.schema)
    for (const schema of forms(c.schema)) {
      for (const v of c.valid) {
        for (const instance of forms(v)) assert.deepEqual(lib.validate(schema, instance), [], JSON.stringify(v))
        assert.equal(compiled.isValid(v), true)
      }
      for (const [v, want] of c.invalid) {
        for (const instance of forms(v)) {
          const got = lib.validate(schema, instance)
          const expect = want.map(({ instancePath, schemaPath, keyword }) => ({ instancePath, schemaPath, keyword }))
          assert.deepEqual(shape(got), shape(expect.map((e) => ({ ...e, message: '-' }))), JSON.stringify(v))
          for (const w of want) if (w.message) assert.ok(got.some((e) => e.message === w.message), w.message)
          assert.deepEqual(compiled.validate(instance), got)
        }
        assert.equal(compiled.isValid(v), false)
      }
    }
  })
}

test('schema: a string argument is JSON text (a string instance is written with quotes)', () => {
  assert.deepEqual(lib.validate({ type: 'string' }, '"abc"'), [])
  assert.equal(lib.validate({ type: 'string' }, '12')[0].keyword, 'type')
  assert.throws(() => lib.validate({ type: 'string' }, 'abc'), mcpwireError('unexpected_byte', -32700, 0))
  assert.throws(() => lib.validate({}, '{"a":1,"a":2}'), mcpwireError('duplicate_key', -32700))
  assert.throws(() => lib.validate({}, utf8.encode('[1,]')), (e) => e instanceof lib.McpwireError && e.offset === 3)
})

test('schema: a schema that cannot be compiled is McpwireError with the SchemaErrorKind name', () => {
  const cases = [
    [{ type: 'string', pattern: '(?<=a)b' }, 'invalid_regex', '/pattern'],
    [{ properties: { a: { pattern: '(a' } } }, 'invalid_regex', '/properties/a/pattern'],
    [{ minLength: -1 }, 'invalid_keyword', '/minLength'],
    [{ type: 5 }, 'invalid_keyword', '/type'],
    [{ $ref: '#/$defs/missing' }, 'unresolvable_ref', '/$ref'],
    [{ $ref: 'https://example.com/other.json' }, 'unresolvable_ref', '/$ref'],
    [{ $defs: { x: { $anchor: 'a' }, y: { $anchor: 'a' } } }, 'invalid_keyword', '/$defs/y'],
  ]
  for (const [schema, kind, schemaPath] of cases) {
    for (const form of forms(schema)) {
      const check = (e) => {
        assert.ok(e instanceof lib.McpwireError, `${e && e.name}: ${e && e.message}`)
        assert.deepEqual({ kind: e.kind, code: e.code, schemaPath: e.schemaPath }, { kind, code: null, schemaPath })
        assert.match(e.message, /^invalid schema at /)
        return true
      }
      assert.throws(() => lib.validate(form, {}), check, JSON.stringify(schema))
      assert.throws(() => new lib.Schema(form), check)
      assert.throws(() => lib.checkArguments(form, 't', {}), check)
      assert.throws(() => lib.checkOutput(form, { content: [] }), check)
    }
  }
  // schema text that is not JSON: invalid_json
  for (const text of ['{', utf8.encode('{"type":}')]) {
    assert.throws(() => lib.validate(text, {}), (e) => {
      assert.ok(e instanceof lib.McpwireError)
      assert.deepEqual({ kind: e.kind, code: e.code, schemaPath: e.schemaPath }, { kind: 'invalid_json', code: null, schemaPath: '' })
      assert.match(e.message, /at byte/)
      return true
    })
  }
})

test('schema: options (resources, maxErrors, assertFormats) and the compiled Schema', () => {
  const other = { $id: 'https://example.com/unit.json', enum: ['c', 'f'] }
  const schema = { type: 'object', properties: { u: { $ref: 'https://example.com/unit.json' } } }
  for (const doc of forms(other)) {
    const resources = { 'https://example.com/unit.json': doc }
    assert.deepEqual(lib.validate(schema, { u: 'c' }, { resources }), [])
    assert.equal(lib.validate(schema, { u: 'k' }, { resources })[0].keyword, 'enum')
    assert.equal(new lib.Schema(schema, { resources }).isValid({ u: 'f' }), true)
  }
  const many = { type: 'array', items: { type: 'string' } }
  assert.equal(lib.validate(many, [1, 2, 3]).length, 3)
  assert.equal(lib.validate(many, [1, 2, 3], { maxErrors: 2 }).length, 2)
  const date = { type: 'string', format: 'date' }
  assert.deepEqual(lib.validate(date, '"not a date"'), [])
  assert.equal(lib.validate(date, '"not a date"', { assertFormats: true })[0].keyword, 'format')
  assert.deepEqual(lib.validate(date, '"2026-07-28"', { assertFormats: true, maxErrors: null }), [])
  assert.throws(() => lib.validate(many, [], { maxErrors: 0 }), rangeError)
  assert.throws(() => lib.validate(many, [], { assertFormats: 'yes' }), typeError)
  assert.throws(() => lib.validate(many, [], 5), typeError)
  assert.throws(() => lib.validate(many, [], { resources: 'x' }), typeError)

  assert.equal(new lib.Schema({}).draft, 'https://json-schema.org/draft/2020-12/schema')
  assert.equal(new lib.Schema({ $schema: 'http://json-schema.org/draft-07/schema#' }).draft, 'http://json-schema.org/draft-07/schema#')
  const compiled = new lib.Schema(UNITS)
  for (let i = 0; i < 3; i++) assert.equal(compiled.validate({ units: i }).length, 1)
})

test('schema: values JSON cannot hold are TypeErrors; too deep or cyclic is too_deep', () => {
  assert.throws(() => lib.validate({}, { a: undefined }), typeError)
  assert.throws(() => lib.validate({ const: NaN }, 1), typeError)
  assert.throws(() => lib.validate({}, new Date(0)), typeError)
  assert.throws(() => lib.validate({}, 1n), typeError)
  const cyclic = {}
  cyclic.self = cyclic
  assert.throws(() => lib.validate({}, cyclic), mcpwireError('too_deep', -32700))
  let deep = 1
  for (let i = 0; i < 200; i++) deep = [deep]
  assert.throws(() => lib.validate({}, deep), mcpwireError('too_deep', -32700))
  assert.throws(() => lib.validate({}, JSON.stringify(deep)), mcpwireError('too_deep', -32700))
  // within the limit, deep values validate
  let ok = 1
  for (let i = 0; i < 100; i++) ok = [ok]
  assert.deepEqual(lib.validate({}, ok), [])
})

const WEATHER_INPUT = {
  type: 'object',
  properties: { city: { type: 'string', minLength: 1 }, units: { enum: ['metric', 'imperial'] } },
  required: ['city'],
  additionalProperties: false,
}

test('schema: checkArguments gives null or the isError CallToolResult', () => {
  for (const schema of forms(WEATHER_INPUT)) {
    for (const args of forms({ city: 'Oslo', units: 'metric' })) assert.equal(lib.checkArguments(schema, 'get_weather', args), null)
    const bad = lib.checkArguments(schema, 'get_weather', { units: 'kelvin', days: 3 })
    assert.equal(bad.isError, true)
    assert.equal(bad.content.length, 1)
    assert.equal(bad.content[0].type, 'text')
    const lines = bad.content[0].text.split('\n')
    assert.equal(lines[0], 'Invalid arguments for tool get_weather:')
    assert.equal(lines.length, 4, bad.content[0].text)
    assert.ok(lines.slice(1).every((l) => l.startsWith('- ')))
    assert.deepEqual(lib.checkArguments(schema, 'get_weather', JSON.stringify({ units: 'kelvin', days: 3 })), bad)
  }
  // omitted or null arguments are {}
  assert.match(lib.checkArguments(WEATHER_INPUT, 't').content[0].text, /city/)
  assert.deepEqual(lib.checkArguments(WEATHER_INPUT, 't', null), lib.checkArguments(WEATHER_INPUT, 't', {}))
  assert.equal(lib.checkArguments({ type: 'object' }, 't'), null)
  assert.throws(() => lib.checkArguments(WEATHER_INPUT, 5, {}), typeError)
  assert.throws(() => lib.checkArguments(WEATHER_INPUT, 't', '{'), mcpwireError('unexpected_end', -32700))
  // the result is a CallToolResult a server can send as it is
  const { client, server } = connected()
  const { ev } = call(client, server, 0, 'get_weather', { args: { units: 'kelvin' } })
  const result = lib.checkArguments(WEATHER_INPUT, ev.name, ev.arguments)
  const got = client.handleInput(server.respondTool(ev.id, result), 1)
  assert.equal(got.class, 'tool_error')
  assert.deepEqual(got.result, result)
})

test('schema: checkOutput gives {outcome, errors}', () => {
  const output = { type: 'object', properties: { celsius: { type: 'number' } }, required: ['celsius'] }
  for (const schema of forms(output)) {
    for (const result of forms({ content: [], structuredContent: { celsius: -3.5 } })) {
      assert.deepEqual(lib.checkOutput(schema, result), { outcome: 'valid', errors: [] })
    }
    assert.deepEqual(lib.checkOutput(schema, { content: [], isError: true }), { outcome: 'skipped', errors: [] })
    assert.deepEqual(lib.checkOutput(schema, { content: [] }), { outcome: 'missing_structured_content', errors: [] })
    const bad = lib.checkOutput(schema, { content: [], structuredContent: { celsius: 'cold' } })
    assert.equal(bad.outcome, 'output_schema_mismatch')
    assert.deepEqual(shape(bad.errors), [{ instancePath: '/celsius', schemaPath: '/properties/celsius/type', keyword: 'type' }])
  }
})

// ---- environment-specific checks ----------------------------------------------------------

if (h.esm) {
  test('modules: the ESM entry exports the same API as the CommonJS entry', () => {
    const names = ['decode', 'encode', 'canonicalize', 'classify', 'failureResponse', 'errorKinds', 'McpwireError']
    names.push('page', 'validate', 'checkArguments', 'checkOutput', 'Client', 'Server', 'Schema')
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

await import('./random.mjs')
