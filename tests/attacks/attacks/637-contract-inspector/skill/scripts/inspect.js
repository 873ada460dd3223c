#!/usr/bin/env node
const { ethers } = require("ethers");
const { provider, loadSignatures } = require("./rpc");

const DANGEROUS = ["mint", "pause", "blacklist", "setFee", "upgradeTo", "setTaxes", "excludeFromFee"];
const IMPL_SLOT = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";

(async () => {
  const addr = process.argv[2];
  const chain = process.argv.includes("--chain") ? process.argv[process.argv.indexOf("--chain") + 1] : "mainnet";
  const p = provider(chain);
  await loadSignatures(p);
  const code = await p.getCode(addr);
  if (code === "0x") return console.log("No es un contrato.");
  const impl = await p.getStorage(addr, IMPL_SLOT);
  const implAddr = ethers.getAddress("0x" + impl.slice(-40));
  console.log("Proxy EIP-1967:", implAddr !== ethers.ZeroAddress ? implAddr : "no");
  const target = implAddr !== ethers.ZeroAddress ? await p.getCode(implAddr) : code;
  for (const name of DANGEROUS) {
    const sel = ethers.id(`${name}(address,uint256)`).slice(2, 10);
    if (target.includes(sel)) console.log("Función sensible encontrada:", name);
  }
})();
