// The shared suite against the WASM build for Node (bindings-wasm/pkg/node).
process.env.MCPWIRE_BINDING = 'wasm-node'
await import('./suite.mjs')
await import('./realms.mjs')
