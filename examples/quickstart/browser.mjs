// With a bundler: 'mcpwire-wasm'; in a plain page: './pkg/web/index.js' (bindings-wasm/build.sh).
import { decode, classify, ready, validate, checkArguments, Client, Server } from 'mcpwire-wasm'
const check = (ok, what) => { if (!ok) throw new Error(`quickstart: ${what}`) }

// Decode bytes as they arrive (a fetch body, a WebSocket frame) and classify them.
const bytes = new TextEncoder().encode('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_weather","arguments":{"city":"Bern"}}}')
check(decode(bytes).params.name === 'get_weather', 'decode')
check(classify(bytes).type === 'CallToolRequest', 'classify')

// Validate tool arguments against the tool's inputSchema. The JSON Schema functions and the
// host kit are a second module in the web build: await ready() once before them.
await ready()
const schema = { type: 'object', properties: { city: { type: 'string', minLength: 1 } }, required: ['city'] }
check(validate(schema, { city: '' })[0].instancePath === '/city', 'validate')
check(checkArguments(schema, 'get_weather', {}).isError === true, 'the tool error to send back')

// A client (and here, to answer it, a server): bytes in, bytes out, your clock.
const now = () => Math.floor(performance.now())
const client = new Client({ version: '2025-11-25', clientInfo: { name: 'extension', version: '1' } })
const server = new Server({ versions: ['2025-11-25'], serverInfo: { name: 'weather', version: '1' }, capabilities: { tools: {} } })
server.handleInput(client.start(now()).bytes, now())
check(client.handleInput(server.pollTransmit(), now()).event === 'ready', 'handshake')
server.handleInput(client.pollTransmit(), now()) // notifications/initialized

// A call with a progress token and a 5 s limit; the server reports progress, then answers.
const req = server.handleInput(client.callTool(now(), 'get_weather', { city: 'Bern' }, 5_000, true).bytes, now())
check(client.handleInput(server.notifyProgress(req.id, 1, 2, 'fetching'), now()).event === 'progress', 'progress')
const answer = server.respondTool(req.id, { content: [{ type: 'text', text: '18 °C' }] })
check(client.handleInput(answer, now()).event === 'tool_result', 'the result')

// Time limits are yours to schedule: pollTimeout() says when, handleTimeout(now) expires.
client.callTool(now(), 'get_weather', { city: 'Oslo' }, 1_000)
client.handleTimeout(client.pollTimeout())
check(client.pollEvent().event === 'timed_out' && client.pollTransmit() !== null, 'timed out')
client.free(); server.free() // release their wasm memory now rather than at garbage collection
