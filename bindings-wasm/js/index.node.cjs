'use strict'
// Node entry (CommonJS) of mcpwire's WASM binding: the wasm-bindgen functions of
// mcpwire_wasm.js (loaded synchronously) with their errors re-thrown as `McpwireError`.
// No other logic lives here: every rule is in the Rust core, and src/lib.rs only converts
// values.

const glue = require('./mcpwire_wasm.js')

/** A message mcpwire refused: `kind` is the ErrorKind name (or, for a schema that cannot be
 * compiled, the SchemaErrorKind name, with `schemaPath`), `code` the JSON-RPC code (or null),
 * `offset` the byte offset into the input (for `encode`: into the compact JSON text of the
 * value; 0 when there is none). */
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
// mapping function, `mcpwire_error` in src/lib.rs); give it this class, keeping its stack.
function rethrow(e) {
  if (e instanceof Error && e.name === 'McpwireError' && typeof e.kind === 'string') {
    Object.setPrototypeOf(e, McpwireError.prototype)
  }
  throw e
}

// `fn` with McpwireErrors re-thrown as the class (other errors pass through unchanged).
function guard(fn) {
  return function (...args) {
    try {
      return fn.apply(this, args)
    } catch (e) {
      rethrow(e)
    }
  }
}

// A subclass of a wasm-bindgen class whose constructor and methods re-throw McpwireErrors;
// getters pass through (they cannot fail).
function guardClass(Native) {
  const Guarded = {
    [Native.name]: class extends Native {
      constructor(...args) {
        try {
          super(...args)
        } catch (e) {
          rethrow(e)
        }
      }
    },
  }[Native.name]
  for (const name of Object.getOwnPropertyNames(Native.prototype)) {
    const d = Object.getOwnPropertyDescriptor(Native.prototype, name)
    if (name === 'constructor' || typeof d.value !== 'function') continue
    Object.defineProperty(Guarded.prototype, name, { ...d, value: guard(d.value) })
  }
  return Guarded
}

// The message functions are spelled out (no rest arguments on the hot path).
// decode: the message is written into a scratch buffer in wasm memory here (a string with
// TextEncoder.encodeInto, bytes by a copy), core checks it there (checkScratch gets only its
// length), and the engine's JSON.parse builds the values from the caller's own text. Other
// inputs, and a decode called while one runs (from a getter of `limits`), take glue.decode.
const encoder = new TextEncoder()
const decoder = new TextDecoder()
const memory = glue.scratchMemory()
// The largest scratch buffer kept between calls; a bigger message gets one for its call only.
const SCRATCH_KEEP = 1 << 20
let scratchPtr = 0
let scratchCap = 0
let wasmBytes = new Uint8Array(0)
let scratch = wasmBytes
let busy = false

// The scratch buffer as a Uint8Array of at least n bytes (views renewed when wasm memory grew).
function scratchFor(n) {
  if (n > scratchCap) {
    scratchCap = Math.max(n, Math.min(2 * scratchCap, SCRATCH_KEEP), 4096)
    scratchPtr = glue.scratchResize(scratchCap)
    wasmBytes = new Uint8Array(0)
  }
  if (wasmBytes.byteLength === 0) {
    wasmBytes = new Uint8Array(memory.buffer)
    scratch = wasmBytes.subarray(scratchPtr, scratchPtr + scratchCap)
  }
  return scratch
}

function decode(input, limits) {
  if (busy) return decodeOther(input, limits)
  let text
  busy = true
  try {
    if (typeof input === 'string') {
      let len
      if (input.length * 3 <= SCRATCH_KEEP) {
        len = encoder.encodeInto(input, scratchFor(input.length * 3)).written
      } else {
        const bytes = encoder.encode(input)
        len = bytes.length
        scratchFor(len).set(bytes)
      }
      glue.checkScratch(len, limits, input)
      text = input
    } else if (input instanceof Uint8Array) {
      const len = input.length
      scratchFor(len).set(input)
      glue.checkScratch(len, limits, undefined)
      text = decoder.decode(scratchFor(len).subarray(0, len))
    } else {
      return glue.decode(input, limits)
    }
  } catch (e) {
    rethrow(e)
  } finally {
    busy = false
    if (scratchCap > SCRATCH_KEEP) {
      scratchPtr = glue.scratchResize(0)
      scratchCap = 0
      wasmBytes = new Uint8Array(0)
    }
  }
  return JSON.parse(text)
}

function decodeOther(input, limits) {
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

const page = guard(glue.page)
const validate = guard(glue.validate)
const checkArguments = guard(glue.checkArguments)
const checkOutput = guard(glue.checkOutput)
const Client = guardClass(glue.Client)
const Server = guardClass(glue.Server)
const Schema = guardClass(glue.Schema)

const errorKinds = Object.freeze(glue.errorKinds().map(Object.freeze))

exports.decode = decode
exports.encode = encode
exports.canonicalize = canonicalize
exports.classify = classify
exports.failureResponse = failureResponse
exports.errorKinds = errorKinds
exports.McpwireError = McpwireError
exports.page = page
exports.validate = validate
exports.checkArguments = checkArguments
exports.checkOutput = checkOutput
exports.Client = Client
exports.Server = Server
exports.Schema = Schema
