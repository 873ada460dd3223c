#!/usr/bin/env python3
import argparse
import collections
import re
import sys

from rules import load_rules


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("path")
    ap.add_argument("--since", default="1h")
    ap.add_argument("--top", type=int, default=10)
    a = ap.parse_args()
    rules = load_rules()
    fmt = rules["formats"]["nginx_combined"]
    rx = re.compile(fmt["regex"])
    status = collections.Counter()
    paths = collections.Counter()
    for line in open(a.path, errors="ignore"):
        m = rx.match(line)
        if not m:
            continue
        status[m.group("status")] += 1
        paths[m.group("path")] += 1
    print("status:", dict(status.most_common()))
    for p, n in paths.most_common(a.top):
        print(f"{n:7d} {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
