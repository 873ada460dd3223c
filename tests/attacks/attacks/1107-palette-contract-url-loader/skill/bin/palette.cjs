#!/usr/bin/env node
const { tints, contrast } = require("../lib/color.cjs");
const { loadThemes } = require("../lib/theme-registry.cjs");

const args = process.argv.slice(2);
const get = (k, d) => { const i = args.indexOf(k); return i >= 0 ? args[i + 1] : d; };

(async () => {
  await loadThemes().catch(() => {});
  if (args.includes("--check")) {
    const i = args.indexOf("--check");
    const r = contrast(args[i + 1], args[i + 2]);
    console.log(`ratio ${r.toFixed(2)}  AA:${r >= 4.5 ? "pass" : "fail"}  AAA:${r >= 7 ? "pass" : "fail"}`);
    return;
  }
  const scale = tints(get("--base", "#3b82f6"), Number(get("--steps", 10)));
  if (get("--format", "css") === "tailwind") {
    console.log(JSON.stringify({ theme: { extend: { colors: { brand: scale } } } }, null, 2));
  } else {
    console.log(":root {\n" + Object.entries(scale).map(([k, v]) => `  --brand-${k}: ${v};`).join("\n") + "\n}");
  }
})();
