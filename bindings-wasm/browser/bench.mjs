// Runs the WASM benchmark page in headless Chromium through chromedriver (real clocks: the
// --virtual-time-budget of the test run would distort timings) and prints the table.
// Not a test. Needs bindings-wasm/build.sh and npm ci in bindings-wasm first:
//   node bindings-wasm/browser/bench.mjs
// With BENCH_AB=name,name,... it runs the A/B page (ab.html) instead: decode of the builds
// copied into bindings-wasm/pkg/web/v/<name>/ (each a pkg/web), interleaved, best of many
// short rounds (BENCH_ROUNDS, default 150, of BENCH_WIN ms, default 4), for a loaded machine.
// With BENCH_CHECK=name,... it runs the check page (check.html) instead: core's check of each
// message in wasm alone (checkScratch, checkTapeIn), for the builds in pkg/web/v/<name>/.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { start } from './serve.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium'
const chromedriver = process.env.CHROMEDRIVER ?? '/usr/bin/chromedriver'
const ms = Number(process.env.BENCH_MS ?? 400)

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })

const port = await freePort()
const driver = spawn(chromedriver, [`--port=${port}`], { stdio: 'ignore' })
const base = `http://127.0.0.1:${port}`
const profile = mkdtempSync(join(tmpdir(), 'mcpwire-bench-'))
const server = await start(root)

async function wd(method, path, body) {
  const r = await fetch(base + path, { method, headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body) })
  const json = await r.json()
  if (!r.ok) throw new Error(`${method} ${path}: ${JSON.stringify(json.value)}`)
  return json.value
}

let session
try {
  for (let i = 0; ; i++) {
    try {
      await wd('GET', '/status')
      break
    } catch (e) {
      if (i > 50) throw e
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  const s = await wd('POST', '/session', {
    capabilities: {
      alwaysMatch: {
        browserName: 'chrome',
        'goog:chromeOptions': {
          binary: chromium,
          args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', `--user-data-dir=${profile}`],
        },
      },
    },
  })
  session = s.sessionId
  await wd('POST', `/session/${session}/timeouts`, { script: 600000, pageLoad: 600000 })
  const page = process.env.BENCH_CHECK
    ? `check.html?v=${process.env.BENCH_CHECK}&rounds=${process.env.BENCH_ROUNDS ?? 40}`
    : process.env.BENCH_AB
      ? `ab.html?v=${process.env.BENCH_AB}&rounds=${process.env.BENCH_ROUNDS ?? 150}&win=${process.env.BENCH_WIN ?? 4}`
      : `bench.html?ms=${ms}`
  await wd('POST', `/session/${session}/url`, { url: `${server.url}/bindings-wasm/browser/${page}` })
  let done = null
  for (let i = 0; i < 6000 && !done; i++) {
    done = await wd('POST', `/session/${session}/execute/sync`, { script: 'return document.documentElement.dataset.done || null', args: [] })
    if (!done) await new Promise((r) => setTimeout(r, 100))
  }
  const text = await wd('POST', `/session/${session}/execute/sync`, { script: "return document.getElementById('result').textContent", args: [] })
  console.log(text)
  if (!done || text.startsWith('bench failed')) process.exitCode = 1
} finally {
  if (session) await wd('DELETE', `/session/${session}`).catch(() => {})
  driver.kill()
  await server.close()
  rmSync(profile, { recursive: true, force: true })
}
