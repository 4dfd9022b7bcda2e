// The WASM packages as npm publishes them: `npm pack` each of bindings-wasm/pkg/node and
// pkg/web, install the tarball into a fresh project, and load it there (require and import for
// pkg/node; import for pkg/web, in Node with `fetch` of file: URLs served from disk, since the
// web build fetches its .wasm next to index.js as a browser would). The Node (napi) package
// gets the same from bindings-node/install.test.mjs, run by bindings-node/test.sh.
// Run after bindings-wasm/build.sh: node scripts/check-npm-packs.mjs
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const quiet = ['--no-audit', '--no-fund', '--loglevel=error']

const SMOKE = `
const msg = m.decode('{"jsonrpc":"2.0","id":1,"method":"tools/list"}')
if (msg.method !== 'tools/list') throw new Error('decode')
if (!(m.encode(msg) instanceof Uint8Array)) throw new Error('encode')
try { m.decode('[]'); throw new Error('no throw') } catch (e) { if (!(e instanceof m.McpwireError) || e.kind !== 'not_an_object') throw e }
READY
if (m.validate({ type: 'string' }, 5).length !== 1) throw new Error('validate')
console.log('ok', m.errorKinds.length)
`
const FETCH_FILES = `
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
const netFetch = globalThis.fetch
globalThis.fetch = async (url, init) => String(url).startsWith('file:')
  ? new Response(readFileSync(fileURLToPath(url)), { headers: { 'content-type': 'application/wasm' } })
  : netFetch(url, init)
`
const checks = {
  node: {
    'check.cjs': `const m = require('mcpwire-wasm')\n${SMOKE.replace('READY', '')}`,
    'check.mjs': `import * as m from 'mcpwire-wasm'\n${SMOKE.replace('READY', 'await m.ready()')}`,
  },
  web: {
    'fetch-files.mjs': FETCH_FILES,
    // the second module (validate) is fetched by ready(), after decode and encode have run
    'check.mjs': `import './fetch-files.mjs'\nconst m = await import('mcpwire-wasm')\n${SMOKE.replace('READY', 'await m.ready()')}`,
  },
}

for (const [flavor, files] of Object.entries(checks)) {
  const dir = mkdtempSync(join(tmpdir(), `mcpwire-wasm-${flavor}-`))
  try {
    execFileSync('npm', ['pack', ...quiet, '--pack-destination', dir], { cwd: join(root, 'bindings-wasm', 'pkg', flavor), stdio: 'pipe' })
    const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'))
    if (!tgz) throw new Error(`npm pack wrote no tarball for pkg/${flavor}`)
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'commonjs' }))
    execFileSync('npm', ['install', ...quiet, join(dir, tgz)], { cwd: dir, stdio: 'pipe' })
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
    for (const name of Object.keys(files).filter((n) => n.startsWith('check'))) {
      const out = execFileSync(process.execPath, [name], { cwd: dir, encoding: 'utf8' })
      if (!/^ok \d+/.test(out)) throw new Error(`pkg/${flavor} ${name}: ${out}`)
      console.log(`check-npm-packs: ${tgz} installed, ${name} ${out.trim()}`)
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
