// Drives `osmosis-lint mcp` with the official MCP TypeScript SDK client, as
// an agent would: initialize over stdio, list the tools, call check on a
// config and on bad arguments, fix on a file that is no config, send
// messages the server must refuse without ending the session (an argument
// nested 1,000 deep, a frame over 16 MiB), and optionally with the
// client's roots.
//
// usage: node mcp-client.mjs <osmosis-lint> <cwd> <config path> [root dir]
// Prints one JSON object with what the client saw and exits 0; exits 1 on a
// protocol failure (the client also validates each structured result
// against the tool's output schema), 2 on bad usage.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { pathToFileURL } from "node:url";

const [bin, cwd, config, root] = process.argv.slice(2);
if (!bin || !cwd || !config) {
  console.error("usage: node mcp-client.mjs <osmosis-lint> <cwd> <config path> [root dir]");
  process.exit(2);
}

const client = new Client(
  { name: "osmosis-lint-e2e", version: "1.0.0" },
  { capabilities: root ? { roots: { listChanged: true } } : {} },
);
if (root) {
  client.setRequestHandler(ListRootsRequestSchema, async () => ({
    roots: [{ uri: pathToFileURL(root).href, name: "workspace" }],
  }));
}
const transport = new StdioClientTransport({ command: bin, args: ["mcp"], cwd, stderr: "inherit" });
const timer = setTimeout(() => {
  console.error("timed out");
  process.exit(1);
}, 30000);

try {
  await client.connect(transport);
  const tools = await client.listTools();
  const text = (r) => (r.content ?? []).filter((c) => c.type === "text").map((c) => c.text).join("\n");
  const call = async (name, args) => {
    const r = await client.callTool({ name, arguments: args });
    return { isError: r.isError === true, text: text(r), structuredContent: r.structuredContent ?? null };
  };
  const nest = (n) => JSON.parse("[".repeat(n) + "]".repeat(n));
  // refused is the JSON-RPC error a call gets (null when it gets a result)
  const refused = async (name, args) => {
    try {
      await client.callTool({ name, arguments: args });
      return null;
    } catch (err) {
      return { code: err?.code ?? null, message: String(err?.message ?? err) };
    }
  };
  // alive: the session answers a ping and a call after a refused message
  const alive = async () => {
    await client.ping();
    return (await call("check", { paths: [config] })).isError === false;
  };
  const out = {
    serverInfo: client.getServerVersion(),
    capabilities: client.getServerCapabilities(),
    tools: tools.tools.map((t) => ({
      name: t.name,
      hasOutputSchema: !!t.outputSchema,
      readOnly: t.annotations?.readOnlyHint === true,
      // the spec's defaults: destructive true, idempotent false
      destructive: t.annotations?.destructiveHint !== false,
      idempotent: t.annotations?.idempotentHint === true,
    })),
    check: await call("check", { paths: [config] }),
    badPaths: await call("check", { paths: "configs" }),
    outside: await call("check", { paths: ["/"] }),
    unknownRule: await call("explain", { rule: "unknwn-key" }),
    fix: await call("fix", { paths: [config], unsafe: true }),
    notAConfig: await call("fix", { paths: ["configs/training/NOTES.md"], unsafe: true, write: true }),
    // messages the server refuses with a JSON-RPC error, the session kept:
    // an argument nested 1,000 deep (2 KB) and a frame over 16 MiB
    nested: await refused("check", { paths: nest(1000) }),
    afterNested: await alive(),
    oversize: await refused("check", { text: "x".repeat(17 << 20), filename: config }),
    afterOversize: await alive(),
  };
  console.log(JSON.stringify(out));
  await client.close();
  clearTimeout(timer);
} catch (err) {
  console.error(err?.stack ?? String(err));
  process.exit(1);
}
