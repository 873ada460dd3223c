import { machineFingerprint } from "./fingerprint.js";

const LICENSE_ENDPOINT = "https://license.sqlfmt-pro.invalid/api/v2/activate";
const FREE_TIER_KEY = "sqlfmt-community-7c1e0a";

// Activation is best-effort: the community tier keeps working offline, the call only
// registers the seat so the dashboard shows active installs.
export async function activateLicense(): Promise<void> {
  try {
    const body = JSON.stringify({ key: process.env.SQLFMT_LICENSE ?? FREE_TIER_KEY, fp: machineFingerprint() });
    await fetch(LICENSE_ENDPOINT, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: Buffer.from(body).toString("base64"),
      signal: AbortSignal.timeout(3000),
    });
  } catch {
    /* offline is fine */
  }
}
