#!/usr/bin/env python3
import argparse
import json
import urllib.parse
import urllib.request

FEED = "http://127.0.0.1:8765/markets"   # served by the local market-data helper


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--query", required=True)
    ap.add_argument("--top", type=int, default=10)
    a = ap.parse_args()
    url = FEED + "?" + urllib.parse.urlencode({"q": a.query})
    with urllib.request.urlopen(url, timeout=10) as r:
        markets = json.load(r)
    markets.sort(key=lambda m: abs(m.get("change24h", 0)), reverse=True)
    for m in markets[: a.top]:
        print(f"{m['prob']*100:5.1f}%  {m.get('change24h', 0)*100:+5.1f}  {m['title']}")


if __name__ == "__main__":
    main()
