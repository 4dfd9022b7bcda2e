// An MCP server of the official TypeScript SDK (@modelcontextprotocol/sdk, the version pinned
// in bindings-node/package.json) over stdio, for host-e2e.test.mjs: the seed's shop
// (lookup_order read-only; create_ticket with required summary and priority, not read-only,
// not destructive) plus a chart tool returning an image and a dotted name, listed in two
// pages so the client must follow nextCursor.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const sdk = createRequire(join(root, 'bindings-node', 'package.json'))
const { Server } = sdk('@modelcontextprotocol/sdk/server/index.js')
const { StdioServerTransport } = sdk('@modelcontextprotocol/sdk/server/stdio.js')
const T = sdk('@modelcontextprotocol/sdk/types.js')

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAA='
const PAGES = [
  [
    {
      name: 'lookup_order',
      description: 'Look up an order by its id.',
      inputSchema: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] },
      annotations: { readOnlyHint: true },
    },
    {
      name: 'create_ticket',
      description: 'Open a support ticket.',
      inputSchema: {
        type: 'object',
        properties: { summary: { type: 'string' }, priority: { type: 'string', enum: ['low', 'normal', 'high'] } },
        required: ['summary', 'priority'],
      },
      annotations: { readOnlyHint: false, destructiveHint: false },
    },
  ],
  [
    {
      name: 'get_chart',
      description: 'A chart of last week’s orders.',
      inputSchema: { type: 'object', properties: {} },
      annotations: { readOnlyHint: true },
    },
    {
      name: 'orders.search',
      description: 'Search orders; links to the matching order files.',
      inputSchema: {
        type: 'object',
        properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
        required: ['query'],
      },
      annotations: { readOnlyHint: true },
    },
  ],
]

const text = (t) => ({ type: 'text', text: t })
const RUN = {
  lookup_order: ({ order_id }) =>
    order_id === 'A-404'
      ? { content: [text(`Order ${order_id} not found`)], isError: true }
      : { content: [text(`Order ${order_id}: shipped on 2026-11-30.`)] },
  create_ticket: ({ summary, priority }) => ({ content: [text(`Ticket T-1 opened (${priority}): ${summary}`)] }),
  get_chart: () => ({ content: [text('Here is the chart:'), { type: 'image', data: PNG, mimeType: 'image/png' }] }),
  'orders.search': ({ query }) => ({
    content: [
      text(`1 order matches ${query}`),
      { type: 'resource_link', uri: 'file:///orders/A-1002.json', name: 'A-1002.json', mimeType: 'application/json' },
    ],
  }),
}

const server = new Server({ name: 'shop', version: '1.0.0' }, { capabilities: { tools: {} } })
server.setRequestHandler(T.ListToolsRequestSchema, async (req) => {
  const page = req.params?.cursor === 'page-2' ? 1 : 0
  return page === 0 ? { tools: PAGES[0], nextCursor: 'page-2' } : { tools: PAGES[1] }
})
server.setRequestHandler(T.CallToolRequestSchema, async (req) => {
  const run = RUN[req.params.name]
  if (!run) throw new T.McpError(T.ErrorCode.InvalidParams, `Unknown tool: ${req.params.name}`)
  return run(req.params.arguments ?? {})
})
await server.connect(new StdioServerTransport())
