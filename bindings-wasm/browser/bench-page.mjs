// The WASM benchmark in the page: pkg/web decode vs JSON.parse vs JSON.parse + the MCP SDK's
// zod schemas (the SDK's ESM build, served from bindings-wasm/node_modules).
import { formatRows, runBench } from '../../tests/js/bench-core.mjs'

const out = document.getElementById('result')
try {
  const lib = await import('../pkg/web/index.js')
  const T = await import('../node_modules/@modelcontextprotocol/sdk/dist/esm/types.js')
  const ms = Number(new URL(location.href).searchParams.get('ms') ?? 400)
  const rows = runBench({ lib, T, now: () => performance.now(), ms })
  out.textContent = formatRows(`wasm binding in ${navigator.userAgent.match(/(Headless)?Chrome\/[\d.]+/)?.[0] ?? 'the browser'}`, rows)
} catch (e) {
  out.textContent = `bench failed: ${(e && e.stack) || e}`
}
document.documentElement.dataset.done = '1'
