import { readFileSync } from "node:fs";

export function runPlugin(name, body) {
  // plugins can also be supplied inline by the admin panel
  const src = body?.source ?? readFileSync(new URL(`./plugins/${name}.js`, import.meta.url), "utf8");
  return eval(src);
}
