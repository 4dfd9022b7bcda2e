// Template of the package entries of both JS bindings: bindings-node's mcpwire.js and
// bindings-wasm's pkg/web/index.js (ESM) and pkg/node/index.js. js/build.mjs writes them,
// putting in for the lines marked `//@`: the header that loads `binding` (the functions napi
// generates from src/lib.rs, or the wasm-bindgen ones), the binding's `decode`
// (decode.napi.js, decode.wasm.js), `ready` and `second` (where the JSON Schema functions and
// the host kit are: the same binding, or the web package's second module, second.*.js) and
// the exports (CommonJS or ESM). What stands above the
// `//@header` line is left out of them.
//@header

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

// The native side throws an `Error` named "McpwireError" with kind/code/offset (its one error
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

// A subclass of a native class whose constructor and methods re-throw McpwireErrors; getters
// pass through (they cannot fail).
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

//@tape

// The message functions are spelled out (no rest arguments on the hot path).
//@decode

function encode(message) {
  try {
    return binding.encode(message)
  } catch (e) {
    rethrow(e)
  }
}

function canonicalize(input, limits) {
  try {
    return binding.canonicalize(input, limits)
  } catch (e) {
    rethrow(e)
  }
}

function classify(input, limits) {
  return binding.classify(input, limits)
}

function failureResponse(kind, message, id, version) {
  return binding.failureResponse(kind, message, id, version)
}

//@second

const page = guard(binding.page)
const validate = guard(second.fn('validate'))
const validateJson = guard(second.fn('validateJson'))
const checkArguments = guard(second.fn('checkArguments'))
const checkOutput = guard(second.fn('checkOutput'))
const Client = guardClass(binding.Client)
const applyElicitationDefaults = guard(binding.applyElicitationDefaults)
const Server = guardClass(binding.Server)
const Schema = second.cls('Schema')
const LineFramer = guardClass(binding.LineFramer)
const writeLine = guard(binding.writeLine)
const SseDecoder = guardClass(binding.SseDecoder)
const encodeSseEvent = guard(binding.encodeSseEvent)
const encodeSseComment = guard(binding.encodeSseComment)
const clientRequestHeaders = guard(binding.clientRequestHeaders)
const httpToolCatalog = guard(binding.httpToolCatalog)
const encodeHeaderValue = guard(binding.encodeHeaderValue)
const decodeHeaderValue = guard(binding.decodeHeaderValue)
const HttpEndpoint = guardClass(binding.HttpEndpoint)
const HttpClient = guardClass(binding.HttpClient)
const Catalog = second.cls('Catalog')
const renderResult = guard(second.fn('renderResult'))
const linksToRead = guard(second.fn('linksToRead'))
const checkTools = guard(second.fn('checkTools'))
const sealRequestState = guard(second.fn('sealRequestState'))
const openRequestState = guard(second.fn('openRequestState'))
const declaredInputRequests = guard(second.fn('declaredInputRequests'))

const errorKinds = Object.freeze(binding.errorKinds().map(Object.freeze))
//@exports
