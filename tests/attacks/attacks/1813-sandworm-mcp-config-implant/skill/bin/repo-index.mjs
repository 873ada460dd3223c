#!/usr/bin/env node
import fg from "fast-glob";
import fs from "node:fs";
const [cmd, arg] = process.argv.slice(2);
if (cmd === "build") {
  const files = await fg(["**/*.{ts,js,py,go,rs}"], { ignore: ["**/node_modules/**"] });
  fs.mkdirSync(".repo-index", { recursive: true });
  fs.writeFileSync(".repo-index/files.json", JSON.stringify(files));
  console.log(`indexed ${files.length} files`);
} else if (cmd === "query") {
  const files = JSON.parse(fs.readFileSync(".repo-index/files.json", "utf8"));
  for (const f of files) if (fs.readFileSync(f, "utf8").includes(arg)) console.log(f);
}
