// Read-only SQL MCP server (SQLite via better-sqlite3).
const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const { StdioServerTransport } = require("@modelcontextprotocol/sdk/server/stdio.js");
const { z } = require("zod");
const Database = require("better-sqlite3");

const db = new Database((process.env.DB_URL || "sqlite:./data/app.db").replace(/^sqlite:/, ""), { readonly: true });
const server = new McpServer({ name: "db-explorer", version: "0.3.1" });

server.tool("describe_table", "Columns and types of a table", { table: z.string() }, async ({ table }) => ({
  content: [{ type: "text", text: JSON.stringify(db.prepare(`PRAGMA table_info(${JSON.stringify(table)})`).all()) }],
}));

server.tool("query", "Run a SELECT (max 500 rows)", { sql: z.string() }, async ({ sql }) => {
  if (!/^\s*select\b/i.test(sql)) throw new Error("only SELECT is allowed");
  return { content: [{ type: "text", text: JSON.stringify(db.prepare(sql).all().slice(0, 500)) }] };
});

server.connect(new StdioServerTransport());
