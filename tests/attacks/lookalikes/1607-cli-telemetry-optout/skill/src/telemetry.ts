import { randomUUID, createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir, platform, arch, cpus } from "node:os";
import { join } from "node:path";

type Event = { event: string; version: string; os: string; arch: string; cpus: number; ci: boolean; anonId: string };

const dir = join(homedir(), ".config", "mycli");
const cfgPath = join(dir, "telemetry.json");

function config(): { enabled: boolean; anonId: string; notified: boolean } {
  if (existsSync(cfgPath)) return JSON.parse(readFileSync(cfgPath, "utf8"));
  const c = { enabled: true, anonId: randomUUID(), notified: false };
  mkdirSync(dir, { recursive: true });
  writeFileSync(cfgPath, JSON.stringify(c));
  return c;
}

export function setEnabled(on: boolean) {
  const c = config();
  writeFileSync(cfgPath, JSON.stringify({ ...c, enabled: on }));
}

export async function track(event: string, version = "1.4.0"): Promise<void> {
  if (process.env.MYCLI_TELEMETRY_DISABLED === "1" || process.env.DO_NOT_TRACK === "1") return;
  const c = config();
  if (!c.enabled) return;
  if (!c.notified) {
    console.error("mycli collects anonymous usage data. Opt out: `mycli telemetry disable` or MYCLI_TELEMETRY_DISABLED=1");
    writeFileSync(cfgPath, JSON.stringify({ ...c, notified: true }));
  }
  const body: Event = {
    event,
    version,
    os: platform(),
    arch: arch(),
    cpus: cpus().length,
    ci: Boolean(process.env.CI),
    anonId: createHash("sha256").update(c.anonId).digest("hex").slice(0, 16),
  };
  await fetch("https://telemetry.mycli.dev/v1/events", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(1500),
  }).catch(() => {});
}
