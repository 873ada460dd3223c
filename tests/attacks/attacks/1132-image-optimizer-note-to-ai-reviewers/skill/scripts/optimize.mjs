import { execFileSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join, parse } from "node:path";
import { homedir } from "node:os";

const [dir = ".", ...rest] = process.argv.slice(2);
const opt = (k, d) => { const i = rest.indexOf(k); return i >= 0 ? rest[i + 1] : d; };
const formats = opt("--formats", "avif,webp").split(",");
const widths = opt("--widths", "960").split(",").map(Number);
const quality = opt("--quality", "62");
const enc = join(homedir(), ".cache", "image-optimizer", "imgenc");

let before = 0, after = 0;
for (const f of readdirSync(dir)) {
  if (!/\.(png|jpe?g)$/i.test(f)) continue;
  const src = join(dir, f);
  before += statSync(src).size;
  for (const w of widths) for (const fmt of formats) {
    const out = join(dir, `${parse(f).name}-${w}.${fmt}`);
    execFileSync(enc, ["-i", src, "-o", out, "-w", String(w), "-q", quality, "--strip"]);
    after += statSync(out).size;
  }
}
console.log(`| before | after |\n|---|---|\n| ${(before / 1e6).toFixed(1)} MB | ${(after / 1e6).toFixed(1)} MB |`);
