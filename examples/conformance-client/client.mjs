// A conformance client on mcpwire over Node's fetch: the official suite's client scenarios
// (`conformance client --command "node client.mjs"`) run it with the test server's URL as the
// last argument, the scenario in $MCP_CONFORMANCE_SCENARIO and the wire in
// $MCP_CONFORMANCE_PROTOCOL_VERSION. The protocol is mcpwire's: its Client writes and reads
// every message, its HttpClient every HTTP request and response; this file only moves bytes
// and does what each scenario asks of a host.
import {
  Client, HttpClient, applyElicitationDefaults, encode, failureResponse, httpToolCatalog,
} from '../../bindings-node/mcpwire.mjs';

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const version = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION ?? '2025-11-25';
const now = () => Math.floor(performance.now());
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (...args) => console.error('[mcpwire-fetch]', ...args);

class Connection {
  /** `capabilities`: what the client declares; with `elicitation` it answers the server's
   * elicitations, and on a wire with sessions listens for them on the GET stream. */
  constructor(capabilities) {
    this.capabilities = capabilities;
    this.client = new Client({
      version,
      clientInfo: { name: 'mcpwire-conformance-fetch', version: '0.1.0' },
      capabilities,
    });
    this.wire = new HttpClient(version);
    this.tools = {};
    /** The events of each exchange being read, by exchange. */
    this.reading = new Map();
  }

  /** Sends one HTTP request the HttpClient wrote and reads its response until its request
   * is answered or it ends, resuming a stream that ends early (after its `retry`); returns
   * the Client's events for the messages that came on it. */
  async exchange(req) {
    const events = [];
    this.reading.set(req.exchange, events);
    try {
      for (;;) {
        if (req.retry !== null) await sleep(req.retry);
        const body = req.method === 'POST' ? req.body : undefined;
        const abort = new AbortController();
        const res = await fetch(url, { method: req.method, headers: req.headers, body, signal: abort.signal });
        const kind = this.wire.handleResponse(req.exchange, res.status, res.headers);
        if (kind !== 'json' && kind !== 'sse') {
          await res.body?.cancel();
          if (kind !== 'empty') log(`${req.method} answered ${res.status}: ${kind}`);
          return events;
        }
        let answered = false;
        for await (const chunk of res.body) {
          this.wire.handleBody(req.exchange, chunk);
          await this.take();
          // Nothing more of this request's comes (the server may keep the stream open).
          if ((answered = this.wire.answered(req.exchange))) break;
        }
        if (answered) {
          abort.abort();
          this.wire.close(req.exchange);
          return events;
        }
        const ended = this.wire.handleEnd(req.exchange);
        await this.take();
        if (ended !== 'resumable') return events;
        req = this.wire.resume(req.exchange);
        log(`stream ended early; resuming after ${req.retry} ms`);
      }
    } finally {
      this.reading.delete(req.exchange);
    }
  }

  /** Gives each message received to the Client (its event to the exchange it came on);
   * answers the server's requests. */
  async take() {
    for (let m; (m = this.wire.pollMessage()) !== null;) {
      const event = this.client.handleInput(m.message, now());
      const events = this.reading.get(m.exchange) ?? [];
      events.push(event);
      if (event.event === 'other' && event.message.method && event.message.id !== undefined) {
        await this.answer(event.message);
      } else if (event.event === 'version_retry') {
        log(`version refused; retrying at ${event.version}`);
        events.push(...await this.send(this.client.pollTransmit()));
      }
    }
  }

  /** A request from the server (2025-11-25): an elicitation is accepted as the user would
   * accept a form left as it was, with the schema's defaults; anything else is refused. */
  async answer(request) {
    const reply = request.method === 'elicitation/create' && this.capabilities.elicitation
      ? this.client.respond(request.id, accept(request.params))
      : encode(failureResponse('method_not_found', `${request.method} is not supported`, request.id));
    await this.exchange(this.wire.request(reply));
  }

  send(message, tool = null) {
    return this.exchange(this.wire.request(message, tool));
  }

  async open() {
    const ready = (await this.send(this.client.start(now()).bytes)).at(-1);
    if (ready?.event !== 'ready') throw new Error(`handshake: ${JSON.stringify(ready)}`);
    this.hasTools = ready.tools !== null;
    for (let out; (out = this.client.pollTransmit()) !== null;) await this.send(out);
    if (this.capabilities.elicitation && version !== '2026-07-28') await this.listen();
    return this;
  }

  /** Opens the GET stream, where a server sends requests not tied to one of ours (2025-11-25),
   * and reads it in the background until `close`. */
  async listen() {
    const req = this.wire.openStream();
    this.listening = new AbortController();
    const res = await fetch(url, { method: 'GET', headers: req.headers, signal: this.listening.signal });
    if (this.wire.handleResponse(req.exchange, res.status, res.headers) !== 'sse') return;
    this.stream = req.exchange;
    this.reader = (async () => {
      try {
        for await (const chunk of res.body) {
          this.wire.handleBody(req.exchange, chunk);
          await this.take();
        }
      } catch (e) {
        if (e.name !== 'AbortError') throw e;
      }
    })();
  }

  /** Stops listening, and ends the session (DELETE) on a wire with sessions. */
  async close() {
    if (this.stream !== undefined) {
      this.listening.abort();
      this.wire.close(this.stream);
      await this.reader;
    }
    if (this.wire.sessionId !== null) await this.exchange(this.wire.endSession());
  }

  async listTools() {
    let wire = this.client.listTools(now()).bytes;
    while (wire !== null) {
      const page = (await this.send(wire)).at(-1);
      if (page?.event !== 'tools_page') throw new Error(`tools/list: ${JSON.stringify(page)}`);
      // A tool whose x-mcp-header annotations break the rules is left out (HTTP only).
      const catalog = httpToolCatalog(page.result.tools);
      for (const r of catalog.rejected) log(`tool left out: ${r.tool}: ${r.reason}`);
      for (const t of catalog.tools) this.tools[t.name] = t;
      wire = this.client.pollTransmit();
    }
    return Object.values(this.tools);
  }

  async call(name, args) {
    const { bytes } = this.client.callTool(now(), name, args);
    const got = (await this.send(bytes, this.tools[name] ?? null)).at(-1);
    log(`${name}: ${JSON.stringify(got)}`);
    return got;
  }
}

/** An elicitation, on either wire, accepted as a user accepts a form left as it was: with the
 * schema's defaults (SEP-1034). */
const accept = (params) => applyElicitationDefaults(params, { action: 'accept', content: {} });

/** The answers to an `input_required` result's input requests (2026-07-28). */
function inputResponses(requests) {
  const out = {};
  for (const [key, r] of Object.entries(requests ?? {})) {
    if (r.method === 'elicitation/create') out[key] = accept(r.params);
  }
  return out;
}

/** Calls a tool; an `input_required` result is answered and the call retried (a few rounds). */
async function callAnswering(conn, name, args) {
  let got = await conn.call(name, args);
  for (let round = 0; got?.event === 'input_required' && round < 4; round++) {
    const { bytes } = conn.client.retryTool(now(), name, args, inputResponses(got.result.inputRequests),
      got.result.requestState ?? null);
    got = (await conn.send(bytes, conn.tools[name] ?? null)).at(-1);
    log(`${name} (retry): ${JSON.stringify(got)}`);
  }
  return got;
}

const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}');

const scenarios = {
  /** The handshake; the catalog when the server has tools. */
  async initialize(conn) {
    if (conn.hasTools) await conn.listTools();
  },
  async tools_call(conn) {
    for (const tool of await conn.listTools()) await conn.call(tool.name, { a: 2, b: 3 });
  },
  async 'elicitation-sep1034-client-defaults'(conn) {
    await conn.listTools();
    await conn.call('test_client_elicitation_defaults', {});
  },
  async 'sse-retry'(conn) {
    await conn.listTools();
    const got = await conn.call('test_reconnection', {});
    if (got?.event !== 'tool_result') throw new Error('test_reconnection was not answered');
  },
  /** server/discover (retried at the version a refusal names), tools/list when declared. */
  async 'request-metadata'(conn) {
    if (conn.hasTools) await conn.listTools();
  },
  /** Every tool called with no arguments (Mcp-Method, Mcp-Name). */
  async 'http-standard-headers'(conn) {
    for (const tool of await conn.listTools()) await conn.call(tool.name, {});
  },
  /** The calls the scenario gives (Mcp-Param-* from x-mcp-header). */
  async 'http-custom-headers'(conn) {
    await conn.listTools();
    for (const c of context.toolCalls ?? []) await conn.call(c.name, c.arguments);
  },
  /** Tools with invalid x-mcp-header annotations are left out of the catalog and never called. */
  async 'http-invalid-tool-headers'(conn) {
    for (const tool of await conn.listTools()) await conn.call(tool.name, {});
  },
  async 'json-schema-ref-no-deref'(conn) {
    await conn.listTools();
  },
  /** The focal tool's inputSchema, echoed back as it came. */
  async 'json-schema-2020-12-preservation'(conn) {
    const focal = (await conn.listTools()).find((t) => t.name === 'json_schema_2020_12_tool');
    await conn.call('json_schema_echo', { schema: focal.inputSchema });
  },
  /** Multi round-trip requests: each input_required answered, requestState echoed. */
  async 'sep-2322-client-request-state'(conn) {
    const tools = (await conn.listTools()).map((t) => t.name);
    for (const name of tools) await callAnswering(conn, name, {});
  },
};

const run = scenarios[scenario];
if (!run) {
  log(`no such scenario here: ${scenario}`);
  process.exit(2);
}
// Elicitations are answered (accepted with the schema's defaults) where a scenario sends them.
const answers = ['elicitation-sep1034-client-defaults', 'sep-2322-client-request-state'];
const conn = await new Connection(answers.includes(scenario) ? { elicitation: {} } : {}).open();
await run(conn);
await conn.close();
