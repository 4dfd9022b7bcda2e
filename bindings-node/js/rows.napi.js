// Rows, napi only: rows.js's `rowsByPlace` with each row after the first made by a function
// of the rows' keys instead, which reads the row's members from the tape itself, its place in
// locals (P and Q are module variables, which each step would store and load again), and
// makes the row by an object literal (V8 then makes it with its final layout at once): the
// 200-row structuredContent's values are built in about 4 µs less, of 16 (BENCHMARKS.md).
// The function is made by `new Function` (the WASM package's content-security policy forbids
// it, so its entries have no such file), once per key sequence met in two arrays, and kept:
// at most ROW_FUNCTIONS of them with ROW_MEMBERS keys in all, so a peer sending new keys
// every time costs nothing but the lookup (sequences of more than ROW_NAMES_MAX characters
// are not remembered); other rows are built by place. (256 functions of 32 keys, used, kept
// 25 MB of heap; the budget keeps about 3.5 MB.)
const ROW_FUNCTIONS = 256
const ROW_MEMBERS = 1024
const ROW_SHAPES_SEEN = 4096
const ROW_NAMES_MAX = 512
const rowFunctions = new Map()
const rowShapesSeen = new Set()
// The keys of the functions in rowFunctions, in all.
let rowMembers = 0
const NUMERIC_KEY = /^(?:0|[1-9][0-9]*)$/
// Where the last `rowScalar`, `rowArray` or `rowValue` left the tape (P and Q for the next
// value), for the row function that called it.
const rowAt = { p: 0, q: 0 }

function rows(n) {
  const a = [tapeValue()]
  const names = Object.keys(a[0])
  const e = rowWords(names)
  const f = e === null ? null : sameNames(names, lastNames) ? lastRow : rowFunction(names)
  if (f === null) return moreRows(a, n, names, e, byPlace, null)
  return byFunction(a, n, e, f)
}

// moreRows by the row function `f`, the place in the tape in locals from row to row.
function byFunction(a, n, e, f) {
  let i = 1
  let p = P
  let q = Q
  for (; i < n && Tw[p] === TAG_OBJECT && Tw[p + 1] === e.length; i++) {
    const kn = Kn
    const o = f(Tw, Tf, S, e, p + 2, q, rowAt, rowValue, rowArray)
    if (o === null) {
      unread(p, q, kn)
      break
    }
    a.push(o)
    p = rowAt.p
    q = rowAt.q
  }
  P = p
  Q = q
  for (; i < n; i++) a.push(tapeValue())
  return a
}

// The value whose tag is at p (and whose first number is at q) by tapeScalar; rowAt is left
// after it.
function rowValue(p, q) {
  P = p
  Q = q
  const v = tapeScalar()
  rowAt.p = P
  rowAt.q = Q
  return v
}

// `rowValue` for a value that is not an array, read here when it is a string, a number or a
// literal.
function rowScalar(p, q) {
  const t = Tw[p]
  rowAt.q = q
  if (t === TAG_STRING) {
    rowAt.p = p + 3
    return S.slice(Tw[p + 1], Tw[p + 2])
  }
  if (t === TAG_INTEGER) {
    rowAt.p = p + 2
    return Tw[p + 1] | 0
  }
  if (t === TAG_NUMBER) {
    rowAt.p = p + 1
    rowAt.q = q + 1
    return Tf[q]
  }
  if (t < TAG_NUMBER) {
    rowAt.p = p + 1
    return t === TAG_NULL ? null : t === TAG_TRUE
  }
  return rowValue(p, q)
}

// `rowValue` for an array of at most 4 items (its tag at p), by an array literal.
function rowArray(p, q) {
  const n = Tw[p + 1]
  rowAt.p = p + 2
  rowAt.q = q
  switch (n) {
    case 0:
      return []
    case 1:
      return [rowScalar(rowAt.p, q)]
    case 2: {
      const a = rowScalar(rowAt.p, q)
      return [a, rowScalar(rowAt.p, rowAt.q)]
    }
    case 3: {
      const a = rowScalar(rowAt.p, q)
      const b = rowScalar(rowAt.p, rowAt.q)
      return [a, b, rowScalar(rowAt.p, rowAt.q)]
    }
    default: {
      const a = rowScalar(rowAt.p, q)
      const b = rowScalar(rowAt.p, rowAt.q)
      const c = rowScalar(rowAt.p, rowAt.q)
      return [a, b, c, rowScalar(rowAt.p, rowAt.q)]
    }
  }
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

// The row function for keys `names`, made when they were met in an array before; null
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
  const full = rowFunctions.size >= ROW_FUNCTIONS || rowMembers + names.length > ROW_MEMBERS
  if (!rowShapesSeen.has(shape) || full) {
    if (rowShapesSeen.size >= ROW_SHAPES_SEEN) rowShapesSeen.clear()
    rowShapesSeen.add(shape)
    return null
  }
  if (names.some((k) => k === '__proto__' || NUMERIC_KEY.test(k))) return null
  let f
  try {
    f = new Function('Tw', 'Tf', 'S', 'e', 'p', 'q', 'at', 'value', 'array', rowCode(names))
  } catch {
    // Node refuses code from strings (--disallow-code-generation-from-strings): rows by place.
    rowsOf = rowsByPlace
    return null
  }
  rowFunctions.set(shape, f)
  rowMembers += names.length
  rowShapesSeen.delete(shape)
  return f
}

// The body of the row function for keys `names`: for each member, null unless its key word
// is e[i], then its value read as tapeScalar reads it (strings, numbers and literals here);
// then rowAt is left after the row, which the literal makes.
function rowCode(names) {
  const v = names.map((_, i) => `v${i}`)
  let code = `let t, ${v.join(', ')}\n`
  for (let i = 0; i < names.length; i++) {
    code += `if (Tw[p] !== e[${i}]) return null
t = Tw[p + 1]
if (t === TAG_STRING) { ${v[i]} = S.slice(Tw[p + 2], Tw[p + 3]); p += 4 }
else if (t === TAG_INTEGER) { ${v[i]} = Tw[p + 2] | 0; p += 3 }
else if (t === TAG_NUMBER) { ${v[i]} = Tf[q++]; p += 2 }
else if (t < TAG_NUMBER) { ${v[i]} = t === TAG_NULL ? null : t === TAG_TRUE; p += 2 }
else if (t === TAG_ARRAY && Tw[p + 2] <= 4) { ${v[i]} = array(p + 1, q); p = at.p; q = at.q }
else { ${v[i]} = value(p + 1, q); p = at.p; q = at.q }
`
  }
  const members = names.map((k, i) => `${JSON.stringify(k)}: ${v[i]}`).join(', ')
  return `${code}at.p = p\nat.q = q\nreturn { ${members} }`
}

rowsOf = rows
