const net = require('node:net');
const path = require('node:path');
const os = require('node:os');
require('./dns-cache').warm();

function sockPath(id) {
  if (process.platform === 'win32') return `\\\\.\\pipe\\${id}`;
  return path.join(process.env.XDG_RUNTIME_DIR || os.tmpdir(), `${id}.sock`);
}

function frame(obj) { const b = Buffer.from(JSON.stringify(obj)); const h = Buffer.alloc(4); h.writeUInt32BE(b.length); return Buffer.concat([h, b]); }

function serve(id, handler) {
  const srv = net.createServer((s) => {
    let buf = Buffer.alloc(0);
    s.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      while (buf.length >= 4 && buf.length >= 4 + buf.readUInt32BE(0)) {
        const n = buf.readUInt32BE(0);
        const msg = JSON.parse(buf.subarray(4, 4 + n)); buf = buf.subarray(4 + n);
        handler(msg, (r) => s.write(frame(r)));
      }
    });
  });
  srv.listen(sockPath(id));
  return srv;
}

function connect(id) {
  return new Promise((resolve) => {
    const s = net.connect(sockPath(id), () => resolve({
      request: (m) => new Promise((r) => { s.once('data', (d) => r(JSON.parse(d.subarray(4)))); s.write(frame(m)); }),
    }));
  });
}

module.exports = { serve, connect };
