// decode: core checks the message and hands back its text (a string input as it is, bytes as
// a new string); the engine's own JSON.parse builds the values, here and not through napi.
function decode(input, limits) {
  let text
  try {
    text = binding.checkedText(input, limits)
  } catch (e) {
    rethrow(e)
  }
  return JSON.parse(text)
}
