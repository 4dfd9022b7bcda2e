// Shapes of the data mcpwire's JS bindings take and return (Node and WASM share this file:
// bindings-wasm/build.sh copies it into pkg/). These are data, not API: the functions are
// declared in index.d.ts, which napi generates from the Rust side.
//
// Fields cover protocol versions 2025-06-18, 2025-11-25 and 2026-07-28; a field that exists
// only in some versions is optional here. Open sets (content block types, result types,
// `_meta` keys) stay open: unknown members are allowed by index signatures or `string`.

/** Protocol versions mcpwire speaks. */
export type ProtocolVersion = '2025-06-18' | '2025-11-25' | '2026-07-28'

/** A JSON value as `JSON.parse` returns it. */
export type JSONValue = null | boolean | number | string | JSONValue[] | { [key: string]: JSONValue }
export type JSONObject = { [key: string]: JSONValue }

/** A JSON-RPC request id: a string or an integer (null and fractions are refused). */
export type RequestId = string | number
export type ProgressToken = string | number

/** `_meta`: free-form, with reserved `io.modelcontextprotocol/*` keys (2026-07-28). */
export interface Meta {
  progressToken?: ProgressToken
  'io.modelcontextprotocol/protocolVersion'?: ProtocolVersion | string
  'io.modelcontextprotocol/clientInfo'?: Implementation
  'io.modelcontextprotocol/clientCapabilities'?: JSONObject
  'io.modelcontextprotocol/serverInfo'?: Implementation
  'io.modelcontextprotocol/subscriptionId'?: string
  [key: string]: unknown
}

export interface Implementation {
  name: string
  version: string
  title?: string
  [key: string]: unknown
}

// ---- JSON-RPC envelope --------------------------------------------------------------------

export interface JSONRPCRequest<M extends string = string, P = JSONObject> {
  jsonrpc: '2.0'
  id: RequestId
  method: M
  params?: P
}

export interface JSONRPCNotification<M extends string = string, P = JSONObject> {
  jsonrpc: '2.0'
  method: M
  params?: P
}

export interface JSONRPCResultResponse<R = Result> {
  jsonrpc: '2.0'
  id: RequestId
  result: R
}

export interface JSONRPCErrorObject {
  code: number
  message: string
  data?: JSONValue
}

export interface JSONRPCErrorResponse {
  jsonrpc: '2.0'
  /** Absent when the request id could not be read (2025-11-25 and later). */
  id?: RequestId
  error: JSONRPCErrorObject
}

/** Any message `decode` accepts. Narrow with `'method' in m`, `'id' in m`, `'error' in m`. */
export type JSONRPCMessage =
  | JSONRPCRequest
  | JSONRPCNotification
  | JSONRPCResultResponse
  | JSONRPCErrorResponse

/** A result object: `resultType` is required from 2026-07-28 on. */
export interface Result {
  _meta?: Meta
  resultType?: 'complete' | 'input_required' | string
  [key: string]: unknown
}

// ---- tools --------------------------------------------------------------------------------

export interface ToolAnnotations {
  title?: string
  readOnlyHint?: boolean
  destructiveHint?: boolean
  idempotentHint?: boolean
  openWorldHint?: boolean
  [key: string]: unknown
}

export interface Icon {
  src: string
  mimeType?: string
  sizes?: string[]
  theme?: 'light' | 'dark' | string
  [key: string]: unknown
}

export interface Tool {
  name: string
  title?: string
  description?: string
  /** A JSON Schema whose root has `type: "object"`. */
  inputSchema: { type: 'object'; [key: string]: JSONValue }
  outputSchema?: JSONObject
  annotations?: ToolAnnotations
  icons?: Icon[]
  /** 2025-11-25 only (moved to the tasks extension in 2026-07-28). */
  execution?: { taskSupport?: string; [key: string]: unknown }
  _meta?: Meta
  [key: string]: unknown
}

export interface ListToolsResult extends Result {
  tools: Tool[]
  nextCursor?: string
  /** 2026-07-28 */
  ttlMs?: number
  /** 2026-07-28 */
  cacheScope?: string
}

export interface CallToolRequestParams {
  name: string
  arguments?: JSONObject
  _meta?: Meta
  /** 2025-11-25 (tasks) */
  task?: { ttl?: number; [key: string]: unknown }
  /** 2026-07-28: the retry of a call answered with an `InputRequiredResult`. */
  inputResponses?: InputResponses
  /** 2026-07-28: echoed from the `InputRequiredResult`. */
  requestState?: string
  [key: string]: unknown
}

export interface CallToolResult extends Result {
  content: ContentBlock[]
  /** An object up to 2025-11-25, any JSON value from 2026-07-28 on. */
  structuredContent?: JSONValue
  isError?: boolean
}

// ---- multi round-trip requests (2026-07-28) ----------------------------------------------

/** A request the server needs the client to fulfil before it can finish a call. */
export type InputRequest =
  | { method: 'elicitation/create'; params: JSONObject }
  | { method: 'sampling/createMessage'; params: JSONObject }
  | { method: 'roots/list'; params?: JSONObject }

/** Input requests by the server's key. */
export type InputRequests = Record<string, InputRequest>

/** The client's result for each input request (an `ElicitResult`, `CreateMessageResult` or
 * `ListRootsResult`), by the key of the request. */
export type InputResponses = Record<string, JSONObject>

/** The server needs more input: fulfil `inputRequests`, then retry the call with
 * `inputResponses` and `requestState` echoed. At least one of the two is present. */
export interface InputRequiredResult extends Result {
  resultType?: 'input_required'
  inputRequests?: InputRequests
  requestState?: string
}

export type ListToolsRequest = JSONRPCRequest<'tools/list', { cursor?: string; _meta?: Meta }>
export type CallToolRequest = JSONRPCRequest<'tools/call', CallToolRequestParams>

// ---- content blocks -----------------------------------------------------------------------

export interface Annotations {
  audience?: Array<'user' | 'assistant' | string>
  priority?: number
  lastModified?: string
  [key: string]: unknown
}

interface ContentBase {
  annotations?: Annotations
  _meta?: Meta
  [key: string]: unknown
}

export interface TextContent extends ContentBase {
  type: 'text'
  text: string
}

export interface ImageContent extends ContentBase {
  type: 'image'
  /** base64 */
  data: string
  mimeType: string
}

export interface AudioContent extends ContentBase {
  type: 'audio'
  /** base64 */
  data: string
  mimeType: string
}

export interface ResourceLink extends ContentBase {
  type: 'resource_link'
  uri: string
  name: string
  title?: string
  description?: string
  mimeType?: string
  size?: number
  icons?: Icon[]
}

export interface TextResourceContents {
  uri: string
  mimeType?: string
  text: string
  _meta?: Meta
  [key: string]: unknown
}

export interface BlobResourceContents {
  uri: string
  mimeType?: string
  /** base64 */
  blob: string
  _meta?: Meta
  [key: string]: unknown
}

export interface EmbeddedResource extends ContentBase {
  type: 'resource'
  resource: TextResourceContents | BlobResourceContents
}

/** A content block type mcpwire does not know: kept as it came (open set). */
export interface UnknownContent extends ContentBase {
  type: string
}

export type ContentBlock =
  | TextContent
  | ImageContent
  | AudioContent
  | ResourceLink
  | EmbeddedResource
  | UnknownContent

// ---- notifications ------------------------------------------------------------------------

export interface ProgressNotificationParams {
  progressToken: ProgressToken
  progress: number
  total?: number
  message?: string
  _meta?: Meta
  [key: string]: unknown
}

export interface CancelledNotificationParams {
  /** Optional in 2025-11-25 only. */
  requestId?: RequestId
  reason?: string
  _meta?: Meta
  [key: string]: unknown
}

export type ProgressNotification = JSONRPCNotification<'notifications/progress', ProgressNotificationParams>
export type CancelledNotification = JSONRPCNotification<'notifications/cancelled', CancelledNotificationParams>
export type ToolListChangedNotification = JSONRPCNotification<'notifications/tools/list_changed', { _meta?: Meta }>

// ---- errors and classification -----------------------------------------------------------

/** The stable ErrorKind names (core's one error table), exposed verbatim. */
export type ErrorKindName =
  | 'invalid_utf8'
  | 'unexpected_end'
  | 'unexpected_byte'
  | 'invalid_escape'
  | 'lone_surrogate'
  | 'control_character'
  | 'invalid_number'
  | 'number_out_of_range'
  | 'trailing_bytes'
  | 'duplicate_key'
  | 'input_too_large'
  | 'too_deep'
  | 'too_many_members'
  | 'too_many_open_keys'
  | 'not_an_object'
  | 'invalid_jsonrpc_version'
  | 'invalid_id'
  | 'invalid_envelope'
  | 'missing_field'
  | 'wrong_type'
  | 'invalid_value'
  | 'unknown_tool'
  | 'invalid_cursor'
  | 'method_not_found'
  | 'internal_error'
  | 'header_mismatch'
  | 'missing_required_client_capability'
  | 'unsupported_protocol_version'
  | 'invalid_tool_arguments'
  | 'tool_execution_failed'
  | 'buffer_too_small'

/** One entry of `errorKinds`: the name and the JSON-RPC code (`null` for tool errors and local faults). */
export interface ErrorKindInfo {
  name: ErrorKindName
  code: number | null
}

/** The fields a thrown `McpwireError` carries (and `Classification.error`, plus `message`). */
export interface McpwireErrorInfo {
  kind: ErrorKindName
  code: number | null
  offset: number
  message: string
}

/** What `classify` returns: the facts `mcpwire check --json` prints for one line, without `line`. */
export interface Classification {
  ok: boolean
  kind: 'request' | 'notification' | 'response' | 'error' | null
  method: string | null
  id: RequestId | null
  /** The typed message it decoded to, e.g. `"CallToolRequest"`, `"ListToolsResult"`. */
  type: string | null
  /** How a response went (`null` for requests and notifications); `"malformed"` when `ok` is false. */
  class: 'success' | 'tool_error' | 'input_required' | 'protocol_error' | 'malformed' | null
  /** The JSON-RPC code of an error response. */
  code: number | null
  /** Present when `ok` is false. */
  error?: McpwireErrorInfo
}

/** Names of the reasons a JSON Schema cannot be compiled (core's SchemaErrorKind). */
export type SchemaErrorKindName = 'invalid_json' | 'invalid_keyword' | 'invalid_regex' | 'unresolvable_ref' | 'too_deep'

// ---- protocol state (Client, Server, page) ------------------------------------------------

/** How a `Client` is set up. Times are milliseconds on the caller's clock. */
export interface ClientOptions {
  /** The protocol version to speak. */
  version: ProtocolVersion
  /** The client's `Implementation`, e.g. `{ name: 'host', version: '1.0' }`. */
  clientInfo: Implementation
  /** The client's capabilities (default `{}`). */
  capabilities?: JSONObject
  /** Time limit of requests that do not set their own. */
  defaultTimeout?: number
  /** Limit that progress never extends. */
  maxTimeout?: number
  /** Restart a request's time limit when its progress arrives. */
  resetTimeoutOnProgress?: boolean
  /** Most `tools/list` pages one listing fetches (default 100). */
  maxPages?: number
}

/** How a `Server` is set up. */
export interface ServerOptions {
  /** Versions served, in preference order. */
  versions: ProtocolVersion[]
  /** The server's `Implementation`. */
  serverInfo: Implementation
  /** The server's capabilities; `tools` in it opens the tools methods. */
  capabilities: JSONObject
}

/** A request the client sent: its id and the bytes to put on the wire. */
export interface Sent<B extends Uint8Array = Uint8Array> {
  id: number
  bytes: B
}

/** A `tools/call` the client sent; `token` is the progress token used (`null`: none). */
export interface CallSent<B extends Uint8Array = Uint8Array> extends Sent<B> {
  token: ProgressToken | null
}

/** Why a listing ended: `null` in `tools_page` while the next page request is queued. */
export type PagerStop = 'complete' | 'repeated_cursor' | 'page_cap' | 'failed'

/** Messages that belong to nothing in flight (reported, not passed on). */
export type LateReason =
  | 'unknown_response'
  | 'duplicate_response'
  | 'response_after_cancel'
  | 'progress_unknown_token'
  | 'progress_after_finish'
  | 'progress_not_increasing'

/** What one message from the server meant (`Client.handleInput`). */
export type ClientIncoming =
  | { event: 'ready'; version: ProtocolVersion; tools: { listChanged: boolean } | null }
  | { event: 'handshake_failed' }
  /** The server refused the version and named one this client speaks: the handshake is
   * queued again at `version` for `pollTransmit`. */
  | { event: 'version_retry'; id: number; version: ProtocolVersion }
  | { event: 'tools_page'; id: number; result: ListToolsResult; stop: PagerStop | null }
  | { event: 'tool_result'; id: number; class: 'success' | 'tool_error'; result: CallToolResult }
  | { event: 'input_required'; id: number; result: InputRequiredResult }
  | { event: 'error'; id: number; method: string; error: JSONRPCErrorObject }
  | { event: 'progress'; id: number; progress: number; total: number | null; message: string | null }
  | { event: 'tool_list_changed' }
  | { event: 'late'; reason: LateReason }
  | { event: 'other'; message: JSONRPCMessage }

/** A timer event (`Client.pollEvent`): the request hit its time limit; a cancellation is queued. */
export interface ClientTimerEvent {
  event: 'timed_out'
  id: number
  method: string
}

/** A `tools/call` for the application (`Server.handleInput`, `HttpEndpoint.handle`). */
export interface CallToolEvent {
  id: RequestId
  name: string
  arguments: JSONObject | null
  progressToken: ProgressToken | null
  /** 2026-07-28: what the client declared for this request. */
  clientCapabilities: JSONObject | null
  /** 2026-07-28: the retry of a call answered with an `InputRequiredResult`. */
  inputResponses: InputResponses | null
  /** 2026-07-28: the `requestState` echoed by that retry. */
  requestState: string | null
}

/** What one message from the client asks of the server (`Server.handleInput`). */
export type ServerIncoming =
  | { event: 'list_tools'; id: RequestId; cursor: string | null }
  | ({ event: 'call_tool' } & CallToolEvent)
  | { event: 'cancelled'; id: RequestId | null; known: boolean }
  | { event: 'refused'; id: RequestId | null; kind: ErrorKindName; code: number | null }
  | { event: 'handshake' }
  | { event: 'other'; message: JSONRPCMessage }

/** One page of a catalog (`page()`): items `start` up to (not including) `end`. */
export interface Page {
  start: number
  end: number
  /** The cursor of the next page; `null` on the last page. */
  nextCursor: string | null
}

// ---- transports (stdio framing, SSE, Streamable HTTP) -----------------------------------

/** A stdio line (`LineFramer.feed`): without its LF / CRLF, never blank. */
export interface LineFrame<B extends Uint8Array = Uint8Array> {
  kind: 'line'
  line: B
}

/** A line (or SSE event) over the limit, skipped without being buffered: report it as
 * `input_too_large`. */
export interface TooLong {
  kind: 'too_long'
  len: number
}

/** An SSE event (`SseDecoder.feed`). */
export interface SseEvent {
  kind: 'event'
  /** The event type (`message` when the stream gave none). */
  event: string
  /** The `data` lines joined with LF. */
  data: string
  /** The last event id (kept across events, as WHATWG says); `''` when none. */
  id: string
  /** This event's `retry` field in milliseconds, or `null`. */
  retry: number | null
}

/** The fields of an event besides its data (`encodeSseEvent`). */
export interface SseEventFields {
  event?: string
  id?: string
  retry?: number
}

/** A tool an HTTP client left out of its catalog, and why (log it as a warning). */
export interface RejectedTool {
  tool: string
  reason: string
}

/** `httpToolCatalog`: the tools kept and those left out. */
export interface HttpCatalog {
  tools: Tool[]
  rejected: RejectedTool[]
}

/** Request headers: `IncomingMessage.headers` (string or string[] values) or `[name, value]`
 * pairs. */
export type HttpHeaders =
  | { [name: string]: string | string[] | undefined }
  | Array<[string, string | Uint8Array]>

/** Bytes to write on an HTTP response. */
export interface HttpReply<B extends Uint8Array = Uint8Array> {
  kind: 'reply'
  /** Set when these bytes start the response (send it with `headers`); `null` for more
   * bytes of a response already started. */
  status: number | null
  headers: Array<[string, string]>
  body: B
  /** The response ends after `body`. */
  done: boolean
}

/** A GET that opened an SSE stream: write it, keep the connection open; later replies of
 * `exchange` go on it. Call `streamClosed(exchange)` when the client leaves. */
export interface HttpStream<B extends Uint8Array = Uint8Array> extends Omit<HttpReply<B>, 'kind'> {
  kind: 'stream'
  exchange: number
}

/** A request for the application: answer it with `respondTool` / `respondList` /
 * `respondFailure` on `exchange` (after any `notifyProgress`). */
export interface HttpCall {
  kind: 'call'
  exchange: number
  request:
    | { event: 'list_tools'; id: RequestId; cursor: string | null }
    | ({ event: 'call_tool' } & CallToolEvent)
}

/** What `HttpEndpoint.handle` decided. */
export type HttpHandled<B extends Uint8Array = Uint8Array> = HttpReply<B> | HttpStream<B> | HttpCall

/** How an `HttpEndpoint` is set up. */
export interface HttpEndpointOptions {
  serverInfo: Implementation
  /** `tools` in it opens the tools methods. */
  capabilities: JSONObject
  /** Versions served, preferred first (default: all three). */
  versions?: ProtocolVersion[]
  /** The tool definitions: their `x-mcp-header` annotations are checked against
   * `Mcp-Param-*` headers (a tool whose annotations are invalid is refused). */
  tools?: Tool[]
  /** `Origin` values accepted (`'*'`: any); a request with another `Origin` gets 403. */
  allowedOrigins?: string[]
  /** A 2025-11-25 session idle this long ends (default 30 minutes). */
  sessionIdleMs?: number
  /** The most sessions at once (default 10,000). */
  maxSessions?: number
}

/** How an `HttpClient` is set up. */
export interface HttpClientOptions {
  /** Longest message accepted in a response, in bytes (default 64 MiB): a longer one is
   * skipped and reported as an `input_too_large` McpwireError. */
  maxMessage?: number
}

/** An HTTP request an `HttpClient` wrote: send it to the MCP endpoint as is. */
export interface HttpRequest<B extends Uint8Array = Uint8Array> {
  /** The exchange its response belongs to (pass it to `handleResponse` etc.). */
  exchange: number
  method: 'POST' | 'GET' | 'DELETE'
  headers: Array<[string, string]>
  /** The message, unchanged (empty for GET and DELETE). */
  body: B
  /** Milliseconds to wait before sending it (a resumed stream's SSE `retry`), or null. */
  retry: number | null
}

/** What a response's body is (`handleResponse`). Only `'json'` and `'sse'` have a body to
 * feed; the others end the exchange. `'session_expired'`: a 404 to a request with the
 * session id: start a new session (a new `Client`, a new `initialize`). `'no_stream'`: a
 * 405 to a GET. `'failed'`: another status without a JSON body. */
export type HttpResponseKind = 'empty' | 'json' | 'sse' | 'session_expired' | 'no_stream' | 'failed'

/** How a body ended (`handleEnd`): `'resumable'`: call `resume(exchange)`; `'unanswered'`:
 * its request will get no response. */
export type HttpEnded = 'complete' | 'resumable' | 'unanswered'

/** A message from the server (`pollMessage`): give it to `Client.handleInput`. */
export interface HttpReceived<B extends Uint8Array = Uint8Array> {
  exchange: number
  message: B
}

/** Response headers: `HttpHeaders`, or fetch's `Headers` (read as an iterable of pairs;
 * the `forEach` member only lets TypeScript see a `Headers` as one without the DOM
 * iterable typings). */
export type HttpResponseHeaders =
  | HttpHeaders
  | Iterable<[string, string]>
  | { forEach(callback: (value: string, name: string) => void): void }

// ---- JSON Schema --------------------------------------------------------------------------

/** One way an instance does not fit a schema. */
export interface SchemaValidationError {
  /** JSON pointer to the offending value (`""`: the whole instance). */
  instancePath: string
  /** JSON pointer to the failing keyword where it is written, e.g. `/properties/units/enum`. */
  schemaPath: string
  /** The failing keyword (`enum`, `required`, `type`, …; `false` for a `false` schema). */
  keyword: string
  /** A sentence a model or a person can act on. */
  message: string
}

/** How schemas are compiled and instances validated (missing fields: the defaults). */
export interface SchemaOptions {
  /** Check `format` (date-time, email, uuid, …) instead of treating it as an annotation. */
  assertFormats?: boolean
  /** The most errors returned (default 100). */
  maxErrors?: number
  /** Other schema documents `$ref` may name, by absolute URI; nothing is ever fetched. */
  resources?: { [uri: string]: JSONValue | string | Uint8Array }
}

/** What `checkOutput` found. */
export interface OutputCheck {
  outcome: 'valid' | 'skipped' | 'missing_structured_content' | 'output_schema_mismatch'
  errors: SchemaValidationError[]
}

// ---- Host kit -----------------------------------------------------------------------------

/** The model APIs a catalog is converted for (`gemini`: `parameters`, the OpenAPI subset;
 * `gemini-json-schema`: `parametersJsonSchema`). */
export type HostTarget = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini' | 'gemini-json-schema'

/** A tool's annotations read with the spec's defaults: hints from the server, never
 * permissions. */
export interface Hints {
  readOnlyHint: boolean
  destructiveHint: boolean
  idempotentHint: boolean
  openWorldHint: boolean
}

/** What a policy's `predicate` is given for each tool. */
export interface HostToolView {
  server: string
  tool: string
  title: string | null
  description: string | null
  annotations: ToolAnnotations | null
  inputSchema: JSONObject
}

/** Which tools a model sees and which calls are asked about (every member optional). Globs
 * (`*`, `?`) match `server/tool`; a glob without `/` matches any server. */
export interface HostPolicy {
  /** When not empty, only matching tools are shown. */
  allow?: string[]
  /** Matching tools are hidden (deny wins over allow). */
  deny?: string[]
  /** Show only tools with `readOnlyHint: true`. */
  read_only?: boolean
  /** Show at most this many tools (the first in catalog order). */
  max_tools?: number | null
  /** When a call needs the user's approval (default `non_read_only`). */
  ask?: 'non_read_only' | 'destructive' | 'always' | 'never'
  /** Globs whose calls are always asked about. */
  ask_tools?: string[]
  /** Called with each tool the rules above still show; a falsy answer hides it (and rejects
   * its calls). An exception it throws propagates to the caller. */
  predicate?: ((tool: HostToolView) => unknown) | null
}

/** One thing `inspect` found about a tool. */
export interface HostFinding {
  server: string
  tool: string
  code: string
  severity: 'error' | 'warning' | 'info'
  message: string
}

/** A tool by its server and MCP name. */
export interface ToolRef {
  server: string
  tool: string
}

/** Which tools a policy shows, and why the others are hidden. */
export interface HostSelection {
  shown: ToolRef[]
  hidden: Array<ToolRef & { reason: string }>
}

/** One change conversion made to a tool (`path`: a JSON pointer into the tool as listed). */
export interface SchemaChange {
  server: string
  tool: string
  path: string
  change: string
  reason: string
}

/** `toModel`'s answer: the target's tool list (Gemini: one `{functionDeclarations}`), every
 * shown name back to its tool, and what conversion changed. */
export interface ModelTools {
  tools: JSONObject[]
  names: { [shownName: string]: ToolRef }
  changes: SchemaChange[]
}

/** What `decide` made of a model's call. */
export interface HostDecision {
  decision: 'run' | 'ask' | 'send_back' | 'reject'
  server: string | null
  tool: string | null
  /** `run` / `ask`: the restored arguments, ready for `Client.callTool`. */
  arguments: JSONValue
  /** `send_back`: the message for the model; `reject`: why. */
  message: string
  errors: SchemaValidationError[]
  hints: Hints | null
  /** `ask` only: what to show the user (tool, arguments as JSON, server, hints). */
  prompt?: string
}

/** What `renderResult` renders: a `tools/call` response message, a `CallToolResult`, a
 * timeout or a cancellation. */
export type ToolOutcome =
  | CallToolResult
  | JSONRPCResultResponse<CallToolResult>
  | JSONRPCErrorResponse
  | { timeout: number }
  | { cancelled: string | null }

/** A `resource_link` of a result, and whether the host should read it. */
export interface LinkToRead {
  uri: string
  name: string
  mimeType: string | null
  read: boolean
  reason: string
}
