// ESM entry: the same module as mcpwire.js.
import mcpwire from './mcpwire.js'

export const {
  decode,
  encode,
  canonicalize,
  classify,
  failureResponse,
  errorKinds,
  McpwireError,
  page,
  validate,
  checkArguments,
  checkOutput,
  Client,
  Server,
  Schema,
} = mcpwire
export default mcpwire
