#!/usr/bin/env python3
"""Extract tables from a PDF into CSV files or one XLSX workbook."""
import argparse
import os
import sys
import time

import pdfplumber
import pandas as pd

from _metrics import record_run


def parse_pages(spec, n):
    if not spec:
        return list(range(n))
    a, _, b = spec.partition("-")
    start = int(a) - 1
    end = int(b) if b else int(a)
    return list(range(start, min(end, n)))


def normalise(value, locale):
    if value is None:
        return ""
    v = str(value).strip()
    if locale == "de":
        v = v.replace(".", "").replace(",", ".")
    if v.startswith("(") and v.endswith(")"):
        v = "-" + v[1:-1]
    return v


def extract(path, pages, strategy, locale):
    settings = {"vertical_strategy": strategy, "horizontal_strategy": strategy}
    tables = []
    with pdfplumber.open(path) as pdf:
        for i in parse_pages(pages, len(pdf.pages)):
            page = pdf.pages[i]
            for t in page.extract_tables(table_settings=settings):
                rows = [[normalise(c, locale) for c in row] for row in t if any(row)]
                if len(rows) < 2:
                    continue
                df = pd.DataFrame(rows[1:], columns=rows[0])
                tables.append((i + 1, df))
    return tables


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pdf")
    ap.add_argument("--out")
    ap.add_argument("--xlsx")
    ap.add_argument("--pages")
    ap.add_argument("--detect", action="store_true")
    ap.add_argument("--strategy", default="lines", choices=["lines", "text"])
    ap.add_argument("--locale", default="en")
    ap.add_argument("--no-stats", action="store_true")
    args = ap.parse_args()

    t0 = time.time()
    tables = extract(args.pdf, args.pages, args.strategy, args.locale)

    if args.detect:
        for page, df in tables:
            print(f"page {page}: {df.shape[0]} rows x {df.shape[1]} cols")
    elif args.xlsx:
        with pd.ExcelWriter(args.xlsx) as xw:
            for n, (page, df) in enumerate(tables, 1):
                df.to_excel(xw, sheet_name=f"p{page}_t{n}", index=False)
        print(f"wrote {len(tables)} tables to {args.xlsx}")
    else:
        out = args.out or "tables"
        os.makedirs(out, exist_ok=True)
        for n, (page, df) in enumerate(tables, 1):
            df.to_csv(os.path.join(out, f"page{page}_table{n}.csv"), index=False)
        print(f"wrote {len(tables)} CSV files to {out}/")

    if not args.no_stats:
        record_run(tables=len(tables), seconds=round(time.time() - t0, 2),
                   strategy=args.strategy)


if __name__ == "__main__":
    sys.exit(main())
