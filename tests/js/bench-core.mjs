// Benchmark core shared by the Node benchmark (bindings-node/bench.mjs) and the WASM page in
// Chromium (bindings-wasm/browser/bench.html): decode with mcpwire vs JSON.parse vs
// JSON.parse + the MCP SDK's zod schemas, on the same messages. Not a test.

/** The messages: small, typical and large tool traffic (issue 8's classes: a tools/call
 * request, a progress notification, a tools/list result, CallToolResults with text blocks,
 * with a 1 MB image, and with structuredContent). */
export function benchMessages() {
  const tool = (i) => ({
    name: `tool_${i}`,
    title: `Tool ${i}`,
    description: 'Looks something up and returns a table of results for the model to read.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'what to look for' },
        limit: { type: 'integer', minimum: 1, maximum: 100 },
        filters: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] } },
      },
      required: ['query'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  })
  const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}`, score: i * 0.75, tags: ['x', 'y'], ok: i % 2 === 0 }))
  const msgs = {
    'tools/call request (small)': {
      jsonrpc: '2.0',
      id: 42,
      method: 'tools/call',
      params: { name: 'get_weather', arguments: { city: 'Oslo', units: 'metric' }, _meta: { progressToken: 'p-42' } },
    },
    'progress notification': {
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 'p-42', progress: 0.5, total: 1, message: 'halfway' },
    },
    'tools/list result (20 tools)': { jsonrpc: '2.0', id: 1, result: { tools: Array.from({ length: 20 }, (_, i) => tool(i)), nextCursor: 'cGFnZTI=' } },
    'tools/call result (5 text blocks, escapes and unicode)': {
      jsonrpc: '2.0',
      id: 44,
      result: {
        content: Array.from({ length: 5 }, (_, i) => ({
          type: 'text',
          text: `Block ${i}: "quoted" \\ back\tslash, ünïcödé ✓ 日本語 — `.repeat(12),
        })),
      },
    },
    'tools/call result (1 MB image)': {
      jsonrpc: '2.0',
      id: 45,
      result: { content: [{ type: 'image', data: 'iVBORw0KGgoAAAANSUhEUgAA'.repeat(43691), mimeType: 'image/png' }] },
    },
    'tools/call result (text + 200-row structuredContent)': {
      jsonrpc: '2.0',
      id: 43,
      result: {
        content: [{ type: 'text', text: 'Results:\n' + rows.map((r) => `${r.id}\t${r.name}\t${r.score}`).join('\n') }],
        structuredContent: { rows },
        isError: false,
      },
    },
  }
  return Object.entries(msgs).map(([name, m]) => ({ name, text: JSON.stringify(m), message: m }))
}

/** The SDK schemas an SDK user would run on each message. */
export function sdkCheck(T, name) {
  if (name.startsWith('tools/call request')) return (m) => T.CallToolRequestSchema.parse(T.JSONRPCMessageSchema.parse(m))
  if (name.startsWith('progress')) return (m) => T.ProgressNotificationSchema.parse(T.JSONRPCMessageSchema.parse(m))
  if (name.startsWith('tools/list result')) return (m) => T.ListToolsResultSchema.parse(T.JSONRPCMessageSchema.parse(m).result)
  return (m) => T.CallToolResultSchema.parse(T.JSONRPCMessageSchema.parse(m).result)
}

/** Best of three rounds of `once` (noise on a shared machine only ever adds time). */
export function measure(fn, now, ms = 400) {
  return Math.min(once(fn, now, ms / 3), once(fn, now, ms / 3), once(fn, now, ms / 3))
}

/** Runs fn repeatedly for about `ms` milliseconds; returns microseconds per call. */
function once(fn, now, ms) {
  for (let i = 0; i < 50; i++) fn()
  let n = 0
  const start = now()
  let t = start
  let batch = 16
  while (t - start < ms) {
    for (let i = 0; i < batch; i++) fn()
    n += batch
    batch = Math.min(batch * 2, 4096)
    t = now()
  }
  return ((t - start) * 1000) / n
}

/** One short round of the A/B and check pages: `fn` run for about `ms` milliseconds, after a
 * few warm-up calls, in doubling batches between clock reads; microseconds per call. */
export function shortRound(fn, ms) {
  for (let i = 0; i < 20; i++) fn()
  let n = 0
  let batch = 8
  const start = performance.now()
  let t = start
  while (t - start < ms) {
    for (let i = 0; i < batch; i++) fn()
    n += batch
    batch = Math.min(batch * 2, 1024)
    t = performance.now()
  }
  return ((t - start) * 1000) / n
}

// The page's default input forms: one encoder and one decoder, as a host keeps them.
const encoder = new TextEncoder()
const decoder = new TextDecoder()

/** One row per message: µs per call for each contender. `bytesOf(text)` makes the input a
 * host reads (Node: a Buffer), `textOf(bytes)` the string it would hand JSON.parse
 * (`buf.toString()`, `TextDecoder`): issue 5 and 6 compare decode(bytes) with
 * `JSON.parse(textOf(bytes))`, "JSON.parse of the same bytes", and decode(string) with
 * JSON.parse of the string. */
export function runBench({ lib, T, now, ms, bytesOf = (t) => encoder.encode(t), textOf = (b) => decoder.decode(b) }) {
  const rows = []
  for (const { name, text } of benchMessages()) {
    const bytes = bytesOf(text)
    const check = sdkCheck(T, name)
    // sanity: all contenders accept the message
    lib.decode(text)
    check(JSON.parse(textOf(bytes)))
    const row = {
      message: name,
      bytes: bytes.length,
      'JSON.parse': measure(() => JSON.parse(text), now, ms),
      'JSON.parse + SDK zod': measure(() => check(JSON.parse(text)), now, ms),
      'JSON.parse(bytes)': measure(() => JSON.parse(textOf(bytes)), now, ms),
      'JSON.parse(bytes) + SDK zod': measure(() => check(JSON.parse(textOf(bytes))), now, ms),
      'mcpwire decode(string)': measure(() => lib.decode(text), now, ms),
      'mcpwire decode(bytes)': measure(() => lib.decode(bytes), now, ms),
      'mcpwire canonicalize': measure(() => lib.canonicalize(text), now, ms),
      'mcpwire encode(object)': measure(() => lib.encode(JSON.parse(text)), now, ms) - measure(() => JSON.parse(text), now, ms),
    }
    rows.push(row)
  }
  return rows
}

/** What each decode row is compared with: JSON.parse of the same input, without and with zod. */
const BASELINES = {
  'mcpwire decode(string)': ['JSON.parse', 'JSON.parse + SDK zod'],
  'mcpwire decode(bytes)': ['JSON.parse(bytes)', 'JSON.parse(bytes) + SDK zod'],
}

/** A plain-text table of the rows (µs per call; lower is better), each decode also as how many
 * times faster than JSON.parse of the same input, without and with zod. `targets`
 * (`{ zod, parse }`, the factors for decode(bytes)) adds a line per message saying
 * whether they are met. */
export function formatRows(title, rows, targets) {
  const cols = Object.keys(rows[0]).filter((k) => k !== 'message' && k !== 'bytes')
  const lines = [`${title} (µs per call, lower is better; ×: times as fast as JSON.parse of the same input)`]
  for (const r of rows) {
    lines.push(`  ${r.message} [${r.bytes} B]`)
    for (const c of cols) {
      const mbs = (r.bytes / r[c]).toFixed(0)
      let line = `    ${c.padEnd(28)} ${r[c].toFixed(2).padStart(9)} µs  ${mbs.padStart(5)} MB/s`
      if (BASELINES[c]) {
        const [parse, zod] = BASELINES[c].map((b) => r[b] / r[c])
        line += `  ${parse.toFixed(2)}× JSON.parse  ${zod.toFixed(2)}× JSON.parse + zod`
      }
      lines.push(line)
    }
    if (targets) {
      const [parse, zod] = BASELINES['mcpwire decode(bytes)'].map((b) => r[b] / r['mcpwire decode(bytes)'])
      const met = zod >= targets.zod && parse >= targets.parse
      lines.push(`    targets (decode(bytes) ≥ ${targets.zod}× JSON.parse + zod, ≥ ${targets.parse}× JSON.parse): ${met ? 'met' : 'NOT met'}`)
    }
  }
  return lines.join('\n')
}
