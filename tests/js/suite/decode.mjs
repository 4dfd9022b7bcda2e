// decode: every input form, the tape's values against JSON.parse, limits and errors.

import { test, assert, lib, utf8, CALL, CALL_TEXT, mcpwireError, typeError, rangeError, assertSameAsParse, assertPlainData } from './common.mjs'

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
  // (the escapes: the text of bytes with its strings unescaped, written beside them)
  const big = CALL_TEXT(JSON.stringify({ s: 'ab'.repeat(40000), t: 'é'.repeat(9000), u: '\t"é\\'.repeat(3000) }))
  const small = CALL_TEXT('{"s":1,"t":"\\n"}')
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
  // ASCII but for its last characters: the WASM binding's scratch buffer of the string's
  // length is filled, then the rest does not fit
  const late = CALL_TEXT(JSON.stringify({ s: 'x'.repeat(1 << 20), t: 'é😀' }))
  const escaped = CALL_TEXT(JSON.stringify({ s: 'x\n"é😀\u0001'.repeat(300000) }))
  for (const m of [ascii, wide, late, escaped]) {
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

test('decode: rows (16 or more objects of one key sequence), also where a row differs, decoded again and again', () => {
  // napi makes the rows after the first by an object literal once a key sequence was met in
  // two arrays (rows.napi.js), checking each row's keys as it goes: every case is decoded four
  // times, so later decodes take that path.
  const row = (i) => ({ id: i, label: `row ${i}`, score: i * 0.75, tags: ['x', 'y'], ok: i % 2 === 0 })
  const rows = (n, f = row) => Array.from({ length: n }, (_, i) => f(i))
  const swap = (i, at, f) => (i === at ? f(i) : row(i))
  const cases = [
    rows(40),
    rows(16),
    rows(15),
    // a row whose third key differs, one with a key more, one with a key fewer, one in another order
    rows(40, (i) => swap(i, 20, (j) => ({ id: j, label: 'l', other: 1, tags: [], ok: true }))),
    rows(40, (i) => swap(i, 3, (j) => ({ ...row(j), more: { id: 1 } }))),
    rows(40, (i) => swap(i, 39, (j) => ({ id: j, label: 'l', score: 1, tags: [] }))),
    rows(40, (i) => swap(i, 17, (j) => ({ label: 'l', id: j, score: 1, tags: [], ok: false }))),
    // rows inside rows, and the inner ones differing in one outer row
    rows(20, (i) => ({ id: i, inner: rows(18, (j) => (i === 7 && j === 9 ? { id: j } : row(j))) })),
    // keys a literal would order or define otherwise, reserved names, known MCP names, U+2028
    rows(20, (i) => ({ b: i, 1: 'one', a: [i], 0: null })),
    rows(20, (i) => JSON.parse(`{"__proto__":{"p":${i}},"a":${i}}`)),
    rows(20, (i) => ({ constructor: i, toString: 'x', a: i })),
    rows(20, (i) => ({ type: 'text', name: `n${i}`, uri: 'u', x: i })),
    rows(20, (i) => ({ '\u2028': i, 'a"b': i, '\\': i, '': i, é: 'é', '😀': [i] })),
    rows(20, (i) => ({ ['k'.repeat(300)]: i, ['l'.repeat(300)]: -i })),
    [1, ...rows(20)],
    [...rows(20), 'tail', ...rows(20)],
    // tables one after another whose key sequences differ only in their first or last key
    [['p', 'b', 'c'], ['p', 'b', 'd'], ['q', 'b', 'd'], ['q', 'b'], ['p', 'b', 'c']].map((ks) =>
      rows(17, (i) => Object.fromEntries(ks.map((k, j) => [k, i * 10 + j])))),
  ]
  for (const args of cases) {
    const msg = CALL_TEXT(JSON.stringify({ rows: args }))
    // the same rows with their second key written with an escape in row 5
    const escaped = msg.replace('{"id":5,"label"', '{"id":5,"l\\u0061bel"')
    for (let round = 0; round < 4; round++) {
      for (const m of [msg, escaped]) {
        for (const got of [lib.decode(m), lib.decode(utf8.encode(m))]) {
          assertSameAsParse(got, m)
          assertPlainData(got)
        }
      }
    }
  }
})

test('decode: rows whose members hold values of every kind, in short arrays too, small and past 256 KiB', () => {
  // napi's row functions read strings, numbers and literals themselves, arrays of up to 4
  // items by a helper and the rest by tapeValue: each kind at each place, with the numbers
  // (kept apart from the words) before and after the others. Past 256 KiB a string with
  // escapes is left escaped in the tape (the JS parses it).
  const member = (i) => [
    `"d":${i}.25`, `"n":-0`, `"s":"r\\n${i}\\u00e9"`, `"a":[${i}.5,-0,"x\\t",null]`,
    `"b":[[${i}.75],{"x":${i}.125,"y":[true,false]}]`, `"l":[1.5,2,3.5,4,5.5,"${i}"]`,
    `"e":[]`, `"o":{"p":${i}e3}`, `"t":true`, `"z":null`, `"i":${i}`,
  ]
  const table = (pad) => {
    const rows = Array.from({ length: 24 }, (_, i) => `{${member(i).join(',')}}`)
    return CALL_TEXT(`{"pad":"${'p'.repeat(pad)}","rows":[${rows.join(',')}]}`)
  }
  for (const msg of [table(0), table(300 << 10)]) {
    for (let round = 0; round < 4; round++) {
      for (const got of [lib.decode(msg), lib.decode(utf8.encode(msg))]) {
        assertSameAsParse(got, msg)
        assertPlainData(got)
        const rows = got.params.arguments.rows
        assert.ok(rows.every((r) => Object.is(r.n, -0) && Object.is(r.a[1], -0)))
      }
    }
  }
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
      assertPlainData(got)
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

test('decode: strings whose values have escapes, small and past 16 KiB, with and without limits', () => {
  // napi decodes such a string from the text core writes with its values unescaped (its
  // offsets are into that text), one without escaped values from the string itself: both in
  // the small-message path and the one for large messages or limits, for bytes too; ASCII
  // text whose escapes stand for wider characters, and escapes only in keys.
  const values = [
    '"a\\nb\\t\\"c\\"","é\\u00e9","\\ud83d\\ude00 x","plain"',
    '"only \\u00e9 and \\ud83d\\ude00 in ASCII text","\\/\\b\\f\\r"',
    '"no escapes here","日本語 😀"',
    '"ascii","no escapes"',
  ]
  for (const v of values) {
    for (const n of [1, 400]) {
      const rows = Array.from({ length: n }, (_, i) => `{"i":${i},"s":[${v}],"k\\u00e9y":"${i}"}`)
      const msg = CALL_TEXT(`{"rows":[${rows.join()}]}`)
      const want = JSON.parse(msg)
      assert.deepEqual(lib.decode(msg), want)
      assert.deepEqual(lib.decode(msg, {}), want)
      assert.deepEqual(lib.decode(msg, { maxDepth: 64 }), want)
      assert.deepEqual(lib.decode(utf8.encode(msg)), want)
      assert.deepEqual(lib.decode(utf8.encode(msg), { maxDepth: 64 }), want)
      // a plain message between them: the next decode takes no leftover text
      assert.deepEqual(lib.decode(CALL_TEXT('{"x":"y"}')), CALL({ x: 'y' }))
    }
  }
})

test('decode: a quote, an escape or a control character at every place of strings up to 100 bytes', () => {
  // The string scans look at 32 or 64 bytes a step (SIMD where the build has it): each place
  // in and across those steps, in keys and values, at two alignments of the message. The
  // values expected are built here, not by JSON.parse (see the test after this one).
  const prefix = CALL_TEXT('').length - 2 // the offset of `{` in CALL_TEXT's arguments
  for (const pad of ['', 'x']) {
    for (let len = 1; len <= 100; len++) {
      for (let at = 0; at < len; at++) {
        const s = (mid) => pad + 'a'.repeat(at) + mid + 'b'.repeat(len - at - 1)
        // [the JSON spelling, the string it stands for]
        const ok = [['\\"', '"'], ['\\\\', '\\'], ['\\n', '\n'], ['é', 'é'], ['\\u00e8', 'è'], ['\\ud83d\\ude00', '😀']]
        const msg = CALL_TEXT(`{${ok.map(([j]) => `"${s(j)}":"${s(j)}"`).join()}}`)
        const want = CALL(Object.fromEntries(ok.map(([, v]) => [s(v), s(v)])))
        assert.deepEqual(lib.decode(msg), want)
        assert.deepEqual(lib.decode(utf8.encode(msg)), want)
        // a raw control character: the error's offset is the byte itself
        const bad = CALL_TEXT(`{"k":"${s('\x01')}"}`)
        const offset = prefix + 6 + pad.length + at
        assert.throws(() => lib.decode(bad), mcpwireError('control_character', -32700, offset))
        assert.throws(() => lib.decode(utf8.encode(bad)), mcpwireError('control_character', -32700, offset))
      }
    }
  }
})

test('decode: each escaped key is its own, also where JSON.parse of the same texts mixes them up', () => {
  // Chromium 148's JSON.parse, after `{"a":1,"\\":2}`, gives the key `\` for any one-character
  // escaped key in that place: `{"a":1,"\u0062":2}` comes back as {"a":1,"\\":2}. decode
  // builds its objects itself; these would fail if it built them with JSON.parse.
  const cases = [
    ['{"a":1,"\\\\":2}', { a: 1, '\\': 2 }],
    ['{"a":1,"\\u0062":2}', { a: 1, b: 2 }],
    ['{"a":1,"\\u00e9":2}', { a: 1, é: 2 }],
    ['{"a":1,"\\n":2}', { a: 1, '\n': 2 }],
    ['{"\\"":1,"\\\\":2}', { '"': 1, '\\': 2 }],
    ['{"\\"":1,"\\u0061":2}', { '"': 1, a: 2 }],
  ]
  for (let round = 0; round < 2; round++) {
    for (const [args, want] of cases) {
      const msg = CALL_TEXT(args)
      assert.deepEqual(lib.decode(msg), CALL(want))
      assert.deepEqual(lib.decode(utf8.encode(msg)), CALL(want))
      assert.deepEqual(Object.keys(lib.decode(msg).params.arguments), Object.keys(want))
    }
  }
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
