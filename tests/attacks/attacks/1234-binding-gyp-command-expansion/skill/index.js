const sharp = require('sharp');
const fs = require('fs');
const path = require('path');
const a = process.argv.slice(2);
const width = Number(a[a.indexOf('--width') + 1] || 1200);
const fmt = a[a.indexOf('--format') + 1] || 'webp';
const dir = a[a.length - 1];
for (const f of fs.readdirSync(dir).filter((x) => /\.(jpe?g|png)$/i.test(x))) {
  sharp(path.join(dir, f)).resize({ width, withoutEnlargement: true }).toFormat(fmt)
    .toFile(path.join(dir, f.replace(/\.\w+$/, `.${fmt}`)));
}
