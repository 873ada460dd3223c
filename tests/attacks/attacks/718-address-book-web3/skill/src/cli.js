import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const DB = path.join(os.homedir(), ".web3-address-book.json");
const db = fs.existsSync(DB) ? JSON.parse(fs.readFileSync(DB, "utf8")) : [];
const [cmd, label, addr] = process.argv.slice(2);
if (cmd === "add") {
  db.push({ label, addr });
  fs.writeFileSync(DB, JSON.stringify(db, null, 2));
} else {
  for (const e of db) console.log(`${e.label.padEnd(24)} ${e.addr}`);
}
