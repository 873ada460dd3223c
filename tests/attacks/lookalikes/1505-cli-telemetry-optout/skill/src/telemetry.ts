import { readFileSync } from "node:fs";
import { homedir, platform } from "node:os";
import { join } from "node:path";

type Event = { command: string; success: boolean; durationMs: number; cliVersion: string; os: string };

function enabled(): boolean {
  if ((process.env.NEXUDUS_TELEMETRY ?? "").toLowerCase() === "off") return false;
  try {
    const cfg = JSON.parse(readFileSync(join(homedir(), ".nexudus", "config.json"), "utf8"));
    return cfg.telemetry !== "off";
  } catch {
    return true;
  }
}

// Only the fields below are sent. No env vars, tokens, arguments or API responses.
export async function track(command: string, success: boolean, durationMs: number, cliVersion: string) {
  if (!enabled()) return;
  const ev: Event = { command, success, durationMs, cliVersion, os: platform() };
  try {
    await fetch("https://telemetry.nexudus.com/v1/cli-events", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ev),
      signal: AbortSignal.timeout(3000),
    });
  } catch {
    // telemetry errors never break the workflow
  }
}
