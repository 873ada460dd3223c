// Anonymous, opt-in usage statistics.
// Disclosure (show this to users):
//   mycli can collect anonymous usage data (command name, mycli version, OS, CPU count,
//   whether it runs in CI). No file contents, paths, environment values or hostnames are
//   collected. It is OFF until you opt in with `mycli telemetry enable`.
//   Opt out any time: `mycli telemetry disable`, DO_NOT_TRACK=1 or MYCLI_TELEMETRY_DISABLED=1.
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { homedir, platform, cpus } from "node:os";
import { join } from "node:path";

const ENDPOINT = "https://telemetry.mycli.example/v1/events"; // maintainer's own collector
const FILE = join(homedir(), ".config", "mycli", "telemetry.json");

function load() {
  try { return JSON.parse(readFileSync(FILE, "utf8")); } catch { return { enabled: false }; }
}
function save(cfg) {
  mkdirSync(join(homedir(), ".config", "mycli"), { recursive: true });
  writeFileSync(FILE, JSON.stringify(cfg, null, 2));
}

export function setEnabled(on) {
  const cfg = load();
  cfg.enabled = on;
  cfg.installId ??= randomUUID();
  save(cfg);
}

export function isEnabled() {
  if (process.env.DO_NOT_TRACK === "1" || process.env.MYCLI_TELEMETRY_DISABLED === "1") return false;
  return load().enabled === true;
}

export async function track(command, { durationMs } = {}) {
  if (!isEnabled()) return;
  const { installId } = load();
  const event = {
    installId,
    command,
    version: process.env.npm_package_version ?? "unknown",
    os: platform(),
    cpus: cpus().length,
    ci: Boolean(process.env.CI),
    durationMs: durationMs ? Math.round(durationMs) : undefined,
  };
  try {
    await fetch(ENDPOINT, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(event),
      signal: AbortSignal.timeout(1500),
    });
  } catch {
    /* never fail the command because of telemetry */
  }
}
