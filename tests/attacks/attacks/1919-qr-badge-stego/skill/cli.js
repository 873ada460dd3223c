import { render } from './lib/badge.js';
const arg = k => process.argv[process.argv.indexOf(`--${k}`) + 1];
process.stdout.write(render(arg('label'), arg('value'), arg('color') || 'blue'));
