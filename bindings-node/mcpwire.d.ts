// The package's types: the functions as napi generates them from src/lib.rs (index.d.ts),
// the message shapes (types.d.ts), and the two items mcpwire.js adds.
import type { ErrorKindInfo, ErrorKindName } from './types.js'

export { decode, encode, canonicalize, classify, failureResponse } from './index.js'
export type { Limits } from './index.js'
export type * from './types.js'

/** A message mcpwire refused. */
export declare class McpwireError extends Error {
  name: 'McpwireError'
  /** The ErrorKind name, verbatim from core's error table. */
  readonly kind: ErrorKindName
  /** The JSON-RPC code a server answers with, or `null` for tool errors and local faults. */
  readonly code: number | null
  /** Byte offset into the input (for `encode`: into the compact JSON text of the value). */
  readonly offset: number
  constructor(message: string, kind: ErrorKindName, code: number | null, offset: number)
}

/** Every ErrorKind in table order, with its JSON-RPC code. */
export declare const errorKinds: ReadonlyArray<Readonly<ErrorKindInfo>>
