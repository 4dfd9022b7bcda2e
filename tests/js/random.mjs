// Randomized differential tests of `decode` against `JSON.parse`, part of the shared suite
// (suite.mjs imports this file, so it runs under napi, WASM in Node and WASM in Chromium).
//
// Messages of every class the core types (tools/call, CallToolResult, tools/list, progress,
// error responses, other methods) are generated from a seeded generator: random member order,
// extra members, keys that collide with Object.prototype or look like array indexes, keys
// and strings with escapes, surrogate pairs and long runs, numbers in every JSON spelling,
// optional whitespace. Each must decode, from a string and from bytes, to exactly what
// `JSON.parse` gives (values, prototypes and key order). Then the same texts are mutated byte
// by byte: whatever `JSON.parse` rejects, `decode` must reject with an `McpwireError`; whatever
// `decode` accepts must equal `JSON.parse`'s value; string and bytes input must agree. The
// seeds are fixed, so a failure names the text that caused it and reproduces. `encode` of each
// valid message's value must give bytes that decode back to it, and `canonicalize` of its text
// must keep the value and be a fixed point.

const h = globalThis.__mcpwireHarness ?? (await import('./harness-node.mjs')).harness
const { test, assert, lib } = h

const utf8 = new TextEncoder()
const text = (bytes) => new TextDecoder('utf-8', { fatal: true }).decode(bytes)

/** mulberry32: a small seeded generator of floats in [0, 1). */
function generator(seed) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n) => Math.floor(next() * n)
  const pick = (xs) => xs[int(xs.length)]
  return { next, int, pick, chance: (p) => next() < p }
}

const WORDS = ['a', 'b', 'ok', 'type', 'text', 'name', 'id', 'value', 'city', 'units', 'count', 'x-y', 'héllo', '日本', '😀']
const ESCAPES = ['\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t', '\\u00e9', '\\u0041', '\\u2028', '\\ud83d\\ude00', '\\u0000', '\\u001f']
const RAW = ['é', 'ü', '日', '本', '😀', '\u2028', '\u00a0', ' ', '-', '.', '0']
const KEYS = ['type', 'text', 'name', 'id', 'a', 'b', 'c', 'data', 'items', 'properties', '__proto__', 'toString',
  'constructor', 'hasOwnProperty', 'valueOf', '0', '1', '12', '4294967295', '-1', '01', '1.5', 'é', 'a\\u0062',
  '\\u0061', '\\u005f_proto__', 'to\\u0053tring', 'key_with_a_long_name_past_sixteen', 'another_rather_long_key_name_here_too_for_the_table', '']

/** The text of a JSON string's contents: words, escapes, raw non-ASCII, sometimes long runs. */
function stringBody(r) {
  let s = ''
  const parts = r.chance(0.1) ? 20 + r.int(60) : r.int(5)
  for (let i = 0; i < parts; i++) {
    const k = r.next()
    if (k < 0.5) s += r.pick(WORDS)
    else if (k < 0.7) s += r.pick(ESCAPES)
    else if (k < 0.9) s += r.pick(RAW)
    else s += 'x'.repeat(r.int(80))
  }
  return s
}

const NUMBERS = ['0', '-0', '1', '-1', '42', '9007199254740991', '9007199254740993', '-9007199254740993',
  '123456789012345678901234567890', '0.5', '-0.25', '3.14159', '1.0', '2.50', '1e2', '1E-7', '-2.5e+3', '6.02e23',
  '1e308', '4.9e-324', '0.1', '100000000000000000000', '1.7976931348623157e308', '0e0', '-0.0']

function number(r) {
  if (r.chance(0.5)) return String(r.int(2000) - 1000)
  return r.pick(NUMBERS)
}

/** Whitespace between tokens, now and then. */
const ws = (r) => (r.chance(0.08) ? r.pick([' ', '\n', '\t', '\r\n', '  ']) : '')

/** An object's text from [key text, value text] members, keys unique by their decoded value. */
function object(r, members) {
  const seen = new Set()
  const out = []
  for (const [k, v] of members) {
    const decoded = JSON.parse(`"${k}"`)
    if (seen.has(decoded)) continue
    seen.add(decoded)
    out.push(`${ws(r)}"${k}"${ws(r)}:${ws(r)}${v}${ws(r)}`)
  }
  return `{${out.join(',')}${out.length ? '' : ws(r)}}`
}

const shuffle = (r, xs) => {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = r.int(i + 1)
    ;[xs[i], xs[j]] = [xs[j], xs[i]]
  }
  return xs
}

/** Key sequences tables are drawn from: few, so that a sequence comes again in later messages
 * (napi makes the rows of a sequence met before by an object literal: rows.napi.js), and one
 * longer than the stores rows.js's `byPlace` writes out.
 */
const TABLE_KEYS = [
  ['id', 'name', 'score'],
  ['a', 'b', 'c', 'data', 'items'],
  ['key_with_a_long_name_past_sixteen', 'é', 'x'],
  ['type', 'text'],
  ['b', 'a', '1', 'c'],
  ['a', '__proto__', 'b'],
  ['a\\u0062', 'c'],
  ['k0', 'k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8', 'k9', 'k10'],
]

/** A table: 14 to 40 objects with one key sequence, now and then a row with keys otherwise
 * (one missing, one more, one renamed, two swapped, one spelled with an escape). */
function table(r, depth) {
  const keys = r.pick(TABLE_KEYS)
  const rows = Array.from({ length: 14 + r.int(27) }, () => {
    let ks = [...keys]
    if (r.chance(0.04)) {
      const at = r.int(ks.length)
      switch (r.int(5)) {
        case 0: ks.splice(at, 1); break
        case 1: ks.splice(at, 0, 'extra'); break
        case 2: ks[at] = `${ks[at]}_renamed`; break
        case 3: if (ks.length > 1) [ks[0], ks[ks.length - 1]] = [ks[ks.length - 1], ks[0]]; break
        default: ks[at] = ks[at] === 'a' ? '\\u0061' : ks[at]
      }
    }
    return object(r, ks.map((k) => [k, value(r, depth - 2)]))
  })
  return `[${rows.join(',')}]`
}

function value(r, depth) {
  const k = r.next()
  if (depth >= 2 && k > 0.97) return table(r, depth)
  if (depth <= 0 || k < 0.45) {
    const s = r.next()
    if (s < 0.4) return `"${stringBody(r)}"`
    if (s < 0.8) return number(r)
    return r.pick(['true', 'false', 'null'])
  }
  if (k < 0.7) {
    const n = r.chance(0.05) ? 20 + r.int(30) : r.int(6)
    return `[${Array.from({ length: n }, () => `${ws(r)}${value(r, depth - 1)}${ws(r)}`).join(',')}]`
  }
  return randomObject(r, depth)
}

function randomObject(r, depth, extra = 0) {
  const n = r.chance(0.05) ? 30 + r.int(20) : r.int(6) + extra
  const members = Array.from({ length: n }, () => [r.chance(0.6) ? r.pick(KEYS) : stringBody(r), value(r, depth - 1)])
  return object(r, members)
}

const str = (s) => `"${s}"`
const id = (r) => (r.chance(0.6) ? String(r.int(100000)) : str(r.chance(0.5) ? `call-${r.int(1000)}` : stringBody(r)))
const token = (r) => (r.chance(0.5) ? String(r.int(1000)) : str(stringBody(r)))
const extras = (r, n) => Array.from({ length: r.int(n + 1) }, () => [`x-${stringBody(r).length}-${r.int(9)}`, value(r, 2)])

/** One content block: the five types the spec names, and one it does not. */
function block(r) {
  const k = r.int(6)
  const m = [
    [['type', '"text"'], ['text', str(stringBody(r))]],
    [['type', '"image"'], ['data', '"iVBORw0KGgo="'], ['mimeType', '"image/png"']],
    [['type', '"audio"'], ['data', '"UklGRg=="'], ['mimeType', '"audio/wav"']],
    [['type', '"resource_link"'], ['uri', '"file:///tmp/a.txt"'], ['name', str(stringBody(r))]],
    [['type', '"resource"'], ['resource', object(r, [['uri', '"file:///b"'], ['text', str(stringBody(r))]])]],
    [['type', str(`x-${r.pick(WORDS)}`)], ['payload', value(r, 3)]],
  ][k]
  return object(r, shuffle(r, [...m, ...extras(r, k === 5 ? 2 : 1)]))
}

function tool(r) {
  const props = Array.from({ length: r.int(5) }, () => [r.pick(KEYS), object(r, [['type', str(r.pick(['string', 'integer', 'number', 'boolean', 'array', 'object']))], ['description', str(stringBody(r))]])])
  const m = [['name', str(`t${r.int(1000)}_${r.pick(WORDS)}`)], ['inputSchema', object(r, shuffle(r, [['type', '"object"'], ['properties', object(r, props)], ...(r.chance(0.3) ? [['required', '[]']] : [])]))]]
  if (r.chance(0.7)) m.push(['description', str(stringBody(r))])
  if (r.chance(0.3)) m.push(['title', str(stringBody(r))])
  return object(r, shuffle(r, [...m, ...extras(r, 1)]))
}

const envelope = (r, members) => object(r, shuffle(r, [['jsonrpc', '"2.0"'], ...members]))

/** One message of a class picked at random. */
function message(r) {
  switch (r.int(6)) {
    case 0: {
      const params = [['name', str(r.pick(WORDS))]]
      if (r.chance(0.9)) params.push(['arguments', randomObject(r, 4)])
      if (r.chance(0.3)) params.push(['_meta', object(r, [['progressToken', token(r)]])])
      return envelope(r, [['id', id(r)], ['method', '"tools/call"'], ['params', object(r, shuffle(r, params))]])
    }
    case 1: {
      const result = [['content', `[${Array.from({ length: r.int(5) }, () => block(r)).join(',')}]`]]
      if (r.chance(0.4)) result.push(['structuredContent', randomObject(r, 5)])
      if (r.chance(0.3)) result.push(['isError', r.pick(['true', 'false'])])
      return envelope(r, [['id', id(r)], ['result', object(r, shuffle(r, [...result, ...extras(r, 1)]))]])
    }
    case 2: {
      const result = [['tools', `[${Array.from({ length: r.int(6) }, () => tool(r)).join(',')}]`]]
      if (r.chance(0.3)) result.push(['nextCursor', str(stringBody(r))])
      return envelope(r, [['id', id(r)], ['result', object(r, shuffle(r, result))]])
    }
    case 3: {
      const params = [['progressToken', token(r)], ['progress', String(r.int(100))]]
      if (r.chance(0.5)) params.push(['total', String(100 + r.int(100))])
      if (r.chance(0.5)) params.push(['message', str(stringBody(r))])
      return envelope(r, [['method', '"notifications/progress"'], ['params', object(r, shuffle(r, params))]])
    }
    case 4: {
      const error = [['code', r.pick(['-32700', '-32600', '-32601', '-32602', '-32603', '-32000', '1'])], ['message', str(stringBody(r))]]
      if (r.chance(0.5)) error.push(['data', value(r, 3)])
      return envelope(r, [['id', id(r)], ['error', object(r, shuffle(r, error))]])
    }
    default:
      return envelope(r, [['id', id(r)], ['method', str(`x/${r.pick(WORDS)}`)], ['params', randomObject(r, 4)]])
  }
}

/** Equal values with equal prototypes (deepEqual), and the same key order everywhere. */
function assertSame(got, want, what) {
  assert.deepEqual(got, want, what)
  assert.equal(JSON.stringify(got), JSON.stringify(want), `${what}: key order`)
}

/** The oracle for text `t`: `parsed`, JSON.parse's value of it, unless that differs from
 * `got` and from JSON.parse's value of `t` in a fresh realm; then the fresh realm's, copied
 * into this one. Chromium 148's JSON.parse, once an object with a one-character escaped key
 * was built in its realm (by anything: decode, a literal), gives that key for other such keys
 * in the same place: `{"a":1,"\u0062":2}` comes back as {"a":1,"\\":2} after
 * {"a":1,"\\":2} was built (README.md). */
function oracle(got, parsed, t) {
  if (JSON.stringify(got) === JSON.stringify(parsed)) return parsed
  const fresh = h.parseElsewhere(t)
  if (JSON.stringify(fresh) === JSON.stringify(parsed)) return parsed
  engineFaults.push(t.length > 200 ? t.slice(0, 200) + '…' : t)
  return structuredClone(fresh)
}

/** Texts JSON.parse got wrong in this realm and right in a fresh one ([`oracle`]). */
const engineFaults = []

/** decode's answer for one input: its value, or the McpwireError it threw (anything else fails). */
function attempt(input, what) {
  try {
    return { value: lib.decode(input) }
  } catch (e) {
    assert.ok(e instanceof lib.McpwireError, `${what}: threw ${e && e.name}: ${e && e.message}`)
    const size = typeof input === 'string' ? utf8.encode(input).length : input.length
    assert.ok(Number.isInteger(e.offset) && e.offset >= 0 && e.offset <= size, `${what}: offset ${e.offset} of ${size}`)
    return { error: e }
  }
}

test('random messages of every class decode to what JSON.parse gives, from strings and bytes', () => {
  const r = generator(20261204)
  for (let i = 0; i < 1500; i++) {
    const t = message(r)
    const what = `message ${i}: ${t.length > 600 ? t.slice(0, 600) + '…' : t}`
    const fromString = attempt(t, what)
    assert.ok(!fromString.error, `${what}: ${fromString.error && fromString.error.message}`)
    const want = oracle(fromString.value, JSON.parse(t), t)
    assertSame(fromString.value, want, what)
    const fromBytes = attempt(utf8.encode(t), what)
    assert.ok(!fromBytes.error, `${what}: ${fromBytes.error && fromBytes.error.message}`)
    assertSame(fromBytes.value, want, what)
    // encode takes the value back to bytes that decode to it (in the canonical member order,
    // and with -0 spelled 0).
    assert.deepEqual(lib.decode(lib.encode(want)), withoutNegativeZero(want), `${what}: encode`)
    // canonicalize keeps the value (the sign of a zero aside: `-0` is written `0`, `-0.0` kept)
    // and is a fixed point. The canonical text is read back by decode, checked against
    // JSON.parse above: Chromium's JSON.parse can get a canonical text wrong in any realm (its
    // one-character escaped keys, sorted, meet in the same places; see `oracle`).
    const canon = lib.canonicalize(t)
    const canonValue = lib.decode(canon)
    assert.deepEqual(withoutNegativeZero(canonValue), withoutNegativeZero(want), `${what}: canonicalize`)
    assert.equal(text(lib.canonicalize(canon)), text(canon), `${what}: canonical twice`)
  }
  logEngineFaults('random messages')
})

/** Says which texts this realm's JSON.parse got wrong, if any ([`oracle`]). */
function logEngineFaults(what) {
  if (engineFaults.length === 0) return
  h.log(`${what}: JSON.parse in this realm gave a wrong value for ${engineFaults.length} text(s), checked against a fresh realm: ${engineFaults.join(' | ')}`)
  engineFaults.length = 0
}


function withoutNegativeZero(v) {
  if (Object.is(v, -0)) return 0
  if (Array.isArray(v)) return v.map(withoutNegativeZero)
  if (v === null || typeof v !== 'object') return v
  const o = {}
  for (const [k, x] of Object.entries(v)) Object.defineProperty(o, k, { value: withoutNegativeZero(x), writable: true, enumerable: true, configurable: true })
  return o
}

const INSERTS = ['{', '}', '[', ']', '"', ',', ':', '\\', ' ', '0', '1', '-', '.', 'e', '+', 't', 'n', 'u', '\u0000', '\u001f', 'é', '😀']

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** The text with one to three random edits: a deletion, an insertion or a copied slice. */
function mutate(r, t) {
  let s = t
  for (let n = 1 + r.int(3); n > 0; n--) {
    const at = r.int(s.length + 1)
    const k = r.next()
    if (k < 0.4) s = s.slice(0, at) + s.slice(at + 1 + r.int(3))
    else if (k < 0.8) s = s.slice(0, at) + r.pick(INSERTS) + s.slice(at)
    else {
      const from = r.int(s.length + 1)
      s = s.slice(0, at) + s.slice(from, from + 1 + r.int(12)) + s.slice(at)
    }
  }
  return s
}

test('mutated messages: decode rejects what JSON.parse rejects, and what it accepts equals JSON.parse', () => {
  const r = generator(4711)
  let accepted = 0
  let rejected = 0
  for (let i = 0; i < 4000; i++) {
    // Mutating a short message keeps most edits inside the envelope the core checks.
    let t = message(r)
    if (t.length > 2000) t = message(r)
    t = mutate(r, t)
    // A deletion may split a surrogate pair; decode(string) answers that with a TypeError
    // (suite.mjs tests it), and the bytes would carry U+FFFD instead.
    if (LONE_SURROGATE.test(t)) continue
    const what = `mutant ${i}: ${t.length > 600 ? t.slice(0, 600) + '…' : t}`
    let want
    let invalidJson = false
    try {
      want = JSON.parse(t)
    } catch {
      invalidJson = true
    }
    const fromString = attempt(t, what)
    const fromBytes = attempt(utf8.encode(t), what)
    if (invalidJson) assert.ok(fromString.error, `${what}: decode accepted what JSON.parse rejects`)
    if (!fromString.error) {
      want = oracle(fromString.value, want, t)
      assertSame(fromString.value, want, what)
    }
    assert.equal(!fromBytes.error, !fromString.error, `${what}: bytes and string disagree`)
    if (fromString.error) {
      assert.equal(fromBytes.error.kind, fromString.error.kind, `${what}: kind`)
      assert.equal(fromBytes.error.offset, fromString.error.offset, `${what}: offset`)
      rejected++
    } else {
      assertSame(fromBytes.value, want, what)
      accepted++
    }
  }
  logEngineFaults('mutated messages')
  // Both sides of the oracle were exercised (the edits leave some messages valid).
  assert.ok(accepted > 100 && rejected > 1000, `accepted ${accepted}, rejected ${rejected}`)
})

test('random objects with a key repeated (also through an escape) are rejected as duplicate_key', () => {
  const r = generator(99)
  for (let i = 0; i < 500; i++) {
    const key = r.pick(['a', 'type', '__proto__', '0', 'key_with_a_long_name_past_sixteen', 'é'])
    const again = r.chance(0.5) ? key : [...key].map((c) => `\\u${c.codePointAt(0).toString(16).padStart(4, '0')}`).join('')
    const members = [[key, value(r, 2)], ...Array.from({ length: r.int(4) }, () => [`k${r.int(1e6)}`, value(r, 2)])]
    const at = 1 + r.int(members.length)
    const inner = members.map(([k, v]) => `"${k}":${v}`)
    inner.splice(at, 0, `"${again}":${value(r, 2)}`)
    const args = `{${inner.join(',')}}`
    const t = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":${r.chance(0.5) ? args : `{"deep":[${args}]}`}}}`
    const got = attempt(t, t)
    assert.ok(got.error, `${t}: accepted`)
    assert.equal(got.error.kind, 'duplicate_key', t)
    assert.equal(attempt(utf8.encode(t), t).error.kind, 'duplicate_key', t)
  }
})
