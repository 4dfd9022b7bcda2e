// ESM entry for Node: the same module as index.js.
import mcpwire from './index.js'

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
