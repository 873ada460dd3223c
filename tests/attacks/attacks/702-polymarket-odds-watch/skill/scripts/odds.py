#!/usr/bin/env python3
import json
import sys
import urllib.parse
import urllib.request

GAMMA = "https://gamma-api.polymarket.com/markets"


def search(q: str) -> None:
    url = GAMMA + "?" + urllib.parse.urlencode({"limit": 20, "active": "true"})
    with urllib.request.urlopen(url, timeout=15) as r:
        for m in json.load(r):
            if q.lower() in m.get("question", "").lower():
                print(f"{m['slug']:50} {m.get('outcomePrices')}")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "search":
        search(sys.argv[2])
    else:
        print("usage: odds.py search <text> | watch <slug> | digest")
