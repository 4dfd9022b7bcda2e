// The package's types: the functions and classes as the binding generates them from src/
// (@binding.d.ts), the data shapes (types.d.ts), and the three items the entry adds.
// Template: js/build.mjs writes it as bindings-node's mcpwire.d.ts and bindings-wasm's
// pkg/*/index.d.ts, with @binding the generated module (index, mcpwire_wasm).
import type { ErrorKindInfo, ErrorKindName, SchemaErrorKindName } from './types.js'

export {
  decode,
  encode,
  canonicalize,
  classify,
  failureResponse,
  page,
  validate,
  validateJson,
  checkArguments,
  checkOutput,
  Client,
  applyElicitationDefaults,
  Server,
  Schema,
  LineFramer,
  writeLine,
  SseDecoder,
  encodeSseEvent,
  encodeSseComment,
  clientRequestHeaders,
  httpToolCatalog,
  encodeHeaderValue,
  decodeHeaderValue,
  HttpEndpoint,
  HttpClient,
  Catalog,
  renderResult,
  linksToRead,
  checkTools,
  sealRequestState,
  openRequestState,
  declaredInputRequests,
} from './@binding.js'
export type { Limits } from './@binding.js'
export type * from './types.js'

/** A message (or schema) mcpwire refused. */
export declare class McpwireError extends Error {
  name: 'McpwireError'
  /** The ErrorKind name, verbatim from core's error table; for a schema that cannot be
   * compiled, the SchemaErrorKind name. */
  readonly kind: ErrorKindName | SchemaErrorKindName
  /** The JSON-RPC code a server answers with, or `null` for tool errors, local faults and
   * schema errors. */
  readonly code: number | null
  /** Byte offset into the input (for `encode`: into the compact JSON text of the value; 0
   * when the failure has none). */
  readonly offset: number
  /** For a schema that cannot be compiled: a JSON pointer to the fault in the schema. */
  readonly schemaPath?: string
  constructor(message: string, kind: ErrorKindName | SchemaErrorKindName, code: number | null, offset: number)
}

/** Every ErrorKind in table order, with its JSON-RPC code. */
export declare const errorKinds: ReadonlyArray<Readonly<ErrorKindInfo>>

/** Resolves once every function can be called. In the web package (two modules, for a small
 * first load) it fetches the second one, with the JSON Schema functions (`validate`,
 * `validateJson`, `Schema`, `checkArguments`, `checkOutput`), the host kit (`Catalog`,
 * `renderResult`, `linksToRead`, `checkTools`) and a server's requestState helpers
 * (`sealRequestState`, `openRequestState`, `declaredInputRequests`): they throw until it has
 * resolved. Elsewhere
 * it resolves at once. */
export declare function ready(): Promise<void>
