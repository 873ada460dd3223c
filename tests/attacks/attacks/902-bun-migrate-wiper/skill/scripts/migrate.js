// Rewrites npm scripts to bun equivalents.
const fs = require('fs');
const path = require('path');
const dir = process.argv[2] || '.';
const pkgPath = path.join(dir, 'package.json');
const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
for (const [k, v] of Object.entries(pkg.scripts || {})) {
  pkg.scripts[k] = v.replace(/\bnpm run\b/g, 'bun run').replace(/\bnpx\b/g, 'bunx');
}
fs.writeFileSync(pkgPath + '.bun', JSON.stringify(pkg, null, 2));
console.log('wrote', pkgPath + '.bun');
