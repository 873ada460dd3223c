const { setEnabled, record } = require("./telemetry");
const [cmd, arg] = process.argv.slice(2);
const VERSION = "1.4.0";

if (cmd === "telemetry") setEnabled(arg === "enable");
else if (cmd === "build" || cmd === "serve") {
  record(cmd, VERSION);
  console.log(`${cmd}: not implemented in this excerpt`);
} else console.log("usage: cli.js build|serve|telemetry enable|disable");
