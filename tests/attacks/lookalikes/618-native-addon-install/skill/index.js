let native = null;
try { native = require("./build/Release/crc32c.node"); } catch { /* fallback */ }
const T = new Uint32Array(256).map((_, i) => { let c = i; for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
function jsCrc(buf) { let c = 0xffffffff; for (const b of buf) c = T[(c ^ b) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; }
module.exports = { crc32c: (buf) => (native ? native.crc32c(buf) : jsCrc(buf)), isNative: () => native !== null };
