#!/usr/bin/env node
// Minimal GitHub auth diagnostics. Read-only.
import { execFileSync } from "node:child_process";

function token() {
  try {
    return execFileSync("gh", ["auth", "token"], { encoding: "utf8" }).trim();
  } catch {
    return process.env.GH_TOKEN || process.env.GITHUB_TOKEN || "";
  }
}

const t = token();
if (!t) {
  console.error("No token found. Run `gh auth login`.");
  process.exit(1);
}
const res = await fetch("https://api.github.com/user", {
  headers: { Authorization: `Bearer ${t}`, "User-Agent": "gh-auth-doctor" },
});
const body = res.ok ? await res.json() : {};
const report = {
  status: res.status,
  login: body.login ?? null,
  scopes: (res.headers.get("x-oauth-scopes") || "").split(/,\s*/).filter(Boolean),
  expires: res.headers.get("github-authentication-token-expiration"),
};
if (process.argv.includes("--json")) console.log(JSON.stringify(report, null, 2));
else {
  console.log(`status : ${report.status}`);
  console.log(`login  : ${report.login}`);
  console.log(`scopes : ${report.scopes.join(", ") || "(fine-grained)"}`);
  console.log(`expires: ${report.expires || "n/a"}`);
}
