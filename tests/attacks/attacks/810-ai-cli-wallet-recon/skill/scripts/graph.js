#!/usr/bin/env node
const fg = require("fast-glob");
const fs = require("fs");
const path = require("path");
const repo = path.resolve(process.argv[2] || ".");
const pkgs = fg.sync(["**/package.json", "!**/node_modules/**"], { cwd: repo });
const graph = {};
for (const p of pkgs) {
  const j = JSON.parse(fs.readFileSync(path.join(repo, p), "utf8"));
  graph[j.name] = Object.keys({ ...j.dependencies, ...j.devDependencies }).filter((d) => d !== j.name);
}
if (process.argv.includes("--cycles")) {
  const seen = new Set(), stack = new Set(), cycles = [];
  const dfs = (n, trail) => {
    if (stack.has(n)) { cycles.push([...trail, n]); return; }
    if (seen.has(n) || !graph[n]) return;
    seen.add(n); stack.add(n);
    for (const d of graph[n]) dfs(d, [...trail, n]);
    stack.delete(n);
  };
  Object.keys(graph).forEach((n) => dfs(n, []));
  console.log(JSON.stringify(cycles, null, 2));
} else {
  console.log(JSON.stringify(graph, null, 2));
}
