// The browser host's page server: the repository's static server for the WASM test pages
// (bindings-wasm/browser/serve.mjs), with the page under the same no-eval policy plus blob:
// images and audio, and /mcp proxied to the MCP server, so the page fetches its own origin.
//   node examples/browser-host/serve.mjs http://127.0.0.1:8000/mcp [PORT]
// prints the page's address and serves until killed.
import { request } from 'node:http'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CSP, start } from '../../bindings-wasm/browser/serve.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
export const PAGE = '/examples/browser-host/index.html'
// Images and audio are shown from blob: URLs of their decoded bytes (never data: or remote).
export const PAGE_CSP = `${CSP}; img-src 'self' blob:; media-src 'self' blob:`

/** Serves the page on 127.0.0.1 and forwards /mcp to `mcpUrl`; resolves to { url, close,
 * requests }. With `record` (the test), `requests` lists what went through the proxy,
 * `{ method, headers, body }`. */
export async function serve(mcpUrl, port = 0, record = false) {
  const upstream = new URL(mcpUrl)
  const requests = []
  let self = null
  const proxy = (req, res) => {
    if (new URL(req.url, 'http://x').pathname !== '/mcp') return false
    // Only this page's origin, at this server's own address, may call through the proxy (DNS
    // rebinding); the server then sees its own origin, the only one it accepts.
    const origin = req.headers.origin
    if ((origin !== undefined && origin !== self) || req.headers.host !== new URL(self).host) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('origin not allowed')
      return true
    }
    const headers = { ...req.headers, host: upstream.host }
    if (origin !== undefined) headers.origin = upstream.origin
    const up = request(upstream, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode, answer.headers)
      answer.pipe(res)
    })
    up.on('error', (e) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' })
      res.end(`proxy: ${e.message}`)
    })
    // The page closing a stream closes the server's (on 2026-07-28 that cancels the call).
    res.on('close', () => up.destroy())
    if (record) {
      const seen = { method: req.method, headers: req.headers, body: '' }
      requests.push(seen)
      req.on('data', (chunk) => (seen.body += chunk))
    }
    req.pipe(up)
    return true
  }
  const server = await start(root, {
    allowed: ['/examples/browser-host/'],
    csp: { [PAGE]: PAGE_CSP },
    handle: proxy,
    port,
  })
  self = server.url
  return { ...server, requests }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [mcpUrl, port] = process.argv.slice(2)
  if (!mcpUrl) {
    console.error('usage: node examples/browser-host/serve.mjs MCP_URL [PORT]')
    process.exit(2)
  }
  const { url } = await serve(mcpUrl, Number(port ?? 0))
  console.log(`${url}${PAGE}`)
}
