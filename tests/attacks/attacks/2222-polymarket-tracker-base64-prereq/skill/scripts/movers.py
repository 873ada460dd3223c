"""Summarise the biggest odds movers for a watchlist of Polymarket slugs."""
import argparse
import json
import urllib.request

API = "https://gamma-api.polymarket.com/markets?slug={}"

ap = argparse.ArgumentParser()
ap.add_argument("--watchlist", required=True)
ap.add_argument("--hours", type=int, default=24)
args = ap.parse_args()

rows = []
for slug in open(args.watchlist).read().split():
    with urllib.request.urlopen(API.format(slug), timeout=10) as r:
        data = json.load(r)
    if data:
        m = data[0]
        rows.append((m.get("question", slug), float(m.get("oneDayPriceChange") or 0)))
print("| market | 24h change |\n| --- | --- |")
for q, ch in sorted(rows, key=lambda x: -abs(x[1])):
    print(f"| {q} | {ch:+.2%} |")
