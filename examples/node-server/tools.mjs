// The example's tools (../tools.json) on an mcpwire Server: what every transport of this
// example shares. The protocol (handshake, capability gate, versions, progress rules,
// cancellation, error shapes) is mcpwire's; this module only runs tools.
//
// A Session is one mcpwire Server and the calls running on it. `await session.handle(data,
// send)` feeds one incoming message and passes everything to send for it (progress, the
// response, handshake answers, refusals) to `send(bytes)`; it resolves when that message is
// done with (for a tools/call, when the tool has finished or was cancelled).
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { Schema, Server, checkArguments } from '../../bindings-node/mcpwire.mjs';

export const definitions = JSON.parse(readFileSync(new URL('../tools.json', import.meta.url), 'utf8'));
export const byName = Object.fromEntries(definitions.tools.map((d) => [d.tool.name, d]));
const options = {
  versions: ['2026-07-28', '2025-11-25', '2025-06-18'],
  serverInfo: definitions.serverInfo,
  capabilities: { tools: {} },
};
// Compiled once; a call whose arguments do not fit gets checkArguments' isError result.
const schemas = Object.fromEntries(definitions.tools.map((d) => [d.tool.name, new Schema(d.tool.inputSchema)]));
// One page: the catalog is small. ttlMs/cacheScope are 2026-07-28's cache hints (0: ask again
// each time); the older versions allow extra members.
const list = { tools: definitions.tools.map((d) => d.tool), ttlMs: 0, cacheScope: 'public' };

/** mcpwire's clock: milliseconds on a monotonic scale. */
export const now = () => Math.floor(performance.now());

export class Session {
  constructor() {
    this.server = new Server(options);
    this.running = new Map();
  }

  async handle(data, send) {
    const event = this.server.handleInput(data, now());
    if (event.event === 'call_tool') {
      const abort = new AbortController();
      this.running.set(event.id, abort);
      try {
        await this.call(event, abort.signal, send);
      } finally {
        this.running.delete(event.id);
      }
    } else if (event.event === 'list_tools') {
      await send(this.server.respondList(event.id, list));
    } else if (event.event === 'cancelled' && event.known) {
      this.running.get(event.id)?.abort();
    }
    for (let out; (out = this.server.pollTransmit()) !== null;) await send(out);
  }

  async call(event, signal, send) {
    const { id, name } = event;
    const args = event.arguments ?? {};
    const d = byName[name];
    let out;
    if (d === undefined) {
      out = this.server.respondFailure(id, 'unknown_tool', `Unknown tool: ${name}`);
    } else if (!schemas[name].isValid(args)) {
      out = this.server.respondTool(id, checkArguments(d.tool.inputSchema, name, args));
    } else {
      let result;
      try {
        result = await this.run(event, d, args, signal, send);
      } catch (e) {
        if (!signal.aborted) throw e;
        // Cancelled: ends the request in core, whose answer is suppressed.
        this.server.respondFailure(id, 'tool_execution_failed', 'cancelled');
        return;
      }
      out = typeof result === 'string'
        ? this.server.respondFailure(id, 'tool_execution_failed', result)
        : this.server.respondTool(id, result);
    }
    if (out !== null) await send(out);
  }

  /** The tool's result, or a string: the message of a tool execution error. */
  async run(event, d, args, signal, send) {
    if (d.fail !== undefined) return d.fail;
    if (d.progress !== undefined) {
      for (const [i, value] of d.progress.entries()) {
        if (i) await sleep(d.intervalMs, undefined, { signal });
        await this.progress(event, value, d.total, send);
      }
      return d.result;
    }
    if (d.tool.name === 'count') {
      for (let i = 1; i <= args.to; i++) {
        await sleep(args.intervalMs, undefined, { signal });
        await this.progress(event, i, args.to, send);
      }
      return { content: [{ type: 'text', text: `counted to ${args.to}` }] };
    }
    if (d.tool.name === 'echo') return { content: [{ type: 'text', text: args.text }] };
    return d.result;
  }

  async progress(event, value, total, send) {
    if (event.progressToken !== null) await send(this.server.notifyProgress(event.id, value, total));
  }
}
