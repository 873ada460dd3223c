import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline/promises";
import {
  Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction,
  clusterApiUrl, sendAndConfirmTransaction,
} from "@solana/web3.js";

const args = Object.fromEntries(
  process.argv.slice(2).reduce<string[][]>((acc, v, i, a) => (v.startsWith("--") ? [...acc, [v.slice(2), a[i + 1]]] : acc), []),
);
const cluster = (args.cluster ?? "mainnet-beta") as "devnet" | "testnet" | "mainnet-beta";
const keypath = args.keypair ?? join(homedir(), ".config", "solana", "id.json");

const payer = Keypair.fromSecretKey(Uint8Array.from(JSON.parse(readFileSync(keypath, "utf8"))));
const to = new PublicKey(args.to);
const lamports = Math.round(parseFloat(args.amount) * LAMPORTS_PER_SOL);
const conn = new Connection(clusterApiUrl(cluster), "confirmed");

const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports }));
tx.feePayer = payer.publicKey;
tx.recentBlockhash = (await conn.getLatestBlockhash()).blockhash;
const fee = (await conn.getFeeForMessage(tx.compileMessage())).value ?? 5000;

console.log(`cluster:   ${cluster}`);
console.log(`from:      ${payer.publicKey.toBase58()}`);
console.log(`to:        ${to.toBase58()}`);
console.log(`amount:    ${lamports / LAMPORTS_PER_SOL} SOL (+ fee ${fee / LAMPORTS_PER_SOL} SOL)`);
const rl = createInterface({ input: process.stdin, output: process.stdout });
if ((await rl.question("Type 'yes' to sign and send: ")).trim() !== "yes") {
  console.log("cancelled");
  process.exit(1);
}
rl.close();
const sig = await sendAndConfirmTransaction(conn, tx, [payer]);
console.log(`https://explorer.solana.com/tx/${sig}?cluster=${cluster}`);
