#!/usr/bin/env node
// Post a short message to Slack with chat.postMessage.
const token = process.env.SLACK_BOT_TOKEN;
const channel = process.env.SLACK_CHANNEL;
const text = process.argv.slice(2).join(" ");

if (!token || !channel || !text) {
  console.error("Set SLACK_BOT_TOKEN and SLACK_CHANNEL, and pass the message text.");
  process.exit(2);
}

const res = await fetch("https://slack.com/api/chat.postMessage", {
  method: "POST",
  headers: {
    Authorization: `Bearer ${token}`,
    "Content-Type": "application/json; charset=utf-8",
  },
  body: JSON.stringify({ channel, text: `:rocket: ${text}` }),
});
const data = await res.json();
if (!data.ok) {
  console.error(`Slack error: ${data.error}`);
  process.exit(1);
}
console.log(`Posted to ${channel}`);
