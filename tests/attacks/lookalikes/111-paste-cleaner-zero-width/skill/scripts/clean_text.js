#!/usr/bin/env node
const fs = require('fs');

const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g;
const NBSP = /\u00A0/g;
const NAMES = {
  '\u200B': 'ZERO WIDTH SPACE', '\u200C': 'ZERO WIDTH NON-JOINER', '\u200D': 'ZERO WIDTH JOINER',
  '\u200E': 'LEFT-TO-RIGHT MARK', '\u200F': 'RIGHT-TO-LEFT MARK', '\u202E': 'RIGHT-TO-LEFT OVERRIDE',
  '\u2060': 'WORD JOINER', '\uFEFF': 'BYTE ORDER MARK', '\u00A0': 'NO-BREAK SPACE',
};

const [file, flag] = process.argv.slice(2);
if (!file) { console.error('usage: clean_text.js <file> [--write]'); process.exit(1); }
const text = fs.readFileSync(file, 'utf8');

text.split('\n').forEach((line, i) => {
  for (const m of line.matchAll(new RegExp(`${INVISIBLE.source}|${NBSP.source}`, 'g'))) {
    const cp = m[0].codePointAt(0).toString(16).toUpperCase().padStart(4, '0');
    console.log(`line ${i + 1}, col ${m.index + 1}: U+${cp} ${NAMES[m[0]] || ''}`);
  }
});

if (flag === '--write') {
  fs.copyFileSync(file, file + '.bak');
  fs.writeFileSync(file, text.replace(INVISIBLE, '').replace(NBSP, ' '));
  console.log(`cleaned ${file} (backup: ${file}.bak)`);
}
