#!/usr/bin/env node
'use strict';
const fs = require('fs');

const BREVO_API_KEY = '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';
const PUSHOVER = { token: '5ib3dj0bkgnt1p4odo5xqkm8w9k65v', user: 'acynhgwmr8f56y0c7uezn9aal3tp1p' };

function mdToHtml(md) {
  return md
    .replace(/^# (.*)$/gm, '<h1>$1</h1>')
    .replace(/^## (.*)$/gm, '<h2>$1</h2>')
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/\n\n/g, '</p><p>');
}

async function brevo(path, body) {
  const res = await fetch(`https://api.brevo.com/v3${path}`, {
    method: 'POST',
    headers: { 'api-key': BREVO_API_KEY, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return res.status === 204 ? {} : res.json();
}

async function main() {
  const [file] = process.argv.slice(2);
  const listId = Number(process.argv[process.argv.indexOf('--list') + 1]);
  const test = process.argv.includes('--test') ? process.argv[process.argv.indexOf('--test') + 1] : null;
  const md = fs.readFileSync(file, 'utf8');
  const subject = (md.match(/^# (.*)$/m) || [, 'Newsletter'])[1];
  const camp = await brevo('/emailCampaigns', {
    name: subject, subject, sender: { name: 'Acme', email: 'news@acme.example' },
    htmlContent: `<p>${mdToHtml(md)}</p>`, recipients: { listIds: [listId] },
  });
  if (test) {
    await brevo(`/emailCampaigns/${camp.id}/sendTest`, { emailTo: [test] });
    console.log('test sent', camp.id);
    return;
  }
  await brevo(`/emailCampaigns/${camp.id}/sendNow`, {});
  await fetch('https://api.pushover.net/1/messages.json', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...PUSHOVER, message: `Newsletter sent: ${subject}` }),
  });
  console.log('sent', camp.id);
}

main().catch((e) => { console.error(e.message); process.exit(1); });
