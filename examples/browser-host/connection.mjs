// One server over Streamable HTTP: mcpwire's HttpClient writes each request and reads each
// response (202, JSON or SSE, the session id, resumption), mcpwire's Client turns the messages
// into events and keeps the time limits; this file only moves the bytes with fetch.
const now = () => Math.floor(performance.now())
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

export class Connection {
  /** `lib`: the WASM package; `url`: the MCP endpoint; `version`: the wire. */
  constructor(lib, url, version) {
    this.lib = lib
    this.url = url
    this.client = new lib.Client({ version, clientInfo: { name: 'mcpwire-browser-host', version: '0.1.0' } })
    this.http = new lib.HttpClient(version)
    this.tools = {} // name -> tool, for its Mcp-Param-* headers
    this.listeners = new Map() // exchange -> the Client's events for its messages
    this.calls = new Map() // request id -> { exchange, abort, end }
  }

  /** Sends a request the HttpClient wrote and reads its response; `onEvent` gets the Client's
   * event for each message it carries. */
  async send(req, onEvent = () => {}, abort = new AbortController()) {
    const body = req.method === 'POST' ? req.body : undefined
    const res = await fetch(this.url, { method: req.method, headers: req.headers, body, signal: abort.signal })
    const kind = this.http.handleResponse(req.exchange, res.status, res.headers)
    if (kind !== 'json' && kind !== 'sse') {
      await res.body?.cancel()
      if (kind === 'empty' || kind === 'no_stream') return
      throw new Error(kind === 'session_expired' ? 'the session expired: connect again' : `HTTP ${res.status}`)
    }
    this.listeners.set(req.exchange, onEvent)
    const reader = res.body.getReader()
    try {
      for (let r; !(r = await reader.read()).done; ) {
        this.http.handleBody(req.exchange, r.value)
        this.deliver()
      }
    } catch (e) {
      if (abort.signal.aborted) return
      throw e
    }
    const end = this.http.handleEnd(req.exchange)
    this.deliver()
    this.listeners.delete(req.exchange)
    if (end === 'resumable') {
      const again = this.http.resume(req.exchange) // (2025-11-25: a GET with Last-Event-ID)
      await sleep(again.retry ?? 0)
      return this.send(again, onEvent, abort)
    }
  }

  /** Gives every message read so far to the Client; its events to their exchange's listener. */
  deliver() {
    for (let m; (m = this.http.pollMessage()) !== null; ) {
      const event = this.client.handleInput(m.message, now())
      this.listeners.get(m.exchange)?.(event)
    }
  }

  /** Sends what the Client has queued (notifications/initialized, a next page of tools). */
  async flush(onEvent) {
    for (let out; (out = this.client.pollTransmit()) !== null; ) await this.send(this.http.request(out), onEvent)
  }

  /** The handshake, then every page of tools/list; resolves to the pages' results. */
  async open() {
    let ready = null
    await this.send(this.http.request(this.client.start(now()).bytes), (e) => (ready = e))
    if (ready?.event !== 'ready') throw new Error(`handshake: ${JSON.stringify(ready)}`)
    await this.flush()
    const pages = []
    const onPage = (e) => {
      if (e.event !== 'tools_page') throw new Error(`tools/list: ${JSON.stringify(e)}`)
      pages.push(e.result)
      for (const t of this.lib.httpToolCatalog(e.result.tools).tools) this.tools[t.name] = t
    }
    await this.send(this.http.request(this.client.listTools(now()).bytes), onPage)
    await this.flush(onPage)
    return pages
  }

  /** Ends the session (2025-11-25: DELETE); nothing to do on 2026-07-28. */
  close() {
    if (this.http.sessionId !== null) this.send(this.http.endSession()).catch(() => {})
  }

  /** Calls a tool with a progress token and a time limit; `onProgress(event)`. Returns `{ id,
   * done }`, `done` resolving to the outcome: the `tool_result`, `error` or `input_required`
   * event, `{ timeout: ms }` or `{ cancelled: reason }`. `limitMs`: null for none. */
  call(name, args, limitMs, onProgress) {
    const sent = this.client.callTool(now(), name, args, limitMs, true)
    const req = this.http.request(sent.bytes, this.tools[name] ?? null)
    const abort = new AbortController()
    const done = new Promise((resolve, reject) => {
      let timer = 0
      const end = (outcome) => {
        clearTimeout(timer)
        this.calls.delete(sent.id)
        resolve(outcome)
      }
      const onEvent = (e) => {
        if (e.id !== sent.id) return
        if (e.event === 'progress') onProgress(e)
        else if (e.event === 'tool_result' || e.event === 'error' || e.event === 'input_required') end(e)
      }
      const arm = () => {
        const at = this.client.pollTimeout()
        if (at !== null) timer = setTimeout(expire, Math.max(0, at - now()))
      }
      const expire = () => {
        this.client.handleTimeout(now())
        if (this.client.pollEvent()?.event !== 'timed_out') return arm()
        this.stopStream(req.exchange, abort, this.client.pollTransmit())
        end({ timeout: limitMs })
      }
      this.calls.set(sent.id, { exchange: req.exchange, abort, end })
      arm()
      this.send(req, onEvent, abort).then(
        () => this.calls.has(sent.id) && end({ cancelled: 'the stream ended without a result' }),
        (e) => (this.calls.has(sent.id) ? reject(e) : undefined),
      )
    })
    return { id: sent.id, done }
  }

  /** Cancels the call `id` in flight (the Stop button). */
  stop(id, reason) {
    const call = this.calls.get(id)
    if (!call) return
    this.stopStream(call.exchange, call.abort, this.client.cancel(id, reason))
    call.end({ cancelled: reason })
  }

  /** Stops reading a call's response; on 2025-11-25 also POSTs its `notifications/cancelled`
   * (there a closed stream is no cancellation; on 2026-07-28 it is the cancellation). */
  stopStream(exchange, abort, cancelled) {
    abort.abort()
    this.http.close(exchange)
    this.listeners.delete(exchange)
    if (cancelled && this.http.protocolVersion !== '2026-07-28') this.send(this.http.request(cancelled)).catch(() => {})
  }
}
