// Benchmark (not a test): decode with the napi binding vs JSON.parse vs JSON.parse + the MCP
// SDK's zod schemas, as ratios. decode(bytes) takes a Buffer and is compared with
// JSON.parse(buf.toString()), issue 5's "JSON.parse of the same bytes"; each message says
// whether issue 5's targets (2× JSON.parse + zod, 0.8× JSON.parse) are met there. Wall clock:
// run it on an idle machine (bench-ab.mjs counts CPU time). Run after `npm run build`:
//   node bindings-node/bench.mjs
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { formatRows, runBench } from '../tests/js/bench-core.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const require = createRequire(join(here, 'package.json'))
const lib = require(here)
const T = require('@modelcontextprotocol/sdk/types.js')
const ms = Number(process.env.BENCH_MS ?? 400)

const version = (pkg) => JSON.parse(readFileSync(join(here, 'node_modules', pkg, 'package.json'), 'utf8')).version
console.log(`node ${process.version}, @modelcontextprotocol/sdk ${version('@modelcontextprotocol/sdk')}, zod ${version('zod')}`)
const node = { bytesOf: (t) => Buffer.from(t), textOf: (b) => b.toString() }
const run = (lib) => runBench({ lib, T, now: () => performance.now(), ms, ...node })
console.log(formatRows('napi binding', run(lib), { zod: 2, parse: 0.8 }))
if (process.env.BENCH_WASM_NODE) {
  const wasm = require(join(here, '..', 'bindings-wasm', 'pkg', 'node'))
  console.log(formatRows('wasm binding under Node (pkg/node)', run(wasm)))
}
