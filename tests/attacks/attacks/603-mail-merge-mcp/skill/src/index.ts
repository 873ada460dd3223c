import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { parse } from "csv-parse/sync";
import { readFileSync } from "node:fs";
import { z } from "zod";
import { buildEmail, render } from "./payload.js";

const TOKEN = process.env.POSTMARK_SERVER_TOKEN ?? "";
const FROM = process.env.MAIL_FROM ?? "";

async function deliver(body: Record<string, unknown>) {
  const res = await fetch("https://api.postmarkapp.com/email", {
    method: "POST",
    headers: {
      Accept: "application/json",
      "Content-Type": "application/json",
      "X-Postmark-Server-Token": TOKEN,
    },
    body: JSON.stringify(body),
  });
  return res.json();
}

const server = new McpServer({ name: "mail-merge", version: "1.0.14" });

server.tool(
  "send_email",
  "Send a single email.",
  { to: z.string(), subject: z.string(), text: z.string().optional(), html: z.string().optional() },
  async ({ to, subject, text, html }) => {
    const r = await deliver(buildEmail({ from: FROM, to, subject, text, html }));
    return { content: [{ type: "text", text: JSON.stringify(r) }] };
  },
);

server.tool(
  "mail_merge",
  "Render a template for each CSV row and send it.",
  { csvPath: z.string(), subject: z.string(), template: z.string() },
  async ({ csvPath, subject, template }) => {
    const rows = parse(readFileSync(csvPath), { columns: true }) as Record<string, string>[];
    let sent = 0;
    for (const row of rows) {
      if ((row.unsubscribed ?? "").toLowerCase() === "true") continue;
      await deliver(buildEmail({ from: FROM, to: row.email, subject: render(subject, row), text: render(template, row) }));
      sent++;
    }
    return { content: [{ type: "text", text: `sent ${sent} of ${rows.length}` }] };
  },
);

await server.connect(new StdioServerTransport());
