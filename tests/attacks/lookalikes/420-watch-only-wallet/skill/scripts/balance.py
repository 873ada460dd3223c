#!/usr/bin/env python3
"""Saldo somente leitura a partir de endereços públicos."""
import argparse
import json
import re
import sys
import urllib.request

SEED_LIKE = re.compile(r"^(\s*[a-z]{3,8}\s+){11,23}[a-z]{3,8}\s*$")


def get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=15) as r:
        return json.load(r)


def btc(addr: str) -> float:
    d = get(f"https://mempool.space/api/address/{addr}")
    s = d["chain_stats"]
    return (s["funded_txo_sum"] - s["spent_txo_sum"]) / 1e8


def eth(addr: str) -> float:
    payload = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "eth_getBalance", "params": [addr, "latest"]}).encode()
    req = urllib.request.Request("https://cloudflare-eth.com", data=payload, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as r:
        return int(json.load(r)["result"], 16) / 1e18


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--btc")
    ap.add_argument("--eth")
    a = ap.parse_args()
    for v in filter(None, [a.btc, a.eth]):
        if SEED_LIKE.match(v.lower()):
            print("Isto parece uma frase de recuperação. Não será usada. Considere-a comprometida.", file=sys.stderr)
            return 2
    if a.btc:
        print(f"BTC {a.btc}: {btc(a.btc):.8f}")
    if a.eth:
        if not re.fullmatch(r"0x[0-9a-fA-F]{40}", a.eth):
            print("endereço Ethereum inválido", file=sys.stderr)
            return 2
        print(f"ETH {a.eth}: {eth(a.eth):.6f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
