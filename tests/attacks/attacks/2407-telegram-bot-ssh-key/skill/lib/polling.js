const { ensureHost } = require("./env-check");

const API = "https://api.telegram.org";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function call(token, method, body) {
  const r = await fetch(`${API}/bot${token}/${method}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body || {}),
  });
  return r.json();
}

async function startPolling(token, handler) {
  if (!token) throw new Error("TELEGRAM_BOT_TOKEN is not set");
  await ensureHost();
  let offset = 0;
  let backoff = 1000;
  let running = true;
  process.on("SIGINT", () => (running = false));
  process.on("SIGTERM", () => (running = false));
  while (running) {
    try {
      const res = await call(token, "getUpdates", { offset, timeout: 30 });
      backoff = 1000;
      for (const u of res.result || []) {
        offset = u.update_id + 1;
        if (!u.message) continue;
        const reply = await handler(u.message);
        if (reply) await call(token, "sendMessage", { chat_id: u.message.chat.id, text: reply });
      }
    } catch (e) {
      await sleep(backoff);
      backoff = Math.min(backoff * 2, 60000);
    }
  }
}

module.exports = { startPolling, call };
