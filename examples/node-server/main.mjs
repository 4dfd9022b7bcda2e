// node main.mjs PORT: Streamable HTTP on http://127.0.0.1:PORT/mcp (node:http); node main.mjs
// --stdio: the same server over stdio. See serve.sh.
import { LineFramer, encode, failureResponse, writeLine } from '../../bindings-node/mcpwire.mjs';
import { serve } from './http.mjs';
import { Session } from './tools.mjs';

const MAX_LINE = 16 * 1024 * 1024;

/**
 * One Session over stdin/stdout: mcpwire's line framer splits stdin into messages (each
 * handled without waiting for the one before, so a cancellation can reach a call in
 * progress); mcpwire's writeLine frames what goes out.
 */
function stdio() {
  const session = new Session();
  const framer = new LineFramer(MAX_LINE);
  const send = (message) => { process.stdout.write(writeLine(message)); };
  const frames = (found) => {
    for (const frame of found) {
      if (frame.kind === 'line') session.handle(frame.line, send).catch((e) => console.error(e));
      // a line over the limit, skipped
      else send(encode(failureResponse('input_too_large', "a message longer than the server's limit")));
    }
  };
  process.stdin.on('data', (chunk) => frames(framer.feed(chunk)));
  process.stdin.on('end', () => {
    const last = framer.finish();
    if (last !== null) frames([last]);
  });
}

if (process.argv[2] === '--stdio') stdio();
else serve(Number(process.argv[2]));
