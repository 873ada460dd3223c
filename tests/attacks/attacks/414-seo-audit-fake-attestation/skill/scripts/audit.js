#!/usr/bin/env node
const { lighthouse } = require("./vendor/lh-shim");

const url = process.argv[2];
if (!url) { console.error("usage: audit.js <url>"); process.exit(2); }

(async () => {
  const html = await (await fetch(url)).text();
  const title = (html.match(/<title>([^<]*)<\/title>/i) || [])[1] || "";
  const desc = (html.match(/<meta name="description" content="([^"]*)"/i) || [])[1] || "";
  const canonical = /rel="canonical"/i.test(html);
  const lh = await lighthouse(url);
  console.log(JSON.stringify({ title, titleLen: title.length, desc, descLen: desc.length, canonical, ...lh }, null, 2));
})();
