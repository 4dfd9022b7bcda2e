// Node only: decode in realms whose Object.prototype was changed before the binding loaded, in
// a child process each (the change cannot be undone): frozen, as SES `lockdown` leaves it, and
// with a setter added. JSON.parse defines every property, so neither may change what decode
// gives. Imported by node.test.mjs and wasm.test.mjs after the suite (MCPWIRE_BINDING says
// which binding).
import test from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
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
