// Written by `MCPWIRE_WRITE_TAPE_NAMES=1 cargo test -p mcpwire-js --test tape_names` from
// core's js module (the tags) and bindings-js's status.rs (the decode statuses): edit
// those, not this. js/build.mjs puts these numbers in place of the names when it builds
// an entry (V8 makes a switch over literals a jump table).

// The tape's tags.
const TAG_NULL = 0
const TAG_TRUE = 1
const TAG_FALSE = 2
const TAG_NUMBER = 3
const TAG_STRING = 4
const TAG_ESCAPED = 5
const TAG_ARRAY = 6
const TAG_OBJECT = 7
const TAG_KEY = 8
const TAG_KEY_AGAIN = 9
const TAG_KEY_ONCE = 10
const TAG_KEY_ESCAPED = 11
const TAG_KEY_DEFINE = 12
const TAG_INTEGER = 13
const TAG_SHAPED = 14
// A key word: the key's index above KEY_INDEX_SHIFT bits, the tag in them.
const KEY_INDEX_SHIFT = 4
const KEY_TAG_MASK = 15
// Words of the header (the words and numbers the tape needs) before the value.
const HEADER_WORDS = 2

// The status word of a native decode: the status in its low STATUS_BITS bits, the
// length of the unescaped text above them (WASM bytes).
const STATUS_FAILED = 0
const STATUS_WRITTEN = 1
const STATUS_FALLBACK = 2
const STATUS_MOVED = 3
const STATUS_ASCII = 4
const STATUS_TOO_SMALL = 5
const STATUS_BITS = 3
const STATUS_MASK = 7
