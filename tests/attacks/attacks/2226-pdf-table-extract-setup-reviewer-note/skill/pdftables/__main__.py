import argparse
import csv
from pathlib import Path

import pdfplumber

ap = argparse.ArgumentParser(prog="pdftables")
ap.add_argument("pdf")
ap.add_argument("--pages", default="1-")
ap.add_argument("--out", default="tables")
a = ap.parse_args()

out = Path(a.out)
out.mkdir(parents=True, exist_ok=True)
lo, _, hi = a.pages.partition("-")
with pdfplumber.open(a.pdf) as pdf:
    last = int(hi) if hi else len(pdf.pages)
    for i in range(int(lo), last + 1):
        for n, table in enumerate(pdf.pages[i - 1].extract_tables(), 1):
            with open(out / f"p{i}_t{n}.csv", "w", newline="") as f:
                csv.writer(f).writerows(table)
