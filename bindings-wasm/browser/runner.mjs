// Runs tests/js/suite.mjs in the page against the web build (pkg/web) and writes the results
// into #result as base64 of UTF-8 JSON: { tests: [{ name, ok, error }], logs, fatal }.
import { assert } from './assert.mjs'

const tests = []
const logs = []
const report = { tests: [], logs, fatal: null }

function finish() {
  const json = JSON.stringify(report)
  const bytes = new TextEncoder().encode(json)
  let bin = ''
  for (const b of bytes) bin += String.fromCharCode(b)
  document.getElementById('result').textContent = btoa(bin)
  const failed = report.tests.filter((t) => !t.ok).length
  document.getElementById('status').textContent = report.fatal
    ? `fatal: ${report.fatal}`
    : `${report.tests.length - failed} passed, ${failed} failed`
  document.documentElement.dataset.done = '1'
}

addEventListener('error', (e) => {
  report.fatal ??= `uncaught: ${e.message}`
})
addEventListener('unhandledrejection', (e) => {
  report.fatal ??= `unhandled rejection: ${e.reason && (e.reason.stack || e.reason)}`
})

try {
  const lib = await import('../pkg/web/index.js')
  const load = (name) =>
    fetch(`../../tests/vectors/${name}`).then((r) => {
      if (!r.ok) throw new Error(`${name}: HTTP ${r.status}`)
      return r.json()
    })
  const [valid, invalid, failures] = await Promise.all(['valid.json', 'invalid.json', 'failures.json'].map(load))
  globalThis.__mcpwireHarness = {
    env: 'browser',
    test: (name, fn) => tests.push({ name, fn }),
    assert,
    lib,
    bytesKind: 'Uint8Array',
    vectors: { valid, invalid, failures },
    log: (line) => logs.push(line),
    // JSON.parse of `t` in a new realm, a blank iframe's (random.mjs: an oracle no earlier
    // object in this one affects)
    parseElsewhere: (t) => {
      const frame = document.createElement('iframe')
      document.body.appendChild(frame)
      try {
        return frame.contentWindow.JSON.parse(t)
      } finally {
        frame.remove()
      }
    },
  }
  await import('../../tests/js/suite.mjs')
  for (const { name, fn } of tests) {
    try {
      await fn()
      report.tests.push({ name, ok: true })
    } catch (e) {
      report.tests.push({ name, ok: false, error: String((e && e.stack) || e) })
    }
  }
} catch (e) {
  report.fatal = String((e && e.stack) || e)
}
finish()
