// A Client and a Server talking to each other through the bytes they return; `now` is a
// number the test advances. No timers, no I/O. Every byte string that crosses is also
// checked with `decode` (so the sessions only ever put valid messages on the wire).

import { assert, assertBytes, lib, text } from './common.mjs'

export const CLIENT_INFO = { name: 'host', version: '1.0.0' }
export const SERVER_INFO = { name: 'catalog', version: '2.0.0' }
export const KEY = Uint8Array.from({ length: 16 }, (_, i) => 0xa0 + i)

/** The message a session wrote: checked by decode, returned as a JS value. */
export function wire(bytes) {
  assertBytes(bytes)
  const msg = lib.decode(bytes)
  assert.deepEqual(msg, JSON.parse(text(bytes)))
  return msg
}

export function newClient(version, options = {}) {
  return new lib.Client({ version, clientInfo: CLIENT_INFO, ...options })
}

export function newServer(capabilities = { tools: { listChanged: true } }, versions = ['2025-11-25', '2026-07-28']) {
  return new lib.Server({ versions, serverInfo: SERVER_INFO, capabilities })
}

/** Runs the handshake; returns the client's `ready` event. */
export function handshake(client, server, now = 0) {
  const hello = client.start(now)
  assert.equal(typeof hello.id, 'number')
  wire(hello.bytes)
  assert.deepEqual(server.handleInput(hello.bytes, now), { event: 'handshake' })
  const reply = server.pollTransmit()
  wire(reply)
  assert.equal(server.pollTransmit(), null)
  const ready = client.handleInput(reply, now)
  assert.equal(ready.event, 'ready')
  assert.equal(client.isReady, true)
  // 2025 versions: the `initialized` notification follows; 2026-07-28 has none.
  const initialized = client.pollTransmit()
  if (initialized !== null) {
    assert.deepEqual(wire(initialized), { jsonrpc: '2.0', method: 'notifications/initialized' })
    assert.equal(server.handleInput(initialized, now).event, 'other')
  }
  assert.equal(client.pollTransmit(), null)
  return ready
}

/** A connected pair after the handshake. */
export function connected(version = '2025-11-25', clientOptions = {}) {
  const client = newClient(version, clientOptions)
  const server = newServer()
  handshake(client, server)
  return { client, server }
}

/** The client calls a tool; the server receives it. Returns the call and the server's event. */
export function call(client, server, now, name, { args = {}, timeout = null, progress = null } = {}) {
  const sent = client.callTool(now, name, args, timeout, progress)
  const req = wire(sent.bytes)
  assert.equal(req.method, 'tools/call')
  assert.equal(req.id, sent.id)
  const ev = server.handleInput(sent.bytes, now)
  assert.equal(ev.event, 'call_tool')
  assert.equal(ev.id, sent.id)
  assert.equal(ev.name, name)
  return { sent, ev }
}

export const ok = (t) => ({ content: [{ type: 'text', text: t }] })
