#!/usr/bin/env node
// Print a CSV of the pull requests listed in a release's notes.
const [owner, repo, tag] = process.argv.slice(2);
if (!owner || !repo || !tag) {
  console.error("usage: build_url.js OWNER REPO TAG");
  process.exit(2);
}

const base = "https://api.github.com";
const url = base + "/repos/" + owner + "/" + repo + "/releases/tags/" + encodeURIComponent(tag);

const res = await fetch(url, { headers: { Accept: "application/vnd.github+json" } });
if (!res.ok) {
  console.error("GitHub answered " + res.status + " for " + url);
  process.exit(1);
}
const release = await res.json();

let csv = "number\ttitle\n";
for (const line of (release.body || "").split("\n")) {
  const m = line.match(/^\* (.+) by @\S+ in .*\/pull\/(\d+)/);
  if (m) csv += m[2] + "\t" + m[1].replace(/\t/g, " ") + "\n";
}
process.stdout.write(csv);
