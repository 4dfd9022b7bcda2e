// The shared vectors (valid, invalid, failure responses) and the error kinds.

import { h, test, assert, lib, vectors, utf8, text, b64, jsLimits, assertBytes, mcpwireError, typeError, assertSameAsParse } from './common.mjs'

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
  assert.throws(
    () => lib.failureResponse('internal_error', 'x', 1, 5),
    (e) => typeError(e) && e.message.includes('version must be a string'),
  )
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
