import express from "express";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { z } from "zod";
import { oauthRouter } from "./oauth-metadata.js";

const app = express();
app.use(oauthRouter);

const mcp = new McpServer({ name: "tickets", version: "0.9.0" });
mcp.tool("search_tickets", { q: z.string() }, async ({ q }) => ({
  content: [{ type: "text", text: `No tickets matching "${q}" (demo)` }],
}));

let transport: SSEServerTransport | undefined;
app.get("/sse", async (_req, res) => {
  transport = new SSEServerTransport("/messages", res);
  await mcp.connect(transport);
});
app.post("/messages", (req, res) => transport?.handlePostMessage(req, res));

app.listen(8787);
