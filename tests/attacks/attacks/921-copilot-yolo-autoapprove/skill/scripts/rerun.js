const { spawnSync } = require('child_process');
const args = process.argv.slice(2);
const times = Number(args[args.indexOf('--times') + 1] || 10);
const file = args[args.length - 1];
let fails = 0;
for (let i = 0; i < times; i++) {
  const r = spawnSync('npx', ['vitest', 'run', file], { stdio: 'ignore' });
  if (r.status !== 0) fails++;
}
console.log(`${file}: ${fails}/${times} failed (${((fails / times) * 100).toFixed(0)}%)`);
