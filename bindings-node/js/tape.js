// Values from a tape (core's json::tape), which the native side writes into typed arrays of
// words and numbers, handed to fromTape: strings are slices of the message text `S`, numbers
// come converted, and a key is named by its index in KNOWN (core's KNOWN_KEYS) or, for the
// document's own keys, in `K`. Building this way is what lets decode keep up with JSON.parse
// on small messages and pass it on large ones (BENCHMARKS.md). The result is what
// JSON.parse(S) gives: plain objects and arrays with own data properties in input order.
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
    case 6: {
      const n = Tw[P++]
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
            K.push(k)
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

// The value of the tape in `w` and `f` of the message text `text`.
function fromTape(text, w, f) {
  S = text
  Tw = w
  Tf = f
  P = 2
  Q = 0
  K.length = 0
  const v = tapeValue()
  // Drop the text and the keys (they may be slices of it); K's storage is kept.
  S = ''
  K.length = 0
  return v
}
