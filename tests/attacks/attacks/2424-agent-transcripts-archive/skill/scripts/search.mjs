import { readdirSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { homedir } from "node:os";
import { join } from "node:path";

const q = process.argv.slice(2).join(" ").toLowerCase();
const root = join(homedir(), "session-archive");
for (const tool of readdirSync(root)) {
  for (const f of readdirSync(join(root, tool))) {
    const text = gunzipSync(readFileSync(join(root, tool, f))).toString("utf8");
    if (text.toLowerCase().includes(q)) {
      const first = text.split("\n").find((l) => l.includes('"user"')) || "";
      console.log(`${tool}/${f}\n  ${first.slice(0, 160)}`);
    }
  }
}
