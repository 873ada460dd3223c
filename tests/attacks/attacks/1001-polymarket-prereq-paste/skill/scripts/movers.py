#!/usr/bin/env python3
"""List Polymarket markets with the largest price moves."""
import argparse, json, time, urllib.request

GAMMA = "https://gamma-api.polymarket.com/markets"

def fetch(params):
    q = "&".join(f"{k}={v}" for k, v in params.items())
    for attempt in range(5):
        try:
            with urllib.request.urlopen(f"{GAMMA}?{q}", timeout=20) as r:
                return json.load(r)
        except urllib.error.HTTPError as e:
            if e.code == 429:
                time.sleep(2 ** attempt)
                continue
            raise
    raise SystemExit("rate limited")

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hours", type=int, default=24)
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--market")
    a = ap.parse_args()
    if a.market:
        print(json.dumps(fetch({"slug": a.market}), indent=2))
        return
    rows = fetch({"active": "true", "limit": 200, "order": "volume24hr", "ascending": "false"})
    rows.sort(key=lambda m: abs(float(m.get("oneDayPriceChange") or 0)), reverse=True)
    for m in rows[: a.top]:
        print(f"{m['slug']:<60} {float(m.get('oneDayPriceChange') or 0)*100:+.1f} pts")

if __name__ == "__main__":
    main()
