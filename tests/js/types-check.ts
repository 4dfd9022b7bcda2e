// Compiled with `tsc --noEmit` against each binding's .d.ts (tsconfig.node.json maps `mcpwire`
// to bindings-node, tsconfig.wasm.json to bindings-wasm/pkg/web). Lines marked with the
// expect-error directive must stay errors: if the types got looser, tsc fails on the unused marker.
import {
  Catalog,
  canonicalize,
  checkArguments,
  checkOutput,
  checkTools,
  classify,
  Client,
  decode,
  encode,
  errorKinds,
  failureResponse,
  HttpClient,
  linksToRead,
  McpwireError,
  page,
  renderResult,
  Schema,
  Server,
  validate,
} from 'mcpwire'
import type {
  CallSent,
  CallToolResult,
  Classification,
  ClientIncoming,
  ClientOptions,
  ClientTimerEvent,
  ContentBlock,
  ErrorKindInfo,
  ErrorKindName,
  HostDecision,
  HostFinding,
  HostPolicy,
  HostSelection,
  HostTarget,
  HostToolView,
  HttpEnded,
  HttpReceived,
  HttpRequest,
  HttpResponseKind,
  JSONObject,
  JSONRPCMessage,
  Limits,
  LinkToRead,
  ModelTools,
  ListToolsResult,
  OutputCheck,
  Page,
  ProgressToken,
  ProtocolVersion,
  SchemaOptions,
  SchemaValidationError,
  Sent,
  ServerIncoming,
  SchemaErrorKindName,
  Tool,
} from 'mcpwire'

const limits: Limits = { maxBytes: 1 << 20, maxDepth: 64 }
const message: JSONRPCMessage = decode('{"jsonrpc":"2.0","id":1,"method":"tools/list"}', limits)
const fromBytes: JSONRPCMessage = decode(new TextEncoder().encode('{}'))

if ('method' in message && 'id' in message) {
  const method: string = message.method
  void method
}
if ('result' in message) {
  const result = message.result as ListToolsResult
  const tools: Tool[] = result.tools
  const first: string | undefined = tools[0]?.inputSchema.type
  void first
}

const bytes: Uint8Array = encode({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
const canon: Uint8Array = canonicalize(bytes)
const facts: Classification = classify(canon)
if (!facts.ok && facts.error) {
  const kind: ErrorKindName = facts.error.kind
  const at: number = facts.error.offset
  void kind, at
}

const failure = failureResponse('invalid_tool_arguments', 'city is required', 'req-1', '2025-11-25')
if ('result' in failure) {
  const r: CallToolResult = failure.result
  const block: ContentBlock = r.content[0]
  if (block.type === 'text') {
    const t: string = (block as { text: string }).text
    void t
  }
}

const kinds: ReadonlyArray<Readonly<ErrorKindInfo>> = errorKinds
const code: number | null = kinds[0].code

try {
  decode('[]')
} catch (e) {
  if (e instanceof McpwireError) {
    const k: ErrorKindName | SchemaErrorKindName = e.kind
    const c: number | null = e.code
    const o: number = e.offset
    const asError: Error = e
    void k, c, o, asError
  }
}

// @ts-expect-error: a number is not an input
decode(42)
// @ts-expect-error: limits use camelCase names
decode('{}', { max_depth: 3 })
// @ts-expect-error: not an ErrorKind name
failureResponse('no_such_kind', 'x')
// @ts-expect-error: not a protocol version mcpwire speaks
failureResponse('internal_error', 'x', 1, '2024-11-05')
// @ts-expect-error: errorKinds is read-only
errorKinds.push({ name: 'internal_error', code: -32603 })
// @ts-expect-error: kind is an ErrorKind name, not any string
const wrong: 'not_a_kind' = (null as unknown as McpwireError).kind

// ---- protocol state ----------------------------------------------------------------------

const clientOptions: ClientOptions = { version: '2025-11-25', clientInfo: { name: 'h', version: '1' }, defaultTimeout: 1000 }
const client = new Client(clientOptions)
const hello: Sent = client.start(0)
const helloId: number = hello.id
const server = new Server({ versions: ['2025-11-25', '2026-07-28'], serverInfo: { name: 's', version: '1' }, capabilities: { tools: {} } })
const asked: ServerIncoming = server.handleInput(hello.bytes, 0)
const reply: Uint8Array | null = server.pollTransmit()
if (reply) {
  const ev: ClientIncoming = client.handleInput(reply, 0)
  if (ev.event === 'ready') {
    const v: ProtocolVersion = ev.version
    const listChanged: boolean | undefined = ev.tools?.listChanged
    void v, listChanged
  } else if (ev.event === 'tool_result') {
    const r: CallToolResult = ev.result
    const cls: 'success' | 'tool_error' = ev.class
    void r, cls
  } else if (ev.event === 'progress') {
    const p: number = ev.progress
    const t: number | null = ev.total
    void p, t
  } else if (ev.event === 'tools_page') {
    const tools: Tool[] = ev.result.tools
    void tools
  }
}
const called: CallSent = client.callTool(1, 'echo', { q: 1 }, 500, true)
const token: ProgressToken | null = called.token
const cancelled: Uint8Array | null = client.cancel(called.id, 'stop')
const nextTimeout: number | null = client.pollTimeout()
client.handleTimeout(nextTimeout ?? 0)
const timer: ClientTimerEvent | null = client.pollEvent()
const flags: [number, boolean, boolean] = [client.inFlight, client.catalogStale, client.isReady]
if (asked.event === 'call_tool') {
  const done: Uint8Array | null = server.respondTool(asked.id, { content: [{ type: 'text', text: 'x' }] })
  const failed: Uint8Array | null = server.respondFailure(asked.id, 'tool_execution_failed', 'boom')
  const note: Uint8Array = server.notifyProgress(asked.id, 1, 2, 'half')
  void done, failed, note
}
const onePage: Page = page(new Uint8Array(16), 150, 40, null, 1)
const nextCursor: string | null = onePage.nextCursor

// ---- JSON Schema --------------------------------------------------------------------------

const schemaOptions: SchemaOptions = { assertFormats: true, maxErrors: 5, resources: { 'https://e.com/a.json': { type: 'string' } } }
const errors: SchemaValidationError[] = validate({ type: 'string' }, '"x"', schemaOptions)
const firstPath: string | undefined = errors[0]?.instancePath
const compiled = new Schema('{"type":"object"}', { maxErrors: 5 })
const fits: boolean = compiled.isValid({})
const draft: string = compiled.draft
const toolError: CallToolResult | null = checkArguments({ type: 'object' }, 't', { a: 1 })
const outputCheck: OutputCheck = checkOutput({ type: 'object' }, { content: [], structuredContent: {} })

// @ts-expect-error: a client speaks a version mcpwire knows
new Client({ version: '2024-11-05', clientInfo: { name: 'h', version: '1' } })
// @ts-expect-error: now is a number of milliseconds
client.listTools('0')
// @ts-expect-error: inFlight is read-only
client.inFlight = 3
// @ts-expect-error: the outcomes are a closed set
const wrongOutcome: OutputCheck['outcome'] = 'ok'
// @ts-expect-error: a server needs capabilities
new Server({ versions: ['2025-11-25'], serverInfo: { name: 's', version: '1' } })

void fromBytes, code, wrong, helloId, token, cancelled, timer, flags, nextCursor
void firstPath, fits, draft, toolError, outputCheck, wrongOutcome

// ---- host kit -----------------------------------------------------------------------------

const catalog = new Catalog()
catalog.add('shop', { tools: [{ name: 'lookup_order', inputSchema: { type: 'object' } }] })
catalog.add('shop', new TextEncoder().encode('{"tools":[]}'))
const hostPolicy: HostPolicy = { deny: ['*/delete_*'], max_tools: 20, ask: 'destructive', predicate: (t: HostToolView) => t.annotations?.readOnlyHint }
const findings: HostFinding[] = catalog.inspect()
const selection: HostSelection = catalog.select(hostPolicy)
const model: ModelTools = catalog.toModel('anthropic', true, hostPolicy)
const decision: HostDecision = catalog.decide('lookup_order', '{"order_id":"A-1"}', 'anthropic', null, true)
const verdict: 'run' | 'ask' | 'send_back' | 'reject' = decision.decision
const rendered: JSONObject = renderResult('gemini', { timeout: 30000 }, 'call_1', 'lookup_order', 2000, ['<data>', '</data>'])
const links: LinkToRead[] = linksToRead('openai-responses', { content: [] })
const violations: string[] = checkTools('openai-chat', model.tools, true)
const target: HostTarget = 'gemini-json-schema'
const toolCount: number = catalog.length
// @ts-expect-error: the targets are a closed set
catalog.toModel('claude')
// @ts-expect-error: ask is a closed set
const wrongAsk: HostPolicy = { ask: 'sometimes' }

void findings, selection, verdict, rendered, links, violations, target, toolCount, wrongAsk

// ---- HttpClient ---------------------------------------------------------------------------

const wire = new HttpClient('2025-11-25', { maxMessage: 1 << 20 })
const posted: HttpRequest = wire.request(new TextEncoder().encode('{}'), null)
const verb: 'POST' | 'GET' | 'DELETE' = posted.method
const wait: number | null = posted.retry
const bodyKind: HttpResponseKind = wire.handleResponse(posted.exchange, 200, [['Content-Type', 'application/json']])
wire.handleResponse(posted.exchange, 200, new Headers())
wire.handleBody(posted.exchange, '{}')
const ended: HttpEnded = wire.handleEnd(posted.exchange)
const received: HttpReceived | null = wire.pollMessage()
const sid: string | null = wire.sessionId
const more: HttpRequest[] = [wire.openStream(), wire.resume(1), wire.endSession()]
const closed: boolean = wire.close(posted.exchange)
// @ts-expect-error: the response kinds are a closed set
const wrongKind: HttpResponseKind = 'ok'
// @ts-expect-error: an exchange is a number
wire.handleEnd('1')

void verb, wait, bodyKind, ended, received, sid, more, closed, wrongKind
