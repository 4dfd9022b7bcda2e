// The shared suite against the napi binding (bindings-node).
process.env.MCPWIRE_BINDING = 'node'
await import('./suite.mjs')
await import('./realms.mjs')
