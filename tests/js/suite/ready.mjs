// ready(): the web package keeps the JSON Schema functions, the host kit and a server's
// requestState helpers in a second module (a small first load, BENCHMARKS.md); they wait for
// `await ready()`. In the other packages everything is loaded at once and ready() resolves at
// once. Runs first: in the browser it checks the state before the second module is there,
// then loads it for the rest of the suite.

import { test, assert, lib, env } from './common.mjs'

const SECOND = [
  'validate', 'validateJson', 'checkArguments', 'checkOutput', 'renderResult', 'linksToRead', 'checkTools',
  'sealRequestState', 'openRequestState', 'declaredInputRequests',
]
const UNITS = { type: 'object', properties: { units: { enum: ['metric', 'imperial'] } } }

/** For assert.throws: the Error that says to await ready(). */
const notReady = (e) => e instanceof Error && /await ready\(\)/.test(e.message)

/** The resources of the page fetched so far whose name starts with `prefix`. */
const fetched = (prefix) =>
  globalThis.performance
    .getEntriesByType('resource')
    .map((e) => new URL(e.name).pathname.split('/').pop())
    .filter((n) => n.startsWith(prefix))

test('ready: the schema functions and the host kit work once ready() has resolved, not silently before', async () => {
  assert.equal(typeof lib.ready, 'function')
  const split = env === 'browser'
  try {
    if (split) {
      // the first load: index.js's own module, not the second one
      assert.ok(fetched('mcpwire_wasm').length > 0, 'the first module is fetched')
      assert.deepEqual(fetched('mcpwire_schema'), [], 'the second module is not fetched before ready()')
      for (const name of SECOND) {
        assert.throws(() => lib[name]({}, {}), notReady, `${name} before ready()`)
      }
      assert.throws(() => new lib.Schema(UNITS), notReady, 'new Schema before ready()')
      assert.throws(() => new lib.Catalog(), notReady, 'new Catalog before ready()')
      // what needs no schema works already
      assert.equal(lib.classify('{"jsonrpc":"2.0","id":1,"method":"tools/list"}').type, 'ListToolsRequest')
    } else {
      // one module: usable before ready() too
      assert.deepEqual(lib.validate(UNITS, { units: 'metric' }), [])
    }
  } finally {
    const p = lib.ready()
    assert.ok(p instanceof Promise)
    assert.equal(await p, undefined)
  }
  assert.equal(lib.ready(), lib.ready(), 'ready() loads once')
  if (split) assert.ok(fetched('mcpwire_schema').length > 0, 'ready() fetched the second module')
  assert.equal(lib.validate(UNITS, { units: 'kelvin' }).length, 1)
  const s = new lib.Schema(UNITS)
  assert.ok(s instanceof lib.Schema)
  assert.equal(s.isValid({ units: 'imperial' }), true)
  const c = new lib.Catalog()
  assert.ok(c instanceof lib.Catalog)
  assert.equal(c.length, 0)
  assert.ok(!(s instanceof lib.Catalog))
  // errors of the second module are McpwireErrors too
  assert.throws(
    () => new lib.Schema({ pattern: '(' }),
    (e) => e instanceof lib.McpwireError && e.kind === 'invalid_regex',
  )
})
