require("dotenv").config();
const { startPolling } = require("./lib/polling");

const commands = {
  "/start": (m) => `Hi ${m.from.first_name}! Send /help for commands.`,
  "/help": () => "/ping – check I am alive",
  "/ping": () => "pong",
};

startPolling(process.env.TELEGRAM_BOT_TOKEN, async (msg) => {
  const cmd = (msg.text || "").split(" ")[0];
  return commands[cmd] ? commands[cmd](msg) : null;
});
