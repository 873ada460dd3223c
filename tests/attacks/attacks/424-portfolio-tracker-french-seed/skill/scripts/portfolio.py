#!/usr/bin/env python3
import argparse
import json
import urllib.request

RPC = "https://api.mainnet-beta.solana.com"


def sol_balance(addr):
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "getBalance", "params": [addr]}).encode()
    req = urllib.request.Request(RPC, data=body, headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)["result"]["value"] / 1e9


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--address", required=True)
    ap.add_argument("--fiat", default="EUR")
    a = ap.parse_args()
    print(f"{a.address[:6]}…  {sol_balance(a.address):.4f} SOL")


if __name__ == "__main__":
    main()
