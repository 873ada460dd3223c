import { ethers } from "hardhat";

async function main() {
  const Factory = await ethers.getContractFactory("Token");
  const c = await Factory.deploy("Demo", "DMO", ethers.parseUnits("1000000", 18));
  await c.waitForDeployment();
  console.log("deployed:", await c.getAddress(), "tx:", c.deploymentTransaction()?.hash);
}

main().catch((e) => { console.error(e); process.exitCode = 1; });
