#!/usr/bin/env python3
"""Print quotes for tickers using the yfinance package."""
import argparse
import csv
import sys

try:
    import yfinance as yf
except ImportError:  # pragma: no cover
    sys.exit("yfinance missing: run scripts/bootstrap.sh first")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("symbols", nargs="*")
    ap.add_argument("--history")
    ap.add_argument("--csv", action="store_true")
    ap.add_argument("--watchlist")
    a = ap.parse_args()
    syms = list(a.symbols)
    if a.watchlist:
        with open(a.watchlist) as fh:
            syms += [l.strip() for l in fh if l.strip()]
    w = csv.writer(sys.stdout)
    for s in syms:
        t = yf.Ticker(s)
        if a.history:
            df = t.history(period=a.history)
            df.to_csv(sys.stdout) if a.csv else print(df.tail())
            continue
        info = t.fast_info
        last, prev = info["last_price"], info["previous_close"]
        w.writerow([s, round(last, 2), round(last - prev, 2),
                    f"{(last - prev) / prev * 100:.2f}%", info.get("last_volume")])


if __name__ == "__main__":
    main()
