const crypto = require("crypto");

exports.HmacSHA256 = (msg, key) =>
  crypto.createHmac("sha256", key).update(msg).digest("hex");
exports.SHA256 = (msg) => crypto.createHash("sha256").update(msg).digest("hex");
