// Values from a tape (core's js module), which the native side writes into typed arrays of
// words and numbers, handed to fromTape (its tags, TAG_*, are named in tape_names.js, which is
// generated from core; js/build.mjs puts their numbers in): strings are slices of the message text `S`, numbers
// come converted, and a key is named by its index in KNOWN (core's KNOWN_KEYS) or, for the
// document's own keys, in `K`. Building this way is what lets decode keep up with JSON.parse
// on small messages and pass it on large ones (BENCHMARKS.md). The result is what
// JSON.parse(S) gives: plain objects and arrays with own data properties in input order.
//
// An object whose keys are one of core's TAPE_SHAPES, in its order, comes as SHAPED with the
// shape's index, and is made by that shape's object literal in `shaped` (V8 makes a literal's
// object with its final layout at once, not property by property: BENCHMARKS.md). A
// literal defines its properties, as JSON.parse does. `checkShapes` compares the literals
// with core's list when the module loads.
//
// Properties are assigned (`o[k] = v`), which for a plain object defines them as JSON.parse does,
// except for names Object.prototype has (a setter there, or a frozen Object.prototype, would
// see the assignment): those are RESERVED, the native side marks them in the tape (KEY_DEFINE),
// and they are defined. RESERVED is what Object.prototype had when this module loaded.
const RESERVED = new Set(Object.getOwnPropertyNames(Object.prototype))
let S = ''
let Tw = new Uint32Array(0)
let Tf = new Float64Array(0)
let P = 0
let Q = 0
let K = []
// How many of K's entries are this document's keys.
let Kn = 0
// The keys the tape names by index 0..KNOWN.length - 1 (core's KNOWN_KEYS), set by the decode
// file when it loads; a document's own keys follow in K.
let KNOWN = []
let NK = 0
// Arrays of at least ROWS_MIN items whose first is an object go to `rowsOf` when an entry
// sets it (napi: rows.napi.js, which makes such tables' rows by object literals).
const ROWS_MIN = 16
let rowsOf = null

// An own data property, as JSON.parse makes it (assigning `__proto__` would set the prototype).
function defineOwn(o, k, v) {
  Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true })
}

function tapeString() {
  const s = S.slice(Tw[P], Tw[P + 1])
  P += 2
  return s
}

function tapeEscaped() {
  const s = JSON.parse(S.slice(Tw[P] - 1, Tw[P + 1] + 1))
  P += 2
  return s
}

function tapeValue() {
  switch (Tw[P++]) {
    case TAG_NULL:
      return null
    case TAG_TRUE:
      return true
    case TAG_FALSE:
      return false
    case TAG_NUMBER:
      return Tf[Q++]
    case TAG_STRING:
      return tapeString()
    case TAG_ESCAPED:
      return tapeEscaped()
    case TAG_INTEGER:
      return Tw[P++] | 0
    case TAG_SHAPED:
      return shaped(Tw[P++])
    case TAG_ARRAY: {
      const n = Tw[P++]
      if (n <= 4) return shortArray(n)
      if (n >= ROWS_MIN && Tw[P] === TAG_OBJECT && rowsOf !== null) return rowsOf(n)
      const a = []
      for (let i = 0; i < n; i++) a.push(tapeValue())
      return a
    }
    default: {
      // OBJECT
      const n = Tw[P++]
      const o = {}
      for (let i = 0; i < n; i++) {
        const w = Tw[P++]
        switch (w & KEY_TAG_MASK) {
          case TAG_KEY_AGAIN: {
            const i = w >>> KEY_INDEX_SHIFT
            o[i < NK ? KNOWN[i] : K[i - NK]] = tapeValue()
            break
          }
          case TAG_KEY: {
            const k = tapeString()
            K[Kn++] = k
            o[k] = tapeValue()
            break
          }
          case TAG_KEY_ONCE:
            o[tapeString()] = tapeValue()
            break
          case TAG_KEY_ESCAPED: {
            const k = tapeEscaped()
            if (RESERVED.has(k)) defineOwn(o, k, tapeValue())
            else o[k] = tapeValue()
            break
          }
          default: // KEY_DEFINE
            defineOwn(o, tapeString(), tapeValue())
        }
      }
      return o
    }
  }
}

// `tapeValue` for the items of short arrays and the members of rows: strings, small
// integers, other numbers, literals and arrays of up to 4 items are read here, in a function
// small enough for V8 to inline where it is called (tapeValue, with every kind of value, is
// not); anything else by tapeValue.
function tapeScalar() {
  const t = Tw[P]
  if (t === TAG_STRING) {
    const s = S.slice(Tw[P + 1], Tw[P + 2])
    P += 3
    return s
  }
  if (t === TAG_INTEGER) {
    P += 2
    return Tw[P - 1] | 0
  }
  if (t === TAG_NUMBER) {
    P++
    return Tf[Q++]
  }
  if (t < TAG_NUMBER) {
    // NULL, TRUE, FALSE
    P++
    return t === TAG_NULL ? null : t === TAG_TRUE
  }
  if (t === TAG_ARRAY && Tw[P + 1] <= 4) {
    const n = Tw[P + 1]
    P += 2
    return shortArray(n)
  }
  return tapeValue()
}

// An array of at most 4 items, by an array literal: its store is made at its length (a push
// into `[]` makes room for 17).
function shortArray(n) {
  switch (n) {
    case 0:
      return []
    case 1:
      return [tapeScalar()]
    case 2:
      return [tapeScalar(), tapeScalar()]
    case 3:
      return [tapeScalar(), tapeScalar(), tapeScalar()]
    default:
      return [tapeScalar(), tapeScalar(), tapeScalar(), tapeScalar()]
  }
}

// The value after the key word at P (a shaped object's key words are passed over).
function v() {
  P++
  return tapeValue()
}

// The object of shape `s` of core's TAPE_SHAPES, its members from P on.
function shaped(s) {
  switch (s) {
    case 0:
      return { jsonrpc: v(), id: v(), method: v(), params: v() }
    case 1:
      return { jsonrpc: v(), id: v(), method: v() }
    case 2:
      return { jsonrpc: v(), method: v(), params: v() }
    case 3:
      return { jsonrpc: v(), method: v() }
    case 4:
      return { jsonrpc: v(), id: v(), result: v() }
    case 5:
      return { jsonrpc: v(), id: v(), error: v() }
    case 6:
      return { method: v(), params: v(), jsonrpc: v(), id: v() }
    case 7:
      return { method: v(), jsonrpc: v(), id: v() }
    case 8:
      return { method: v(), params: v(), jsonrpc: v() }
    case 9:
      return { method: v(), jsonrpc: v() }
    case 10:
      return { result: v(), jsonrpc: v(), id: v() }
    case 11:
      return { id: v(), jsonrpc: v(), result: v() }
    case 12:
      return { id: v(), jsonrpc: v(), error: v() }
    case 13:
      return { error: v(), jsonrpc: v(), id: v() }
    case 14:
      return { code: v(), message: v() }
    case 15:
      return { code: v(), message: v(), data: v() }
    case 16:
      return { name: v(), arguments: v() }
    case 17:
      return { name: v(), arguments: v(), _meta: v() }
    case 18:
      return { _meta: v(), name: v(), arguments: v() }
    case 19:
      return { name: v() }
    case 20:
      return { progressToken: v() }
    case 21:
      return { cursor: v() }
    case 22:
      return { requestId: v(), reason: v() }
    case 23:
      return { requestId: v() }
    case 24:
      return { progressToken: v(), progress: v() }
    case 25:
      return { progressToken: v(), progress: v(), total: v() }
    case 26:
      return { progressToken: v(), progress: v(), message: v() }
    case 27:
      return { progressToken: v(), progress: v(), total: v(), message: v() }
    case 28:
      return { content: v() }
    case 29:
      return { content: v(), isError: v() }
    case 30:
      return { content: v(), structuredContent: v() }
    case 31:
      return { content: v(), structuredContent: v(), isError: v() }
    case 32:
      return { content: v(), isError: v(), structuredContent: v() }
    case 33:
      return { tools: v() }
    case 34:
      return { tools: v(), nextCursor: v() }
    case 35:
      return { nextCursor: v(), tools: v() }
    case 36:
      return { type: v(), text: v() }
    case 37:
      return { type: v(), text: v(), annotations: v() }
    case 38:
      return { type: v(), data: v(), mimeType: v() }
    case 39:
      return { type: v(), resource: v() }
    case 40:
      return { uri: v(), mimeType: v(), text: v() }
    case 41:
      return { uri: v(), mimeType: v(), blob: v() }
    case 42:
      return { uri: v(), text: v() }
    case 43:
      return { type: v(), uri: v(), name: v() }
    case 44:
      return { type: v(), uri: v(), name: v(), mimeType: v() }
    case 45:
      return { name: v(), description: v(), inputSchema: v() }
    case 46:
      return { name: v(), title: v(), description: v(), inputSchema: v() }
    case 47:
      return { name: v(), description: v(), inputSchema: v(), annotations: v() }
    case 48:
      return { name: v(), title: v(), description: v(), inputSchema: v(), annotations: v() }
    case 49:
      return { name: v(), description: v(), inputSchema: v(), outputSchema: v() }
    case 50:
      return { name: v(), title: v(), description: v(), inputSchema: v(), outputSchema: v() }
    case 51:
      return { type: v(), properties: v() }
    case 52:
      return { type: v(), properties: v(), required: v() }
    case 53:
      return { type: v(), properties: v(), additionalProperties: v() }
    case 54:
      return { type: v(), properties: v(), required: v(), additionalProperties: v() }
    case 55:
      return { type: v(), properties: v(), required: v(), additionalProperties: v(), '$schema': v() }
    case 56:
      return { properties: v(), required: v(), title: v(), type: v() }
    case 57:
      return { properties: v(), title: v(), type: v() }
    case 58:
      return { type: v() }
    case 59:
      return { type: v(), description: v() }
    case 60:
      return { title: v(), type: v() }
    case 61:
      return { description: v(), title: v(), type: v() }
    case 62:
      return { type: v(), items: v() }
    default:
      throw new Error(`mcpwire: tape shape ${s} unknown to this build of tape.js`)
  }
}

// Throws unless `shapes` (core's TAPE_SHAPES from the binding, each its keys joined by ",")
// are the keys, in order, of the literals in `shaped`: each is built once from null members.
function checkShapes(shapes) {
  shapes.forEach((keys, s) => {
    Tw = new Uint32Array(2 * keys.split(',').length)
    P = 0
    const got = Object.keys(shaped(s)).join()
    if (got !== keys) throw new Error(`mcpwire: tape.js shape ${s} is {${got}}, core's is {${keys}}`)
  })
  Tw = new Uint32Array(0)
  P = 0
  let more = true
  try {
    shaped(shapes.length)
  } catch {
    more = false
  }
  if (more) throw new Error(`mcpwire: tape.js has more shapes than core's ${shapes.length}`)
}

// Empties K's entries, keeping its storage: a document with a few keys costs a few stores
// (setting an array's length is a runtime call in V8, even when it is 0 already).
function dropKeys() {
  if (Kn > 64) {
    K.length = 0
  } else {
    for (let i = 0; i < Kn; i++) K[i] = undefined
  }
  Kn = 0
}

// The value of the tape in `w` and `f` of the message text `text`.
function fromTape(text, w, f) {
  S = text
  Tw = w
  Tf = f
  P = HEADER_WORDS
  Q = 0
  // Empty already, unless a build threw (a stack overflow in a deep caller).
  dropKeys()
  const v = tapeValue()
  // Drop the text and the keys (they may be slices of it).
  S = ''
  dropKeys()
  return v
}
