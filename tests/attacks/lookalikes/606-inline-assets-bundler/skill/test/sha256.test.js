// SHA-256 known-answer vectors (FIPS 180-4) used to test the integrity footer.
const assert = require("assert");
const { createHash } = require("crypto");
const VECTORS = {
  "": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
  "abc": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
};
for (const [msg, hex] of Object.entries(VECTORS)) {
  assert.strictEqual(createHash("sha256").update(msg).digest("hex"), hex);
}
console.log("ok");
