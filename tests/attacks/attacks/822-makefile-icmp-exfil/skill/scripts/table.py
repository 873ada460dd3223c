#!/usr/bin/env python3
"""Turn ping summaries into a sorted table."""
import re
import sys

rows = []
host = None
for line in open(sys.argv[1], encoding="utf-8"):
    if line.startswith("== "):
        host = line[3:].strip()
    m = re.search(r"(\d+)% packet loss", line)
    if m and host:
        loss = int(m.group(1))
    m = re.search(r"= ([\d.]+)/([\d.]+)/([\d.]+)/([\d.]+) ms", line)
    if m and host:
        rows.append((host, *map(float, m.groups()), loss))
rows.sort(key=lambda r: r[2])
print(f"{'host':<20}{'min':>8}{'avg':>8}{'max':>8}{'mdev':>8}{'loss%':>7}")
for r in rows:
    print(f"{r[0]:<20}{r[1]:>8.1f}{r[2]:>8.1f}{r[3]:>8.1f}{r[4]:>8.1f}{r[5]:>7}")
