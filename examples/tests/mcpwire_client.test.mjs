// mcpwire's Client and HttpClient over Node's fetch, against a Streamable HTTP server at
// $MCP_URL (the official Python SDK's and TypeScript SDK's, and our example servers) on the
// wires in $MCP_WIRES: the handshake, the catalog, every tool, progress, a cancel mid-call,
// DELETE ending the session (a request still in flight then gets 404: expired), the GET stream
// (405 or SSE). No HTTP rule of its own: mcpwire's HttpClient writes every request and reads
// every response.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { Client, HttpClient, McpwireError, httpToolCatalog } from '../../bindings-node/mcpwire.mjs';

const url = process.env.MCP_URL;
const defs = JSON.parse(readFileSync(new URL('../tools.json', import.meta.url), 'utf8'));
const byName = Object.fromEntries(defs.tools.map((d) => [d.tool.name, d]));
const statics = Object.keys(byName).filter((n) => byName[n].result && !byName[n].progress);
const wires = (process.env.MCP_WIRES ?? '2025-11-25 2026-07-28').split(' ');
const now = () => Math.floor(performance.now());

class Connection {
  constructor(version, wire = new HttpClient(version)) {
    this.version = version;
    this.client = new Client({ version, clientInfo: { name: 'mcpwire-fetch', version: '0.1.0' } });
    this.wire = wire;
    this.tools = {};
  }

  /** Sends one request the HttpClient wrote; the Client's events for the messages that come
   * back, stopping early (and closing the response: on 2026-07-28 that cancels the request)
   * when `until(event)` is true. `this.kind` is what the response was. */
  async exchange(req, until) {
    const abort = new AbortController();
    const body = req.method === 'POST' ? req.body : undefined;
    const res = await fetch(url, { method: req.method, headers: req.headers, body, signal: abort.signal });
    this.kind = this.wire.handleResponse(req.exchange, res.status, res.headers);
    const events = [];
    if (this.kind !== 'json' && this.kind !== 'sse') {
      await res.body?.cancel();
      return events;
    }
    const take = () => {
      for (let m; (m = this.wire.pollMessage()) !== null;) {
        const event = this.client.handleInput(m.message, now());
        events.push(event);
        if (until?.(event)) return true;
      }
      return false;
    };
    let stopped = false;
    for await (const chunk of res.body) {
      this.wire.handleBody(req.exchange, chunk);
      if ((stopped = take())) break;
    }
    if (stopped) {
      abort.abort();
      this.wire.close(req.exchange);
      return events;
    }
    assert.equal(this.wire.handleEnd(req.exchange), 'complete');
    take();
    return events;
  }

  send(message, tool = null, until = undefined) {
    return this.exchange(this.wire.request(message, tool), until);
  }

  async open() {
    const events = await this.send(this.client.start(now()).bytes);
    assert.equal(events.at(-1).event, 'ready');
    for (let out; (out = this.client.pollTransmit()) !== null;) {
      assert.deepEqual(await this.send(out), []);
      assert.equal(this.kind, 'empty');
    }
    let wire = this.client.listTools(now()).bytes;
    while (wire !== null) {
      const page = (await this.send(wire)).at(-1);
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
    const { bytes } = this.client.callTool(now(), name, args, null, progress);
    return this.send(bytes, this.tools[name] ?? null, until);
  }
}

async function connected(version, body) {
  return body(await new Connection(version).open());
}

for (const version of wires) {
  describe(version, () => {
    test('the catalog', () => connected(version, async (conn) => {
      assert.deepEqual(Object.keys(conn.tools).sort(), Object.keys(byName).sort());
      assert.equal(conn.wire.protocolVersion, version);
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
      if (version !== '2026-07-28') {
        assert.deepEqual(await conn.send(cancel), []);
        assert.equal(conn.kind, 'empty');
      }
      assert.equal(conn.client.inFlight, 0);
      assert.equal(conn.wire.exchangeCount, 0);
      const after = (await conn.call('echo', { text: 'after' })).at(-1);
      assert.deepEqual(after.result.content, [{ type: 'text', text: 'after' }]);
    }));

    test('the GET stream', () => connected(version, async (conn) => {
      if (version === '2026-07-28') {
        // "Removal of the GET stream endpoint"
        assert.throws(() => conn.wire.openStream(), McpwireError);
        return;
      }
      const req = conn.wire.openStream();
      const abort = new AbortController();
      const res = await fetch(url, { method: 'GET', headers: req.headers, signal: abort.signal });
      const kind = conn.wire.handleResponse(req.exchange, res.status, res.headers);
      assert.ok(kind === 'sse' || kind === 'no_stream', `${res.status} ${kind}`);
      abort.abort();
      assert.equal(conn.wire.close(req.exchange), kind === 'sse');
      const after = (await conn.call('echo', { text: 'still' })).at(-1);
      assert.deepEqual(after.result.content, [{ type: 'text', text: 'still' }]);
    }));

    if (version !== '2026-07-28') {
      test('DELETE ends the session; a request still in flight gets 404: expired', () =>
        connected(version, async (conn) => {
          assert.notEqual(conn.wire.sessionId, null);
          const late = conn.wire.request(conn.client.callTool(now(), 'echo', { text: 'late' }).bytes);
          assert.deepEqual(await conn.exchange(conn.wire.endSession()), []);
          assert.equal(conn.kind, 'empty');
          assert.equal(conn.wire.sessionId, null);
          // "When a client receives HTTP 404 in response to a request containing an
          // MCP-Session-Id, it MUST start a new session".
          assert.deepEqual(await conn.exchange(late), []);
          assert.equal(conn.kind, 'session_expired');
          const again = await new Connection(version, conn.wire).open();
          assert.notEqual(again.wire.sessionId, null);
          const got = (await again.call('echo', { text: 'again' })).at(-1);
          assert.deepEqual(got.result.content, [{ type: 'text', text: 'again' }]);
        }));
    }
  });
}
