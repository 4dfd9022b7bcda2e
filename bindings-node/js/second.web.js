// The web package's JSON Schema functions and host kit (validate, validateJson, Schema,
// checkArguments, checkOutput, Catalog, renderResult, linksToRead, checkTools) and a server's
// requestState helpers (sealRequestState, openRequestState, declaredInputRequests) are in a
// second module, mcpwire_schema.js with its wasm, so that a page's first load stays small. `ready()`
// fetches and compiles it once; until it has resolved, those functions throw an `Error` saying
// so (a browser cannot fetch and compile a module synchronously), never a wrong answer.
let schemaBinding = null
let loading = null

/** Loads the second module (once); resolves when every function can be called. */
function ready() {
  loading ??= import('./mcpwire_schema.js')
    .then(async (m) => {
      await m.default()
      schemaBinding = m
    })
    .catch((e) => {
      loading = null // a failed fetch can be tried again
      throw e
    })
  return loading
}

function schemaModule(name) {
  if (schemaBinding === null) {
    throw new Error(
      `mcpwire: ${name} is in the package's second module (JSON Schema and the host kit): await ready() once before using it`,
    )
  }
  return schemaBinding
}

const second = {
  fn: (name) =>
    function (...args) {
      return schemaModule(name)[name].apply(this, args)
    },
  // `new X(...)` builds an instance of the second module's class (guarded like the others);
  // `instanceof X` holds for them.
  cls: (name) => {
    let Guarded = null
    const Lazy = {
      [name]: class {
        constructor(...args) {
          Guarded ??= guardClass(schemaModule(name)[name])
          return new Guarded(...args)
        }
      },
    }[name]
    Object.defineProperty(Lazy, Symbol.hasInstance, { value: (o) => Guarded !== null && o instanceof Guarded })
    return Lazy
  },
}
