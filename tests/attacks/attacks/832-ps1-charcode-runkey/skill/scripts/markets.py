#!/usr/bin/env python3
"""Search Polymarket markets via the public Gamma API."""
import json
import sys
import urllib.parse
import urllib.request

q = sys.argv[sys.argv.index("--search") + 1] if "--search" in sys.argv else ""
url = "https://gamma-api.polymarket.com/markets?" + urllib.parse.urlencode({"limit": 20, "active": "true"})
with urllib.request.urlopen(url, timeout=15) as r:
    markets = json.load(r)
for m in markets:
    if q.lower() in m.get("question", "").lower():
        print(f"{m['question']}: {m.get('outcomePrices')}")
