// The host lifecycle end to end in Node (napi binding): a real server of the official
// TypeScript SDK (host-e2e-server.mjs, @modelcontextprotocol/sdk over stdio) run as a
// subprocess and driven by mcpwire's sans-IO `Client`: listed (both pages), inspected,
// selected, converted for each target, a scripted model's calls decided, the approved ones
// called through `Client`, and the results rendered for the target.
//
// Framing: stdio messages are newline-delimited JSON; this test splits the server's stdout on
// "\n" itself (the transport branch's framer is not on this branch).
import test from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, '..', '..')
const lib = createRequire(import.meta.url)(join(root, 'bindings-node'))
// A guard so a broken server fails the test instead of hanging it (not a timing assertion).
const READ_GUARD_MS = 60000

/** The SDK server as a subprocess, with mcpwire's Client speaking to it over its pipes. */
class StdioServer {
  constructor() {
    this.proc = spawn(process.execPath, [join(here, 'host-e2e-server.mjs')], { stdio: ['pipe', 'pipe', 'pipe'] })
    this.stderr = ''
    this.proc.stderr.on('data', (d) => (this.stderr += d))
    this.buffer = Buffer.alloc(0)
    this.lines = []
    this.waiting = null
    this.proc.stdout.on('data', (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk])
      let at
      while ((at = this.buffer.indexOf(0x0a)) >= 0) {
        this.lines.push(this.buffer.subarray(0, at))
        this.buffer = this.buffer.subarray(at + 1)
      }
      this.wake?.()
    })
    this.proc.on('exit', () => this.wake?.())
    this.now = 0
    this.client = new lib.Client({ version: '2025-11-25', clientInfo: { name: 'mcpwire-e2e', version: '0' } })
  }

  send(bytes) {
    this.proc.stdin.write(Buffer.concat([bytes, Buffer.from('\n')]))
  }

  /** Sends what the client queued (notifications/initialized, further list pages). */
  flush() {
    for (let out; (out = this.client.pollTransmit()) !== null; ) this.send(out)
  }

  async line() {
    while (this.lines.length === 0) {
      if (this.proc.exitCode !== null) throw new Error(`server exited; stderr:\n${this.stderr}`)
      await new Promise((resolve, reject) => {
        const guard = setTimeout(() => reject(new Error(`server gave no answer; stderr:\n${this.stderr}`)), READ_GUARD_MS)
        this.wake = () => {
          clearTimeout(guard)
          this.wake = null
          resolve()
        }
      })
    }
    return this.lines.shift()
  }

  /** The next message from the server, as the client's event, and its raw bytes. */
  async event() {
    const raw = await this.line()
    return { ev: this.client.handleInput(raw, ++this.now), raw }
  }

  async handshake() {
    this.send(this.client.start(this.now).bytes)
    const { ev } = await this.event()
    assert.equal(ev.event, 'ready', JSON.stringify(ev))
    this.flush()
  }

  /** Every page of tools/list. */
  async listAll() {
    this.send(this.client.listTools(this.now).bytes)
    const pages = []
    for (;;) {
      const { ev } = await this.event()
      assert.equal(ev.event, 'tools_page', JSON.stringify(ev))
      pages.push(ev.result)
      if (ev.stop !== null) {
        assert.equal(ev.stop, 'complete')
        return pages
      }
      this.flush()
    }
  }

  /** tools/call through the Client: the event and the raw response message. */
  async call(tool, args) {
    const sent = this.client.callTool(this.now, tool, args, 30000)
    this.send(sent.bytes)
    for (;;) {
      const got = await this.event()
      if (got.ev.id === sent.id) return got
    }
  }

  async close() {
    this.proc.stdin.end()
    if (this.proc.exitCode === null) {
      const exited = new Promise((r) => this.proc.once('exit', r))
      const guard = setTimeout(() => this.proc.kill(), 10000)
      await exited
      clearTimeout(guard)
    }
  }
}

const TARGETS = [
  ['openai-chat', false],
  ['openai-chat', true],
  ['openai-responses', true],
  ['anthropic', false],
  ['gemini', false],
  ['gemini-json-schema', false],
]

const declarations = (target, out) => (target.startsWith('gemini') ? out.tools[0].functionDeclarations : out.tools)

function declaration(target, out, shown) {
  const d = declarations(target, out)
    .map((x) => (target === 'openai-chat' ? x.function : x))
    .find((x) => x.name === shown)
  assert.ok(d, `${shown} in the ${target} tool list`)
  return d
}

/** What a model sends: under strict mode every property, absent optional ones as null; OpenAI
 * sends the arguments as JSON text. */
function modelCall(target, out, shown, args) {
  const decl = declaration(target, out, shown)
  const sent = { ...args }
  if (decl.strict === true) for (const p of Object.keys(decl.parameters.properties)) if (!(p in sent)) sent[p] = null
  return target.startsWith('openai') ? JSON.stringify(sent) : sent
}

function shownName(out, tool) {
  const names = Object.entries(out.names).filter(([, ref]) => ref.server === 'shop' && ref.tool === tool)
  assert.equal(names.length, 1, `${tool} in ${JSON.stringify(out.names)}`)
  return names[0][0]
}

/** Every text of a rendered result, joined. */
function renderedText(target, r) {
  if (target === 'openai-chat') return r.content
  if (target === 'openai-responses') return typeof r.output === 'string' ? r.output : r.output.map((p) => p.text ?? '').join('\n')
  if (target === 'anthropic') return r.content.map((b) => b.text ?? '').join('\n')
  return JSON.stringify(r.functionResponse.response)
}

/** Whether the rendered result is an error result, in the target's own way. */
function isErrorResult(target, r) {
  if (target.startsWith('openai')) return renderedText(target, r).startsWith('[tool error]')
  if (target === 'anthropic') return r.is_error === true
  return 'error' in r.functionResponse.response
}

function checkShape(target, r, callId, shown) {
  if (target === 'openai-chat') assert.deepEqual([r.role, r.tool_call_id, typeof r.content], ['tool', callId, 'string'])
  else if (target === 'openai-responses') assert.deepEqual([r.type, r.call_id], ['function_call_output', callId])
  else if (target === 'anthropic') assert.deepEqual([r.type, r.tool_use_id], ['tool_result', callId])
  else assert.deepEqual([r.functionResponse.name, r.functionResponse.id], [shown, callId])
}

// The scripted model: (MCP name, arguments, the decision), sent under each target's shown name.
const SCRIPT = [
  ['lookup_order', { order_id: 'A-1002' }, 'run'],
  ['create_ticket', { summary: 'Lamp broken', priority: 'high' }, 'ask'],
  ['create_ticket', { summary: 'Lamp broken' }, 'send_back'],
  ['get_chart', {}, 'run'],
  ['orders.search', { query: 'lamp' }, 'run'],
  ['lookup_order', { order_id: 'A-404' }, 'run'],
]

test('host e2e: the lifecycle against an @modelcontextprotocol/sdk server over stdio', async () => {
  const server = new StdioServer()
  try {
    await server.handshake()
    const pages = await server.listAll()
    assert.equal(pages.length, 2)
    const catalog = new lib.Catalog()
    for (const page of pages) catalog.add('shop', page)
    assert.equal(catalog.length, 4)

    const findings = catalog.inspect()
    assert.ok(findings.some((f) => f.tool === 'orders.search' && f.severity !== 'info'), JSON.stringify(findings))
    assert.ok(findings.some((f) => f.code === 'hints' && f.tool === 'lookup_order'))

    const selection = catalog.select()
    assert.deepEqual(selection.shown.map((s) => s.tool), ['lookup_order', 'create_ticket', 'get_chart', 'orders.search'])
    assert.deepEqual(selection.hidden, [])
    assert.deepEqual(catalog.select({ read_only: true }).hidden.map((h) => h.tool), ['create_ticket'])

    let calls = 0
    for (const [target, strict] of TARGETS) {
      const out = catalog.toModel(target, strict)
      assert.deepEqual(lib.checkTools(target, out.tools, strict), [], target)
      assert.equal(declarations(target, out).length, 4)
      if (target.startsWith('openai') || target === 'anthropic') assert.notEqual(shownName(out, 'orders.search'), 'orders.search')
      for (const [n, [tool, args, want]] of SCRIPT.entries()) {
        const shown = shownName(out, tool)
        const d = catalog.decide(shown, modelCall(target, out, shown, args), target, null, strict)
        const what = `${target}${strict ? ' strict' : ''} ${tool} ${JSON.stringify(d)}`
        assert.equal(d.decision, want, what)
        if (want === 'send_back') {
          assert.ok(d.message.includes('priority'), what)
          continue
        }
        assert.deepEqual([d.server, d.tool, d.arguments], ['shop', tool, args], what)
        if (want === 'ask') assert.equal(d.prompt.split('\n')[0], 'create_ticket {"summary":"Lamp broken","priority":"high"}')
        // the scripted user approves what was asked
        const { ev, raw } = await server.call(d.tool, d.arguments)
        calls++
        assert.equal(ev.event, 'tool_result', JSON.stringify(ev))
        const callId = `call_${n}`
        const r = lib.renderResult(target, raw, callId, shown)
        assert.deepEqual(r, lib.renderResult(target, ev.result, callId, shown))
        checkShape(target, r, callId, shown)
        const text = renderedText(target, r)
        if (args.order_id === 'A-1002') assert.ok(text.includes('shipped'), text)
        if (tool === 'create_ticket') assert.ok(text.includes('T-1'), text)
        if (tool === 'orders.search') assert.ok(JSON.stringify(r).includes('file:///orders/A-1002.json'))
        assert.equal(isErrorResult(target, r), args.order_id === 'A-404', what)
        if (tool === 'get_chart') {
          if (target === 'openai-chat') assert.ok(r.content.includes('left out'))
          else if (target === 'openai-responses') assert.deepEqual(r.output.map((p) => p.type), ['input_text', 'input_image'])
          else if (target === 'anthropic') assert.deepEqual(r.content.map((b) => b.type), ['text', 'image'])
          else assert.equal(r.functionResponse.parts[0].inlineData.mimeType, 'image/png')
        }
      }
      const reject = catalog.decide('refund_all', target.startsWith('openai') ? '{}' : {}, target, null, strict)
      assert.equal(reject.decision, 'reject')
      assert.ok(reject.message.includes('no such tool'))
      // a protocol error from the server (a call no decision would make) renders as an error result
      const { ev, raw } = await server.call('no_such_tool', {})
      assert.equal(ev.event, 'error', JSON.stringify(ev))
      assert.ok(isErrorResult(target, lib.renderResult(target, raw, 'call_e', 'no_such_tool')), target)
    }
    assert.equal(calls, 5 * TARGETS.length)
  } finally {
    await server.close()
  }
})
