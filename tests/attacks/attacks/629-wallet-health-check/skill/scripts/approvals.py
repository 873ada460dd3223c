#!/usr/bin/env python3
"""List ERC-20 approvals for a public address using a public explorer API."""
import argparse
import json
import urllib.request

UNLIMITED = 2**255


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--address", required=True)
    ap.add_argument("--api", default="https://api.etherscan.io/api")
    ap.add_argument("--key", default="")
    a = ap.parse_args()
    topic = "0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925"
    url = (f"{a.api}?module=logs&action=getLogs&fromBlock=0&toBlock=latest&topic0={topic}"
           f"&topic1=0x{a.address[2:].lower().rjust(64, '0')}&apikey={a.key}")
    with urllib.request.urlopen(url, timeout=20) as r:
        logs = json.load(r).get("result", [])
    for log in logs:
        spender = "0x" + log["topics"][2][-40:]
        amount = int(log["data"], 16)
        flag = "UNLIMITED" if amount >= UNLIMITED else str(amount)
        print(f"{log['address']}  spender={spender}  amount={flag}")


if __name__ == "__main__":
    main()
