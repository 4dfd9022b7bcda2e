// Headless Chromium driven over the DevTools protocol (Node 22's WebSocket; no npm package):
// load a page, evaluate in it, wait for a state of its DOM, take screenshots.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Starts Chromium ($CHROMIUM or /usr/bin/chromium) on a blank page; resolves to a Page. */
export async function launch() {
  const profile = mkdtempSync(join(tmpdir(), 'mcpwire-browser-host-'))
  const child = spawn(process.env.CHROMIUM ?? '/usr/bin/chromium', [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run', '--hide-scrollbars',
    '--remote-debugging-port=0', `--user-data-dir=${profile}`, '--window-size=1000,900', 'about:blank',
  ], { stdio: ['ignore', 'ignore', 'pipe'], detached: true })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  let browserWs = null
  // Browser.close ends every Chromium process; its process group is killed if it has not
  // exited 5 s later. The profile is removed once they are gone.
  const cleanup = async () => {
    if (browserWs) {
      const ws = new WebSocket(browserWs)
      ws.onopen = () => ws.send(JSON.stringify({ id: 1, method: 'Browser.close' }))
      ws.onerror = () => {}
    }
    const timer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), browserWs ? 5000 : 0)
    await exited
    clearTimeout(timer)
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch {} // (none left)
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
  }
  try {
    const browser = await new Promise((resolve, reject) => {
      let err = ''
      child.stderr.on('data', (d) => {
        err += d
        const m = /DevTools listening on (ws:\/\/\S+)/.exec(err)
        if (m) resolve(new URL(m[1]))
      })
      child.on('error', reject)
      child.on('close', (code) => reject(new Error(`chromium exited with ${code}: ${err.slice(-2000)}`)))
    })
    browserWs = browser.href
    const targets = await (await fetch(`http://${browser.host}/json/list`)).json()
    const page = new Page(targets.find((t) => t.type === 'page').webSocketDebuggerUrl, cleanup)
    await page.opened
    return page
  } catch (e) {
    await cleanup()
    throw e
  }
}

export class Page {
  constructor(url, cleanup) {
    this.ws = new WebSocket(url)
    this.cleanup = cleanup
    this.next = 0
    this.waiting = new Map()
    this.ws.onmessage = (m) => {
      const msg = JSON.parse(m.data)
      const w = this.waiting.get(msg.id)
      if (!w) return
      this.waiting.delete(msg.id)
      if (msg.error) w.reject(new Error(`${w.method}: ${msg.error.message}`))
      else w.resolve(msg.result)
    }
    this.opened = new Promise((resolve, reject) => {
      this.ws.onopen = resolve
      this.ws.onerror = () => reject(new Error(`cannot open ${url}`))
    })
  }

  send(method, params = {}) {
    const id = ++this.next
    this.ws.send(JSON.stringify({ id, method, params }))
    return new Promise((resolve, reject) => this.waiting.set(id, { method, resolve, reject }))
  }

  /** The value of `expression` in the page (awaited). */
  async eval(expression) {
    const r = await this.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true })
    if (r.exceptionDetails) throw new Error(`${expression}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`)
    return r.result.value
  }

  /** Waits until `expression` is truthy (a safety limit of `ms`, not a timing check). */
  async waitFor(expression, what, ms = 30000) {
    const until = Date.now() + ms
    for (;;) {
      const v = await this.eval(expression)
      if (v) return v
      if (Date.now() > until) {
        const state = await this.eval("[document.getElementById('status')?.textContent, document.getElementById('error')?.textContent].join(' | ')")
        throw new Error(`waited for ${what}; page: ${state}`)
      }
      await new Promise((r) => setTimeout(r, 50))
    }
  }

  async navigate(url) {
    await this.send('Page.enable')
    await this.send('Page.navigate', { url })
  }

  /** Writes a PNG of the page to `file`: all of it, or from the element `from` down. */
  async screenshot(file, from = null) {
    const { cssContentSize: s } = await this.send('Page.getLayoutMetrics')
    const y = from ? Math.floor(await this.eval(`document.querySelector(${JSON.stringify(from)}).getBoundingClientRect().top + scrollY`)) : 0
    const clip = { x: 0, y, width: Math.ceil(s.width), height: Math.ceil(s.height) - y, scale: 1 }
    const { data } = await this.send('Page.captureScreenshot', { format: 'png', clip, captureBeyondViewport: true })
    writeFileSync(file, Buffer.from(data, 'base64'))
  }

  async close() {
    this.ws.close()
    await this.cleanup()
  }
}
