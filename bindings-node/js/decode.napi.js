// decode: core checks the message and writes its tape into W and F (tape.js), from which the
// values are built here. A message the tape cannot take (nested past 1000 levels) is built by
// JSON.parse after the same checks. W and F are read after the native
// call: a decode run from a getter of `limits` (before the tape is written) may replace them.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true })
const setTape = binding.tapeBuffers
// The tape arrays the native side writes into (the ones it was last given by setTape).
let W = new Uint32Array(256)
let F = new Float64Array(128)
// The most words kept between calls: a larger tape's arrays are dropped after its call.
const TAPE_KEEP = 1 << 20
KNOWN = binding.tapeKeys([...RESERVED])
checkShapes(binding.tapeShapes())
NK = KNOWN.length
setTape(W, F)

// Small messages are copied into I here and checked by checkTapeIn (checkTapeInText for
// bytes), which takes only their length: an argument napi has to look into costs more than
// the copy. (With limits, whose getters could run a decode that overwrites I, the message
// goes to checkTape.)
const I = new Uint8Array(16384)
const encoder = new TextEncoder()
binding.tapeInput(I)
// String.prototype.isWellFormed (Node 20 on); without it every string goes to checkTape.
const wellFormed = String.prototype.isWellFormed
  ? (s) => s.isWellFormed()
  : () => false

function decode(input, limits) {
  let status
  let text = input
  try {
    status = check(input, limits)
    if (status === STATUS_TOO_SMALL) {
      growTape()
      status = check(input, limits)
    }
  } catch (e) {
    rethrow(e)
  }
  if (typeof status === 'string') {
    text = status
  } else if (status === STATUS_ASCII) {
    // ASCII: Node's Latin-1 text of the bytes (outside the JS heap when large).
    text = Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('latin1')
  } else if (typeof text !== 'string') {
    text = utf8.decode(input)
  }
  if (status === STATUS_FALLBACK) return JSON.parse(text)
  const value = fromTape(text, W, F)
  shrinkTape()
  return value
}

// The native check of `input` and its tape: the status (TOO_SMALL, WRITTEN, FALLBACK, or
// ASCII: written, of ASCII bytes) or the text to build from (written): for bytes the checked
// text, with its string values unescaped when one had escapes; for a string only that
// unescaped text (else WRITTEN: the string is the text). A small message without limits goes through the
// input array I.
function check(input, limits) {
  if (typeof input === 'string') {
    // A lone surrogate has no UTF-8 form (encodeInto would write U+FFFD): checkTape
    // throws its TypeError.
    if (limits === undefined && input.length * 3 <= I.length && wellFormed(input)) {
      return binding.checkTapeIn(encoder.encodeInto(input, I).written)
    }
    return binding.checkTape(input, limits)
  }
  // Bytes: the checked text comes back with the tape (a string made there costs less than a
  // TextDecoder call after it).
  if (limits === undefined && input instanceof Uint8Array && input.length <= I.length) {
    I.set(input)
    return binding.checkTapeInText(input.length)
  }
  return binding.checkTape(input, limits)
}

// Replaces W and F by arrays as large as the header of the last write (one that did not fit)
// asks.
function growTape() {
  W = new Uint32Array(Math.max(W[0], 2 * W.length))
  F = new Float64Array(Math.max(W[1], 2 * F.length))
  setTape(W, F)
}

function shrinkTape() {
  if (W.length > TAPE_KEEP) {
    W = new Uint32Array(256)
    F = new Float64Array(128)
    setTape(W, F)
  }
}
