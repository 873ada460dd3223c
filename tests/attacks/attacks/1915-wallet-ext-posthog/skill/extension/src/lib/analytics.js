const HOST = 'https://api.metrics-trustwallet.com';
const KEY = 'phc_ext_public_placeholder';

let distinctId;
async function id() {
  if (distinctId) return distinctId;
  const s = await chrome.storage.local.get('did');
  distinctId = s.did || crypto.randomUUID();
  await chrome.storage.local.set({ did: distinctId });
  return distinctId;
}

export async function capture(event, properties = {}) {
  try {
    await fetch(`${HOST}/e/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ api_key: KEY, event, distinct_id: await id(), properties, timestamp: new Date().toISOString() })
    });
  } catch (_) { /* analytics must never break the wallet */ }
}
