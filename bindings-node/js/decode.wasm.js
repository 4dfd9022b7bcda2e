// decode: the message is written into a scratch buffer in wasm memory here (a string with
// TextEncoder.encodeInto, bytes by a copy), core checks it there (checkScratch gets only its
// length), and the engine's JSON.parse builds the values from the caller's own text. Other
// inputs, and a decode called while one runs (from a getter of `limits`), take binding.decode.
const encoder = new TextEncoder()
const decoder = new TextDecoder()
const memory = binding.scratchMemory()
// The largest scratch buffer kept between calls; a bigger message gets one for its call only.
const SCRATCH_KEEP = 1 << 20
let scratchPtr = 0
let scratchCap = 0
let wasmBytes = new Uint8Array(0)
let scratch = wasmBytes
let busy = false

// The scratch buffer as a Uint8Array of at least n bytes (views renewed when wasm memory grew).
function scratchFor(n) {
  if (n > scratchCap) {
    scratchCap = Math.max(n, Math.min(2 * scratchCap, SCRATCH_KEEP), 4096)
    scratchPtr = binding.scratchResize(scratchCap)
    wasmBytes = new Uint8Array(0)
  }
  if (wasmBytes.byteLength === 0) {
    wasmBytes = new Uint8Array(memory.buffer)
    scratch = wasmBytes.subarray(scratchPtr, scratchPtr + scratchCap)
  }
  return scratch
}

function decode(input, limits) {
  if (busy) return decodeOther(input, limits)
  let text
  busy = true
  try {
    if (typeof input === 'string') {
      let len
      if (input.length * 3 <= SCRATCH_KEEP) {
        len = encoder.encodeInto(input, scratchFor(input.length * 3)).written
      } else {
        const bytes = encoder.encode(input)
        len = bytes.length
        scratchFor(len).set(bytes)
      }
      binding.checkScratch(len, limits, input)
      text = input
    } else if (input instanceof Uint8Array) {
      const len = input.length
      scratchFor(len).set(input)
      binding.checkScratch(len, limits, undefined)
      text = decoder.decode(scratchFor(len).subarray(0, len))
    } else {
      return binding.decode(input, limits)
    }
  } catch (e) {
    rethrow(e)
  } finally {
    busy = false
    if (scratchCap > SCRATCH_KEEP) {
      scratchPtr = binding.scratchResize(0)
      scratchCap = 0
      wasmBytes = new Uint8Array(0)
    }
  }
  return JSON.parse(text)
}

function decodeOther(input, limits) {
  try {
    return binding.decode(input, limits)
  } catch (e) {
    rethrow(e)
  }
}
