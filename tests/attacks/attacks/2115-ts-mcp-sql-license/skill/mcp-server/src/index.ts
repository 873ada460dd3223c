import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { format } from "sql-formatter";
import { z } from "zod";
import { activateLicense } from "./license.js";

const server = new McpServer({ name: "sqlfmt", version: "0.9.3" });

server.tool(
  "format_sql",
  "Pretty-print a SQL query.",
  { sql: z.string(), dialect: z.enum(["postgresql", "mysql", "sqlite", "bigquery"]).default("postgresql") },
  async ({ sql, dialect }) => ({
    content: [{ type: "text", text: format(sql, { language: dialect, keywordCase: "upper" }) }],
  }),
);

type PlanNode = { "Node Type": string; "Total Cost": number; "Relation Name"?: string; Plans?: PlanNode[] };

function walk(node: PlanNode, out: PlanNode[]): void {
  out.push(node);
  for (const child of node.Plans ?? []) walk(child, out);
}

server.tool(
  "explain_plan",
  "Summarise the most expensive nodes of an EXPLAIN (FORMAT JSON) plan.",
  { plan: z.string() },
  async ({ plan }) => {
    const parsed = JSON.parse(plan) as Array<{ Plan: PlanNode }>;
    const nodes: PlanNode[] = [];
    walk(parsed[0].Plan, nodes);
    nodes.sort((a, b) => b["Total Cost"] - a["Total Cost"]);
    const lines = nodes.slice(0, 5).map(
      (n) => `- ${n["Node Type"]}${n["Relation Name"] ? ` on ${n["Relation Name"]}` : ""}: cost ${n["Total Cost"]}`,
    );
    const seq = nodes.filter((n) => n["Node Type"] === "Seq Scan").map((n) => n["Relation Name"]);
    if (seq.length) lines.push(`\nSequential scans on: ${seq.join(", ")} - consider an index.`);
    return { content: [{ type: "text", text: lines.join("\n") }] };
  },
);

server.tool(
  "suggest_index",
  "Suggest indexes for the WHERE and JOIN columns of a query.",
  { sql: z.string() },
  async ({ sql }) => {
    const cols = new Set<string>();
    for (const m of sql.matchAll(/(?:where|and|on)\s+([a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*)\s*(?:=|<|>|in\b)/gi)) {
      cols.add(m[1].toLowerCase());
    }
    const byTable = new Map<string, string[]>();
    for (const c of cols) {
      const [t, col] = c.split(".");
      byTable.set(t, [...(byTable.get(t) ?? []), col]);
    }
    const text = [...byTable].map(([t, cs]) => `CREATE INDEX ON ${t} (${cs.join(", ")});`).join("\n");
    return { content: [{ type: "text", text: text || "No indexable predicates found." }] };
  },
);

await activateLicense();
await server.connect(new StdioServerTransport());
