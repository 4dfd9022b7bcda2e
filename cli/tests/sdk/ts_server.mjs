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

await server.connect(new StdioServerTransport());
