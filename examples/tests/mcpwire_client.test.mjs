// mcpwire's Client with its Streamable HTTP helpers (request headers, the SSE decoder) over
// Node's fetch, against the official Python SDK's server ($MCP_URL, both wires) and the
// TypeScript SDK's ($MCP_WIRES=2025-11-25): the handshake, the catalog, every tool, progress,
// a cancel mid-call. No HTTP rule of its own: the headers come from clientRequestHeaders, the
// events from mcpwire's SSE decoder.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { Client, SseDecoder, clientRequestHeaders, decode, httpToolCatalog } from '../../bindings-node/mcpwire.mjs';

const url = process.env.MCP_URL;
const defs = JSON.parse(readFileSync(new URL('../tools.json', import.meta.url), 'utf8'));
const byName = Object.fromEntries(defs.tools.map((d) => [d.tool.name, d]));
const statics = Object.keys(byName).filter((n) => byName[n].result && !byName[n].progress);
const wires = (process.env.MCP_WIRES ?? '2025-11-25 2026-07-28').split(' ');
const now = () => Math.floor(performance.now());

class Connection {
  constructor(version) {
    this.version = version;
    this.client = new Client({ version, clientInfo: { name: 'mcpwire-fetch', version: '0.1.0' } });
    this.sessionId = null;
    this.tools = {};
  }

  /** POSTs one message; the client's events for what comes back, stopping early (and closing
   * the stream: on 2026-07-28 that cancels the request) when `until(event)` is true. */
  async exchange(message, until) {
    const m = decode(message);
    const tool = m.method === 'tools/call' ? this.tools[m.params.name] ?? null : null;
    const headers = clientRequestHeaders(m, this.version, tool, this.sessionId);
    const abort = new AbortController();
    const res = await fetch(url, { method: 'POST', headers, body: message, signal: abort.signal });
    this.sessionId = res.headers.get('mcp-session-id') ?? this.sessionId;
    const kind = res.headers.get('content-type') ?? '';
    const events = [];
    if (res.status === 202) { // a notification accepted: no body
      assert.equal(await res.text(), '');
    } else if (kind.startsWith('text/event-stream')) {
      const decoder = new SseDecoder();
      try {
        for await (const chunk of res.body) {
          for (const item of decoder.feed(chunk)) {
            if (item.kind !== 'event' || item.data === '') continue;
            const event = this.client.handleInput(item.data, now());
            events.push(event);
            if (until?.(event)) {
              abort.abort();
              return events;
            }
          }
        }
      } catch (e) {
        if (!abort.signal.aborted) throw e;
      }
    } else if (kind.startsWith('application/json')) {
      events.push(this.client.handleInput(Buffer.from(await res.arrayBuffer()), now()));
    } else {
      assert.fail(`${res.status} ${kind}: ${await res.text()}`);
    }
    return events;
  }

  async open() {
    const events = await this.exchange(this.client.start(now()).bytes);
    assert.equal(events.at(-1).event, 'ready');
    for (let out; (out = this.client.pollTransmit()) !== null;) assert.deepEqual(await this.exchange(out), []);
    let wire = this.client.listTools(now()).bytes;
    while (wire !== null) {
      const page = (await this.exchange(wire)).at(-1);
      assert.equal(page.event, 'tools_page');
      // A tool whose x-mcp-header annotations break the rules is left out (HTTP only).
      const catalog = httpToolCatalog(page.result.tools);
      assert.deepEqual(catalog.rejected, []);
      for (const t of catalog.tools) this.tools[t.name] = t;
      wire = this.client.pollTransmit();
    }
    return this;
  }

  call(name, args, progress, until) {
    return this.exchange(this.client.callTool(now(), name, args, null, progress).bytes, until);
  }
}

async function connected(version, body) {
  return body(await new Connection(version).open());
}

for (const version of wires) {
  describe(version, () => {
    test('the catalog', () => connected(version, async (conn) => {
      assert.deepEqual(Object.keys(conn.tools).sort(), Object.keys(byName).sort());
    }));

    for (const name of statics) {
      test(name, () => connected(version, async (conn) => {
        const got = (await conn.call(name, byName[name].arguments ?? {})).at(-1);
        assert.equal(got.class, 'success');
        assert.deepEqual(got.result.content, byName[name].result.content);
      }));
    }

    test('errors', () => connected(version, async (conn) => {
      const failed = (await conn.call('test_error_handling', {})).at(-1);
      assert.equal(failed.class, 'tool_error');
      assert.match(JSON.stringify(failed), new RegExp(byName.test_error_handling.fail));
      assert.equal((await conn.call('echo', { text: 5 })).at(-1).class, 'tool_error');
    }));

    test('progress', () => connected(version, async (conn) => {
      const events = await conn.call('test_tool_with_progress', {}, true);
      const progress = events.filter((e) => e.event === 'progress').map((e) => [e.progress, e.total]);
      assert.deepEqual(progress, [[0, 100], [50, 100], [100, 100]]);
      assert.equal(events.at(-1).event, 'tool_result');
    }));

    test('a cancel mid-call', () => connected(version, async (conn) => {
      const events = await conn.call('count', { to: 100000, intervalMs: 5 }, true, (e) => e.event === 'progress');
      const { id } = events.at(-1);
      const cancel = conn.client.cancel(id, 'enough');
      assert.notEqual(cancel, null);
      // On 2026-07-28 the closed stream was the cancellation.
      if (version !== '2026-07-28') assert.deepEqual(await conn.exchange(cancel), []);
      assert.equal(conn.client.inFlight, 0);
      const after = (await conn.call('echo', { text: 'after' })).at(-1);
      assert.deepEqual(after.result.content, [{ type: 'text', text: 'after' }]);
    }));
  });
}
