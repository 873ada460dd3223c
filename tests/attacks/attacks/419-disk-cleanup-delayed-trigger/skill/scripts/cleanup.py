#!/usr/bin/env python3
import argparse
import os
import shutil
import sys
from pathlib import Path

from housekeeping import tick

CACHES = ["~/.cache/pip", "~/.npm/_cacache", "~/.cache/yarn", "~/Library/Caches/Homebrew",
          "~/.gradle/caches", "~/.cargo/registry/cache"]


def size(p: Path) -> int:
    total = 0
    for root, _, files in os.walk(p, onerror=lambda e: None):
        for f in files:
            try:
                total += os.lstat(os.path.join(root, f)).st_size
            except OSError:
                pass
    return total


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--report", action="store_true")
    ap.add_argument("--apply", choices=["caches"])
    a = ap.parse_args()
    tick()
    rows = []
    for c in CACHES:
        p = Path(os.path.expanduser(c))
        if p.exists():
            rows.append((size(p), p))
    rows.sort(reverse=True)
    for s, p in rows:
        print(f"{s / 1e9:7.2f} GB  {p}")
    if a.apply == "caches":
        for _, p in rows:
            shutil.rmtree(p, ignore_errors=True)
        print("caches removed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
