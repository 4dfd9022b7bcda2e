// The check page (BENCH_CHECK=a,b node bindings-wasm/browser/bench.mjs): core's work in wasm
// alone, for builds copied into bindings-wasm/pkg/web/v/<name>/, interleaved, best of many
// short rounds. Per message: the bytes copied into wasm memory and `checkScratch` (the checks,
// api::validate), `checkTapeIn` (the checks and the tape) or `checkTapeInBytes` (the checks, the
// tape, and the strings unescaped in place); no JS value is built. Not a test.
import { benchMessages, shortRound as once } from '../../tests/js/bench-core.mjs'

const out = document.getElementById('result')

try {
  const q = new URL(location.href).searchParams
  const names = q.get('v').split(',')
  const rounds = Number(q.get('rounds') ?? 40)
  const enc = new TextEncoder()
  const rows = benchMessages().map(({ name, text }) => ({ name, bytes: enc.encode(text), c: {} }))
  for (const v of names) {
    // Each build's own instance; its scratch buffer is taken over for this page.
    await import(`../pkg/web/v/${v}/index.js`)
    const binding = await import(`../pkg/web/v/${v}/mcpwire_wasm.js`)
    const size = 4 << 20
    const ptr = binding.scratchResize(size)
    const memory = binding.scratchMemory()
    for (const r of rows) {
      const fill = () => new Uint8Array(memory.buffer, ptr, size).set(r.bytes)
      r.c[`${v} checkScratch`] = () => {
        fill()
        return binding.checkScratch(r.bytes.length, undefined, undefined)
      }
      r.c[`${v} checkTapeIn`] = () => {
        fill()
        return binding.checkTapeIn(r.bytes.length)
      }
      if (binding.checkTapeInBytes) {
        r.c[`${v} checkTapeInBytes`] = () => {
          fill()
          return binding.checkTapeInBytes(r.bytes.length)
        }
      }
    }
  }
  const ua = navigator.userAgent.match(/(Headless)?Chrome\/[\d.]+/)?.[0] ?? 'the browser'
  const lines = [`the check in wasm, ${ua}: µs per call, best of ${rounds} interleaved rounds of 4 ms`]
  for (const r of rows) {
    const best = {}
    for (const k in r.c) best[k] = Infinity
    for (let i = 0; i < rounds; i++) for (const k in r.c) best[k] = Math.min(best[k], once(r.c[k], 4))
    lines.push(`  ${r.name} [${r.bytes.length} B]`)
    for (const k in best) lines.push(`    ${k.padEnd(28)} ${best[k].toFixed(2).padStart(8)} µs`)
  }
  out.textContent = lines.join('\n')
} catch (e) {
  out.textContent = `bench failed: ${(e && e.stack) || e}`
}
document.documentElement.dataset.done = '1'
