// Node side of the shared suite: which binding to load (MCPWIRE_BINDING=node | wasm-node),
// the vectors, node:test + node:assert/strict, the MCP SDK (from the binding's own
// node_modules) and the TypeScript check.
import test from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { spawnSync } from 'node:child_process'
import { runInNewContext } from 'node:vm'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, '..', '..')
const which = process.env.MCPWIRE_BINDING ?? 'node'

const BINDINGS = {
  // the napi package: its `main`/`exports` (mcpwire.js / mcpwire.mjs)
  node: {
    dir: join(root, 'bindings-node'),
    cjs: join(root, 'bindings-node'),
    esm: join(root, 'bindings-node', 'mcpwire.mjs'),
    bytesKind: 'Buffer',
    tsconfig: join(here, 'tsconfig.node.json'),
  },
  // the WASM build for Node (bindings-wasm/build.sh → pkg/node)
  'wasm-node': {
    dir: join(root, 'bindings-wasm'),
    cjs: join(root, 'bindings-wasm', 'pkg', 'node'),
    esm: join(root, 'bindings-wasm', 'pkg', 'node', 'index.mjs'),
    bytesKind: 'Uint8Array',
    tsconfig: join(here, 'tsconfig.wasm.json'),
  },
}
const b = BINDINGS[which]
if (!b) throw new Error(`MCPWIRE_BINDING must be one of ${Object.keys(BINDINGS).join(', ')}, not ${which}`)

const require = createRequire(import.meta.url)
const lib = require(b.cjs)
const esm = await import(pathToFileURL(b.esm).href)

const readVectors = (name) => JSON.parse(readFileSync(join(root, 'tests', 'vectors', name), 'utf8'))

// The SDK is a devDependency of the binding's package.json; resolve it from there.
const fromBinding = createRequire(join(b.dir, 'package.json'))
const sdk = {
  types: fromBinding('@modelcontextprotocol/sdk/types.js'),
  Server: fromBinding('@modelcontextprotocol/sdk/server/index.js').Server,
  Client: fromBinding('@modelcontextprotocol/sdk/client/index.js').Client,
  InMemoryTransport: fromBinding('@modelcontextprotocol/sdk/inMemory.js').InMemoryTransport,
}

function typecheck() {
  const tsc = fromBinding.resolve('typescript/bin/tsc')
  const r = spawnSync(process.execPath, [tsc, '--noEmit', '-p', b.tsconfig], { encoding: 'utf8' })
  return { status: r.status, output: `${r.stdout}${r.stderr}` }
}

export const harness = {
  env: which,
  test,
  assert,
  lib,
  esm,
  bytesKind: b.bytesKind,
  vectors: {
    valid: readVectors('valid.json'),
    invalid: readVectors('invalid.json'),
    failures: readVectors('failures.json'),
  },
  sdk,
  typecheck,
  log: (line) => console.log(line),
  // JSON.parse of `t` in a new realm (random.mjs: an oracle no earlier object in this one affects)
  parseElsewhere: (t) => runInNewContext('JSON.parse(t)', { t }),
}
