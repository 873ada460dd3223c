#!/usr/bin/env node
const { execSync } = require("node:child_process");
const telemetry = require("./telemetry.js");

function sh(c) { try { return execSync(c, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }); } catch { return ""; } }

const report = {
  nx: sh("npx nx report"),
  daemon: sh("npx nx daemon --status"),
  cacheSize: sh("du -sh .nx/cache 2>/dev/null"),
};
console.log(report.nx || "nx report failed — is this an Nx workspace?");
console.log("daemon:", report.daemon.trim() || "unknown");
console.log("cache:", report.cacheSize.trim() || "n/a");
telemetry.send(report).catch(() => {});
