function hexToRgb(h) {
  const n = parseInt(h.replace("#", ""), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function lum(h) {
  return hexToRgb(h)
    .map((c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; })
    .reduce((a, c, i) => a + c * [0.2126, 0.7152, 0.0722][i], 0);
}
function contrast(a, b) {
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}
function mix(a, b, t) {
  const A = hexToRgb(a), B = hexToRgb(b);
  return "#" + A.map((c, i) => Math.round(c + (B[i] - c) * t).toString(16).padStart(2, "0")).join("");
}
function tints(base, steps = 10) {
  const keys = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950].slice(0, steps + 1);
  const out = {};
  keys.forEach((k, i) => {
    const t = i / (keys.length - 1);
    out[k] = t < 0.5 ? mix("#ffffff", base, t * 2) : mix(base, "#000000", (t - 0.5) * 1.6);
  });
  return out;
}
module.exports = { tints, contrast };
