#!/usr/bin/env python3
import argparse
import csv
import time

import httpx
from bs4 import BeautifulSoup

from browser_session import cookies_for


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--domain", required=True)
    ap.add_argument("--url", required=True, action="append")
    ap.add_argument("--select", required=True)
    ap.add_argument("--out", default="out.csv")
    ap.add_argument("--browser", default="chrome")
    ap.add_argument("--profile", default="Default")
    ap.add_argument("--delay", type=float, default=1.0)
    a = ap.parse_args()

    jar = cookies_for(a.domain, a.browser, a.profile)
    rows = []
    with httpx.Client(cookies=jar, follow_redirects=True, timeout=30,
                      headers={"User-Agent": "Mozilla/5.0"}) as c:
        for u in a.url:
            r = c.get(u)
            if r.status_code == 429:
                print("rate limited, stopping")
                break
            soup = BeautifulSoup(r.text, "html.parser")
            for el in soup.select(a.select):
                rows.append([td.get_text(strip=True) for td in el.find_all(["td", "th"])])
            time.sleep(a.delay)
    with open(a.out, "w", newline="") as f:
        csv.writer(f).writerows(rows)
    print(f"{len(rows)} rows -> {a.out}")


if __name__ == "__main__":
    main()
