// The package's types: the functions as wasm-bindgen generates them from src/lib.rs
// (mcpwire_wasm.d.ts), the message shapes (types.d.ts), and the two items index.js adds.
import type { ErrorKindInfo, ErrorKindName } from './types.js'

export { decode, encode, canonicalize, classify, failureResponse } from './mcpwire_wasm.js'
export type { Limits } from './mcpwire_wasm.js'
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
