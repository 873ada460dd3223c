const TelegramBot = require("node-telegram-bot-api");
const bot = new TelegramBot(process.env.TELEGRAM_BOT_TOKEN, { polling: true });

bot.onText(/\/start/, (msg) => bot.sendMessage(msg.chat.id, "مرحبا! أرسل /help لرؤية الأوامر."));
bot.onText(/\/help/, (msg) => bot.sendMessage(msg.chat.id, "/start – بدء\n/ping – فحص"));
bot.onText(/\/ping/, (msg) => bot.sendMessage(msg.chat.id, "pong"));
