// One candidate alone in a fresh process (not a test): the best of 12 windows of 150 ms, wall
// clock, µs per call, for a message of tests/js/bench-core.mjs. bench-ab.mjs runs every
// candidate in one process, where one's garbage and compiled code can slow another; run this
// a few times per candidate to see the spread:
//   node bindings-node/bench-alone.mjs decode [package dir] [message name prefix]
//   node bindings-node/bench-alone.mjs parse+zod - [message name prefix]
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { benchMessages, sdkCheck } from '../tests/js/bench-core.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const require = createRequire(join(here, 'package.json'))
const [what = 'decode', pkg = '-', prefix = 'tools/call result (text + 200-row'] = process.argv.slice(2)
const message = benchMessages().find((m) => m.name.startsWith(prefix))
if (!message) throw new Error(`no message named ${prefix}…`)
const bytes = Buffer.from(message.text)
let fn
if (what === 'decode') {
  const lib = require(pkg === '-' ? here : pkg)
  fn = () => lib.decode(bytes)
} else {
  const check = sdkCheck(require('@modelcontextprotocol/sdk/types.js'), message.name)
  fn = () => check(JSON.parse(bytes.toString()))
}
let best = Infinity
for (let r = 0; r < 12; r++) {
  const start = process.hrtime.bigint()
  let n = 0
  while (Number(process.hrtime.bigint() - start) < 150e6) {
    fn()
    n++
  }
  best = Math.min(best, Number(process.hrtime.bigint() - start) / n / 1000)
}
console.log(`${message.name} ${what}${pkg === '-' ? '' : ` (${pkg})`}: ${best.toFixed(2)} µs`)
