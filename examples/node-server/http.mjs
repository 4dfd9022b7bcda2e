// The example's Streamable HTTP form on node:http, serving both wires, 2025-11-25 with
// sessions and 2026-07-28 stateless, on one endpoint, /mcp.
//
// Everything HTTP about MCP (which wire a request is on, header checks, session ids,
// statuses, JSON or SSE, resumption, cancellation by a closed stream, a response closed
// mid-call for the client to resume) is mcpwire's
// HttpEndpoint: this module moves bytes between it and node:http and runs the tools
// (tools.mjs answer()).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { HttpEndpoint, McpwireError } from '../../bindings-node/mcpwire.mjs';
import { answer, capabilities, list, now, respond, serverInfo, tools, versions } from './tools.mjs';

const MAX_BODY = 16 * 1024 * 1024;

/** The endpoint, the calls running (exchange -> AbortController) and node:http's listener. */
export function app(port) {
  const origins = ['127.0.0.1', 'localhost', '[::1]'].map((h) => `http://${h}:${port}`);
  const endpoint = new HttpEndpoint({ serverInfo, capabilities, versions, tools, allowedOrigins: origins });
  // exchange -> the response writing its replies (none while the client is away: the
  // endpoint keeps 2025-11-25 events for resumption)
  const outlets = new Map();
  const aborts = new Map();

  const emit = (exchange, reply) => {
    const res = outlets.get(exchange);
    if (res !== undefined) write(res, reply, () => outlets.delete(exchange));
  };

  async function run(exchange, request) {
    const abort = new AbortController();
    aborts.set(exchange, abort);
    try {
      if (request.event === 'list_tools') {
        emit(exchange, endpoint.respondList(exchange, list));
        return;
      }
      const report = async (progress, total) => {
        if (request.progressToken !== null) emit(exchange, endpoint.notifyProgress(exchange, progress, total));
      };
      // 2025-11-25 only (a closed 2026-07-28 response would cancel the call): the endpoint
      // keeps what follows for the client's GET with Last-Event-ID.
      const closeConnection = (retryMs) => {
        let closed;
        try {
          closed = endpoint.closeConnection(exchange, retryMs);
        } catch (e) {
          if (!(e instanceof McpwireError)) throw e;
          return; // the 2026-07-28 wire: the answer comes on this response
        }
        emit(exchange, closed);
      };
      const outcome = await answer(request.name, request.arguments, report, abort.signal, request, closeConnection);
      emit(exchange, respond(endpoint, exchange, outcome));
    } catch (e) {
      if (!abort.signal.aborted && !(e instanceof McpwireError)) throw e;
      // Cancelled (a closed 2026-07-28 stream, or notifications/cancelled: pollCancelled), or
      // the session ended: end the exchange; the endpoint suppresses
      // what a cancelled request may not send.
      try {
        emit(exchange, endpoint.respondFailure(exchange, 'tool_execution_failed', String(e)));
      } catch {}
    } finally {
      aborts.delete(exchange);
    }
  }

  function attach(exchange, res) {
    outlets.set(exchange, res);
    res.on('close', () => {
      if (outlets.get(exchange) !== res) return;
      outlets.delete(exchange);
      if (!res.writableEnded && endpoint.streamClosed(exchange)) aborts.get(exchange)?.abort();
    });
  }

  const listener = (req, res) => {
    if (new URL(req.url, 'http://x').pathname !== '/mcp') {
      res.writeHead(404).end();
      return;
    }
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) { res.writeHead(413).end(); req.destroy(); } else chunks.push(c);
    });
    req.on('end', () => {
      if (res.writableEnded) return;
      const headers = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) headers.push([req.rawHeaders[i], req.rawHeaders[i + 1]]);
      const handled = endpoint.handle(req.method, headers, Buffer.concat(chunks), now(), randomBytes(32));
      // A 2025 notifications/cancelled names the call to stop.
      for (let c; (c = endpoint.pollCancelled()) !== null;) aborts.get(c)?.abort();
      if (handled.kind === 'reply') {
        write(res, handled);
      } else if (handled.kind === 'call') {
        attach(handled.exchange, res);
        run(handled.exchange, handled.request).catch((e) => console.error(e));
      } else { // a GET stream (2025-11-25), maybe resuming a call still running
        attach(handled.exchange, res);
        write(res, handled, () => outlets.delete(handled.exchange));
      }
    });
  };
  return { endpoint, running: aborts, listener };
}

/** Serves http://127.0.0.1:PORT/mcp. */
export function serve(port) {
  return http.createServer(app(port).listener).listen(port, '127.0.0.1');
}

function write(res, reply, ended) {
  if (reply.status !== null) {
    const headers = Object.fromEntries(reply.headers);
    if (reply.done) headers['Content-Length'] = reply.body.length; // a whole response
    res.writeHead(reply.status, headers);
  }
  if (reply.done) {
    res.end(reply.body);
    ended?.();
  } else {
    res.write(reply.body);
  }
}
