import assert from 'node:assert/strict'
import { decode, classify, validate, checkArguments, Client, Server } from 'mcpwire'

// Decode (the value JSON.parse gives, after every check of the spec) and classify.
const line = Buffer.from('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_weather","arguments":{"city":"Bern"}}}')
assert.equal(decode(line).params.name, 'get_weather')
assert.equal(classify(line).type, 'CallToolRequest')

// Validate tool arguments against the tool's inputSchema.
const schema = { type: 'object', properties: { city: { type: 'string', minLength: 1 } }, required: ['city'] }
assert.equal(validate(schema, { city: '' })[0].instancePath, '/city')
assert.equal(checkArguments(schema, 'get_weather', {}).isError, true) // the tool error to send back

// A client and a server back to back: bytes in, bytes out, your clock (milliseconds).
const client = new Client({ version: '2025-11-25', clientInfo: { name: 'host', version: '1' } })
const server = new Server({ versions: ['2025-11-25'], serverInfo: { name: 'weather', version: '1' }, capabilities: { tools: {} } })
server.handleInput(client.start(0).bytes, 0) // initialize: the answer is queued
assert.equal(client.handleInput(server.pollTransmit(), 0).event, 'ready')
server.handleInput(client.pollTransmit(), 0) // notifications/initialized

// A call with a progress token and a 5 s limit; the server reports progress, then answers.
const call = client.callTool(0, 'get_weather', { city: 'Bern' }, 5_000, true)
const req = server.handleInput(call.bytes, 0) // { event: 'call_tool', id: 1, name: 'get_weather', ... }
assert.equal(client.handleInput(server.notifyProgress(req.id, 1, 2, 'fetching'), 10).event, 'progress')
const answer = server.respondTool(req.id, { content: [{ type: 'text', text: '18 °C' }] })
assert.equal(client.handleInput(answer, 20).event, 'tool_result')

// Unanswered, a call ends at its limit: an event, and a cancellation to send.
client.callTool(20, 'get_weather', { city: 'Oslo' }, 1_000)
client.handleTimeout(client.pollTimeout())
assert.equal(client.pollEvent().event, 'timed_out')
assert.ok(client.pollTransmit()) // notifications/cancelled
