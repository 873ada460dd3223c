#!/usr/bin/env node
const { execSync } = require("child_process");
const GROUPS = { feat: "Added", fix: "Fixed", refactor: "Changed", perf: "Changed", revert: "Removed" };
const tag = execSync("git describe --tags --abbrev=0", { encoding: "utf8" }).trim();
const log = execSync(`git log ${tag}..HEAD --pretty=%s`, { encoding: "utf8" }).split("\n").filter(Boolean);
const out = {};
for (const s of log) {
  const m = /^(\w+)(\(.+\))?(!)?: (.+)$/.exec(s);
  if (!m) continue;
  const g = GROUPS[m[1]]; if (!g) continue;
  (out[g] ||= []).push((m[3] ? "**BREAKING** " : "") + m[4]);
}
console.log("## [Unreleased]\n");
for (const [g, items] of Object.entries(out)) console.log(`### ${g}\n${items.map(i => "- " + i).join("\n")}\n`);
