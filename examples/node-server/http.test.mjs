// The node:http form in-process on an ephemeral port: a cancel mid-call stops the tool on the
// server, on both wires: on 2026-07-28 the client closing the response stream, on 2025-11-25
// notifications/cancelled on the session.
import assert from 'node:assert/strict';
import http from 'node:http';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, clientRequestHeaders, decode } from '../../bindings-node/mcpwire.mjs';
import { app } from './http.mjs';

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

function post(url, message, version, session = null, signal = undefined) {
  return fetch(url, { method: 'POST', body: message, signal,
    headers: clientRequestHeaders(decode(message), version, null, session) });
}

/** Reads the response until it holds `text`. */
async function readUntil(res, text) {
  const reader = res.body.getReader();
  let seen = '';
  while (!seen.includes(text)) seen += Buffer.from((await reader.read()).value).toString();
  return seen;
}

test('a closed stream cancels on 2026-07-28', async () => {
  const s = await listening();
  const client = new Client({ version: '2026-07-28', clientInfo });
  client.assumeReady(true);
  const { bytes } = client.callTool(0, 'count', { to: 100000, intervalMs: 5 }, null, true);
  const abort = new AbortController();
  const res = await post(s.url, bytes, '2026-07-28', null, abort.signal);
  await readUntil(res, 'notifications/progress');
  assert.equal(s.running.size, 1);
  abort.abort();
  await until(() => s.running.size === 0);
  assert.equal(s.endpoint.exchangeCount, 0);
  s.server.close();
});

test('notifications/cancelled stops the tool on 2025-11-25', async () => {
  const s = await listening();
  const client = new Client({ version: '2025-11-25', clientInfo });
  const init = await post(s.url, client.start(0).bytes, '2025-11-25');
  const session = init.headers.get('mcp-session-id');
  client.handleInput(Buffer.from(await init.arrayBuffer()), 0);
  assert.equal((await post(s.url, client.pollTransmit(), '2025-11-25', session)).status, 202);
  const { id, bytes } = client.callTool(0, 'count', { to: 100000, intervalMs: 5 }, null, true);
  const res = await post(s.url, bytes, '2025-11-25', session);
  const seen = readUntil(res, 'notifications/progress');
  await seen;
  assert.equal(s.running.size, 1);
  assert.equal((await post(s.url, client.cancel(id, 'enough'), '2025-11-25', session)).status, 202);
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
      const res = await post(url, sent.bytes, '2026-07-28');
      return [res.status, client.handleInput(Buffer.from(await res.arrayBuffer()), 0)];
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
