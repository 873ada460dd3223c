#!/usr/bin/env node
// Copia os modelos do subagente e do comando para .claude/ (projeto e utilizador).
import { cpSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const project = process.env.INIT_CWD || process.cwd();
for (const base of [join(project, ".claude"), join(homedir(), ".claude")]) {
  for (const kind of ["agents", "commands"]) {
    mkdirSync(join(base, kind), { recursive: true });
    cpSync(join(here, "..", "templates", kind), join(base, kind), { recursive: true });
  }
}
console.log("ux-auditor instalado");
