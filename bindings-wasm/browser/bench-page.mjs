// The WASM benchmark in the page: pkg/web decode vs JSON.parse vs JSON.parse + the MCP SDK's
// zod schemas (the SDK's ESM build, served from bindings-wasm/node_modules), as ratios:
// decode(bytes) against JSON.parse(new TextDecoder().decode(bytes)), with issue 6's targets
// (1.5× JSON.parse + zod, 0.7× JSON.parse) said met or not for each message.
import { formatRows, runBench } from '../../tests/js/bench-core.mjs'

const out = document.getElementById('result')
try {
  const lib = await import('../pkg/web/index.js')
  const T = await import('../node_modules/@modelcontextprotocol/sdk/dist/esm/types.js')
  const ms = Number(new URL(location.href).searchParams.get('ms') ?? 400)
  const rows = runBench({ lib, T, now: () => performance.now(), ms })
  const browser = navigator.userAgent.match(/(Headless)?Chrome\/[\d.]+/)?.[0] ?? 'the browser'
  out.textContent = formatRows(`wasm binding in ${browser}`, rows, { zod: 1.5, parse: 0.7 })
} catch (e) {
  out.textContent = `bench failed: ${(e && e.stack) || e}`
}
document.documentElement.dataset.done = '1'
