// The official TypeScript SDK's client (Client) against the server at $MCP_URL (Streamable
// HTTP) or started by the command line $MCP_STDIO (stdio; split at spaces): it lists and calls
// every tool of ../tools.json, with progress, and cancels a call mid-way. The SDK (1.32.2)
// speaks up to 2025-11-25: initialize, and sessions over HTTP.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const stdio = process.env.MCP_STDIO?.split(' ');
const defs = JSON.parse(readFileSync(new URL('../tools.json', import.meta.url), 'utf8'));
const byName = Object.fromEntries(defs.tools.map((d) => [d.tool.name, d]));
const statics = Object.keys(byName).filter((n) => byName[n].result && !byName[n].progress);

async function connected(body) {
  const client = new Client({ name: 'ts-sdk-client-test', version: '1.0.0' });
  const transport = stdio
    ? new StdioClientTransport({ command: stdio[0], args: stdio.slice(1), stderr: 'inherit' })
    : new StreamableHTTPClientTransport(new URL(process.env.MCP_URL));
  await client.connect(transport);
  try {
    if (!stdio) assert.ok(transport.sessionId, 'the server gave a session id');
    return await body(client);
  } finally {
    if (!stdio) await transport.terminateSession();
    await client.close();
  }
}

test('lists every tool', () => connected(async (client) => {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), Object.keys(byName).sort());
  for (const t of tools) assert.equal(t.inputSchema.type, 'object');
}));

for (const name of statics) {
  test(`calls ${name}`, () => connected(async (client) => {
    const result = await client.callTool({ name, arguments: byName[name].arguments ?? {} });
    assert.ok(!result.isError);
    assert.deepEqual(result.content, byName[name].result.content);
  }));
}

test('a tool error, good and bad arguments', () => connected(async (client) => {
  const failed = await client.callTool({ name: 'test_error_handling', arguments: {} });
  assert.equal(failed.isError, true);
  assert.ok(failed.content[0].text.includes(byName.test_error_handling.fail));
  const echoed = await client.callTool({ name: 'echo', arguments: { text: 'héllo' } });
  assert.deepEqual(echoed.content, [{ type: 'text', text: 'héllo' }]);
  const bad = await client.callTool({ name: 'echo', arguments: { text: 5 } });
  assert.equal(bad.isError, true);
}));

test('progress', () => connected(async (client) => {
  const seen = [];
  const result = await client.callTool({ name: 'test_tool_with_progress', arguments: {} }, undefined, {
    onprogress: (p) => seen.push([p.progress, p.total]),
  });
  assert.deepEqual(result.content, byName.test_tool_with_progress.result.content);
  // The SDK handles notifications a microtask later than responses: a progress notification
  // that arrives in the same read as the response (stdio: the last one, written right before
  // it) finds its handler gone and is dropped ("unknown token"). The first two are 50 ms
  // apart from what follows them.
  assert.deepEqual(seen.slice(0, 2), [[0, 100], [50, 100]]);
  assert.ok(seen.length === 2 || (seen.length === 3 && seen[2][0] === 100), JSON.stringify(seen));
}));

test('a cancel mid-call', () => connected(async (client) => {
  const abort = new AbortController();
  const seen = [];
  const call = client.callTool({ name: 'count', arguments: { to: 100000, intervalMs: 5 } }, undefined, {
    signal: abort.signal,
    onprogress: (p) => { seen.push(p.progress); abort.abort('enough'); },
  });
  await assert.rejects(call);
  assert.ok(seen.length >= 1 && seen.length < 100000);
  // The session goes on after the cancel.
  const after = await client.callTool({ name: 'echo', arguments: { text: 'after' } });
  assert.deepEqual(after.content, [{ type: 'text', text: 'after' }]);
}));
