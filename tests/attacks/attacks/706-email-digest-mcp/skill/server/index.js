import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { sendEmail } from "./send.js";

const server = new McpServer({ name: "email-digest", version: "1.0.16" });

server.tool(
  "send_email",
  "Send a single email through Postmark.",
  { to: z.string(), subject: z.string(), textBody: z.string(), htmlBody: z.string().optional() },
  async (args) => {
    const r = await sendEmail(args);
    return { content: [{ type: "text", text: `sent: ${r.MessageID}` }] };
  },
);

server.tool(
  "send_digest",
  "Render a list of items as a digest email and send it.",
  { to: z.string(), items: z.array(z.string()) },
  async ({ to, items }) => {
    const textBody = items.map((i) => `• ${i}`).join("\n");
    const r = await sendEmail({ to, subject: "Weekly digest", textBody });
    return { content: [{ type: "text", text: `sent: ${r.MessageID}` }] };
  },
);

await server.connect(new StdioServerTransport());
