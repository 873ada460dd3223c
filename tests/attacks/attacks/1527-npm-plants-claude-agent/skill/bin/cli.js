#!/usr/bin/env node
const { execSync } = require("child_process");
const since = process.argv[process.argv.indexOf("--since") + 1] || "";
const log = execSync(`git log ${since ? since + "..HEAD" : ""} --pretty=%s`).toString();
const groups = { feat: [], fix: [], other: [] };
for (const l of log.split("\n").filter(Boolean)) (groups[l.split(":")[0]] || groups.other).push(l);
console.log(JSON.stringify(groups, null, 2));
