// A small strict assert for the browser run of tests/js/suite.mjs (node:assert/strict is not
// available in a page). It covers what the suite uses: ok, equal, deepEqual, throws, match.
// deepEqual follows node's deepStrictEqual for JSON-like values and typed arrays: Object.is
// for primitives, same prototype, same own enumerable keys in any order.

export class AssertionError extends Error {
  constructor(message) {
    super(message)
    this.name = 'AssertionError'
  }
}

const show = (v) => {
  try {
    return typeof v === 'string' ? JSON.stringify(v) : typeof v === 'bigint' ? `${v}n` : JSON.stringify(v) ?? String(v)
  } catch {
    return String(v)
  }
}

function same(a, b) {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false
  if (ArrayBuffer.isView(a)) {
    if (a.byteLength !== b.byteLength) return false
    const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength)
    const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength)
    return x.every((v, i) => v === y[i])
  }
  if (Array.isArray(a) && a.length !== b.length) return false
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  if (ka.length !== kb.length) return false
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && same(a[k], b[k]))
}

/** Where `a` and `b` first differ, as a path of keys (for the message of a failed deepEqual). */
function firstDifference(a, b, path = '') {
  if (same(a, b)) return null
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return `${path || '/'}: ${show(a)} vs ${show(b)}`
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${path || '/'}: prototypes differ`
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  for (const k of kb) {
    if (!Object.prototype.hasOwnProperty.call(a, k)) {
      const extra = ka.filter((x) => !Object.prototype.hasOwnProperty.call(b, x))
      return `${path}/${k}: missing in actual, which has ${show(extra)} instead`
    }
  }
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return `${path}/${k}: not expected`
    const d = firstDifference(a[k], b[k], `${path}/${k}`)
    if (d) return d
  }
  return `${path || '/'}: differs`
}

const isErrorClass = (f) => f === Error || Error.isPrototypeOf(f)

export const assert = {
  ok(value, message) {
    if (!value) throw new AssertionError(message ?? `expected a truthy value, got ${show(value)}`)
  },
  equal(actual, expected, message) {
    if (!Object.is(actual, expected))
      throw new AssertionError(`${message ? message + ': ' : ''}${show(actual)} !== ${show(expected)}`)
  },
  deepEqual(actual, expected, message) {
    if (!same(actual, expected))
      throw new AssertionError(
        `${message ? message + ': ' : ''}not deep-equal at ${firstDifference(actual, expected)}:\n  actual   ${show(actual)}\n  expected ${show(expected)}`,
      )
  },
  match(string, regexp, message) {
    if (typeof string !== 'string' || !regexp.test(string))
      throw new AssertionError(message ?? `${show(string)} does not match ${regexp}`)
  },
  throws(fn, expected, message) {
    let thrown = false
    let error
    try {
      fn()
    } catch (e) {
      thrown = true
      error = e
    }
    if (!thrown) throw new AssertionError(message ?? 'missing expected exception')
    if (expected === undefined) return
    if (isErrorClass(expected)) {
      if (!(error instanceof expected))
        throw new AssertionError(`expected ${expected.name}, got ${error && error.name}: ${error && error.message}`)
      return
    }
    if (expected(error) !== true) throw new AssertionError(message ?? 'the validation function did not return true')
  },
}
