// Rows (tape.js hands them here through `rowsOf`): an array of at least ROWS_MIN objects whose
// keys are those of its first, in order, as a table in a structuredContent is. Each object
// after the first is built by `byPlace`, which stores member i at a statement of its own: V8's
// store there sees one key, the table's i-th, and stays monomorphic, where tapeValue's one
// store for the members of every object sees every key and goes megamorphic (in Chromium the
// 200-row structuredContent decodes in 15% less time: BENCHMARKS.md). No code is made at run
// time, which the WASM package's content-security policy forbids. Each row's key words are
// compared with the first's as it is built; at the first difference the row is read again the
// ordinary way, and so is the rest of the array.
const ROW_KEYS_MAX = 32

function rowsByPlace(n) {
  const a = [tapeValue()]
  const names = Object.keys(a[0])
  return moreRows(a, n, names, rowWords(names), byPlace, null)
}

// The rows after the first (in `a`) of an array of `n`: made by `row(names, e, f)` while their
// key words are `e` (when not null), the rest by tapeValue.
function moreRows(a, n, names, e, row, f) {
  let i = 1
  if (e !== null) {
    for (; i < n && Tw[P] === TAG_OBJECT && Tw[P + 1] === e.length; i++) {
      const p = P
      const q = Q
      const kn = Kn
      P += 2
      const o = row(names, e, f)
      if (o === null) {
        unread(p, q, kn)
        break
      }
      a.push(o)
    }
  }
  for (; i < n; i++) a.push(tapeValue())
  return a
}

// Back to where a row began (P, Q and Kn then), forgetting the keys it met.
function unread(p, q, kn) {
  for (let j = kn; j < Kn; j++) K[j] = undefined
  P = p
  Q = q
  Kn = kn
}

// The key words in this tape of keys `names` (a row's), or null when a row of them is not
// built by place: fewer than 2 keys or more than ROW_KEYS_MAX, or a key not named by an index
// (a reserved name, a key past the table).
function rowWords(names) {
  if (names.length < 2 || names.length > ROW_KEYS_MAX) return null
  if (knownIndex === null) knownIndex = new Map(KNOWN.map((k, i) => [k, i]))
  const e = []
  for (const k of names) {
    let j = knownIndex.get(k)
    if (j === undefined) {
      j = K.indexOf(k)
      if (j < 0 || j >= Kn) return null
      j += NK
    }
    e.push((j << KEY_INDEX_SHIFT) | TAG_KEY_AGAIN)
  }
  return e
}

// KNOWN's names to their indexes (made at the first rows: KNOWN is set after this file loads).
let knownIndex = null

// The row at P (past its object word and count) of keys `k`, whose key words are `e`, or null
// at a key word that is not the row's. Member i is stored at the i-th store below; those past
// the eighth share the loop's.
function byPlace(k, e) {
  const n = e.length
  const o = {}
  if (Tw[P] !== e[0]) return null
  P++
  o[k[0]] = tapeScalar()
  if (Tw[P] !== e[1]) return null
  P++
  o[k[1]] = tapeScalar()
  if (n === 2) return o
  if (Tw[P] !== e[2]) return null
  P++
  o[k[2]] = tapeScalar()
  if (n === 3) return o
  if (Tw[P] !== e[3]) return null
  P++
  o[k[3]] = tapeScalar()
  if (n === 4) return o
  if (Tw[P] !== e[4]) return null
  P++
  o[k[4]] = tapeScalar()
  if (n === 5) return o
  if (Tw[P] !== e[5]) return null
  P++
  o[k[5]] = tapeScalar()
  if (n === 6) return o
  if (Tw[P] !== e[6]) return null
  P++
  o[k[6]] = tapeScalar()
  if (n === 7) return o
  if (Tw[P] !== e[7]) return null
  P++
  o[k[7]] = tapeScalar()
  for (let i = 8; i < n; i++) {
    if (Tw[P] !== e[i]) return null
    P++
    o[k[i]] = tapeScalar()
  }
  return o
}

rowsOf = rowsByPlace
