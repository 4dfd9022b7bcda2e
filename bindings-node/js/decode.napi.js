// decode: core checks the message and writes its tape into W and F (tape.js), from which the
// values are built here. A message the tape cannot take (nested past 1000 levels) is built by
// JSON.parse after the same checks. W and F are read after the native
// call: a decode run from a getter of `limits` (before the tape is written) may replace them.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true })
const setTape = binding.tapeBuffers
KNOWN = binding.tapeKeys([...RESERVED])
NK = KNOWN.length
setTape(W, F)

function decode(input, limits) {
  let status
  try {
    status = binding.checkTape(input, limits)
    if (status === 0) {
      growTape(setTape)
      status = binding.checkTape(input, limits)
    }
  } catch (e) {
    rethrow(e)
  }
  const text = typeof input === 'string' ? input : utf8.decode(input)
  if (status !== 1) return JSON.parse(text)
  const value = fromTape(text, W, F)
  shrinkTape(setTape)
  return value
}
