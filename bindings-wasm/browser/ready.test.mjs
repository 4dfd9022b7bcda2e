// node --test: the web package (pkg/web, two modules) loaded in Node as a page would load it,
// with `fetch` of its file: URLs served from disk: ready() fetches the second module once it
// is asked for, a failed fetch rejects and leaves the JSON Schema functions throwing, and a
// later ready() fetches again. Needs bindings-wasm/build.sh to have written pkg/web.
import test from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const web = join(dirname(fileURLToPath(import.meta.url)), '..', 'pkg', 'web')
const fetched = []
let failNext = false
globalThis.fetch = async (url) => {
  const name = String(url).split('/').pop()
  fetched.push(name)
  if (failNext) {
    failNext = false
    throw new TypeError(`fetch of ${name} failed (the test says so)`)
  }
  return new Response(readFileSync(fileURLToPath(url)), { headers: { 'content-type': 'application/wasm' } })
}

test('ready: the second module is fetched only by ready(), and again after a failed fetch', async () => {
  const m = await import(pathToFileURL(join(web, 'index.js')).href)
  assert.deepEqual(fetched, ['mcpwire_wasm_bg.wasm'], 'the first load')
  assert.equal(m.decode('{"jsonrpc":"2.0","id":1,"method":"tools/list"}').method, 'tools/list')
  assert.throws(() => m.validate({ type: 'string' }, 5), /await ready\(\)/)

  failNext = true
  await assert.rejects(m.ready(), /the test says so/)
  assert.deepEqual(fetched, ['mcpwire_wasm_bg.wasm', 'mcpwire_schema_bg.wasm'])
  assert.throws(() => m.validate({ type: 'string' }, 5), /await ready\(\)/, 'still not ready')

  await m.ready()
  assert.deepEqual(fetched, ['mcpwire_wasm_bg.wasm', 'mcpwire_schema_bg.wasm', 'mcpwire_schema_bg.wasm'])
  assert.equal(m.validate({ type: 'string' }, 5).length, 1)
  await m.ready()
  assert.equal(fetched.length, 3, 'fetched once after it worked')
})
