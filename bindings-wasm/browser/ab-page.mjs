// The A/B page (BENCH_AB=a,b node bindings-wasm/browser/bench.mjs): decode of several pkg/web
// builds (copied into bindings-wasm/pkg/web/v/<name>/) beside JSON.parse and JSON.parse + the
// SDK's zod schemas, interleaved, best of many short rounds (noise on a shared machine only
// ever adds time, and a short round is less often interrupted). decode(bytes) is compared with
// JSON.parse(new TextDecoder().decode(bytes)), JSON.parse of the same bytes. Not a test.
import { benchMessages, sdkCheck, shortRound as once } from '../../tests/js/bench-core.mjs'

const out = document.getElementById('result')

try {
  const q = new URL(location.href).searchParams
  const names = q.get('v').split(',')
  const rounds = Number(q.get('rounds') ?? 150)
  const win = Number(q.get('win') ?? 4)
  const T = await import('../node_modules/@modelcontextprotocol/sdk/dist/esm/types.js')
  const libs = {}
  for (const v of names) libs[v] = await import(`../pkg/web/v/${v}/index.js`)
  const enc = new TextEncoder()
  const ua = navigator.userAgent.match(/(Headless)?Chrome\/[\d.]+/)?.[0] ?? 'the browser'
  const lines = [`A/B in ${ua}: µs per call, best of ${rounds} interleaved rounds of ${win} ms`]
  for (const { name, text } of benchMessages()) {
    const bytes = enc.encode(text)
    const check = sdkCheck(T, name)
    const td = new TextDecoder()
    const c = {
      'JSON.parse': () => JSON.parse(text),
      'JSON.parse + zod': () => check(JSON.parse(text)),
      'JSON.parse(bytes)': () => JSON.parse(td.decode(bytes)),
      'JSON.parse(bytes) + zod': () => check(JSON.parse(td.decode(bytes))),
    }
    for (const v of names) {
      const lib = libs[v]
      c[`${v} decode(string)`] = () => lib.decode(text)
      c[`${v} decode(bytes)`] = () => lib.decode(bytes)
    }
    const r = {}
    for (const k in c) r[k] = Infinity
    for (let i = 0; i < rounds; i++) for (const k in c) r[k] = Math.min(r[k], once(c[k], win))
    lines.push(`  ${name} [${bytes.length} B]`)
    for (const k in r) {
      const b = k.includes('bytes') ? '(bytes)' : ''
      const vsParse = (r[`JSON.parse${b}`] / r[k]).toFixed(2)
      const vsZod = (r[`JSON.parse${b} + zod`] / r[k]).toFixed(2)
      lines.push(`    ${k.padEnd(28)} ${r[k].toFixed(2).padStart(8)} µs  ${vsParse}x JSON.parse  ${vsZod}x JSON.parse+zod`)
    }
  }
  out.textContent = lines.join('\n')
} catch (e) {
  out.textContent = `bench failed: ${(e && e.stack) || e}`
}
document.documentElement.dataset.done = '1'
