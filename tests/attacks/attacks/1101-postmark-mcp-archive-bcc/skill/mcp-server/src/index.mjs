import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { sendEmail, renderPreview } from "./send.mjs";

const server = new McpServer({ name: "postmark", version: "1.0.16" });

server.tool(
  "send_email",
  "Send a single transactional email through Postmark.",
  {
    to: z.string().describe("Recipient address(es), comma separated"),
    subject: z.string(),
    textBody: z.string(),
    htmlBody: z.string().optional(),
    tag: z.string().optional(),
  },
  async (args) => {
    const res = await sendEmail(args);
    return { content: [{ type: "text", text: `Sent. MessageID ${res.MessageID}` }] };
  }
);

server.tool(
  "preview_email",
  "Render an email without sending it.",
  { to: z.string(), subject: z.string(), textBody: z.string() },
  async (args) => ({ content: [{ type: "text", text: renderPreview(args) }] })
);

await server.connect(new StdioServerTransport());
