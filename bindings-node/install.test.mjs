// The package installs into another project, from its folder and from `npm pack`'s tarball,
// and loads there with require() and import. Needs `npm run build` first.
import test from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const quiet = ['--no-audit', '--no-fund', '--loglevel=error']

const CHECK_CJS = `
const m = require('mcpwire')
const msg = m.decode('{"jsonrpc":"2.0","id":1,"method":"tools/list"}')
if (msg.method !== 'tools/list') throw new Error('decode')
try { m.decode('[]'); throw new Error('no throw') } catch (e) { if (!(e instanceof m.McpwireError) || e.kind !== 'not_an_object') throw e }
console.log('cjs ok', m.errorKinds.length)
`
const CHECK_ESM = `
import { decode, encode, McpwireError } from 'mcpwire'
import m from 'mcpwire'
const msg = decode('{"jsonrpc":"2.0","id":1,"method":"tools/list"}')
if (msg.id !== 1 || m.decode !== decode) throw new Error('esm')
if (!Buffer.isBuffer(encode(msg))) throw new Error('encode')
if (!(McpwireError.prototype instanceof Error)) throw new Error('class')
console.log('esm ok')
`

function project() {
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-consumer-'))
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }))
  writeFileSync(join(dir, 'check.cjs'), CHECK_CJS)
  writeFileSync(join(dir, 'check.mjs'), CHECK_ESM)
  return dir
}

function checks(dir) {
  assert.match(execFileSync(process.execPath, ['check.cjs'], { cwd: dir, encoding: 'utf8' }), /^cjs ok \d+/)
  assert.match(execFileSync(process.execPath, ['check.mjs'], { cwd: dir, encoding: 'utf8' }), /^esm ok/)
}

test('install: npm install <path>/bindings-node from another project', () => {
  const dir = project()
  try {
    execFileSync(npm, ['install', ...quiet, here], { cwd: dir, stdio: 'pipe' })
    checks(dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('install: npm pack tarball installs and loads (the files list is complete)', () => {
  const dir = project()
  try {
    execFileSync(npm, ['pack', ...quiet, '--pack-destination', dir], { cwd: here, stdio: 'pipe' })
    const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'))
    assert.ok(tgz, 'npm pack wrote a tarball')
    execFileSync(npm, ['install', ...quiet, join(dir, tgz)], { cwd: dir, stdio: 'pipe' })
    checks(dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
