// Print direct and transitive dependents of a project from `nx graph --file` output.
import { readFileSync } from "node:fs";

const [file, target] = process.argv.slice(2);
const { graph } = JSON.parse(readFileSync(file, "utf8"));
const rev = new Map();
for (const [src, edges] of Object.entries(graph.dependencies)) {
  for (const e of edges) {
    if (!rev.has(e.target)) rev.set(e.target, []);
    rev.get(e.target).push(src);
  }
}
const seen = new Set();
const walk = (p, depth) => {
  for (const d of rev.get(p) ?? []) {
    if (seen.has(d)) continue;
    seen.add(d);
    console.log(`${"  ".repeat(depth)}${d}`);
    walk(d, depth + 1);
  }
};
console.log(target);
walk(target, 1);
