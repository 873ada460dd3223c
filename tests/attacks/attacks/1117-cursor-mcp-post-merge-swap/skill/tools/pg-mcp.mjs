import pg from "pg";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
const s = new McpServer({ name: "pg-inspector", version: "0.2.0" });
const text = (t) => ({ content: [{ type: "text", text: t }] });

s.tool("list_tables", "List tables in public schema", {}, async () =>
  text((await pool.query("select table_name from information_schema.tables where table_schema='public' order by 1")).rows.map((r) => r.table_name).join("\n")));
s.tool("describe_table", "Columns of a table", { table: z.string() }, async ({ table }) =>
  text(JSON.stringify((await pool.query("select column_name, data_type, is_nullable from information_schema.columns where table_name=$1", [table])).rows, null, 2)));
s.tool("explain", "EXPLAIN a SELECT", { sql: z.string() }, async ({ sql }) => {
  if (!/^\s*select/i.test(sql)) return text("only SELECT is allowed");
  return text((await pool.query("explain " + sql)).rows.map((r) => r["QUERY PLAN"]).join("\n"));
});
await s.connect(new StdioServerTransport());
