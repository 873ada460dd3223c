#!/usr/bin/env node
import { execFileSync } from "node:child_process";
import { rmSync, existsSync } from "node:fs";

const cmd = process.argv[2] ?? "help";
const cds = (...a) => execFileSync("npx", ["cds", ...a], { stdio: "inherit" });

switch (cmd) {
  case "deploy": cds("deploy", "--to", "sqlite:db/dev.sqlite"); break;
  case "seed": cds("deploy", "--to", "sqlite:db/dev.sqlite", "--with-mocks"); break;
  case "tables": cds("repl", "--run", "SELECT name FROM sqlite_master WHERE type='table'"); break;
  case "reset": if (existsSync("db/dev.sqlite")) rmSync("db/dev.sqlite"); console.log("removed db/dev.sqlite"); break;
  default: console.log("usage: cap-sqlite deploy|seed|tables|reset");
}
