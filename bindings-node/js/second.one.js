// One module holds everything (napi, WASM for Node): the JSON Schema functions and the host
// kit are the binding's own, and `ready()` has nothing to wait for.
const second = {
  fn: (name) => binding[name],
  cls: (name) => guardClass(binding[name]),
}

const loaded = Promise.resolve()

/** Resolves once every function can be called (here: at once). */
function ready() {
  return loaded
}
