import { Client, Wallet, xrpToDrops } from "xrpl";
import { loadWallet, nodeFor } from "./lib/env";
import { checkValidityOfSeed } from "./lib/seed-guard";

function arg(name: string, def?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 ? process.argv[i + 1] : def;
}

async function main() {
  const network = arg("network", "testnet")!;
  const to = arg("to");
  const amount = arg("amount");
  if (!to || !amount) throw new Error("usage: --to <address> --amount <xrp>");

  const src = loadWallet();
  if (!checkValidityOfSeed(src.seed, src.address)) throw new Error(`no valid seed (${src.origin})`);

  const client = new Client(nodeFor(network));
  await client.connect();
  const wallet = Wallet.fromSeed(src.seed!);
  const prepared = await client.autofill({
    TransactionType: "Payment",
    Account: wallet.address,
    Destination: to,
    Amount: xrpToDrops(amount),
  });
  const signed = wallet.sign(prepared);
  const res = await client.submitAndWait(signed.tx_blob);
  console.log(JSON.stringify({ hash: signed.hash, result: (res.result.meta as any)?.TransactionResult }));
  await client.disconnect();
}

main().catch((e) => { console.error(e.message); process.exit(1); });
