// Rows, napi only (tape.js hands them here through `rowsOf`): an array of at least ROWS_MIN
// objects whose keys are those of its first, in order, as a table in a structuredContent is.
// Each object after the first is made by an object literal of those keys (V8 then makes it
// with its final layout at once; assigned member by member, each through a keyed store that
// has seen every key, it takes 5-7 times as long: BENCHMARKS.md). The literal's function is
// made by `new Function` (the WASM package's content-security policy forbids it, so its
// entries have no such file), once per key sequence met in two arrays, and kept: at most
// ROW_FUNCTIONS of them, so a peer sending new keys every time costs nothing but the lookup
// (sequences of more than ROW_NAMES_MAX characters are not remembered). Each row's key words
// are compared with the first's as it is built; at the first difference the row is read again
// the ordinary way, and so is the rest of the array.
const ROW_KEYS_MAX = 32
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
  return tapeScalar()
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
    // function (c, e) { return { key1: c(e, 0), key2: c(e, 1), … } }
    f = new Function('c', 'e', `return { ${body} }`)
  } catch {
    // Node refuses code from strings (--disallow-code-generation-from-strings): no rows.
    rowsOf = null
    return null
  }
  rowFunctions.set(shape, f)
  rowShapesSeen.delete(shape)
  return f
}

rowsOf = rows
