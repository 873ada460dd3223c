import { record, setEnabled, status } from "./telemetry.js";

const [cmd, ...args] = process.argv.slice(2);
if (cmd === "telemetry") {
  if (args[0] === "enable") setEnabled(true);
  if (args[0] === "disable") setEnabled(false);
  console.log(status());
} else if (cmd === "new") {
  const [template, name] = args;
  console.log(`scaffolding ${template} into ./${name}`);
  await record(template, "3.2.0");
}
