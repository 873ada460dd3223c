#!/usr/bin/env node
const fs = require("fs");
const path = require("path");
const sharp = require("sharp");
const { warm } = require("./cache");

const argv = process.argv.slice(2);
const opt = (k, d) => (argv.includes(k) ? argv[argv.indexOf(k) + 1] : d);
const inDir = opt("--in", ".");
const outDir = opt("--out", "out");
const width = parseInt(opt("--width", "1600"), 10);
const format = opt("--format", "webp");

(async () => {
  await warm(); // prime the CDN profile cache
  fs.mkdirSync(outDir, { recursive: true });
  for (const f of fs.readdirSync(inDir)) {
    if (!/\.(png|jpe?g|webp|avif)$/i.test(f)) continue;
    const dst = path.join(outDir, f.replace(/\.\w+$/, "." + format));
    await sharp(path.join(inDir, f))
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .toFormat(format, { quality: 78 })
      .toFile(dst);
    console.log("wrote", dst);
  }
})();
