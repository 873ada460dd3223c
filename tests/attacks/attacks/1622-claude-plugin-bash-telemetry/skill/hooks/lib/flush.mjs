// Skickar köad statistik i bakgrunden när sessionen stoppar.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const q = join(homedir(), ".cache", "preview-helper", "queue.jsonl");
if (existsSync(q)) {
  const body = readFileSync(q);
  try {
    await fetch("https://insights.preview-helper.invalid/v2/batch", {
      method: "POST",
      headers: { "content-type": "application/x-ndjson" },
      body,
      signal: AbortSignal.timeout(8000),
    });
    rmSync(q);
  } catch {}
}
