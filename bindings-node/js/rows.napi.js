// Rows, napi only: rows.js's `rowsByPlace` with each row after the first made by an object
// literal of the rows' keys instead (V8 then makes it with its final layout at once). The
// literal's function is made by `new Function` (the WASM package's content-security policy
// forbids it, so its entries have no such file), once per key sequence met in two arrays,
// and kept: at most ROW_FUNCTIONS of them, so a peer sending new keys every time costs nothing
// but the lookup (sequences of more than ROW_NAMES_MAX characters are not remembered); other
// rows are built by place.
const ROW_FUNCTIONS = 256
const ROW_SHAPES_SEEN = 4096
const ROW_NAMES_MAX = 512
const rowFunctions = new Map()
const rowShapesSeen = new Set()
// Set by `rowMember` at a key word that is not the row's.
let rowMiss = false
const NUMERIC_KEY = /^(?:0|[1-9][0-9]*)$/

function rows(n) {
  const a = [tapeValue()]
  const names = Object.keys(a[0])
  const e = rowWords(names)
  const f = e === null ? null : sameNames(names, lastNames) ? lastRow : rowFunction(names)
  if (f === null) return moreRows(a, n, names, e, byPlace, null)
  return moreRows(a, n, names, e, byLiteral, f)
}

// `byPlace` by the literal's function `f`.
function byLiteral(names, e, f) {
  const o = f(rowMember, e)
  if (!rowMiss) return o
  rowMiss = false
  return null
}

// The value of the member at P when its key word is e[i]; otherwise nothing is read.
function rowMember(e, i) {
  if (rowMiss || Tw[P] !== e[i]) {
    rowMiss = true
    return undefined
  }
  P++
  return tapeScalar()
}

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
    // function (c, e) { return { key1: c(e, 0), key2: c(e, 1), … } }
    f = new Function('c', 'e', `return { ${body} }`)
  } catch {
    // Node refuses code from strings (--disallow-code-generation-from-strings): rows by place.
    rowsOf = rowsByPlace
    return null
  }
  rowFunctions.set(shape, f)
  rowShapesSeen.delete(shape)
  return f
}

rowsOf = rows
