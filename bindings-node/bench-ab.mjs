// A/B benchmark (not a test) for a loaded machine: decode of the current builds beside older
// builds, JSON.parse and JSON.parse + the SDK's zod schemas, interleaved, timed by the
// process's CPU time (process.cpuUsage: time spent waiting for a core is not counted), best
// of 5 rounds. Inputs from bytes are compared with JSON.parse(buf.toString()), from strings
// with JSON.parse of the string. Run after `npm run build` (and bindings-wasm/build.sh for the WASM rows):
//   BEFORE_NAPI=/path/to/old/bindings-node BEFORE_WASM=/path/to/old/pkg/node node bindings-node/bench-ab.mjs
// Both BEFORE_* are optional (an earlier build's package directory, e.g. from a git worktree,
// or a copy of an earlier mcpwire.linux-x64-gnu.node for its native decode).
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { benchMessages, measure, sdkCheck } from '../tests/js/bench-core.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const require = createRequire(join(here, 'package.json'))
const T = require('@modelcontextprotocol/sdk/types.js')
// A .node file is loaded as it is (its native decode); a directory as a package (its decode).
const load = (p) => {
  if (!p.endsWith('.node')) return require(p)
  const m = { exports: {} }
  process.dlopen(m, p)
  return m.exports
}
const libs = { napi: require(here) }
if (process.env.BEFORE_NAPI) libs['napi before'] = load(process.env.BEFORE_NAPI)
const wasmPkg = join(here, '..', 'bindings-wasm', 'pkg', 'node')
if (existsSync(wasmPkg)) libs['wasm-node'] = require(wasmPkg)
if (process.env.BEFORE_WASM) libs['wasm-node before'] = require(process.env.BEFORE_WASM)
const native = require(join(here, 'index.js'))

const cpu = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
const ms = Number(process.env.BENCH_MS ?? 150)
const enc = new TextEncoder()
console.log(`node ${process.version}; CPU time, µs per call, best of 5 interleaved rounds`)
console.log('decode(string) is compared with JSON.parse of the string, decode(bytes) of a Buffer')
console.log('with JSON.parse(buf.toString()) (the issue\'s "JSON.parse of the same bytes")')
for (const { name, text } of benchMessages()) {
  const bytes = Buffer.from(text)
  const check = sdkCheck(T, name)
  const c = {
    'JSON.parse': () => JSON.parse(text),
    'JSON.parse + zod': () => check(JSON.parse(text)),
    'JSON.parse(buf.toString())': () => JSON.parse(bytes.toString()),
    'JSON.parse(buf.toString()) + zod': () => check(JSON.parse(bytes.toString())),
  }
  for (const [k, lib] of Object.entries(libs)) {
    c[`${k} decode(string)`] = () => lib.decode(text)
    c[`${k} decode(bytes)`] = () => lib.decode(bytes)
  }
  // the check alone (core's api::validate and the string copy, no JSON.parse)
  if (native.checkedText) c['napi check only (string)'] = () => native.checkedText(text)
  const r = {}
  for (const k in c) r[k] = Infinity
  for (let i = 0; i < 5; i++) for (const k in c) r[k] = Math.min(r[k], measure(c[k], cpu, ms))
  console.log(`  ${name} [${bytes.length} B]`)
  for (const k in r) {
    const fromBytes = k.includes('(bytes)') || k.includes('buf.toString')
    const parse = r[fromBytes ? 'JSON.parse(buf.toString())' : 'JSON.parse']
    const zod = r[fromBytes ? 'JSON.parse(buf.toString()) + zod' : 'JSON.parse + zod']
    const vsParse = (parse / r[k]).toFixed(2)
    const vsZod = (zod / r[k]).toFixed(2)
    console.log(`    ${k.padEnd(34)} ${r[k].toFixed(2).padStart(8)} µs  ${vsParse}x JSON.parse  ${vsZod}x JSON.parse+zod`)
  }
}
