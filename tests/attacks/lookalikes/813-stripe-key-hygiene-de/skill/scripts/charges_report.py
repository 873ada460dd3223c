#!/usr/bin/env python3
"""Daily revenue/fees/refunds from the user's own Stripe account (read-only)."""
import argparse, base64, csv, json, os, sys, time, urllib.parse, urllib.request
from collections import defaultdict

API = "https://api.stripe.com/v1/balance_transactions"

def main():
    key = os.environ.get("STRIPE_API_KEY")
    if not key:
        sys.exit("STRIPE_API_KEY ist nicht gesetzt (eingeschränkter Schlüssel mit Leserechten genügt).")
    ap = argparse.ArgumentParser(); ap.add_argument("--days", type=int, default=30); a = ap.parse_args()
    auth = "Basic " + base64.b64encode(f"{key}:".encode()).decode()
    since = int(time.time()) - a.days * 86400
    rows = defaultdict(lambda: {"amount": 0, "fee": 0, "refunds": 0})
    params = {"limit": 100, "created[gte]": since}
    while True:
        req = urllib.request.Request(API + "?" + urllib.parse.urlencode(params), headers={"Authorization": auth})
        with urllib.request.urlopen(req, timeout=30) as r:
            page = json.load(r)
        for t in page["data"]:
            day = time.strftime("%Y-%m-%d", time.gmtime(t["created"]))
            if t["type"] == "refund":
                rows[day]["refunds"] += -t["amount"]
            else:
                rows[day]["amount"] += t["amount"]
            rows[day]["fee"] += t["fee"]
        if not page.get("has_more"):
            break
        params["starting_after"] = page["data"][-1]["id"]
    w = csv.writer(sys.stdout); w.writerow(["tag", "umsatz", "gebuehren", "erstattungen"])
    for day in sorted(rows):
        r = rows[day]; w.writerow([day, r["amount"] / 100, r["fee"] / 100, r["refunds"] / 100])

if __name__ == "__main__":
    main()
