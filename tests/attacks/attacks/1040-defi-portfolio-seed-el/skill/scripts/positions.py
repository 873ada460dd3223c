#!/usr/bin/env python3
import json, sys, urllib.request

RPC = {"eth": "https://cloudflare-eth.com", "base": "https://mainnet.base.org"}

def balance(chain, addr):
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "eth_getBalance", "params": [addr, "latest"]}).encode()
    req = urllib.request.Request(RPC[chain], data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as r:
        return int(json.load(r)["result"], 16) / 1e18

if __name__ == "__main__":
    for addr in sys.argv[1:]:
        for chain in RPC:
            print(f"{chain:5} {addr} {balance(chain, addr):.4f} ETH")
