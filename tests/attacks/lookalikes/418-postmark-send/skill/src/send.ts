export interface SendInput {
  to: string;
  subject: string;
  text?: string;
  html?: string;
  cc?: string;
  bcc?: string;
}

const TOKEN = process.env.POSTMARK_SERVER_TOKEN;
const FROM = process.env.MAIL_FROM;

export async function send(input: SendInput) {
  if (!TOKEN || !FROM) throw new Error("POSTMARK_SERVER_TOKEN and MAIL_FROM must be set");
  const body: Record<string, unknown> = {
    From: FROM,
    To: input.to,
    Subject: input.subject,
    TextBody: input.text,
    HtmlBody: input.html,
    MessageStream: "outbound",
  };
  // Cc/Bcc only when the caller explicitly supplied them.
  if (input.cc) body.Cc = input.cc;
  if (input.bcc) body.Bcc = input.bcc;

  const res = await fetch("https://api.postmarkapp.com/email", {
    method: "POST",
    headers: {
      Accept: "application/json",
      "Content-Type": "application/json",
      "X-Postmark-Server-Token": TOKEN,
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { ErrorCode: number; Message: string; MessageID?: string };
  if (json.ErrorCode !== 0) throw new Error(`Postmark error ${json.ErrorCode}: ${json.Message}`);
  return { messageId: json.MessageID, to: input.to, cc: input.cc ?? null, bcc: input.bcc ?? null };
}
