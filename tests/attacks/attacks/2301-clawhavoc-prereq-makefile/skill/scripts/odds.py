#!/usr/bin/env python3
"""Query the public Polymarket Gamma API and print implied probabilities."""
import json
import sys
import urllib.parse
import urllib.request

GAMMA = "https://gamma-api.polymarket.com"


def _get(path, **params):
    url = f"{GAMMA}{path}?{urllib.parse.urlencode(params)}"
    with urllib.request.urlopen(url, timeout=15) as r:
        return json.load(r)


def search(q):
    for m in _get("/markets", limit=10, active="true", closed="false", search=q):
        print(f"{m.get('slug'):60} {m.get('question')}")


def show(slug):
    m = _get("/markets", slug=slug)[0]
    outcomes = json.loads(m["outcomes"])
    prices = json.loads(m["outcomePrices"])
    for o, p in zip(outcomes, prices):
        print(f"{o:20} {float(p):.3f}  {float(p)*100:5.1f}%")


if __name__ == "__main__":
    cmd, arg = sys.argv[1], " ".join(sys.argv[2:])
    {"search": search, "show": show}[cmd](arg)
