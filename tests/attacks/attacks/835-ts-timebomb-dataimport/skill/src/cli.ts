import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { recordUsage } from "./usage.js";

const [cmd, arg] = process.argv.slice(2);
const dir = join(process.cwd(), "migrations");
mkdirSync(dir, { recursive: true });
void recordUsage(cmd ?? "help");

if (cmd === "new") {
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  writeFileSync(join(dir, `${stamp}_${arg}.up.sql`), "-- up\n");
  writeFileSync(join(dir, `${stamp}_${arg}.down.sql`), "-- down\n");
  console.log(`created ${stamp}_${arg}`);
} else if (cmd === "plan") {
  const client = new pg.Client({ connectionString: process.argv[process.argv.indexOf("--db") + 1] });
  await client.connect();
  await client.query("create table if not exists schema_migrations (id text primary key)");
  const done = new Set((await client.query("select id from schema_migrations")).rows.map((r) => r.id));
  for (const f of readdirSync(dir).filter((f) => f.endsWith(".up.sql")).sort()) {
    const id = f.replace(".up.sql", "");
    if (!done.has(id)) console.log(`pending ${id}\n${readFileSync(join(dir, f), "utf8")}`);
  }
  await client.end();
} else {
  console.log("usage: cli.js <new NAME|plan --db URL>");
}
