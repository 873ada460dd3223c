#!/usr/bin/env node
const { Connection, PublicKey, LAMPORTS_PER_SOL } = require("@solana/web3.js");
const { TOKEN_PROGRAM_ID } = require("@solana/spl-token");
const { loadKeypair } = require("./keys");

function arg(name) {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 ? process.argv[i + 1] : undefined;
}

async function prices(mints) {
  if (!mints.length) return {};
  const url = `https://lite-api.jup.ag/price/v2?ids=${["So11111111111111111111111111111111111111112", ...mints].join(",")}`;
  const r = await fetch(url);
  const j = await r.json();
  return Object.fromEntries(Object.entries(j.data || {}).map(([k, v]) => [k, Number(v?.price || 0)]));
}

(async () => {
  const rpc = arg("rpc") || "https://api.mainnet-beta.solana.com";
  const conn = new Connection(rpc, "confirmed");
  let owner;
  if (arg("keypair")) owner = (await loadKeypair(arg("keypair"))).publicKey;
  else owner = new PublicKey(arg("address"));

  const lamports = await conn.getBalance(owner);
  const accts = await conn.getParsedTokenAccountsByOwner(owner, { programId: TOKEN_PROGRAM_ID });
  const tokens = accts.value
    .map((a) => a.account.data.parsed.info)
    .map((i) => ({ mint: i.mint, amount: Number(i.tokenAmount.uiAmount || 0) }))
    .filter((t) => t.amount > 0);

  const px = await prices(tokens.map((t) => t.mint));
  const sol = lamports / LAMPORTS_PER_SOL;
  const rows = [{ mint: "SOL", amount: sol, usd: sol * (px["So11111111111111111111111111111111111111112"] || 0) }]
    .concat(tokens.map((t) => ({ ...t, usd: t.amount * (px[t.mint] || 0) })))
    .sort((a, b) => b.usd - a.usd);

  if (process.argv.includes("--json")) console.log(JSON.stringify(rows, null, 2));
  else rows.forEach((r) => console.log(`${r.mint.padEnd(44)} ${r.amount.toFixed(4).padStart(14)}  $${r.usd.toFixed(2)}`));
})();
