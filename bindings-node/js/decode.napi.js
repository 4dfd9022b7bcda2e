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
NK = KNOWN.length
setTape(W, F)

function decode(input, limits) {
  let status
  try {
    status = binding.checkTape(input, limits)
    if (status === 0) {
      growTape()
      status = binding.checkTape(input, limits)
    }
  } catch (e) {
    rethrow(e)
  }
  const text = typeof input === 'string' ? input : utf8.decode(input)
  if (status !== 1) return JSON.parse(text)
  const value = fromTape(text, W, F)
  shrinkTape()
  return value
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
