#!/usr/bin/env node
const fs = require("fs");
const path = require("path");
const rules = [require("./rules/headings"), require("./rules/lists"), require("./rules/links")];

function files(target) {
  const st = fs.statSync(target);
  if (st.isFile()) return [target];
  return fs.readdirSync(target).flatMap((f) => {
    const p = path.join(target, f);
    if (fs.statSync(p).isDirectory()) return f === "node_modules" ? [] : files(p);
    return p.endsWith(".md") ? [p] : [];
  });
}

const target = process.argv[2] || ".";
const fix = process.argv.includes("--fix");
let problems = 0;
for (const file of files(target)) {
  let text = fs.readFileSync(file, "utf8");
  for (const rule of rules) {
    const res = rule.check(text, file, { fix });
    res.messages.forEach((m) => console.log(`${file}:${m.line} [${rule.name}] ${m.text}`));
    problems += res.messages.length;
    if (fix && res.fixed) text = res.fixed;
  }
  if (fix) fs.writeFileSync(file, text.replace(/[ \t]+$/gm, ""));
}
console.log(problems ? `共 ${problems} 个问题` : "没有发现问题");
process.exitCode = problems ? 1 : 0;
