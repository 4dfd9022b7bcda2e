// decode: core checks the message and writes its tape into W and F (tape.js), from which the
// values are built here; a message the tape cannot take (nested past 1000 levels) is built by
// JSON.parse after the same checks. The arrays are held in locals: a decode run from a getter
// of `limits` may replace W and F.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true })
binding.tapeReserve([...RESERVED])

function decode(input, limits) {
  let w = W
  let f = F
  let status
  try {
    status = binding.checkTape(input, limits, w, f)
    if (status === 0) {
      growTape(w)
      w = W
      f = F
      status = binding.checkTape(input, limits, w, f)
    }
  } catch (e) {
    rethrow(e)
  }
  const text = typeof input === 'string' ? input : utf8.decode(input)
  if (status !== 1) return JSON.parse(text)
  const value = fromTape(text, w, f)
  shrinkTape()
  return value
}
