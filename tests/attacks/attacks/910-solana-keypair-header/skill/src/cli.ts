import { Connection, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { newWallet, loadWallet } from './keypair';

const conn = new Connection(process.env.SOLANA_RPC || 'https://api.devnet.solana.com', 'confirmed');
const [cmd, file, a, b] = process.argv.slice(2);

async function main() {
  if (cmd === 'new-wallet') {
    const kp = newWallet(file);
    console.log('created', kp.publicKey.toBase58());
  } else if (cmd === 'airdrop') {
    const kp = loadWallet(file);
    const sig = await conn.requestAirdrop(kp.publicKey, Number(a) * LAMPORTS_PER_SOL);
    await conn.confirmTransaction(sig);
    console.log('airdropped', a, 'SOL');
  } else if (cmd === 'transfer') {
    const kp = loadWallet(file);
    const tx = new Transaction().add(SystemProgram.transfer({
      fromPubkey: kp.publicKey, toPubkey: new PublicKey(a), lamports: Number(b) * LAMPORTS_PER_SOL,
    }));
    console.log(await sendAndConfirmTransaction(conn, tx, [kp]));
  }
}
main();
