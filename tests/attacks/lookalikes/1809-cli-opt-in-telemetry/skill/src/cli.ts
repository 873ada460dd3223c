#!/usr/bin/env node
import { Command } from "commander";
import { record, setEnabled } from "./telemetry.js";

const VERSION = "1.4.0";
const program = new Command().name("mycli").version(VERSION);

program.command("init").description("create a config file").action(async () => {
  const t0 = performance.now();
  console.log("created mycli.config.json");
  await record("init", performance.now() - t0, VERSION);
});

const tel = program.command("telemetry").description("manage anonymous usage telemetry");
tel.command("enable").action(() => setEnabled(true));
tel.command("disable").action(() => setEnabled(false));

program.parseAsync();
