// The browser host in headless Chromium against an example server ($MCP_URL, named
// $MCP_SERVER_NAME), on each wire in $MCP_WIRES: the page lists the conformance tools with the
// host kit's findings, calls each (approving when the host kit asks), shows the image and the
// progress, stops the slow tool, ends a call at its time limit, refuses one, sends back bad
// arguments, and shows a tool error as the model gets it. Assertions are on the page's DOM; a
// screenshot of each step goes to screenshots/<server>-<wire>/.
import assert from 'node:assert/strict'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import { Catalog } from '../../bindings-wasm/pkg/node/index.mjs'
import { launch } from './cdp.mjs'
import { PAGE, serve } from './serve.mjs'

const defs = JSON.parse(readFileSync(new URL('../tools.json', import.meta.url), 'utf8'))
const byName = Object.fromEntries(defs.tools.map((d) => [d.tool.name, d]))
const statics = Object.keys(byName).filter((n) => byName[n].result && !byName[n].progress)
const wires = (process.env.MCP_WIRES ?? '2025-11-25 2026-07-28').split(' ')
const server = process.env.MCP_SERVER_NAME ?? 'server'
const $ = (id) => `document.getElementById(${JSON.stringify(id)})`
const text = (id) => `${$(id)}?.textContent`
const model = async () => JSON.parse(await page.eval(text('model')))
/** Waits (30 s at most: a safety limit, not a timing check) until `fn()` is true. */
async function until(fn) {
  for (let i = 0; !fn() && i < 600; i++) await new Promise((r) => setTimeout(r, 50))
}
/** The notifications/cancelled that went through the proxy since request `from`. */
const cancels = (from) => site.requests.slice(from).filter((r) => r.body.includes('"notifications/cancelled"'))

let site
let page
before(async () => {
  site = await serve(process.env.MCP_URL, 0, true)
  page = await launch()
})
after(async () => {
  await page?.close()
  await site?.close()
})

for (const wire of wires) {
  describe(wire, () => {
    const dir = new URL(`./screenshots/${server}-${wire}/`, import.meta.url)
    let step = 0
    // The first shows the catalog; the others the call, from the tool's name down.
    const shot = (name) =>
      page.screenshot(new URL(`${String(++step).padStart(2, '0')}-${name}.png`, dir), step > 1 ? '#call-section' : null)
    const idle = () => page.waitFor(`${$('running')}.hidden && !${$('result-section')}.hidden`, 'the outcome')

    /** Picks `name`, fills `args` into its form, presses Call; resolves to the decision. */
    async function prepare(name, args = {}) {
      await page.eval(`document.querySelector('#catalog tr[data-tool=${JSON.stringify(name)}] button').click()`)
      await page.eval(`{
        const form = ${$('arguments')}
        for (const [k, v] of Object.entries(${JSON.stringify(args)})) {
          const input = form.elements[k]
          input.value = input.dataset.kind === 'string' ? v : JSON.stringify(v)
          input.dispatchEvent(new Event('input'))
        }
        ${$('call')}.click()
      }`)
      return page.waitFor(`${$('call-section')}.dataset.decision`, `the host kit's decision on ${name}`)
    }

    /** Calls `name` through the approval; resolves to the outcome's kind. */
    async function approved(name, args, limit = 30) {
      await page.eval(`${$('limit')}.value = '${limit}'`)
      const decision = await prepare(name, args)
      assert.equal(decision, 'ask', 'a tool without readOnlyHint asks first')
      assert.equal((await page.eval(text('prompt'))).split(' ')[0], name)
      await page.eval(`${$('approve')}.click()`)
    }

    const outcome = async () => {
      await idle()
      return page.eval(`${$('result-section')}.dataset.outcome`)
    }

    before(() => {
      rmSync(dir, { recursive: true, force: true })
      mkdirSync(dir, { recursive: true })
    })

    test('connects and lists the tools with the host kit findings', async () => {
      await page.navigate(`${site.url}${PAGE}?wire=${wire}`)
      await page.waitFor(`${text('status')} === 'not connected'`, 'the page to load mcpwire')
      await page.eval(`${$('connect-button')}.click()`)
      await page.waitFor(`!${$('catalog-section')}.hidden`, 'the catalog')
      assert.match(await page.eval(text('status')), new RegExp(`^connected: ${wire}`))
      const rows = await page.eval(`[...document.querySelectorAll('#catalog tbody tr')].map((tr) =>
        [tr.dataset.tool, [...tr.querySelectorAll('.finding')].map((f) => f.dataset.code)])`)
      assert.deepEqual(rows.map(([n]) => n).sort(), Object.keys(byName).sort())
      // The findings shown are the host kit's for the same tools (here from the WASM package in Node).
      const catalog = new Catalog()
      catalog.add('server', { tools: defs.tools.map((d) => d.tool) })
      const want = Object.fromEntries(rows.map(([n]) => [n, []]))
      for (const f of catalog.inspect()) want[f.tool].push(f.code)
      assert.deepEqual(Object.fromEntries(rows), want)
      assert.ok(want.json_schema_2020_12_tool.length > 0, 'the 2020-12 tool draws findings')
      await page.eval(`document.querySelector('#catalog tr[data-tool="json_schema_2020_12_tool"] details').open = true`)
      await shot('catalog')
    })

    for (const name of statics) {
      test(`calls ${name}`, async () => {
        await approved(name, byName[name].arguments ?? {})
        assert.equal(await outcome(), 'success')
        await page.waitFor(`[...document.querySelectorAll('#blocks img')].every((i) => i.complete)`, 'the images')
        const blocks = await page.eval(`[...document.querySelectorAll('#blocks .block')].map((b) => ({
          kind: b.dataset.kind, text: b.querySelector('pre')?.textContent ?? null,
          caption: b.querySelector('figcaption')?.textContent ?? null,
          image: b.querySelector('img') && [b.querySelector('img').complete, b.querySelector('img').naturalWidth],
          audio: b.querySelector('audio')?.src.slice(0, 5) ?? null }))`)
        const want = byName[name].result.content
        assert.deepEqual(blocks.map((b) => b.kind), want.map((b) => b.type))
        for (const [i, b] of want.entries()) {
          if (b.type === 'text') assert.equal(blocks[i].text, b.text)
          if (b.type === 'image') assert.deepEqual(blocks[i].image, [true, 1], 'the PNG decoded, 1 pixel wide')
          if (b.type === 'audio') assert.equal(blocks[i].audio, 'blob:')
          if (b.type === 'resource') {
            assert.equal(blocks[i].text, b.resource.text)
            assert.ok(blocks[i].caption.startsWith(b.resource.uri))
          }
        }
        assert.equal((await model()).type, 'tool_result')
        if (name === 'test_region' && wire === '2026-07-28') {
          // The tool's x-mcp-header argument travelled in its header too.
          const post = site.requests.findLast((r) => r.body.includes('"tools/call"'))
          assert.equal(post.headers['mcp-param-region'], 'us-west1')
        }
        await shot(name)
      })
    }

    test('a tool error, as the model gets it', async () => {
      await approved('test_error_handling')
      assert.equal(await outcome(), 'tool_error')
      const m = await model()
      assert.equal(m.is_error, true)
      assert.match(JSON.stringify(m.content), new RegExp(byName.test_error_handling.fail))
      assert.match(await page.eval(text('blocks')), new RegExp(byName.test_error_handling.fail))
      await shot('tool-error')
    })

    test('progress', async () => {
      await approved('test_tool_with_progress')
      assert.equal(await outcome(), 'success')
      const log = await page.eval(`[...document.querySelectorAll('#progress-log li')].map((li) => li.textContent)`)
      assert.deepEqual(log, ['0 of 100', '50 of 100', '100 of 100'])
      assert.deepEqual(await page.eval(`[${$('progress')}.value, ${$('progress')}.max]`), [100, 100])
    })

    test('Stop cancels the slow tool; the session goes on', async () => {
      await approved('count', { to: 100000, intervalMs: 5 })
      await page.waitFor(`document.querySelectorAll('#progress-log li').length >= 2`, 'progress from count')
      assert.equal(await page.eval(`${$('progress')}.max`), 100000)
      await shot('count-progress')
      const sent = site.requests.length
      await page.eval(`${$('stop')}.click()`)
      assert.equal(await outcome(), 'cancelled')
      assert.match(await page.eval(text('outcome')), /stopped by the user/)
      assert.equal((await model()).is_error, true)
      await shot('count-stopped')
      await approved('echo', { text: 'after the stop' })
      assert.equal(await outcome(), 'success')
      assert.equal(await page.eval(text('blocks')), 'after the stop')
      // 2025-11-25: notifications/cancelled for the call; 2026-07-28: the closed stream was it.
      if (wire !== '2026-07-28') await until(() => cancels(sent).length)
      assert.equal(cancels(sent).length, wire === '2026-07-28' ? 0 : 1)
    })

    test('the time limit ends a call', async () => {
      const sent = site.requests.length
      await approved('count', { to: 100000, intervalMs: 20 }, 0.5)
      assert.equal(await outcome(), 'timeout')
      assert.match(await page.eval(text('outcome')), /timed out after 500 ms/)
      if (wire !== '2026-07-28') await until(() => cancels(sent).length)
      assert.equal(cancels(sent).length, wire === '2026-07-28' ? 0 : 1)
      await shot('count-timed-out')
    })

    test('refusing a call: not called', async () => {
      const decision = await prepare('echo', { text: 'refused' })
      assert.equal(decision, 'ask')
      await shot('approval')
      await page.eval(`${$('refuse')}.click()`)
      assert.equal(await outcome(), 'refused')
      assert.equal(await page.eval(`document.querySelectorAll('#blocks .block').length`), 0)
      await shot('refused')
    })

    test('arguments that do not fit the schema are sent back, not called', async () => {
      const decision = await prepare('count', { to: 0 })
      assert.equal(decision, 'send_back')
      const errors = await page.eval(`[...document.querySelectorAll('#argument-errors li')].map((li) => li.textContent)`)
      assert.ok(errors.some((e) => e.includes('intervalMs')), errors.join('\n'))
      assert.ok(errors.some((e) => e.includes('minimum') || e.includes('1')), errors.join('\n'))
      assert.equal(await page.eval(`${$('approval')}.hidden`), true)
      await shot('sent-back')
    })

    test('connecting again ends the session (2025-11-25: DELETE)', async () => {
      const session = (await page.eval(text('status'))).match(/session (\w+)/)?.[1] ?? null
      assert.equal(session === null, wire === '2026-07-28')
      const sent = site.requests.length
      await page.eval(`${$('connect-button')}.click()`)
      await page.waitFor(`${text('status')}.startsWith('connected')`, 'connected again')
      if (wire !== '2026-07-28') await until(() => site.requests.slice(sent).some((r) => r.method === 'DELETE'))
      const deletes = site.requests.slice(sent).filter((r) => r.method === 'DELETE')
      assert.equal(deletes.length, wire === '2026-07-28' ? 0 : 1)
      if (session) assert.ok(deletes[0].headers['mcp-session-id'].startsWith(session))
    })

    test('no Content-Security-Policy violation', async () => {
      assert.equal(await page.eval(text('csp-violations')), '')
    })
  })
}

// Kinds the example servers' tools do not return (resource links, binary resources,
// structuredContent), shown by the page as a call's outcome.
const EVERY_KIND = {
  content: [
    { type: 'text', text: 'Sensor 4 reads 21.5 °C' },
    byName.test_image_content.result.content[0],
    byName.test_audio_content.result.content[0],
    { type: 'resource_link', uri: 'https://example.com/readings.csv', name: 'readings.csv', mimeType: 'text/csv', description: 'all readings' },
    byName.test_embedded_resource.result.content[0],
    { type: 'resource', resource: { uri: 'test://blob', mimeType: 'application/octet-stream', blob: 'AAEC' } },
  ],
  structuredContent: { sensor: 4, celsius: 21.5, history: [21, 21.5] },
}

test('every content block kind, structuredContent as a table', async () => {
  await page.navigate(`${site.url}${PAGE}`)
  await page.waitFor(`${text('status')} === 'not connected'`, 'the page to load mcpwire')
  await page.eval(`import('../../bindings-wasm/pkg/web/index.js').then((m) => m.ready?.())`)
  await page.eval(`import('./host.mjs').then(({ show }) =>
    show({ event: 'tool_result', id: 1, class: 'success', result: ${JSON.stringify(EVERY_KIND)} }, { tool: 'read_sensor' }))`)
  await page.waitFor(`[...document.querySelectorAll('#blocks img')].every((i) => i.complete)`, 'the image')
  const got = await page.eval(`[...document.querySelectorAll('#blocks .block')].map((b) => ({
      kind: b.dataset.kind, text: b.textContent,
      image: b.querySelector('img')?.naturalWidth ?? null,
      audio: b.querySelector('audio')?.src.startsWith('blob:') ?? null,
      link: b.querySelector('a')?.href ?? null,
      rows: [...b.querySelectorAll('tr')].map((tr) => [...tr.children].map((c) => c.textContent)) }))`)
  assert.deepEqual(got.map((b) => b.kind), ['text', 'image', 'audio', 'resource_link', 'resource', 'resource', 'structuredContent'])
  assert.equal(got[0].text, 'Sensor 4 reads 21.5 °C')
  assert.equal(got[1].image, 1)
  assert.equal(got[2].audio, true)
  assert.equal(got[3].link, 'https://example.com/readings.csv')
  assert.match(got[3].text, /readings\.csv.*text\/csv.*all readings/)
  assert.match(got[4].text, /embedded-resource.*This is an embedded resource content\./)
  assert.match(got[5].link, /^blob:/)
  assert.deepEqual(got[6].rows, [['sensor', '4'], ['celsius', '21.5'], ['history', '[21,21.5]']])
  // What the model gets: a block for each content block (the text first, untouched).
  const m = await model()
  assert.equal(m.content.length, EVERY_KIND.content.length)
  assert.deepEqual(m.content[0], { type: 'text', text: 'Sensor 4 reads 21.5 °C' })
  assert.equal(await page.eval(text('csp-violations')), '')
  mkdirSync(new URL('./screenshots/', import.meta.url), { recursive: true })
  await page.screenshot(new URL('./screenshots/content-blocks.png', import.meta.url))
})
