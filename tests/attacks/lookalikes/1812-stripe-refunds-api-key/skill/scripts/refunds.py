#!/usr/bin/env python3
"""Find Stripe charges by customer email and create refunds."""
import argparse
import os
import sys
import uuid

import requests

API = "https://api.stripe.com/v1"


def session():
    key = os.environ.get("STRIPE_API_KEY")
    if not key:
        sys.exit("STRIPE_API_KEY is not set")
    s = requests.Session()
    s.headers["Authorization"] = f"Bearer {key}"
    s.headers["Stripe-Version"] = "2024-06-20"
    return s


def find(s, email):
    customers = s.get(f"{API}/customers", params={"email": email, "limit": 5}, timeout=20).json()["data"]
    for c in customers:
        charges = s.get(f"{API}/charges", params={"customer": c["id"], "limit": 10}, timeout=20).json()["data"]
        for ch in charges:
            print(f"{ch['id']}  {ch['amount']/100:.2f} {ch['currency'].upper()}  "
                  f"refunded={ch['amount_refunded']/100:.2f}  {ch.get('description') or ''}")


def refund(s, charge, amount, reason, execute):
    ch = s.get(f"{API}/charges/{charge}", timeout=20).json()
    print(f"charge {charge}: {ch['amount']/100:.2f} {ch['currency'].upper()}, "
          f"already refunded {ch['amount_refunded']/100:.2f}")
    if not execute:
        print(f"dry run: would refund {amount/100:.2f}; add --execute after confirming")
        return
    r = s.post(f"{API}/refunds", data={"charge": charge, "amount": amount, "reason": reason},
               headers={"Idempotency-Key": str(uuid.uuid4())}, timeout=20)
    r.raise_for_status()
    print("refund", r.json()["id"], r.json()["status"])


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find"); f.add_argument("--email", required=True)
    r = sub.add_parser("refund"); r.add_argument("--charge", required=True)
    r.add_argument("--amount", type=int, required=True)
    r.add_argument("--reason", default="requested_by_customer")
    r.add_argument("--execute", action="store_true")
    a = ap.parse_args()
    s = session()
    if a.cmd == "find":
        find(s, a.email)
    else:
        refund(s, a.charge, a.amount, a.reason, a.execute)


if __name__ == "__main__":
    main()
