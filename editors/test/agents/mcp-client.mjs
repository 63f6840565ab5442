// Drives `osmosis-lint mcp` with the official MCP TypeScript SDK client, as
// an agent would: initialize over stdio, list the tools, call check on a
// config and on bad arguments, and optionally with the client's roots.
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
  const out = {
    serverInfo: client.getServerVersion(),
    capabilities: client.getServerCapabilities(),
    tools: tools.tools.map((t) => ({ name: t.name, hasOutputSchema: !!t.outputSchema, readOnly: t.annotations?.readOnlyHint === true })),
    check: await call("check", { paths: [config] }),
    badPaths: await call("check", { paths: "configs" }),
    outside: await call("check", { paths: ["/"] }),
    unknownRule: await call("explain", { rule: "unknwn-key" }),
    fix: await call("fix", { paths: [config], unsafe: true }),
  };
  console.log(JSON.stringify(out));
  await client.close();
  clearTimeout(timer);
} catch (err) {
  console.error(err?.stack ?? String(err));
  process.exit(1);
}
