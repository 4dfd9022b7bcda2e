// decode: the message is written into a scratch buffer in wasm memory here (a string with
// TextEncoder.encodeInto, bytes by a copy), core checks it there (checkTapeIn gets only its
// length; checkTape also the limits, and the string for its lone-surrogate check) and writes
// its tape into wasm memory, and the values are built from the tape (tape.js) with the
// caller's own string, or for bytes the text core wrote beside them with the string values
// unescaped (checkTapeInBytes), so that none is left for JSON.parse; one the tape cannot take (nested past 1000 levels) is
// built by JSON.parse. Other inputs, and a decode called while one runs (from a getter of
// `limits`), take binding.decode.
const encoder = new TextEncoder()
const decoder = new TextDecoder()
// String.prototype.isWellFormed (Chromium 111, Node 20 on); without it strings take checkTape.
const wellFormed = String.prototype.isWellFormed
  ? (s) => s.isWellFormed()
  : () => false
const memory = binding.scratchMemory()
// The largest scratch buffer kept between calls; a bigger message gets one for its call only.
const SCRATCH_KEEP = 1 << 20
let scratchPtr = 0
let scratchCap = 0
let wasmBytes = new Uint8Array(0)
let scratch = wasmBytes
let busy = false
KNOWN = binding.tapeKeys([...RESERVED])
checkShapes(binding.tapeShapes())
NK = KNOWN.length
let tapeWords = new Uint32Array(0)
let tapeNumbers = new Float64Array(0)

// Views of the tape in wasm memory, renewed when it moved or the memory grew (growing
// detaches the old buffer, and views of a detached buffer have no bytes).
function tapeViews(moved) {
  if (moved || tapeWords.byteLength === 0) {
    const [w, wn, f, fn] = binding.tapePlace()
    tapeWords = new Uint32Array(memory.buffer, w, wn)
    tapeNumbers = new Float64Array(memory.buffer, f, fn)
  }
}

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
  let status
  busy = true
  try {
    if (typeof input === 'string') {
      let len
      if (input.length * 3 <= SCRATCH_KEEP) {
        len = encoder.encodeInto(input, scratchFor(input.length * 3)).written
      } else {
        // A large string is encoded straight into a scratch buffer of its length, which holds
        // all of it when it is ASCII (base64 data, most large JSON): `encode` makes a buffer
        // of its own and takes 5x as long in Chromium (BENCHMARKS.md). Other text goes that way.
        const { read, written } = encoder.encodeInto(input, scratchFor(input.length))
        if (read === input.length) {
          len = written
        } else {
          const bytes = encoder.encode(input)
          len = bytes.length
          scratchFor(len).set(bytes)
        }
      }
      // Without limits (no getters to run) and a lone surrogate (which encodeInto turns into
      // U+FFFD), no JS value needs to cross: checkTapeIn.
      status =
        limits === undefined && wellFormed(input)
          ? binding.checkTapeIn(len)
          : binding.checkTape(len, limits, input)
      if (status === STATUS_FAILED) throw binding.takeError()
      text = input
    } else if (input instanceof Uint8Array) {
      // The bytes, then room for their text with its string values unescaped (not for a
      // message past half the scratch buffer kept: a larger buffer, made for one call, would
      // cost more than JSON.parse of its escaped strings).
      const len = input.length
      const room = 2 * len <= SCRATCH_KEEP ? 2 * len : len
      scratchFor(room).set(input)
      const s =
        limits === undefined ? binding.checkTapeInBytes(len) : binding.checkTape(len, limits, undefined)
      if (s === STATUS_FAILED) throw binding.takeError()
      // The text the tape slices: the unescaped one when there is one (its length above the
      // status bits; scratchFor again, as the tape may have grown the memory), else that
      // of the bytes checked: the caller's, unless a getter of `limits` could have changed
      // them after the copy.
      const unescaped = s >>> STATUS_BITS
      status = s & STATUS_MASK
      if (unescaped > 0) text = decoder.decode(scratchFor(room).subarray(len, len + unescaped))
      else text = decoder.decode(limits === undefined ? input : scratchFor(len).subarray(0, len))
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
  if (status === STATUS_FALLBACK) return JSON.parse(text)
  tapeViews(status === STATUS_MOVED)
  return fromTape(text, tapeWords, tapeNumbers)
}

function decodeOther(input, limits) {
  try {
    return binding.decode(input, limits)
  } catch (e) {
    rethrow(e)
  }
}
