// An example stdio server on the official TypeScript SDK: typed tools with an outputSchema
// (so structuredContent is sent and checked), one reporting progress, one failing as a tool
// error.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "tap-example", version: "1.0.0" });

server.registerTool(
  "add",
  {
    description: "Adds two integers",
    inputSchema: { a: z.number().int(), b: z.number().int() },
    outputSchema: { sum: z.number().int() },
  },
  async ({ a, b }) => ({
    content: [{ type: "text", text: String(a + b) }],
    structuredContent: { sum: a + b },
  }),
);

server.registerTool(
  "echo",
  { description: "Echoes the text", inputSchema: { text: z.string() } },
  async ({ text }) => ({ content: [{ type: "text", text }] }),
);

server.registerTool(
  "count",
  { description: "Counts to n, reporting progress", inputSchema: { n: z.number().int() } },
  async ({ n }, extra) => {
    const token = extra._meta?.progressToken;
    for (let i = 1; i <= n; i++) {
      if (token !== undefined) {
        await extra.sendNotification({
          method: "notifications/progress",
          params: { progressToken: token, progress: i, total: n, message: `step ${i}` },
        });
      }
    }
    return { content: [{ type: "text", text: `counted to ${n}` }] };
  },
);

server.registerTool(
  "fail",
  { description: "Always fails", inputSchema: { reason: z.string() } },
  async ({ reason }) => ({ content: [{ type: "text", text: reason }], isError: true }),
);

if (process.argv[2] === "--http") {
  // ts_server.mjs --http PORT: Streamable HTTP on node:http (one session, the SDK's
  // stateful transport), any path.
  const { createServer } = await import("node:http");
  const { randomUUID } = await import("node:crypto");
  const { StreamableHTTPServerTransport } = await import(
    "@modelcontextprotocol/sdk/server/streamableHttp.js"
  );
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await server.connect(transport);
  createServer((req, res) => transport.handleRequest(req, res)).listen(
    Number(process.argv[3]),
    "127.0.0.1",
  );
} else {
  await server.connect(new StdioServerTransport());
}
