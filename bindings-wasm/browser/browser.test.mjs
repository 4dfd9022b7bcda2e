// node --test driver of the browser run: serves the repository on 127.0.0.1, loads the test
// page in headless Chromium (Debian's /usr/bin/chromium, or $CHROMIUM), reads the results the
// page wrote into the DOM, and reports each browser test as a node test, so a failure in the
// browser fails this run. Needs bindings-wasm/build.sh to have written pkg/web.
import test from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { start } from './serve.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium'

/** Loads `url` in headless Chromium and returns the DOM after the page's async work. */
export async function dumpDom(url, budgetMs = 60000) {
  const profile = mkdtempSync(join(tmpdir(), 'mcpwire-chromium-'))
  const args = [
    '--headless',
    '--no-sandbox', // Chromium refuses to start as root without it
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    `--user-data-dir=${profile}`,
    `--virtual-time-budget=${budgetMs}`,
    '--dump-dom',
    url,
  ]
  try {
    return await new Promise((resolve, reject) => {
      const child = spawn(chromium, args, { stdio: ['ignore', 'pipe', 'pipe'] })
      let out = ''
      let err = ''
      child.stdout.on('data', (d) => (out += d))
      child.stderr.on('data', (d) => (err += d))
      const timer = setTimeout(() => child.kill('SIGKILL'), 180000)
      child.on('error', reject)
      child.on('close', (code) => {
        clearTimeout(timer)
        if (code !== 0 && !out) reject(new Error(`chromium exited with ${code}: ${err.slice(-2000)}`))
        else resolve(out)
      })
    })
  } finally {
    rmSync(profile, { recursive: true, force: true })
  }
}

const server = await start(root)
let dom
try {
  dom = await dumpDom(`${server.url}/bindings-wasm/browser/index.html`)
} finally {
  await server.close()
}

const m = /<pre id="result">([A-Za-z0-9+/=]*)<\/pre>/.exec(dom)
const report = m && m[1] ? JSON.parse(Buffer.from(m[1], 'base64').toString('utf8')) : null

test('browser: the page ran the suite and reported back', () => {
  assert.ok(report, `no results in the page; DOM was:\n${dom.slice(0, 3000)}`)
  assert.equal(report.fatal, null)
  assert.ok(report.tests.length > 0)
})

for (const line of report?.logs ?? []) console.log(`browser: ${line}`)

for (const t of report?.tests ?? []) {
  test(`browser: ${t.name}`, () => {
    if (!t.ok) assert.fail(t.error)
  })
}
