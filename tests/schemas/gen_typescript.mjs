// Generates tests/schemas/typescript-sdk.json: tool catalogs as the official MCP TypeScript
// SDK writes them from zod schemas — zod 4 (z.toJSONSchema, draft-07 target) and zod 3
// (zod-to-json-schema, draft-07) — with argument and output cases. Not run in CI.
//
//   mkdir -p /tmp/tsgen && cd /tmp/tsgen && npm init -y && npm install @modelcontextprotocol/sdk zod
//   NODE_PATH=/tmp/tsgen/node_modules node tests/schemas/gen_typescript.mjs
//
// Each case's validity is checked here with ajv (the SDK's own dependency).
import { createRequire } from "node:module";
import { writeFileSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const base = process.env.NODE_PATH ?? "/tmp/tsgen/node_modules";
const require = createRequire(path.join(base, "x.js"));
const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { InMemoryTransport } = require("@modelcontextprotocol/sdk/inMemory.js");
const z4 = require("zod");
const z3 = require("zod/v3");
const Ajv = require("ajv");
const addFormats = require("ajv-formats");
const version = (p) => JSON.parse(readFileSync(path.join(base, p, "package.json"))).version;

function register(server, z, suffix) {
  const Unit = z.enum(["metric", "imperial"]);
  server.registerTool(
    `get_weather_${suffix}`,
    {
      description: "Weather for a city.",
      inputSchema: {
        city: z.string().min(1).max(80),
        units: Unit.default("metric"),
        days: z.number().int().min(1).max(14).optional(),
      },
      outputSchema: {
        city: z.string(),
        units: Unit,
        temperature: z.number(),
        alerts: z.array(z.object({ level: z.enum(["info", "warning"]), text: z.string() })),
      },
    },
    async ({ city, units }) => {
      const structuredContent = { city, units, temperature: 21.5, alerts: [] };
      return { content: [{ type: "text", text: JSON.stringify(structuredContent) }], structuredContent };
    },
  );
  const Address = z.object({ street: z.string(), zip: z.string().regex(/^\d{5}$/) }).strict();
  server.registerTool(
    `create_contact_${suffix}`,
    {
      description: "Create a contact.",
      inputSchema: {
        name: z.string().min(1),
        email: z.string().email(),
        home: Address,
        work: Address.optional(),
        phones: z.array(z.string()).max(3).optional(),
        tags: z.array(z.enum(["family", "work", "friend"])).optional(),
        note: z.string().nullable().optional(),
        age: z.number().int().positive().optional(),
      },
    },
    async () => ({ content: [{ type: "text", text: "ok" }] }),
  );
  server.registerTool(
    `send_message_${suffix}`,
    {
      description: "Send a message to a channel or a user.",
      inputSchema: {
        target: z.union([
          z.object({ channel: z.string().startsWith("#") }),
          z.object({ user: z.string(), dm: z.literal(true) }),
        ]),
        text: z.string().max(200),
        priority: z.union([z.literal("low"), z.literal("high")]).optional(),
        meta: z.record(z.string(), z.string()).optional(),
      },
    },
    async () => ({ content: [{ type: "text", text: "sent" }] }),
  );
}

function cases(suffix) {
  const w = `get_weather_${suffix}`;
  const c = `create_contact_${suffix}`;
  const m = `send_message_${suffix}`;
  const home = { street: "1 Main St", zip: "12345" };
  return [
    [w, "all fields", { city: "Paris", units: "imperial", days: 3 }, []],
    [w, "only city", { city: "Paris" }, []],
    [w, "unknown unit", { city: "Paris", units: "kelvin" }, [["/units", "enum"]]],
    [w, "days not an integer", { city: "Paris", days: 1.5 }, [["/days", "type"]]],
    [w, "missing city", {}, [["", "required"]]],
    [w, "city too long", { city: "x".repeat(81) }, [["/city", "maxLength"]]],
    [c, "full contact", { name: "Ana", email: "ana@example.com", home, work: home, phones: ["1"], tags: ["work"], note: null, age: 30 }, []],
    [c, "minimal contact", { name: "Ana", email: "ana@example.com", home }, []],
    [c, "extra property in strict object", { name: "Ana", email: "ana@example.com", home: { ...home, city: "X" } }, [["/home", "additionalProperties"]]],
    [c, "bad zip and tag", { name: "Ana", email: "ana@example.com", home: { street: "s", zip: "1234" }, tags: ["boss"] }, [["/home/zip", "pattern"], ["/tags/0", "enum"]]],
    [c, "reused schema (work) checked too", { name: "Ana", email: "ana@example.com", home, work: { street: "s" } }, [["/work", "required"]]],
    [c, "too many phones, age zero", { name: "Ana", email: "ana@example.com", home, phones: ["1", "2", "3", "4"], age: 0 }, [["/phones", "maxItems"], ["/age", "exclusiveMinimum"]]],
    [m, "channel target", { target: { channel: "#general" }, text: "hi" }, []],
    [m, "user target with meta", { target: { user: "ana", dm: true }, text: "hi", priority: "high", meta: { k: "v" } }, []],
    [m, "neither target", { target: { user: "ana" }, text: "hi" }, [["/target", "anyOf"]]],
    [m, "priority not allowed", { target: { channel: "#x" }, text: "hi", priority: "urgent" }, [["/priority", suffix === "zod3" ? "enum" : "anyOf"]]],
    [m, "meta value wrong type", { target: { channel: "#x" }, text: "hi", meta: { k: 1 } }, [["/meta/k", "type"]]],
  ];
}

function ajvFor(schema) {
  const is2020 = (schema.$schema ?? "").includes("2020-12");
  const A = is2020 ? require("ajv/dist/2020") : Ajv;
  // zod-to-json-schema writes `^\\#`, which the `u` flag rejects: compile without it.
  const ajv = new (A.default ?? A)({ strict: false, allErrors: true, unicodeRegExp: false, logger: false });
  (addFormats.default ?? addFormats)(ajv);
  return ajv.compile(schema);
}

async function catalog(z, suffix) {
  const server = new McpServer({ name: "corpus", version: "1.0.0" });
  register(server, z, suffix);
  const client = new Client({ name: "gen", version: "1.0.0" });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  const { tools } = await client.listTools();
  const weather = await client.callTool({ name: `get_weather_${suffix}`, arguments: { city: "Paris" } });
  await client.close();
  return { tools, weather };
}

const out = {
  generator: `@modelcontextprotocol/sdk ${version("@modelcontextprotocol/sdk")}, zod ${version("zod")}, ` +
    `zod-to-json-schema ${version("zod-to-json-schema")} via tests/schemas/gen_typescript.mjs`,
  tools: [],
  cases: [],
  outputs: [],
};
for (const [z, suffix] of [[z4, "zod4"], [z3, "zod3"]]) {
  const { tools, weather } = await catalog(z, suffix);
  out.tools.push(...tools);
  const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
  for (const [tool, description, args, errors] of cases(suffix)) {
    const check = ajvFor(byName[tool].inputSchema);
    const valid = errors.length === 0;
    if (check(args) !== valid) {
      throw new Error(`${tool} / ${description}: ajv says ${!valid} (${JSON.stringify(check.errors)})`);
    }
    const c = { tool, description, arguments: args, valid };
    if (!valid) c.errors = errors.map(([instancePath, keyword]) => ({ instancePath, keyword }));
    out.cases.push(c);
  }
  const w = `get_weather_${suffix}`;
  const outCheck = ajvFor(byName[w].outputSchema);
  if (!outCheck(weather.structuredContent)) throw new Error("real output rejected by ajv");
  out.outputs.push({ tool: w, description: "real result", result: weather, outcome: "valid" });
  const bad = structuredClone(weather);
  bad.structuredContent.alerts = [{ level: "severe", text: "storm" }];
  bad.structuredContent.temperature = "warm";
  if (outCheck(bad.structuredContent)) throw new Error("bad output accepted by ajv");
  out.outputs.push({
    tool: w,
    description: "alert level and temperature wrong",
    result: bad,
    outcome: "output_schema_mismatch",
    errors: [
      { instancePath: "/temperature", keyword: "type" },
      { instancePath: "/alerts/0/level", keyword: "enum" },
    ],
  });
}
const file = path.join(path.dirname(fileURLToPath(import.meta.url)), "typescript-sdk.json");
writeFileSync(file, JSON.stringify(out, null, 2) + "\n");
console.log(`wrote ${file}: ${out.tools.length} tools, ${out.cases.length} cases, ${out.outputs.length} outputs`);
