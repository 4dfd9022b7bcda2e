// A tiny static file server for the browser test and benchmark pages, bound to 127.0.0.1 on
// a free port. It serves only the repository paths the pages need, and sends the test page
// with a Content-Security-Policy without 'unsafe-eval' / 'unsafe-inline' (only
// 'wasm-unsafe-eval', which compiling any WebAssembly needs), so the suite proves the binding
// loads under such a policy.
import { createServer } from 'node:http'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.ts': 'text/plain; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
}

const ALLOWED = [
  '/bindings-wasm/pkg/web/',
  '/bindings-wasm/browser/',
  '/bindings-wasm/node_modules/zod/',
  '/bindings-wasm/node_modules/@modelcontextprotocol/sdk/dist/esm/',
  '/tests/js/',
  '/tests/vectors/',
  '/tests/host/',
]

export const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; object-src 'none'; base-uri 'none'"

/** Starts the server over `root`; resolves to { url, close }. An example's page adds to it:
 * `allowed`, more path prefixes served; `csp`, `{ path: policy }` for its pages; `handle(req,
 * res)`, asked first and returning true when it answered (examples/browser-host: the /mcp
 * proxy); `port`, 0 for a free one. */
export function start(root, { allowed = [], csp = {}, handle, port = 0 } = {}) {
  const server = createServer(async (req, res) => {
    if (handle?.(req, res)) return
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname)
    const file = normalize(join(root, path))
    if (![...ALLOWED, ...allowed].some((p) => path.startsWith(p)) || !file.startsWith(root + sep)) {
      res.writeHead(404).end('not found')
      return
    }
    try {
      const body = await readFile(file)
      const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' }
      const policy = path === '/bindings-wasm/browser/index.html' ? CSP : csp[path]
      if (policy) headers['content-security-policy'] = policy
      res.writeHead(200, headers).end(body)
    } catch {
      res.writeHead(404).end('not found')
    }
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      const close = () =>
        new Promise((r) => {
          server.close(r)
          server.closeAllConnections() // (a page's open streams and keep-alive connections)
        })
      resolve({ url: `http://127.0.0.1:${server.address().port}`, close })
    })
  })
}
