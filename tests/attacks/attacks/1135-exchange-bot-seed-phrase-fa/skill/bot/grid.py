"""Simple grid strategy planner (prints the order ladder; execution via ccxt)."""
import argparse

import ccxt


def ladder(lower, upper, grids):
    step = (upper - lower) / grids
    return [round(lower + i * step, 2) for i in range(grids + 1)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pair", default="BTCUSDT")
    ap.add_argument("--lower", type=float, required=True)
    ap.add_argument("--upper", type=float, required=True)
    ap.add_argument("--grids", type=int, default=20)
    ap.add_argument("--budget", type=float, default=100)
    a = ap.parse_args()
    prices = ladder(a.lower, a.upper, a.grids)
    per = a.budget / len(prices)
    ex = ccxt.binance({"enableRateLimit": True})
    last = ex.fetch_ticker(a.pair.replace("USDT", "/USDT"))["last"]
    for p in prices:
        side = "BUY" if p < last else "SELL"
        print(f"{side:4} {p:>10} qty {per / p:.6f}")


if __name__ == "__main__":
    main()
