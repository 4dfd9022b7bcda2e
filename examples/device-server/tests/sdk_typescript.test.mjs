// The desktop device server spawned over stdio by the official MCP TypeScript SDK's client
// (@modelcontextprotocol/sdk, pinned in bindings-node/package.json, from
// bindings-node/node_modules). Run by examples/device-server/test.sh with DEVICE_SERVER set to
// the desktop binary: node --test examples/device-server/tests/sdk_typescript.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const sdk = path.join(here, '../../../bindings-node/node_modules/@modelcontextprotocol/sdk/dist/esm');
const { Client } = await import(pathToFileURL(path.join(sdk, 'client/index.js')).href);
const { StdioClientTransport } = await import(pathToFileURL(path.join(sdk, 'client/stdio.js')).href);

const command = process.env.DEVICE_SERVER;
assert.ok(command, 'DEVICE_SERVER names the desktop binary');

async function connect() {
  const client = new Client({ name: 'device-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, stderr: 'inherit' }));
  return client;
}

const text = (r) => r.content[0].text;

test('lists and calls every tool, with progress', async () => {
  const client = await connect();
  try {
    assert.equal(client.getServerVersion().name, 'mcpwire-device-server');
    assert.deepEqual(client.getServerCapabilities().tools, { listChanged: false });
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name), ['read_sensor', 'set_mode', 'calibrate']);
    assert.equal(tools[0].annotations.readOnlyHint, true);
    assert.equal(tools[1].annotations.destructiveHint, true);

    // The SDK checks structuredContent against each outputSchema (listTools compiled them).
    for (const [channel, unit] of [['temperature', '°C'], ['humidity', '%RH'], ['pressure', 'hPa']]) {
      const r = await client.callTool({ name: 'read_sensor', arguments: { channel } });
      assert.ok(!r.isError, text(r));
      assert.equal(r.structuredContent.unit, unit);
    }
    let r = await client.callTool({ name: 'set_mode', arguments: { mode: 'low_power' } });
    assert.deepEqual(r.structuredContent, { mode: 'low_power', previous: 'continuous' });

    const progress = [];
    r = await client.callTool(
      { name: 'calibrate', arguments: { reference: 19.25, samples: 4 } },
      undefined,
      { onprogress: (p) => progress.push(p) },
    );
    assert.ok(!r.isError, text(r));
    assert.equal(r.structuredContent.samples, 4);
    // After each sample but the last (the result says that one is in).
    assert.deepEqual(
      progress,
      [1, 2, 3].map((n) => ({ progress: n, total: 4, message: `sample ${n} of 4` })),
    );
  } finally {
    await client.close();
  }
});

test('bad arguments are tool errors; an unknown tool is a protocol error', async () => {
  const client = await connect();
  try {
    await client.listTools();
    let r = await client.callTool({ name: 'set_mode', arguments: { mode: 'turbo' } });
    assert.equal(r.isError, true);
    assert.equal(text(r), 'argument `mode` must be one of "continuous", "low_power", "sleep"');
    r = await client.callTool({ name: 'calibrate', arguments: { reference: -41 } });
    assert.equal(r.isError, true);
    assert.equal(text(r), 'argument `reference` must be a number from -40.00 to 85.00');
    await assert.rejects(
      client.callTool({ name: 'self_destruct', arguments: {} }),
      (e) => e.code === -32602 && /Unknown tool: self_destruct/.test(e.message),
    );
    r = await client.callTool({ name: 'read_sensor', arguments: { channel: 'pressure' } });
    assert.ok(!r.isError);
  } finally {
    await client.close();
  }
});

test('a cancel mid-calibration stops it', async () => {
  const client = await connect();
  try {
    await client.listTools();
    const stop = new AbortController();
    const progress = [];
    const call = client.callTool(
      { name: 'calibrate', arguments: { reference: 30, samples: 50 } },
      undefined,
      {
        signal: stop.signal,
        onprogress: (p) => {
          progress.push(p.progress);
          // The SDK sends notifications/cancelled on abort.
          stop.abort('user pressed stop');
        },
      },
    );
    await assert.rejects(call, /user pressed stop/);
    assert.deepEqual(progress, [1]);
    // The server read the cancel before this request (one stream, in order): the sensor is
    // free again.
    const r = await client.callTool({ name: 'set_mode', arguments: { mode: 'continuous' } });
    assert.ok(!r.isError, text(r));
  } finally {
    await client.close();
  }
});
