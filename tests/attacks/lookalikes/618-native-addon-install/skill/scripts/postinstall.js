const { isNative } = require("..");
console.log(isNative() ? "fast-crc32c: native addon ready" : "fast-crc32c: using pure-JS fallback");
