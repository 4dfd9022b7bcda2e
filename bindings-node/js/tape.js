// Values from a tape (core's json::tape), which the native side writes into typed arrays of
// words and numbers, handed to fromTape: strings are slices of the message text `S`, numbers
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
    case 0:
      return null
    case 1:
      return true
    case 2:
      return false
    case 3:
      return Tf[Q++]
    case 4:
      return tapeString()
    case 5:
      return tapeEscaped()
    case 13:
      return Tw[P++] | 0
    case 14:
      return shaped(Tw[P++])
    case 6: {
      const n = Tw[P++]
      if (n <= 4) return shortArray(n)
      if (n >= ROWS_MIN && Tw[P] === 7 && makeRow !== null) return rows(n)
      const a = []
      for (let i = 0; i < n; i++) a.push(tapeValue())
      return a
    }
    default: {
      const n = Tw[P++]
      const o = {}
      for (let i = 0; i < n; i++) {
        const w = Tw[P++]
        switch (w & 15) {
          case 9: {
            const i = w >>> 4
            o[i < NK ? KNOWN[i] : K[i - NK]] = tapeValue()
            break
          }
          case 8: {
            const k = tapeString()
            K[Kn++] = k
            o[k] = tapeValue()
            break
          }
          case 10:
            o[tapeString()] = tapeValue()
            break
          case 11: {
            const k = tapeEscaped()
            if (RESERVED.has(k)) defineOwn(o, k, tapeValue())
            else o[k] = tapeValue()
            break
          }
          default:
            defineOwn(o, tapeString(), tapeValue())
        }
      }
      return o
    }
  }
}

// Rows: an array of at least ROWS_MIN objects whose keys are those of its first, in order, as a
// table in a structuredContent is. Each object after the first is made by an object literal of
// those keys (V8 then makes it with its final layout at once; assigned member by member, each
// through a keyed store that has seen every key, it takes 5-7 times as long: BENCHMARKS.md).
// The literal's function is made by `makeRow` (napi only: `new Function`, which the WASM
// package's content-security policy forbids), once per key sequence met in two arrays, and
// kept: at most ROW_FUNCTIONS of them, so a peer sending new keys every time costs nothing
// but the lookup (sequences of more than ROW_NAMES_MAX characters are not remembered). Each
// row's key words are compared with the first's as it is built; at the first difference the
// row is read again the ordinary way, and so is the rest of the array.
const ROWS_MIN = 16
const ROW_KEYS_MAX = 32
const ROW_FUNCTIONS = 256
const ROW_SHAPES_SEEN = 4096
const ROW_NAMES_MAX = 512
// (key1, key2, …) => function (c, e) { return { key1: c(e, 0), key2: c(e, 1), … } }, or null
// where code cannot be made from text (set by the napi entry).
let makeRow = null
const rowFunctions = new Map()
const rowShapesSeen = new Set()
// Set by `rowMember` at a key word that is not the row's.
let rowMiss = false
const NUMERIC_KEY = /^(?:0|[1-9][0-9]*)$/

function rows(n) {
  const a = [tapeValue()]
  const row = rowOf(a[0])
  let i = 1
  if (row !== null) {
    const [f, e] = row
    for (; i < n && Tw[P] === 7 && Tw[P + 1] === e.length; i++) {
      const p = P
      const q = Q
      const kn = Kn
      P += 2
      const o = f(rowMember, e)
      if (rowMiss) {
        rowMiss = false
        for (let j = kn; j < Kn; j++) K[j] = undefined
        P = p
        Q = q
        Kn = kn
        break
      }
      a.push(o)
    }
  }
  for (; i < n; i++) a.push(tapeValue())
  return a
}

// The value of the member at P when its key word is e[i]; otherwise nothing is read.
function rowMember(e, i) {
  if (rowMiss || Tw[P] !== e[i]) {
    rowMiss = true
    return undefined
  }
  P++
  return tapeValue()
}

// The literal's function for objects with the keys of `first` and those keys' words in this
// tape, or null (keys a literal would order or define differently, keys not named by an
// index, a sequence not met before).
function rowOf(first) {
  const names = Object.keys(first)
  if (names.length < 2 || names.length > ROW_KEYS_MAX) return null
  const f = sameNames(names, lastNames) ? lastRow : rowFunction(names)
  if (f === null) return null
  if (knownIndex === null) knownIndex = new Map(KNOWN.map((k, i) => [k, i]))
  const e = []
  for (const k of names) {
    let j = knownIndex.get(k)
    if (j === undefined) {
      j = K.indexOf(k)
      if (j < 0 || j >= Kn) return null
      j += NK
    }
    e.push((j << 4) | 9)
  }
  return [f, e]
}

// KNOWN's names to their indexes (made at the first rows: KNOWN is set after this file loads).
let knownIndex = null
// The key sequence of the last function `rowFunction` gave, and the function. (Its own
// strings: a key of the message may be a slice that keeps the message's text alive.)
let lastNames = []
let lastRow = null

function sameNames(a, b) {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

// The literal's function for keys `names`, made when they were met in an array before; null
// when not (yet).
function rowFunction(names) {
  // (What is kept is bounded: at most ROW_SHAPES_SEEN + ROW_FUNCTIONS sequences, each of at
  // most ROW_NAMES_MAX characters.)
  let chars = 0
  for (const k of names) chars += k.length
  if (chars > ROW_NAMES_MAX) return null
  const shape = JSON.stringify(names)
  let f = rowFunctions.get(shape)
  if (f === undefined) f = newRowFunction(names, shape)
  if (f !== null) {
    lastNames = JSON.parse(shape)
    lastRow = f
  }
  return f
}

// `rowFunction` for a sequence without a function yet: one made when the sequence was met
// before and there is room for it, else null.
function newRowFunction(names, shape) {
  if (!rowShapesSeen.has(shape) || rowFunctions.size >= ROW_FUNCTIONS) {
    if (rowShapesSeen.size >= ROW_SHAPES_SEEN) rowShapesSeen.clear()
    rowShapesSeen.add(shape)
    return null
  }
  if (names.some((k) => k === '__proto__' || NUMERIC_KEY.test(k))) return null
  const body = names.map((k, i) => `${JSON.stringify(k)}: c(e, ${i})`).join(', ')
  let f
  try {
    f = makeRow('c', 'e', `return { ${body} }`)
  } catch {
    makeRow = null
    return null
  }
  rowFunctions.set(shape, f)
  rowShapesSeen.delete(shape)
  return f
}

// An array of at most 4 items, by an array literal: its store is made at its length (a push
// into `[]` makes room for 17).
function shortArray(n) {
  switch (n) {
    case 0:
      return []
    case 1:
      return [tapeValue()]
    case 2:
      return [tapeValue(), tapeValue()]
    case 3:
      return [tapeValue(), tapeValue(), tapeValue()]
    default:
      return [tapeValue(), tapeValue(), tapeValue(), tapeValue()]
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
  P = 2
  Q = 0
  // Empty already, unless a build threw (a stack overflow in a deep caller).
  dropKeys()
  const v = tapeValue()
  // Drop the text and the keys (they may be slices of it).
  S = ''
  dropKeys()
  return v
}
