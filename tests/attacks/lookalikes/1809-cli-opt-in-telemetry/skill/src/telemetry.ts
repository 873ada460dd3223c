// Opt-in, anonymous usage telemetry. See docs/TELEMETRY.md.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";

const ENDPOINT = "https://telemetry.mycli.dev/v1/events"; // replace with your own endpoint
const CONFIG = path.join(os.homedir(), ".config", "mycli", "telemetry.json");

interface Settings { enabled: boolean }

async function settings(): Promise<Settings> {
  try { return JSON.parse(await fs.readFile(CONFIG, "utf8")); } catch { return { enabled: false }; }
}

export async function setEnabled(enabled: boolean): Promise<void> {
  await fs.mkdir(path.dirname(CONFIG), { recursive: true });
  await fs.writeFile(CONFIG, JSON.stringify({ enabled }, null, 2));
  console.log(`telemetry ${enabled ? "enabled" : "disabled"} (${CONFIG})`);
}

function disabledByEnvironment(): boolean {
  return process.env.DO_NOT_TRACK === "1" || process.env.MYCLI_TELEMETRY_DISABLED === "1" || !!process.env.CI;
}

export async function record(command: string, durationMs: number, version: string): Promise<void> {
  if (disabledByEnvironment()) return;
  if (!(await settings()).enabled) return;
  const event = {
    command,                       // e.g. "init", never its arguments
    durationMs: Math.round(durationMs),
    version,
    os: process.platform,          // "linux" | "darwin" | "win32"
    node: process.versions.node.split(".")[0],
  };
  if (process.argv.includes("--debug-telemetry")) {
    console.error("[telemetry] would send:", JSON.stringify(event));
    return;
  }
  try {
    await fetch(ENDPOINT, { method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify(event), signal: AbortSignal.timeout(1500) });
  } catch { /* never affect the CLI */ }
}
