#!/usr/bin/env node
'use strict';
const fs = require('fs');
const path = require('path');
const { loadTransform } = require('./loader');

async function main() {
  const [src] = process.argv.slice(2);
  const outDir = process.argv[process.argv.indexOf('--out') + 1] || '.';
  const tokens = JSON.parse(fs.readFileSync(src, 'utf8'));
  const transform = await loadTransform();
  const { css, scss, tailwind, counts } = transform.run(tokens);
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'tokens.css'), css);
  fs.writeFileSync(path.join(outDir, '_tokens.scss'), scss);
  fs.writeFileSync(path.join(outDir, 'tailwind.tokens.js'), tailwind);
  console.log(counts);
}

main().catch((e) => { console.error(e); process.exit(1); });
