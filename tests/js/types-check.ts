// Compiled with `tsc --noEmit` against each binding's .d.ts (tsconfig.node.json maps `mcpwire`
// to bindings-node, tsconfig.wasm.json to bindings-wasm/pkg/web). Lines marked with the
// expect-error directive must stay errors: if the types got looser, tsc fails on the unused marker.
import {
  canonicalize,
  classify,
  decode,
  encode,
  errorKinds,
  failureResponse,
  McpwireError,
} from 'mcpwire'
import type {
  CallToolResult,
  Classification,
  ContentBlock,
  ErrorKindInfo,
  ErrorKindName,
  JSONRPCMessage,
  Limits,
  ListToolsResult,
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

void fromBytes, code, wrong
