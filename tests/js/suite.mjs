// The one test suite of mcpwire's JS bindings. The same file runs
//   * under `node --test` against the napi binding (MCPWIRE_BINDING=node, or node.test.mjs),
//   * under `node --test` against the WASM build for Node (MCPWIRE_BINDING=wasm-node, or
//     wasm.test.mjs),
//   * in headless Chromium against the WASM build for the web (bindings-wasm/browser/), where
//     the page sets `globalThis.__mcpwireHarness` before importing this module.
// A harness gives: test(name, fn), a strict `assert`, the binding `lib`, the vectors, what the
// output bytes are (`bytesKind`), and in Node the MCP SDK (`sdk`) and a TypeScript check.
//
// Every test can fail: nothing is skipped by name. The one computed exception is spelled out
// at `jsLoss` in suite/vectors.mjs.
//
// The parts are in suite/, in the order they run.

await import('./suite/ready.mjs')
await import('./suite/vectors.mjs')
await import('./suite/decode.mjs')
await import('./suite/encode.mjs')
await import('./suite/session.mjs')
await import('./suite/input_required.mjs')
await import('./suite/elicitation_defaults.mjs')
await import('./suite/schema.mjs')
await import('./suite/transport.mjs')
await import('./suite/polling.mjs')
await import('./suite/request_state.mjs')
await import('./suite/http_client.mjs')
await import('./suite/host.mjs')
await import('./suite/options.mjs')
await import('./suite/env.mjs')
await import('./random.mjs')
