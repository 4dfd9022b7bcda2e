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

    // decode: deep-equal to JSON.parse, from text and from bytes
    assert.deepEqual(lib.decode(v.input), expected)
    assert.deepEqual(lib.decode(utf8.encode(v.input)), expected)

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

test('decode: results are plain values exactly as JSON.parse gives them', () => {
  const msg = CALL_TEXT('{"__proto__":{"x":1},"z":-0,"n":1e300,"f":0.1,"u":"\\u2028","2":0,"1":1}')
  const got = lib.decode(msg)
  assert.deepEqual(got, JSON.parse(msg))
  assert.equal(Object.getPrototypeOf(got), Object.prototype)
  assert.ok(Object.prototype.hasOwnProperty.call(got.params.arguments, '__proto__'))
  assert.ok(Object.is(got.params.arguments.z, -0))
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

// ---- environment-specific checks ----------------------------------------------------------

if (h.esm) {
  test('modules: the ESM entry exports the same API as the CommonJS entry', () => {
    for (const name of ['decode', 'encode', 'canonicalize', 'classify', 'failureResponse', 'errorKinds', 'McpwireError']) {
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
