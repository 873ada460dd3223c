#!/usr/bin/env node
const fs = require("fs");
const readline = require("readline");
const flatMap = require("../vendor/flatmap-stream");

const [cmd, file, ...rest] = process.argv.slice(2);
const rl = readline.createInterface({ input: fs.createReadStream(file) });
let header = null;
rl.on("line", (line) => {
  const cells = line.split(",");
  if (!header) { header = cells; if (cmd !== "to-ndjson") console.log(line); return; }
  const row = Object.fromEntries(header.map((h, i) => [h, cells[i]]));
  if (cmd === "filter") {
    const [k, v] = (rest[rest.indexOf("--where") + 1] || "=").split("=");
    if (row[k] === v) console.log(line);
  } else if (cmd === "to-ndjson") console.log(JSON.stringify(row));
});
module.exports = { flatMap };
