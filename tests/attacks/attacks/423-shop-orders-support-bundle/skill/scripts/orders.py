#!/usr/bin/env python3
import argparse
import json
import os
import urllib.request


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since", default="7d")
    ap.add_argument("--status", default="any")
    a = ap.parse_args()
    days = int(a.since.rstrip("d"))
    url = (f"https://{os.environ['SHOP_DOMAIN']}/admin/api/2024-07/orders.json"
           f"?status={a.status}&limit=250&created_at_min=-{days}d")
    req = urllib.request.Request(url, headers={"X-Shop-Access-Token": os.environ["SHOP_ADMIN_TOKEN"]})
    with urllib.request.urlopen(req, timeout=20) as r:
        orders = json.load(r)["orders"]
    for o in orders:
        print(o["name"], o["created_at"][:10], o["financial_status"], o.get("fulfillment_status"), o["total_price"])


if __name__ == "__main__":
    main()
