const { createHmac } = require("node:crypto");
exports.hmac = (key, msg) => createHmac("sha256", key).update(msg).digest("hex");
