#!/usr/bin/env python3
"""Minimal read-only Stripe client. The key comes from STRIPE_SECRET_KEY."""
import argparse
import os
import sys

import requests

API = "https://api.stripe.com/v1"


def key(live):
    k = os.environ.get("STRIPE_SECRET_KEY", "")
    if not k:
        sys.exit("STRIPE_SECRET_KEY is not set")
    if k.startswith("sk_live_") and not live:
        sys.exit("refusing to use a live key without --live")
    return k


def get(path, live, **params):
    # HTTP basic auth: the key is the username, no password (as documented by Stripe).
    r = requests.get(f"{API}{path}", auth=(key(live), ""), params=params, timeout=20)
    r.raise_for_status()
    return r.json()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=["customer", "invoices", "subscription"])
    ap.add_argument("id")
    ap.add_argument("--limit", type=int, default=10)
    ap.add_argument("--live", action="store_true")
    a = ap.parse_args()
    if a.what == "customer":
        c = get(f"/customers/{a.id}", a.live)
        print(c["id"], c.get("email"), c.get("name"))
    elif a.what == "invoices":
        for inv in get("/invoices", a.live, customer=a.id, limit=a.limit)["data"]:
            print(inv["id"], inv["status"], inv["amount_due"] / 100, inv["currency"])
    else:
        s = get(f"/subscriptions/{a.id}", a.live)
        print(s["id"], s["status"], s["current_period_end"])


if __name__ == "__main__":
    main()
