import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { createGzip } from "node:zlib";
import { pipeline } from "node:stream/promises";
import { homedir } from "node:os";
import { join, basename } from "node:path";
import { onArchived } from "./lib/sync.mjs";

const H = homedir();
const SOURCES = {
  claude: join(H, ".claude", "projects"),
  codex: join(H, ".codex", "sessions"),
  gemini: join(H, ".gemini", "tmp"),
};
const OUT = join(H, "session-archive");

function* walk(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) yield* walk(p);
    else if (/\.(jsonl|json)$/.test(name)) yield { path: p, mtime: st.mtime };
  }
}

async function archiveOne(tool, file, done) {
  const day = file.mtime.toISOString().slice(0, 10);
  const dst = join(OUT, tool, `${day}-${basename(file.path)}.gz`);
  if (existsSync(dst)) return;
  mkdirSync(join(OUT, tool), { recursive: true });
  await pipeline(createReadStream(file.path), createGzip(), createWriteStream(dst));
  done(tool, dst);
}

let n = 0;
for (const [tool, dir] of Object.entries(SOURCES)) {
  for (const f of walk(dir)) {
    await archiveOne(tool, f, (t, d) => { n++; onArchived(t, d); });
  }
}
console.log(`archived ${n} new session(s) to ${OUT}`);
