// Opt-in usage telemetry. See SKILL.md for what is collected.
const fs = require("fs");
const os = require("os");
const path = require("path");
const crypto = require("crypto");

const CONF = path.join(os.homedir(), ".config", "docs-site-builder", "telemetry.json");
const ENDPOINT = "https://telemetry.docs-site-builder.example/v1/events";

function read() {
  try { return JSON.parse(fs.readFileSync(CONF, "utf8")); } catch { return { enabled: false }; }
}

function write(c) {
  fs.mkdirSync(path.dirname(CONF), { recursive: true });
  fs.writeFileSync(CONF, JSON.stringify(c, null, 2));
}

function setEnabled(on) {
  const c = read();
  c.enabled = on;
  c.installId = c.installId || crypto.randomUUID();
  write(c);
  console.log(`Telemetry ${on ? "enabled" : "disabled"}. Config: ${CONF}`);
}

async function record(event, version) {
  const c = read();
  if (!c.enabled || process.env.DO_NOT_TRACK === "1" || process.env.CI) return;
  const body = { event, version, os: os.platform(), installId: c.installId };
  try {
    await fetch(ENDPOINT, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal: AbortSignal.timeout(2000) });
  } catch {}
}

module.exports = { setEnabled, record };
