// THIN ADAPTER, to be replaced by the WASM binding's Streamable HTTP client (branch
// http-client): one POST per message with mcpwire's request headers (clientRequestHeaders),
// the answer (202, JSON or an SSE stream read with mcpwire's SseDecoder) fed to mcpwire's
// Client, whose events are passed on. Time limits come from the Client (pollTimeout).
const now = () => Math.floor(performance.now())

export class Connection {
  /** `lib`: the WASM package; `url`: the MCP endpoint; `version`: the wire. */
  constructor(lib, url, version) {
    Object.assign(this, { lib, url, version, sessionId: null, tools: {} })
    this.client = new lib.Client({ version, clientInfo: { name: 'mcpwire-browser-host', version: '0.1.0' } })
    this.calls = new Map() // request id -> { abort, onEvent }
  }

  /** POSTs one message; `onEvent` gets each Client event of the answer. */
  async post(bytes, onEvent = () => {}, abort = new AbortController()) {
    const m = this.lib.decode(bytes)
    const tool = m.method === 'tools/call' ? this.tools[m.params.name] ?? null : null
    const headers = this.lib.clientRequestHeaders(m, this.version, tool, this.sessionId)
    const res = await fetch(this.url, { method: 'POST', headers, body: bytes, signal: abort.signal })
    this.sessionId = res.headers.get('mcp-session-id') ?? this.sessionId
    const kind = res.headers.get('content-type') ?? ''
    if (res.status === 202) return
    if (kind.startsWith('application/json')) {
      onEvent(this.client.handleInput(new Uint8Array(await res.arrayBuffer()), now()))
    } else if (kind.startsWith('text/event-stream')) {
      const decoder = new this.lib.SseDecoder()
      const reader = res.body.getReader()
      try {
        for (let r; !(r = await reader.read()).done; ) {
          for (const item of decoder.feed(r.value)) {
            if (item.kind === 'event' && item.data !== '') onEvent(this.client.handleInput(item.data, now()))
          }
        }
      } catch (e) {
        if (!abort.signal.aborted) throw e
      }
    } else {
      throw new Error(`HTTP ${res.status} ${kind}: ${await res.text()}`)
    }
  }

  /** Sends what the Client has queued (notifications/initialized, a cancellation, a next page). */
  async flush(onEvent) {
    for (let out; (out = this.client.pollTransmit()) !== null; ) await this.post(out, onEvent)
  }

  /** The handshake, then every page of tools/list; resolves to the pages' results. */
  async open() {
    let ready = null
    await this.post(this.client.start(now()).bytes, (e) => (ready = e))
    if (ready?.event !== 'ready') throw new Error(`handshake: ${JSON.stringify(ready)}`)
    await this.flush()
    const pages = []
    const onPage = (e) => {
      if (e.event !== 'tools_page') throw new Error(`tools/list: ${JSON.stringify(e)}`)
      pages.push(e.result)
      for (const t of this.lib.httpToolCatalog(e.result.tools).tools) this.tools[t.name] = t
    }
    await this.post(this.client.listTools(now()).bytes, onPage)
    await this.flush(onPage)
    return pages
  }

  /** Calls a tool with a progress token and a time limit; `onProgress(event)`. Returns `{ id,
   * done }`, `done` resolving to the outcome: the `tool_result` or `error` event, `{ timeout:
   * ms }` or `{ cancelled: reason }`. */
  call(name, args, limitMs, onProgress) {
    const sent = this.client.callTool(now(), name, args, limitMs, true)
    const abort = new AbortController()
    const done = new Promise((resolve, reject) => {
      const end = (outcome) => {
        clearTimeout(timer)
        this.calls.delete(sent.id)
        resolve(outcome)
      }
      const onEvent = (e) => {
        if (e.id !== sent.id) return
        if (e.event === 'progress') onProgress(e)
        else if (e.event === 'tool_result' || e.event === 'error') end(e)
      }
      let timer = 0
      const arm = () => {
        const at = this.client.pollTimeout()
        if (at !== null) timer = setTimeout(expire, Math.max(0, at - now()))
      }
      const expire = () => {
        this.client.handleTimeout(now())
        const e = this.client.pollEvent()
        if (e?.event !== 'timed_out') return arm()
        this.stopStream(sent.id, abort, this.client.pollTransmit())
        end({ timeout: limitMs })
      }
      this.calls.set(sent.id, { abort, end })
      arm()
      this.post(sent.bytes, onEvent, abort).then(
        () => this.calls.has(sent.id) && end({ cancelled: 'the server closed the stream without a result' }),
        (e) => (this.calls.has(sent.id) ? reject(e) : undefined),
      )
    })
    return { id: sent.id, done }
  }

  /** Cancels the call `id` in flight (the Stop button). */
  stop(id, reason) {
    const call = this.calls.get(id)
    if (!call) return
    this.stopStream(id, call.abort, this.client.cancel(id, reason))
    call.end({ cancelled: reason })
  }

  /** Closes the call's stream; on 2025-11-25 the cancellation is also POSTed (there, closing a
   * stream is not a cancellation; on 2026-07-28 it is, and nothing else is sent). */
  stopStream(id, abort, cancelled) {
    abort.abort()
    if (cancelled && this.version !== '2026-07-28') this.post(cancelled).catch(() => {})
  }
}
