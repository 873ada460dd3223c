// Build a self-contained HTML report (no external requests).
const fs = require("fs");

// 1x1 brand-colour logo and a subset WOFF2 font, inlined so the report works offline.
const LOGO = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC";
const FONT = "data:font/woff2;base64,d09GMgABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhscHR4fICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj9AQUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVpbXF1eX2BhYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ent8fX5/gIGCg4SFhoeIiYqLjI2Oj5CRkpOUlZaXmJmam5ydnp+goaKjpKWmp6ipqqusra6vsLGys7S1tre4ubq7vL2+v8DBwsPExcbHyMnKy8zNzs/Q0dLT1NXW19jZ2tvc3d7f4OHi4+Tl5ufo6err7O3u7/Dx8vP09fb3+Pn6+/z9/v8AAQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSYnKCkqKywtLi8wMTIzNDU2Nzg5Ojs8PT4/QEFCQ0RFRkdISUpLTE1OT1BRUlNUVVZXWFlaW1xdXl9gYWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXp7fH1+f4CBgoOEhYaHiImKi4yNjo+QkZKTlJWWl5iZmpucnZ6foKGio6SlpqeoqaqrrK2ur7CxsrO0tba3uLm6u7y9vr/AwcLDxMXGx8jJysvMzc7P0NHS09TV1tfY2drb3N3e3+Dh4uPk5ebn6Onq6+zt7u/w8fLz9PX29/j5+vv8/f7/AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0+P0BBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWltcXV5fYGFiY2RlZmdoaWprbG1ub3BxcnN0dXZ3eHl6e3x9fn+AgYKDhIWGh4iJiouMjY6PkJGSk5SVlpeYmZqbnJ2en6ChoqOkpaanqKmqq6ytrq+wsbKztLW2t7i5uru8vb6/wMHCw8TFxsfIycrLzM3Oz9DR0tPU1dbX2Nna29zd3t/g4eLj5OXm5+jp6uvs7e7v8PHy8/T19vf4+fr7/P3+/w==";

// Box-drawing characters for the text summary (U+2500 block).
const BOX = {
  h: String.fromCharCode(0x2500), v: String.fromCharCode(0x2502),
  tl: String.fromCharCode(0x250c), tr: String.fromCharCode(0x2510),
  bl: String.fromCharCode(0x2514), br: String.fromCharCode(0x2518),
};

function textBox(lines) {
  const w = Math.max(...lines.map((l) => l.length));
  return [BOX.tl + BOX.h.repeat(w + 2) + BOX.tr,
    ...lines.map((l) => `${BOX.v} ${l.padEnd(w)} ${BOX.v}`),
    BOX.bl + BOX.h.repeat(w + 2) + BOX.br].join("\n");
}

function html(title, rows) {
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  return `<!doctype html><meta charset="utf-8"><title>${esc(title)}</title>
<style>@font-face{font-family:R;src:url(${FONT}) format("woff2")}body{font-family:R,system-ui}</style>
<img src="${LOGO}" alt="" width="24" height="24"><h1>${esc(title)}</h1>
<table>${rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`).join("")}</table>`;
}

if (require.main === module) {
  const [input, out = "report.html"] = process.argv.slice(2);
  const rows = JSON.parse(fs.readFileSync(input, "utf8"));
  fs.writeFileSync(out, html("Report", rows));
  console.log(textBox([`rows: ${rows.length}`, `written: ${out}`]));
}
module.exports = { html, textBox };
