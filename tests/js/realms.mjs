// Node only, each in a child process: decode in realms whose Object.prototype was changed
// before the binding loaded (the change cannot be undone): frozen, as SES `lockdown` leaves
// it, and with a setter added; JSON.parse defines every property, so neither may change what
// decode gives. And decode with code generation from strings refused, and in worker threads.
// Imported by node.test.mjs and wasm.test.mjs after the suite (MCPWIRE_BINDING says which
// binding).
import test from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const which = process.env.MCPWIRE_BINDING ?? 'node'
const pkg = which === 'node' ? join(root, 'bindings-node') : join(root, 'bindings-wasm', 'pkg', 'node')

const child = (prelude) => `
${prelude}
const lib = require(process.argv[1])
const args = '{"toString":1,"constructor":2,"valueOf":{"hasOwnProperty":3},"__proto__":4,"trap":5,' +
  '"x":[{"toString":6,"trap":7},{"trap":8,"isPrototypeOf":9}],"y":"' + 'z'.repeat(300) + '"}'
const msg = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":' + args + '}}'
for (const input of [msg, new TextEncoder().encode(msg)]) {
  const got = lib.decode(input)
  if (JSON.stringify(got) !== JSON.stringify(JSON.parse(msg))) throw new Error('not what JSON.parse gives')
  const a = got.params.arguments
  for (const [o, k] of [[a, 'toString'], [a, 'constructor'], [a, '__proto__'], [a, 'trap'], [a.valueOf, 'hasOwnProperty'], [a.x[0], 'trap'], [a.x[1], 'trap']]) {
    const d = Object.getOwnPropertyDescriptor(o, k)
    if (!d || !d.writable || !d.enumerable || !d.configurable) throw new Error('not an own data property: ' + k)
  }
  if (Object.getPrototypeOf(a) !== Object.prototype) throw new Error('prototype changed')
}
// rows, decoded three times (napi makes rows by object literals from the second on:
// bindings-node/js/rows.napi.js)
const rows = Array.from({ length: 20 }, (_, i) => ({ id: i, trap: i, name: 'n' + i, tags: [i] }))
const table = '{"jsonrpc":"2.0","id":2,"result":{"content":[],"structuredContent":' + JSON.stringify({ a: rows, b: rows }) + '}}'
for (let r = 0; r < 3; r++) {
  const got = lib.decode(table)
  if (JSON.stringify(got) !== JSON.stringify(JSON.parse(table))) throw new Error('rows: not what JSON.parse gives')
  for (const o of got.result.structuredContent.b) {
    const d = Object.getOwnPropertyDescriptor(o, 'trap')
    if (!d || !d.writable || !d.enumerable || !d.configurable) throw new Error('rows: not an own data property')
  }
}
console.log('ok')
`

const realms = {
  'frozen Object.prototype and Array.prototype (SES lockdown)': 'Object.freeze(Object.prototype); Object.freeze(Array.prototype)',
  'a setter on Object.prototype': `Object.defineProperty(Object.prototype, 'trap', {
    set() { throw new Error('the setter ran') }, get() { return undefined }, configurable: true })`,
}

for (const [name, prelude] of Object.entries(realms)) {
  test(`decode in a realm with ${name}: own data properties, as JSON.parse makes them`, () => {
    const r = spawnSync(process.execPath, ['-e', child(prelude), pkg], { encoding: 'utf8' })
    assert.equal(r.stderr, '')
    assert.equal(r.stdout.trim(), 'ok')
    assert.equal(r.status, 0)
  })
}

// Node may refuse to make code from strings (napi's rows are made by `new Function`).
test('decode with code generation from strings refused (--disallow-code-generation-from-strings)', () => {
  const prelude = `try { new Function('') } catch { console.log('refused') }`
  const r = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', '-e', child(prelude), pkg], { encoding: 'utf8' })
  assert.equal(r.stderr, '')
  assert.equal(r.stdout.trim(), 'refused\nok')
  assert.equal(r.status, 0)
})

// napi makes rows by object literals from the second array of a key sequence on
// (bindings-node/js/rows.napi.js); WASM never does. An object made by a literal has another V8
// map than one made key by key, which V8's %HaveSameMap tells: the first row is made key by
// key in both.
test('decode of rows: by object literals in napi from the second table of its keys on, never in WASM', () => {
  const script = `
const lib = require(process.argv[1])
const rows = Array.from({ length: 20 }, (_, i) => ({ id: i, name: 'n' + i, v: [i] }))
const msg = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { content: [], structuredContent: { rows } } })
for (let r = 0; r < 3; r++) {
  const got = lib.decode(msg).result.structuredContent.rows
  console.log(r, %HaveSameMap(got[0], got[1]), %HaveSameMap(got[1], got[2]))
}
`
  const r = spawnSync(process.execPath, ['--allow-natives-syntax', '-e', script, pkg], { encoding: 'utf8' })
  assert.equal(r.stderr, '')
  const literal = which === 'node'
  assert.equal(r.stdout.trim(), `0 true true\n1 ${!literal} true\n2 ${!literal} true`)
  assert.equal(r.status, 0)
})

// The tape's arrays and key table are per thread: decodes in worker threads at once, then the
// workers end (their state is dropped with them) and the main thread decodes again.
test('decode in worker threads at once, each with its own tape, and after they end', () => {
  const script = `
const { Worker, isMainThread, parentPort, workerData } = require('node:worker_threads')
const lib = require(isMainThread ? process.argv[2] : workerData)
const msg = (n) => JSON.stringify({ jsonrpc: '2.0', id: n, method: 'tools/call',
  params: { name: 't', arguments: { n: Array.from({ length: n }, (_, i) => ({ i, ['k' + (i % 300)]: 'v' + i })) } } })
const check = (n) => {
  const text = msg(n)
  if (JSON.stringify(lib.decode(text)) !== JSON.stringify(JSON.parse(text))) throw new Error('differs at ' + n)
}
if (isMainThread) {
  const runs = [1000, 3000, 200, 5000].map((n) => new Promise((resolve, reject) => {
    const w = new Worker(__filename, { workerData: process.argv[2] })
    w.postMessage(n)
    w.on('message', resolve)
    w.on('error', reject)
  }))
  for (let n = 100; n < 2000; n += 300) check(n)
  Promise.all(runs).then((r) => { check(4000); console.log('ok ' + r.join(',')) })
} else {
  parentPort.once('message', (n) => { for (let k = 0; k < 5; k++) check(n + k); parentPort.postMessage(n); parentPort.close() })
}
`
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-workers-'))
  const file = join(dir, 'workers.cjs')
  writeFileSync(file, script)
  const r = spawnSync(process.execPath, [file, pkg], { encoding: 'utf8' })
  rmSync(dir, { recursive: true })
  assert.equal(r.stderr, '')
  assert.equal(r.stdout.trim(), 'ok 1000,3000,200,5000')
  assert.equal(r.status, 0)
})
