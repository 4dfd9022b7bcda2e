// The node:http form in-process on an ephemeral port: a cancel mid-call stops the tool on the
// server, on both wires: on 2026-07-28 the client closing the response stream, on 2025-11-25
// notifications/cancelled on the session. The client side is mcpwire's Client and HttpClient
// over fetch.
import assert from 'node:assert/strict';
import http from 'node:http';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, HttpClient, SseDecoder } from '../../bindings-node/mcpwire.mjs';
import { app } from './http.mjs';
import { byName } from './tools.mjs';

const clientInfo = { name: 'test', version: '1' };

async function listening() {
  const a = app(0);
  const server = http.createServer(a.listener).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { ...a, server, url: `http://127.0.0.1:${server.address().port}/mcp` };
}

async function until(condition) {
  for (let i = 0; i < 500; i++) {
    if (condition()) return;
    await sleep(10);
  }
  assert.fail('timed out');
}

/** Sends `bytes` through `wire`; the response's kind and status and the Client's events,
 * stopping (and closing the response) at the first event `stop` accepts. */
async function send(url, wire, client, bytes, stop = () => false) {
  const req = wire.request(bytes);
  const abort = new AbortController();
  const res = await fetch(url, { method: req.method, headers: req.headers, body: req.body, signal: abort.signal });
  const kind = wire.handleResponse(req.exchange, res.status, res.headers);
  const events = [];
  if (kind !== 'json' && kind !== 'sse') return { kind, events, status: res.status };
  const take = () => {
    for (let m; (m = wire.pollMessage()) !== null;) {
      events.push(client.handleInput(m.message, 0));
      if (stop(events.at(-1))) return true;
    }
    return false;
  };
  let stopped = false;
  for await (const chunk of res.body) {
    wire.handleBody(req.exchange, chunk);
    if ((stopped = take())) break;
  }
  if (stopped) {
    abort.abort();
    wire.close(req.exchange);
    return { kind, events, status: res.status };
  }
  wire.handleEnd(req.exchange);
  take();
  return { kind, events, status: res.status };
}

const progress = (e) => e.event === 'progress';

test('a closed stream cancels on 2026-07-28', async () => {
  const s = await listening();
  const client = new Client({ version: '2026-07-28', clientInfo });
  const wire = new HttpClient('2026-07-28');
  client.assumeReady(true);
  const { bytes } = client.callTool(0, 'count', { to: 100000, intervalMs: 5 }, null, true);
  const { kind, events } = await send(s.url, wire, client, bytes, progress);
  assert.equal(kind, 'sse');
  assert.equal(events.at(-1).event, 'progress');
  await until(() => s.running.size === 0);
  assert.equal(s.endpoint.exchangeCount, 0);
  s.server.close();
});

test('notifications/cancelled stops the tool on 2025-11-25', async () => {
  const s = await listening();
  const client = new Client({ version: '2025-11-25', clientInfo });
  const wire = new HttpClient('2025-11-25');
  assert.equal((await send(s.url, wire, client, client.start(0).bytes)).events.at(-1).event, 'ready');
  assert.notEqual(wire.sessionId, null);
  assert.equal((await send(s.url, wire, client, client.pollTransmit())).kind, 'empty');
  const { id, bytes } = client.callTool(0, 'count', { to: 100000, intervalMs: 5 }, null, true);
  const { events } = await send(s.url, wire, client, bytes, progress);
  assert.equal(events.at(-1).event, 'progress');
  assert.equal(s.running.size, 1);
  assert.equal((await send(s.url, wire, client, client.cancel(id, 'enough'))).kind, 'empty');
  await until(() => s.running.size === 0);
  assert.equal(s.endpoint.exchangeCount, 0);
  s.server.closeAllConnections();
  s.server.close();
});

// test_streaming_elicitation over the 2026-07-28 wire: 400 and -32021 without the elicitation
// capability; with it, an input_required result (200), and after the retry the answer.
test('input_required over HTTP 2026-07-28', async () => {
  const { server, url } = await listening();
  try {
    const exchange = async (client, sent) => {
      const { status, events } = await send(url, new HttpClient('2026-07-28'), client, sent.bytes);
      assert.equal(events.length, 1);
      return [status, events[0]];
    };
    const bare = new Client({ version: '2026-07-28', clientInfo });
    bare.assumeReady(true);
    const [status, refused] = await exchange(bare, bare.callTool(0, 'test_streaming_elicitation'));
    assert.equal(status, 400);
    assert.equal(refused.error.code, -32021);
    const client = new Client({ version: '2026-07-28', clientInfo, capabilities: { elicitation: {} } });
    client.assumeReady(true);
    const [s1, asked] = await exchange(client, client.callTool(0, 'test_streaming_elicitation'));
    assert.equal(s1, 200);
    assert.equal(asked.event, 'input_required');
    const answer = { user_name: { action: 'accept', content: { name: 'Ada' } } };
    const [s2, done] = await exchange(client, client.retryTool(0, 'test_streaming_elicitation', null, answer));
    assert.equal(s2, 200);
    assert.deepEqual(JSON.parse(done.result.content[0].text), answer);
  } finally {
    server.close();
  }
});

// test_reconnection on 2025-11-25: the POST response ends after the priming event with retry;
// a GET with Last-Event-ID gets the result.
test('test_reconnection closes the response and answers on the resumed stream', async () => {
  const s = await listening();
  try {
    const client = new Client({ version: '2025-11-25', clientInfo });
    const wire = new HttpClient('2025-11-25');
    await send(s.url, wire, client, client.start(0).bytes);
    await send(s.url, wire, client, client.pollTransmit());
    const req = wire.request(client.callTool(0, 'test_reconnection', {}).bytes);
    const res = await fetch(s.url, { method: req.method, headers: req.headers, body: req.body });
    assert.equal(res.headers.get('content-type'), 'text/event-stream');
    const closed = new SseDecoder().feed(new Uint8Array(await res.arrayBuffer()));
    assert.deepEqual(closed.map((e) => [e.data, e.retry]), [['', byName.test_reconnection.reconnect.retryMs]]);
    assert.equal(s.endpoint.exchangeCount, 1);
    const resumed = await fetch(s.url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': wire.sessionId, 'mcp-protocol-version': '2025-11-25', 'last-event-id': closed[0].id },
    });
    const events = new SseDecoder().feed(new Uint8Array(await resumed.arrayBuffer())).filter((e) => e.data !== '');
    assert.equal(events.length, 1);
    assert.deepEqual(JSON.parse(events[0].data).result.content, byName.test_reconnection.reconnect.result.content);
    assert.equal(s.endpoint.exchangeCount, 0);
  } finally {
    s.server.closeAllConnections();
    s.server.close();
  }
});
