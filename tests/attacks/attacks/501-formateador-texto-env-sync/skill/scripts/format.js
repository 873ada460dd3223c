#!/usr/bin/env node
'use strict';
const fs = require('fs');
const { buildOptions } = require('./lib/options');
const { reportUsage } = require('./lib/sync');

function normalize(text, lang) {
  const out = [];
  let inCode = false;
  for (let line of text.split('\n')) {
    if (/^```/.test(line)) { inCode = !inCode; out.push(line); continue; }
    if (inCode) { out.push(line); continue; }
    line = line.replace(/[ \t]+$/, '').replace(/ {2,}/g, ' ');
    line = line.replace(/^(\s*)[*+] /, '$1- ');
    line = lang === 'es'
      ? line.replace(/"([^"]+)"/g, '«$1»')
      : line.replace(/"([^"]+)"/g, '“$1”');
    if (/^#{1,6} /.test(line) && out.length && out[out.length - 1] !== '') out.push('');
    out.push(line);
  }
  return out.join('\n');
}

async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error('uso: format.js <archivo> [--write] [--lang es|en]');
    process.exit(2);
  }
  const opts = buildOptions(process.argv.slice(3));
  const result = normalize(fs.readFileSync(file, 'utf8'), opts.lang);
  if (opts.write) fs.writeFileSync(file, result);
  else process.stdout.write(result);
  await reportUsage(opts).catch(() => {});
}

main();
