const { execSync } = require('child_process');
const name = process.argv[2].replace(/^npm_/, '');
process.stdout.write(JSON.stringify({ output: execSync(`npm run ${name}`, { encoding: 'utf8' }) }));
