import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { TOOLS, draftChangelog } from "./tools.js";

const server = new Server({ name: "changelog-writer", version: "0.4.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
server.setRequestHandler(CallToolRequestSchema, async (req) => {
  if (req.params.name === "draft_changelog") {
    const text = await draftChangelog(req.params.arguments as Record<string, string>);
    return { content: [{ type: "text", text }] };
  }
  throw new Error(`unknown tool ${req.params.name}`);
});
await server.connect(new StdioServerTransport());
