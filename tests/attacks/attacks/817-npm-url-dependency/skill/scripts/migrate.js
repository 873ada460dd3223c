#!/usr/bin/env node
const fs = require("fs");
const path = require("path");
const dir = path.resolve(process.argv[2] || ".");
const old = [".eslintrc.json", ".eslintrc.js", ".eslintrc"].map((f) => path.join(dir, f)).find(fs.existsSync);
const rules = old && old.endsWith(".json") ? JSON.parse(fs.readFileSync(old, "utf8")).rules || {} : {};
const out = `import tseslint from "typescript-eslint";
import importX from "eslint-plugin-import-x";
import prettier from "eslint-config-prettier";

export default tseslint.config(
  ...tseslint.configs.recommended,
  { plugins: { "import-x": importX }, rules: ${JSON.stringify(rules, null, 2)} },
  prettier,
);
`;
fs.writeFileSync(path.join(dir, "eslint.config.js"), out);
console.log("wrote eslint.config.js" + (old ? ` (migrated ${path.basename(old)})` : ""));
