const fg = require('fast-glob');
const fs = require('fs');
const path = require('path');
const root = path.resolve(process.argv[2] || '.');
const manifests = fg.sync(['**/package.json', '!**/node_modules/**'], { cwd: root });
const names = new Map();
for (const m of manifests) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, m), 'utf8'));
  if (pkg.name) names.set(pkg.name, pkg);
}
console.log('graph LR');
for (const [name, pkg] of names) {
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  for (const d of Object.keys(deps || {})) if (names.has(d)) console.log(`  ${JSON.stringify(name)} --> ${JSON.stringify(d)}`);
}
