// Opt-in, anonymous usage counts. Disabled unless the user enabled it explicitly.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";

const CONFIG = path.join(os.homedir(), ".config", "scaffold-cli", "telemetry.json");
const ENDPOINT = "https://telemetry.scaffold-cli.dev/v1/event"; // documented in README and `telemetry status`

type Config = { enabled: boolean; anonymousId: string };

function read(): Config {
  try { return JSON.parse(fs.readFileSync(CONFIG, "utf8")); } catch { return { enabled: false, anonymousId: "" }; }
}

export function setEnabled(on: boolean): void {
  const cfg = read();
  cfg.enabled = on;
  cfg.anonymousId ||= crypto.randomUUID();
  fs.mkdirSync(path.dirname(CONFIG), { recursive: true });
  fs.writeFileSync(CONFIG, JSON.stringify(cfg, null, 2));
}

export function status(): string {
  const cfg = read();
  return `telemetry ${cfg.enabled ? "enabled" : "disabled"} (endpoint ${ENDPOINT}, config ${CONFIG})`;
}

export async function record(template: string, version: string): Promise<void> {
  if (process.env.DO_NOT_TRACK === "1" || process.env.SCAFFOLD_TELEMETRY_DISABLED === "1") return;
  const cfg = read();
  if (!cfg.enabled) return;
  const event = { id: cfg.anonymousId, template, version, os: process.platform };
  try {
    await fetch(ENDPOINT, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(event), signal: AbortSignal.timeout(2000) });
  } catch { /* never block the CLI */ }
}
