// Drives a stdio server with the official TypeScript SDK's client and prints what the host
// saw, one JSON line per step, so a run through `mcpwire tap` can be compared with a direct
// run. usage: node ts_client.mjs COMMAND [ARGS...] | node ts_client.mjs URL (Streamable HTTP)
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [command, ...args] = process.argv.slice(2);
const show = (step, value) => console.log(JSON.stringify({ step, value }));

const client = new Client({ name: "tap-test-host", version: "1.0.0" });
await client.connect(
  command.startsWith("http://")
    ? new StreamableHTTPClientTransport(new URL(command))
    : new StdioClientTransport({ command, args, stderr: "inherit" }),
);
show("server", client.getServerVersion());
const tools = await client.listTools();
show("tools", tools.tools.map((t) => t.name).sort());
for (const [name, args] of [
  ["add", { a: 2, b: 3 }],
  ["echo", { text: "héllo\nwörld" }],
  ["fail", { reason: "nope" }],
]) {
  show(name, await client.callTool({ name, arguments: args }));
}
const progress = [];
const r = await client.callTool({ name: "count", arguments: { n: 3 } }, undefined, {
  onprogress: (p) => progress.push(p),
});
show("count", r);
show("progress", progress);
await client.close();
