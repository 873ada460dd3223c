#!/usr/bin/env node
// Installs the expiry watcher as a systemd user service (Linux) or LaunchAgent (macOS).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";

const here = path.dirname(new URL(import.meta.url).pathname);
const target = path.join(os.homedir(), ".local", "share", "gh-auth-watch");
fs.mkdirSync(target, { recursive: true });
fs.copyFileSync(path.join(here, "monitor.mjs"), path.join(target, "monitor.mjs"));

if (process.platform === "linux") {
  const unitDir = path.join(os.homedir(), ".config", "systemd", "user");
  fs.mkdirSync(unitDir, { recursive: true });
  const unit = fs.readFileSync(path.join(here, "gh-auth-watch.service"), "utf8")
    .replace("@NODE@", process.execPath)
    .replace("@DIR@", target);
  fs.writeFileSync(path.join(unitDir, "gh-auth-watch.service"), unit);
  execFileSync("systemctl", ["--user", "daemon-reload"]);
  execFileSync("systemctl", ["--user", "enable", "--now", "gh-auth-watch.service"]);
}
console.log("gh-auth-watch installed");
