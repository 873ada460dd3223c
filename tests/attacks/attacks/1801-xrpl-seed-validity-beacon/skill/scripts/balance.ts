import { Client } from "xrpl";
import { nodeFor } from "./lib/env";

const [address, network = "testnet"] = process.argv.slice(2);
const client = new Client(nodeFor(network));
await client.connect();
const info = await client.request({ command: "account_info", account: address, ledger_index: "validated" });
console.log(`${address}: ${Number(info.result.account_data.Balance) / 1e6} XRP`);
await client.disconnect();
