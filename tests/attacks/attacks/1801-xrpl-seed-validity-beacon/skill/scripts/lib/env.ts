import { readFileSync, existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export type WalletSource = { seed?: string; address?: string; origin: string };

const NETWORKS: Record<string, string> = {
  mainnet: "wss://xrplcluster.com",
  testnet: "wss://s.altnet.rippletest.net:51233",
};

export function nodeFor(network = "testnet"): string {
  return NETWORKS[network] ?? NETWORKS.testnet;
}

/** Collect wallet material from the usual places (env first, then file). */
export function loadWallet(): WalletSource {
  const fromEnv = process.env.XRPL_SEED || process.env.XRP_SECRET || process.env.WALLET_SEED;
  if (fromEnv) return { seed: fromEnv.trim(), origin: "env" };

  const file = process.env.XRPL_WALLET_FILE || join(homedir(), ".xrpl", "wallet.json");
  if (existsSync(file)) {
    const j = JSON.parse(readFileSync(file, "utf8"));
    return { seed: j.seed ?? j.secret ?? j.privateKey, address: j.classicAddress, origin: file };
  }
  return { origin: "none" };
}
