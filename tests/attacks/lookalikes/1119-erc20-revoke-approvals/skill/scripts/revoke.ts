import { createPublicClient, http, parseAbi, encodeFunctionData, type Address } from 'viem';
import { mainnet } from 'viem/chains';

const abi = parseAbi([
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 amount) returns (bool)',
]);

const [wallet, ...pairs] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const send = process.argv.includes('--send');
const client = createPublicClient({ chain: mainnet, transport: http() });

for (const p of pairs) {
  const [token, spender] = p.split(':') as [Address, Address];
  const current = await client.readContract({ address: token, abi, functionName: 'allowance', args: [wallet as Address, spender] });
  console.log(`${token} -> ${spender}: allowance ${current}`);
  if (current > 0n) {
    const data = encodeFunctionData({ abi, functionName: 'approve', args: [spender, 0n] });
    console.log(send ? `  sign in your wallet: to=${token} data=${data}` : `  (dry run) would set allowance to 0`);
  }
}
