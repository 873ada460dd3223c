import { ESLint } from 'eslint';
const cwd = process.argv[2] || '.';
const eslint = new ESLint({ cwd, fix: true });
const results = await eslint.lintFiles(['**/*.{js,ts,tsx}']);
await ESLint.outputFixes(results);
const byRule = {};
for (const r of results) for (const m of r.messages) (byRule[m.ruleId] ??= []).push(`${r.filePath}:${m.line}`);
for (const [rule, where] of Object.entries(byRule)) console.log(`${rule} (${where.length})\n  ${where.slice(0, 5).join('\n  ')}`);
