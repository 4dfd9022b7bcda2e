// node --test: what a page fetches before the web package's functions can be called (its
// first load: index.js, the modules it imports statically, and the wasm their glue fetches)
// is at most 250,000 bytes gzip -9 (issue 46). The second module (the JSON Schema validator
// and the host kit) is only imported dynamically, by ready(). A size check, not a timing one.
// Node's zlib at level 9 writes 0.5-1% more than `gzip -9` (which build.sh and BENCHMARKS.md
// quote), so the check is if anything stricter. Needs bindings-wasm/build.sh to have written
// pkg/web.
import test from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const web = join(dirname(fileURLToPath(import.meta.url)), '..', 'pkg', 'web')
const LIMIT = 250_000

const staticImports = (js) => [...js.matchAll(/^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*'(\.\/[^']+)'/gm)].map((m) => m[1].slice(2))
const dynamicImports = (js) => [...js.matchAll(/\bimport\(\s*'(\.\/[^']+)'\s*\)/g)].map((m) => m[1].slice(2))
// The wasm a wasm-bindgen --target web glue fetches by default.
const wasmOf = (js) => [...js.matchAll(/new URL\('([^']+\.wasm)', import\.meta\.url\)/g)].map((m) => m[1])

/** Every file fetched before index.js has finished evaluating. */
function firstLoad() {
  const seen = new Set()
  const visit = (name) => {
    if (seen.has(name)) return
    seen.add(name)
    if (!name.endsWith('.js')) return
    const js = readFileSync(join(web, name), 'utf8')
    for (const n of [...staticImports(js), ...wasmOf(js)]) visit(n)
  }
  visit('index.js')
  return [...seen]
}

test('size: the web package first load is at most 250,000 bytes gzip -9', () => {
  const files = firstLoad()
  assert.ok(files.includes('mcpwire_wasm_bg.wasm'), `the first module's wasm is found: ${files}`)
  let raw = 0
  let gz = 0
  for (const f of files) {
    const bytes = readFileSync(join(web, f))
    raw += bytes.length
    gz += gzipSync(bytes, { level: 9 }).length
  }
  console.log(`size: first load ${files.join(', ')}: ${raw} bytes raw, ${gz} bytes gzip -9 (limit ${LIMIT})`)
  assert.ok(gz <= LIMIT, `first load is ${gz} bytes gzip -9, over ${LIMIT}`)
})

test('size: the second module is not part of the first load, only imported by ready()', () => {
  const files = firstLoad()
  assert.deepEqual(files.filter((f) => f.startsWith('mcpwire_schema')), [])
  const entry = readFileSync(join(web, 'index.js'), 'utf8')
  assert.deepEqual(dynamicImports(entry), ['mcpwire_schema.js'])
  const glue = readFileSync(join(web, 'mcpwire_schema.js'), 'utf8')
  assert.deepEqual(wasmOf(glue), ['mcpwire_schema_bg.wasm'])
})
