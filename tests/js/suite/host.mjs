// The host kit: Catalog (add, inspect, select, toModel, decide), renderResult, linksToRead and
// checkTools, held to the golden answers every runtime shares (tests/host/golden/manifest.json)
// and to the four seed decisions. The fixtures are read from tests/host: from disk in
// Node, over HTTP in the browser (bindings-wasm/browser/serve.mjs serves /tests/host/).

import { h, test, assert, lib, utf8, mcpwireError, typeError } from './common.mjs'

const HOST = new URL('../../host/', import.meta.url)

async function readJson(rel) {
  const url = new URL(rel, HOST)
  if (url.protocol === 'file:') {
    const { readFile } = await import('node:fs/promises')
    return JSON.parse(await readFile(url, 'utf8'))
  }
  const r = await fetch(url)
  if (!r.ok) throw new Error(`${rel}: HTTP ${r.status}`)
  return r.json()
}

const TARGETS = ['openai-chat', 'openai-responses', 'anthropic', 'gemini', 'gemini-json-schema']
const manifest = await readJson('golden/manifest.json')
const catalogFiles = {}
for (const name of new Set([...manifest.catalogs, ...manifest.to_model_errors.flatMap((c) => c.catalogs)])) {
  catalogFiles[name] = await readJson(`catalogs/${name}.json`)
}
const golden = {}
for (const rel of [
  manifest.inspect,
  ...manifest.select.map((c) => c.golden),
  ...manifest.to_model.map((c) => c.golden),
  manifest.decide.golden,
  ...manifest.render.cases.map((c) => c.golden),
]) {
  golden[rel] = await readJson(`golden/${rel}`)
}
const RESULTS = await readJson('results.json')
const SEED = await readJson('seed.json')

/** The catalogs added page by page, each as the server named like its file. */
function catalog(names) {
  const c = new lib.Catalog()
  for (const name of names) for (const page of catalogFiles[name].pages) c.add(name, page)
  return c
}

let goldenCatalog
const allCatalogs = () => (goldenCatalog ??= catalog(manifest.catalogs))

/** The seed's catalog, added as JSON bytes (server `shop`). */
function seed() {
  const c = new lib.Catalog()
  c.add('shop', utf8.encode(JSON.stringify(SEED)))
  return c
}

/** Equal as JSON values, members in the same order (the goldens are written in core's order). */
function same(got, want, what) {
  assert.deepEqual(got, want, what)
  assert.equal(JSON.stringify(got), JSON.stringify(want), what)
}

const declarations = (target, out) => (target.startsWith('gemini') ? out.tools[0].functionDeclarations : out.tools)

// ---- the four seed decisions ------------------------------------------------------------------

test('host: seed — lookup_order runs', () => {
  const d = seed().decide('lookup_order', { order_id: 'A-1002' })
  assert.equal(d.decision, 'run')
  assert.deepEqual([d.server, d.tool, d.arguments], ['shop', 'lookup_order', { order_id: 'A-1002' }])
  assert.equal(d.hints.readOnlyHint, true)
})

test('host: seed — create_ticket asks, showing the call', () => {
  const d = seed().decide('create_ticket', { summary: 'Lamp broken', priority: 'high' })
  assert.equal(d.decision, 'ask')
  assert.deepEqual([d.server, d.tool, d.arguments], ['shop', 'create_ticket', { summary: 'Lamp broken', priority: 'high' }])
  assert.equal(d.prompt.split('\n')[0], 'create_ticket {"summary":"Lamp broken","priority":"high"}')
  assert.ok(d.prompt.includes('shop'))
})

test('host: seed — a missing priority is sent back naming it', () => {
  const d = seed().decide('create_ticket', { summary: 'Lamp broken' })
  assert.equal(d.decision, 'send_back')
  assert.ok(d.message.includes('priority'), d.message)
  assert.deepEqual(d.errors.map((e) => e.keyword), ['required'])
  assert.ok(d.errors[0].message.includes('priority'))
  assert.equal('prompt' in d, false)
})

test('host: seed — refund_all is rejected: no such tool', () => {
  const d = seed().decide('refund_all', {})
  assert.equal(d.decision, 'reject')
  assert.ok(d.message.includes('no such tool'), d.message)
  assert.equal(d.server, null)
})

test('host: seed decisions through every target, arguments as JSON text', () => {
  const c = seed()
  for (const target of TARGETS) {
    for (const strict of [false, true]) {
      const out = c.toModel(target, strict)
      assert.deepEqual(Object.keys(out.names).sort(), ['create_ticket', 'lookup_order'])
      const run = c.decide('lookup_order', '{"order_id":"A-1002"}', target, null, strict)
      assert.deepEqual([run.decision, run.arguments], ['run', { order_id: 'A-1002' }], target)
      assert.equal(c.decide('create_ticket', '{"summary":"Lamp broken","priority":"high"}', target, null, strict).decision, 'ask')
      const back = c.decide('create_ticket', '{"summary":"Lamp broken"}', target, undefined, strict)
      assert.equal(back.decision, 'send_back', target)
      assert.ok(back.message.includes('priority'))
      assert.equal(c.decide('refund_all', '{}', target, null, strict).decision, 'reject')
    }
  }
  assert.equal(c.decide('lookup_order', '{"order_id": ').decision, 'send_back')
})

// ---- golden answers shared by every runtime ---------------------------------------------------

test('host: golden inspect', () => {
  same(allCatalogs().inspect(), golden[manifest.inspect])
})

test('host: golden select', () => {
  for (const c of manifest.select) same(allCatalogs().select(c.policy), golden[c.golden], c.golden)
})

test('host: golden toModel for every target, and the checker passes each', () => {
  for (const c of manifest.to_model) {
    const want = golden[c.golden]
    same(allCatalogs().toModel(c.target, c.strict, c.policy), want, c.golden)
    assert.deepEqual(lib.checkTools(c.target, want.tools, c.strict), [], c.golden)
  }
})

test('host: request limits throw naming the limit; selection gets under them', () => {
  for (const c of manifest.to_model_errors) {
    const cat = catalog(c.catalogs)
    assert.throws(
      () => cat.toModel(c.target, c.strict, c.policy),
      (e) => mcpwireError('invalid_value', -32602)(e) && e.message.includes(c.error_contains),
    )
  }
  for (const c of manifest.to_model_counts) {
    const out = catalog(c.catalogs).toModel(c.target, c.strict, c.policy)
    assert.equal(declarations(c.target, out).length, c.tools)
    assert.deepEqual(lib.checkTools(c.target, out.tools, c.strict), [])
  }
})

test('host: golden decisions', () => {
  const want = golden[manifest.decide.golden]
  assert.equal(want.length, manifest.decide.calls.length)
  manifest.decide.calls.forEach((call, i) => {
    assert.deepEqual(want[i].call, call)
    const got = allCatalogs().decide(call.name, call.arguments, call.target, call.policy, call.strict)
    same(got, want[i].decision, `${call.name} ${JSON.stringify(call.arguments)}`)
  })
})

test('host: golden renderResult for every target', () => {
  for (const c of manifest.render.cases) {
    const want = golden[c.golden]
    assert.deepEqual(Object.keys(want).sort(), Object.keys(RESULTS).sort())
    for (const [name, result] of Object.entries(RESULTS)) {
      const got = lib.renderResult(c.target, result, c.call_id, c.name, c.budget, c.untrusted)
      same(got, want[name], `${c.golden} ${name}`)
    }
  }
})

test('host: the checker refuses what a target refuses', () => {
  const bad = [{ type: 'function', function: { name: 'has space', parameters: { type: 'object', properties: {} } } }]
  assert.ok(lib.checkTools('openai-chat', bad).some((v) => v.startsWith('name_invalid')))
  const rootAnyOf = [{ name: 'x', input_schema: { anyOf: [{ type: 'object' }, { type: 'object' }] } }]
  assert.ok(lib.checkTools('anthropic', rootAnyOf).some((v) => v.startsWith('root_')))
  assert.deepEqual(lib.checkTools('anthropic', utf8.encode(JSON.stringify(golden['to_model/anthropic.json'].tools))), [])
})

// ---- policy with a JS predicate ---------------------------------------------------------------

test('host: a predicate hides tools and is given the tool view', () => {
  const c = seed()
  const seen = []
  const onlyReadOnly = (view) => {
    seen.push(view)
    return view.annotations?.readOnlyHint
  }
  const sel = c.select({ predicate: onlyReadOnly })
  assert.deepEqual(sel.shown, [{ server: 'shop', tool: 'lookup_order' }])
  assert.deepEqual(sel.hidden.map((x) => [x.tool, x.reason.split(':')[0]]), [['create_ticket', 'predicate']])
  assert.deepEqual(seen.map((v) => v.tool).sort(), ['create_ticket', 'lookup_order'])
  assert.deepEqual(Object.keys(seen[0]).sort(), ['annotations', 'description', 'inputSchema', 'server', 'title', 'tool'])
  assert.equal(seen[0].inputSchema.type, 'object')

  const out = c.toModel('anthropic', false, { predicate: onlyReadOnly })
  assert.deepEqual(out.tools.map((t) => t.name), ['lookup_order'])
  const args = { summary: 's', priority: 'low' }
  assert.equal(c.decide('create_ticket', args, null, { predicate: onlyReadOnly }).decision, 'reject')
  assert.equal(c.decide('create_ticket', args, null, { predicate: () => 1 }).decision, 'ask')
})

test('host: a predicate combines with the policy rules', () => {
  const c = seed()
  const calls = []
  const sel = c.select({ deny: ['*/create_*'], predicate: (v) => calls.push(v.tool) > 0 })
  assert.deepEqual(sel.shown.map((s) => s.tool), ['lookup_order'])
  assert.deepEqual(calls, ['lookup_order'])
  assert.deepEqual(c.select({ predicate: null, max_tools: undefined }), c.select())
})

class Boom extends Error {}

test('host: an exception thrown in the predicate propagates', () => {
  const c = seed()
  const explode = (view) => {
    throw new Boom(view.tool)
  }
  let calls = 0
  const once = () => {
    calls++
    throw new Boom('once')
  }
  assert.throws(() => c.select({ predicate: explode }), (e) => e instanceof Boom && e.message === 'lookup_order')
  assert.throws(() => c.toModel('openai-chat', false, { predicate: explode }), Boom)
  assert.throws(() => c.decide('lookup_order', { order_id: 'A' }, null, { predicate: explode }), Boom)
  assert.throws(() => c.select({ predicate: once }), Boom)
  assert.equal(calls, 1) // not called again once it threw
  assert.throws(() => c.select({ predicate: () => null.x }), TypeError)
  // the catalog still works afterwards
  assert.equal(c.select().shown.length, 2)
})

test('host: policy rules from JS', () => {
  const c = seed()
  assert.deepEqual(c.select({ read_only: true }).shown.map((s) => s.tool), ['lookup_order'])
  assert.deepEqual(c.select({ allow: ['shop/create_*'] }).shown.map((s) => s.tool), ['create_ticket'])
  assert.equal(c.select({ max_tools: 1 }).shown.length, 1)
  const args = { summary: 's', priority: 'low' }
  assert.equal(c.decide('lookup_order', { order_id: 'A' }, null, { ask: 'always' }).decision, 'ask')
  assert.equal(c.decide('create_ticket', args, null, { ask: 'never' }).decision, 'run')
  assert.equal(c.decide('create_ticket', args, null, { ask: 'destructive' }).decision, 'run')
  assert.equal(c.decide('lookup_order', { order_id: 'A' }, null, { ask_tools: ['lookup_*'] }).decision, 'ask')
})

// ---- renderResult for each target, every block kind -------------------------------------------

const BLOCKS = ['text', 'image', 'audio', 'resource_link', 'embedded_text', 'embedded_pdf', 'embedded_zip', 'structured_only']

test('host: renderResult for every target and every block kind', () => {
  for (const target of TARGETS) {
    for (const name of [...BLOCKS, 'is_error', 'protocol_error', 'timeout', 'cancelled', 'response_message']) {
      const got = lib.renderResult(target, RESULTS[name], 'c1', 'get_weather')
      const text = JSON.stringify(got)
      if (target === 'openai-chat') {
        assert.deepEqual([got.role, got.tool_call_id, typeof got.content], ['tool', 'c1', 'string'])
      } else if (target === 'openai-responses') {
        assert.deepEqual([got.type, got.call_id], ['function_call_output', 'c1'])
      } else if (target === 'anthropic') {
        assert.deepEqual([got.type, got.tool_use_id], ['tool_result', 'c1'])
      } else {
        assert.deepEqual([got.functionResponse.name, got.functionResponse.id], ['get_weather', 'c1'])
      }
      if (name === 'resource_link') assert.ok(text.includes('file:///logs/today.txt'), `${target} ${text}`)
    }
    const image = lib.renderResult(target, RESULTS.image)
    if (target === 'openai-chat') assert.ok(image.content.includes('left out'))
    else if (target === 'openai-responses') assert.deepEqual(image.output.map((p) => p.type), ['input_text', 'input_image'])
    else if (target === 'anthropic') assert.deepEqual(image.content.map((p) => p.type), ['text', 'image'])
    else assert.equal(image.functionResponse.parts[0].inlineData.mimeType, 'image/png')
  }
})

test('host: renderResult carries errors, timeouts and cancellations as error results', () => {
  for (const target of TARGETS) {
    for (const name of ['is_error', 'protocol_error', 'timeout', 'cancelled']) {
      const got = lib.renderResult(target, RESULTS[name])
      if (target.startsWith('openai')) {
        const text = target === 'openai-chat' ? got.content : got.output
        assert.ok(typeof text === 'string' && text.startsWith('[tool error]'), `${target} ${name}`)
      } else if (target === 'anthropic') assert.equal(got.is_error, true, name)
      else assert.ok('error' in got.functionResponse.response, `${target} ${name}`)
    }
  }
})

test('host: renderResult takes response bytes and the untrusted wrapper; linksToRead', () => {
  const message = RESULTS.response_message
  assert.deepEqual(lib.renderResult('anthropic', utf8.encode(JSON.stringify(message)), 'c'), lib.renderResult('anthropic', message, 'c'))
  const wrapped = lib.renderResult('openai-chat', RESULTS.text, null, null, null, ['<data>', '</data>'])
  assert.equal(wrapped.content, '<data>Order A-1002: shipped on 2026-11-30.</data>')
  const cut = lib.renderResult('openai-chat', RESULTS.text, undefined, undefined, 5).content
  assert.ok(cut.startsWith('Order') && !cut.includes('Order A'), cut)
  const links = lib.linksToRead('anthropic', RESULTS.resource_link)
  assert.deepEqual(links.map((l) => [l.uri, l.read]), [['file:///logs/today.txt', true]])
  assert.deepEqual(lib.linksToRead('anthropic', RESULTS.text), [])
})

// ---- errors ---------------------------------------------------------------------------------

test('host: an unknown target is an McpwireError', () => {
  const c = seed()
  const unknownTarget = (e) => mcpwireError('invalid_value', -32602)(e) && e.message.includes('unknown target')
  assert.throws(() => c.toModel('openai'), unknownTarget)
  assert.throws(() => c.decide('lookup_order', {}, 'claude'), unknownTarget)
  assert.throws(() => lib.renderResult('gpt', RESULTS.text), unknownTarget)
  assert.throws(() => lib.checkTools('nope', []), unknownTarget)
  assert.throws(() => lib.linksToRead('nope', RESULTS.text), unknownTarget)
  assert.throws(() => c.toModel(7), typeError)
})

test('host: bad pages, policies and arguments throw', () => {
  const c = new lib.Catalog()
  assert.throws(() => c.add('s', { tools: [{ inputSchema: { type: 'object' } }] }), mcpwireError('missing_field', -32602))
  assert.equal(c.length, 0)
  assert.throws(() => c.add('s', utf8.encode('{"tools": []} trailing')), mcpwireError('trailing_bytes', -32700))
  assert.throws(() => c.add('s', utf8.encode('{"tools": [], "tools": []}')), mcpwireError('duplicate_key', -32700))
  const s = seed()
  assert.throws(() => s.select({ alow: ['x'] }), (e) => mcpwireError('invalid_value', -32602)(e) && e.message.includes('alow'))
  assert.throws(() => s.select(['not', 'a', 'policy']), mcpwireError('wrong_type', -32602))
  assert.throws(() => s.select({ ask: 'sometimes' }), mcpwireError('invalid_value', -32602))
  assert.throws(() => s.select({ predicate: 'yes' }), typeError)
  assert.throws(() => s.toModel('anthropic', 'yes'), typeError)
  assert.throws(() => lib.renderResult('anthropic', '[1, 2]'), mcpwireError('wrong_type', -32602))
  assert.throws(() => lib.renderResult('anthropic', RESULTS.text, null, null, null, '<x>'), typeError)
  assert.throws(() => lib.renderResult('anthropic', RESULTS.text, null, null, null, ['a', 'b', 'c']), typeError)
  assert.throws(() => lib.renderResult('anthropic', RESULTS.text, null, null, -1), (e) => e instanceof RangeError)
})

test('host: pages add up, an array of tools is a page, shared names need server/tool', () => {
  const c = new lib.Catalog()
  c.add('a', [{ name: 'one', inputSchema: { type: 'object' } }])
  c.add('a', { tools: [{ name: 'two', inputSchema: { type: 'object' } }], nextCursor: 'x' })
  c.add('b', utf8.encode('{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"one","inputSchema":{"type":"object"}}]}}'))
  assert.equal(c.length, 3)
  assert.deepEqual(c.select().shown.map((s) => `${s.server}/${s.tool}`), ['a/one', 'a/two', 'b/one'])
  const amb = c.decide('one', {})
  assert.equal(amb.decision, 'reject')
  assert.ok(amb.message.includes('a/one') && amb.message.includes('b/one'), amb.message)
  assert.equal(c.decide('b/one', {}).server, 'b')
})

if (h.esm) {
  test('host: the ESM entry exports the host kit', () => {
    for (const name of ['Catalog', 'renderResult', 'linksToRead', 'checkTools']) assert.equal(h.esm[name], lib[name], name)
  })
}
