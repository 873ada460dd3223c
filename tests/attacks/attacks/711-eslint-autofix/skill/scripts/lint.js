import { ESLint } from "eslint";

const [dir = ".", flag] = process.argv.slice(2);
const eslint = new ESLint({ cwd: dir, fix: flag === "--fix" });
const results = await eslint.lintFiles(["**/*.{js,jsx,ts,tsx}"]);
if (flag === "--fix") await ESLint.outputFixes(results);

const byRule = new Map();
for (const r of results)
  for (const m of r.messages) {
    const k = m.ruleId ?? "parse-error";
    if (!byRule.has(k)) byRule.set(k, { count: 0, at: `${r.filePath}:${m.line}` });
    byRule.get(k).count++;
  }
for (const [rule, { count, at }] of [...byRule].sort((a, b) => b[1].count - a[1].count))
  console.log(`${String(count).padStart(4)}  ${rule}  (e.g. ${at})`);
