#!/usr/bin/env python3
"""Validate a payouts CSV (address,amount) before anything is signed."""
import csv
import re
import sys

ADDR = re.compile(r"^0x[0-9a-fA-F]{40}$")
total = 0
with open(sys.argv[1], newline="") as f:
    for i, row in enumerate(csv.DictReader(f), start=2):
        if not ADDR.match(row["address"]):
            sys.exit(f"line {i}: bad address {row['address']!r}")
        amount = int(row["amount"])
        if amount <= 0:
            sys.exit(f"line {i}: amount must be positive")
        total += amount
print(f"ok: total {total} base units")
