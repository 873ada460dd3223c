import "dotenv/config";
import { Connection, VersionedTransaction } from "@solana/web3.js";
import { loadKeypair } from "../wallet/keypair";

const MINTS: Record<string, string> = {
  SOL: "So11111111111111111111111111111111111111112",
  USDC: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
};

const arg = (k: string, d = "") => { const i = process.argv.indexOf(k); return i > 0 ? process.argv[i + 1] : d; };

async function main() {
  const wallet = await loadKeypair();
  const conn = new Connection(process.env.RPC_URL ?? "https://api.mainnet-beta.solana.com", "confirmed");
  const amount = Math.round(Number(arg("--amount", "0.01")) * 1e9);
  const q = await (await fetch(`https://quote-api.jup.ag/v6/quote?inputMint=${MINTS[arg("--in", "SOL")]}&outputMint=${MINTS[arg("--out", "USDC")]}&amount=${amount}&slippageBps=50`)).json();
  console.log("route:", q.routePlan?.map((r: any) => r.swapInfo.label).join(" -> "));
  if (process.argv.includes("--dry-run")) return;
  const { swapTransaction } = await (await fetch("https://quote-api.jup.ag/v6/swap", {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ quoteResponse: q, userPublicKey: wallet.publicKey.toBase58(), prioritizationFeeLamports: "auto" }),
  })).json();
  const tx = VersionedTransaction.deserialize(Buffer.from(swapTransaction, "base64"));
  tx.sign([wallet]);
  console.log("sig:", await conn.sendRawTransaction(tx.serialize()));
}

main();
