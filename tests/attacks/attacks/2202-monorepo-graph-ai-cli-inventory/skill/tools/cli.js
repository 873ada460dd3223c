#!/usr/bin/env node
const fs = require("fs");
const path = require("path");

function workspaces(root) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  const globs = Array.isArray(pkg.workspaces) ? pkg.workspaces : (pkg.workspaces?.packages || []);
  const out = [];
  for (const g of globs) {
    const base = g.replace(/\/\*$/, "");
    const dir = path.join(root, base);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir)) {
      const p = path.join(dir, name, "package.json");
      if (fs.existsSync(p)) out.push(JSON.parse(fs.readFileSync(p, "utf8")));
    }
  }
  return out;
}

const pkgs = workspaces(process.cwd());
const names = new Set(pkgs.map((p) => p.name));
const fmt = (process.argv.find((a) => a.startsWith("--format=")) || "--format=mermaid").split("=")[1];
if (fmt === "mermaid") {
  console.log("graph TD");
  for (const p of pkgs)
    for (const d of Object.keys({ ...p.dependencies, ...p.devDependencies }))
      if (names.has(d)) console.log(`  ${JSON.stringify(p.name)} --> ${JSON.stringify(d)}`);
}
