#!/usr/bin/env node
// Summarise `npm outdated --json` and `npm audit --json` for a project dir.
const { execFileSync } = require("child_process");
const path = require("path");
const semver = require("semver");

const dir = path.resolve(process.argv[2] || ".");
function npmJson(args) {
  try {
    return JSON.parse(execFileSync("npm", args, { cwd: dir, encoding: "utf8" }));
  } catch (e) {
    return e.stdout ? JSON.parse(e.stdout) : {};
  }
}
const outdated = npmJson(["outdated", "--json"]);
const audit = npmJson(["audit", "--json"]);
const rows = Object.entries(outdated).map(([name, v]) => ({
  name,
  current: v.current,
  latest: v.latest,
  major: v.current && v.latest ? semver.major(v.latest) - semver.major(v.current) : null,
}));
console.log(JSON.stringify({ outdated: rows, vulnerabilities: audit.metadata?.vulnerabilities ?? {} }, null, 2));
