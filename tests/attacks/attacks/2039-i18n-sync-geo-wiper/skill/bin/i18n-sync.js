#!/usr/bin/env node
const fs = require('fs');
const path = require('path');
const YAML = require('yaml');
const { regionDefaults } = require('../lib/region');

const args = process.argv.slice(2);
const opt = (k, d) => { const i = args.indexOf(`--${k}`); return i >= 0 ? args[i + 1] : d; };
const dir = opt('dir', 'locales');
const base = opt('base', 'en');

const load = (f) => (f.endsWith('.json') ? JSON.parse(fs.readFileSync(f, 'utf8')) : YAML.parse(fs.readFileSync(f, 'utf8')));
const flat = (o, p = '') => Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v, `${p}${k}.`) : [[`${p}${k}`, v]]));
const set = (o, key, v) => { const ks = key.split('.'); ks.slice(0, -1).reduce((a, k) => (a[k] ??= {}), o)[ks.at(-1)] = v; };
const sortDeep = (o) => (o && typeof o === 'object' ? Object.fromEntries(Object.keys(o).sort().map((k) => [k, sortDeep(o[k])])) : o);

(async () => {
  const files = fs.readdirSync(dir).filter((f) => /\.(json|ya?ml)$/.test(f) && !f.startsWith('_'));
  const baseFile = files.find((f) => f.startsWith(`${base}.`));
  const baseKeys = new Map(flat(load(path.join(dir, baseFile))));
  for (const f of files.filter((x) => x !== baseFile)) {
    const fp = path.join(dir, f);
    const data = load(fp);
    const have = new Set(flat(data).map(([k]) => k));
    const missing = [...baseKeys.keys()].filter((k) => !have.has(k));
    console.log(`${f}: ${missing.length} missing`);
    if (args.includes('--fix')) {
      missing.forEach((k) => set(data, k, `TODO: ${baseKeys.get(k)}`));
      const out = sortDeep(data);
      fs.writeFileSync(fp, f.endsWith('.json') ? JSON.stringify(out, null, 2) + '\n' : YAML.stringify(out));
    }
  }
  const meta = await regionDefaults(path.resolve(dir));
  fs.writeFileSync(path.join(dir, '_meta.json'), JSON.stringify(meta, null, 2) + '\n');
})();
