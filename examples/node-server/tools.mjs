// The example's tools (../tools.json): what every transport of this example shares. The
// protocol (handshake, capability gate, versions, progress rules, cancellation, error shapes,
// the HTTP wires) is mcpwire's; this module only runs tools.
//
// `answer(name, args, report, signal)` is what a tools/call gets; `Session` runs the tools on
// one mcpwire Server (a stdio connection), the HTTP form on mcpwire's endpoint.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  McpwireError, Schema, Server, checkArguments, declaredInputRequests, openRequestState, sealRequestState,
} from '../../bindings-node/mcpwire.mjs';

export const definitions = JSON.parse(readFileSync(new URL('../tools.json', import.meta.url), 'utf8'));
export const serverInfo = definitions.serverInfo;
export const versions = ['2026-07-28', '2025-11-25', '2025-06-18'];
export const capabilities = { tools: {} };
export const tools = definitions.tools.map((d) => d.tool);
export const byName = Object.fromEntries(definitions.tools.map((d) => [d.tool.name, d]));
// Compiled once; a call whose arguments do not fit gets checkArguments' isError result.
const schemas = Object.fromEntries(tools.map((t) => [t.name, new Schema(t.inputSchema)]));
// One page: the catalog is small. ttlMs/cacheScope are 2026-07-28's cache hints (0: ask again
// each time); the older versions allow extra members.
export const list = { tools, ttlMs: 0, cacheScope: 'public' };
// The key sealing the requestState of 'rounds' tools: fresh each start (a state from an
// earlier run is refused, as a changed one is).
const stateKey = randomBytes(32);

/** mcpwire's clock: milliseconds on a monotonic scale. */
export const now = () => Math.floor(performance.now());

/**
 * What a tools/call of `name` gets: `{ result }` (a CallToolResult), `{ inputRequired }` (an
 * InputRequiredResult) or `{ kind, message, data }` (a failure). `await report(progress,
 * total)` sends progress (the caller drops it when the request asked for none); `signal`
 * aborts the tool (it then throws); `call` is the call event (what it declared and brought
 * back, 2026-07-28); `closeConnection(retryMs)`, when the transport has one, ends the
 * response mid-call while its stream goes on (2025-11-25 polling).
 */
export async function answer(name, args, report, signal, call = {}, closeConnection = null) {
  const d = byName[name];
  if (d === undefined) return { kind: 'unknown_tool', message: `Unknown tool: ${name}` };
  args ??= {};
  if (!schemas[name].isValid(args)) return { result: checkArguments(d.tool.inputSchema, name, args) };
  if (d.fail !== undefined) return { kind: 'tool_execution_failed', message: d.fail };
  if (d.inputRequests !== undefined) return ask(d, call);
  if (d.rounds !== undefined) return askRounds(d, call);
  if (d.reconnect !== undefined) {
    closeConnection?.(d.reconnect.retryMs);
    await sleep(d.reconnect.afterMs, undefined, { signal });
    return { result: d.reconnect.result };
  }
  if (d.progress !== undefined) {
    for (const [i, value] of d.progress.entries()) {
      if (i) await sleep(d.intervalMs, undefined, { signal });
      await report(value, d.total);
    }
    return { result: d.result };
  }
  if (name === 'count') {
    for (let i = 1; i <= args.to; i++) {
      await sleep(args.intervalMs, undefined, { signal });
      await report(i, args.to);
    }
    return { result: { content: [{ type: 'text', text: `counted to ${args.to}` }] } };
  }
  if (name === 'echo') return { result: { content: [{ type: 'text', text: args.text }] } };
  return { result: d.result };
}

/**
 * A tool that needs input from the client (2026-07-28): -32021 naming what it `requires` when
 * the call did not declare it; its `inputRequests` again until the retry brings a response
 * for each; then the responses.
 */
function ask(d, call) {
  const refused = missingCapabilities(d, call);
  if (refused !== null) return refused;
  const responses = call.inputResponses ?? {};
  const keys = Object.keys(d.inputRequests);
  const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!keys.every((k) => isObject(responses[k]))) return { inputRequired: { inputRequests: d.inputRequests } };
  const got = Object.fromEntries(keys.sort().map((k) => [k, responses[k]]));
  return { result: { content: [{ type: 'text', text: JSON.stringify(got) }] } };
}

/** -32021 naming what the tool `requires` and the call did not declare, or null. */
function missingCapabilities(d, call) {
  const declared = call.clientCapabilities ?? null;
  const missing = Object.fromEntries(Object.entries(d.requires ?? {}).filter(([k]) => declared !== null && !(k in declared)));
  if (Object.keys(missing).length === 0) return null;
  return {
    kind: 'missing_required_client_capability',
    message: `${d.tool.name} needs the client capabilities ${Object.keys(missing).sort()}`,
    data: { requiredCapabilities: missing },
  };
}

/**
 * A tool asking its `rounds` of input requests in turn (2026-07-28), carrying what it needs
 * again in a sealed requestState: the round, the keys asked, the answers so far. A retry
 * without every asked answer is asked again; a changed state is -32602.
 */
function askRounds(d, call) {
  const name = d.tool.name;
  const refused = missingCapabilities(d, call);
  if (refused !== null) return refused;
  let state = { round: 0, asked: null, answers: {} };
  if (call.requestState != null) {
    try {
      state = openRequestState(stateKey, name, call.requestState);
    } catch (e) {
      if (!(e instanceof McpwireError)) throw e;
      return { kind: e.kind, message: e.message };
    }
    const responses = call.inputResponses ?? {};
    const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
    if (state.asked.every((k) => isObject(responses[k]))) {
      for (const k of state.asked) state.answers[k] = responses[k];
      state.round += 1;
    }
  }
  if (state.round === d.rounds.length) {
    const answers = Object.fromEntries(Object.keys(state.answers).sort().map((k) => [k, state.answers[k]]));
    return { result: { content: [{ type: 'text', text: `state-ok: ${JSON.stringify(answers)}` }] } };
  }
  let asks = d.rounds[state.round];
  if (d.askDeclared) {
    asks = declaredInputRequests(asks, call.clientCapabilities ?? null);
    if (Object.keys(asks).length === 0) {
      const text = `${name}: none of its input requests fit the declared client capabilities`;
      return { result: { content: [{ type: 'text', text }] } };
    }
  }
  state.asked = Object.keys(asks).sort();
  return { inputRequired: { inputRequests: asks, requestState: sealRequestState(stateKey, name, state) } };
}

/**
 * The answer to a call from `answer`'s outcome, through `respondTool` / `respondInputRequired`
 * / `respondFailure` of a Server (`to`: a request id) or an HttpEndpoint (`to`: an exchange).
 * An input_required result on a version without one (before 2026-07-28) becomes a tool error.
 */
export function respond(target, to, outcome) {
  if (outcome.result !== undefined) return target.respondTool(to, outcome.result);
  if (outcome.inputRequired !== undefined) {
    try {
      return target.respondInputRequired(to, outcome.inputRequired);
    } catch (e) {
      if (!(e instanceof McpwireError)) throw e;
      return target.respondFailure(to, 'tool_execution_failed', e.message);
    }
  }
  return target.respondFailure(to, outcome.kind, outcome.message, outcome.data ?? null);
}

/**
 * The tools on one mcpwire Server (one stdio connection). `await session.handle(data, send)`
 * feeds one incoming message and passes everything to send for it (progress, the response,
 * handshake answers, refusals) to `send(bytes)`; it resolves when that message is done with
 * (for a tools/call, when the tool has finished or was cancelled).
 */
export class Session {
  constructor() {
    this.server = new Server({ versions, serverInfo, capabilities });
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
    const { id } = event;
    const report = async (progress, total) => {
      if (event.progressToken !== null) await send(this.server.notifyProgress(id, progress, total));
    };
    let outcome;
    try {
      outcome = await answer(event.name, event.arguments, report, signal, event);
    } catch (e) {
      if (!signal.aborted) throw e;
      // Cancelled: ends the request in core, whose answer is suppressed.
      this.server.respondFailure(id, 'tool_execution_failed', 'cancelled');
      return;
    }
    const out = respond(this.server, id, outcome);
    if (out !== null) await send(out);
  }
}
