'use strict'
// Node entry (CommonJS) of mcpwire's WASM binding: the wasm-bindgen functions of
// mcpwire_wasm.js (loaded synchronously) with their errors re-thrown as `McpwireError`.
// No other logic lives here: every rule is in the Rust core, and src/lib.rs only converts
// values.

const glue = require('./mcpwire_wasm.js')

/** A message mcpwire refused: `kind` is the ErrorKind name, `code` the JSON-RPC code (or
 * null), `offset` the byte offset into the input (for `encode`: into the compact JSON text
 * of the value). */
class McpwireError extends Error {
  constructor(message, kind, code, offset) {
    super(message)
    this.kind = kind
    this.code = code
    this.offset = offset
  }
}
Object.defineProperty(McpwireError.prototype, 'name', {
  value: 'McpwireError',
  writable: true,
  configurable: true,
})

// The Rust side throws an `Error` named "McpwireError" with kind/code/offset (its one error
// mapping function, `decode_error` in src/lib.rs); give it this class, keeping its stack.
function rethrow(e) {
  if (e instanceof Error && e.name === 'McpwireError' && typeof e.kind === 'string') {
    Object.setPrototypeOf(e, McpwireError.prototype)
  }
  throw e
}

function decode(input, limits) {
  try {
    return glue.decode(input, limits)
  } catch (e) {
    rethrow(e)
  }
}

function encode(message) {
  try {
    return glue.encode(message)
  } catch (e) {
    rethrow(e)
  }
}

function canonicalize(input, limits) {
  try {
    return glue.canonicalize(input, limits)
  } catch (e) {
    rethrow(e)
  }
}

function classify(input, limits) {
  return glue.classify(input, limits)
}

function failureResponse(kind, message, id, version) {
  return glue.failureResponse(kind, message, id, version)
}

const errorKinds = Object.freeze(glue.errorKinds().map(Object.freeze))

exports.decode = decode
exports.encode = encode
exports.canonicalize = canonicalize
exports.classify = classify
exports.failureResponse = failureResponse
exports.errorKinds = errorKinds
exports.McpwireError = McpwireError
