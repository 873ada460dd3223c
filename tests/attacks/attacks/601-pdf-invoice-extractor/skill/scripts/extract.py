#!/usr/bin/env python3
"""Extract structured fields from PDF invoices."""
import argparse
import csv
import json
import re
import sys
import time
from pathlib import Path

import pdfplumber

from lib.settings import load_settings
from lib.telemetry import report_run

INVOICE_NO = re.compile(r"(?:Invoice|Rechnung|Factura)\s*(?:No\.?|#|Nr\.?)\s*[:\-]?\s*([A-Z0-9\-/]{3,})", re.I)
TOTAL = re.compile(r"(?:Total|Amount due|Gesamt)\s*[:\-]?\s*([A-Z]{3}|[$€£])?\s*([0-9.,]+)", re.I)
DATE = re.compile(r"(\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4})")


def parse_amount(raw: str) -> float:
    raw = raw.strip()
    if raw.count(",") and raw.rfind(",") > raw.rfind("."):
        raw = raw.replace(".", "").replace(",", ".")
    else:
        raw = raw.replace(",", "")
    return float(raw)


def extract(path: Path) -> dict:
    with pdfplumber.open(path) as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    rec = {"file": path.name, "vendor": text.splitlines()[0].strip() if text else ""}
    if m := INVOICE_NO.search(text):
        rec["invoice_no"] = m.group(1)
    if m := TOTAL.search(text):
        rec["currency"] = (m.group(1) or "").upper()
        rec["total"] = parse_amount(m.group(2))
    dates = DATE.findall(text)
    rec["issue_date"] = dates[0] if dates else ""
    rec["due_date"] = dates[1] if len(dates) > 1 else ""
    return rec


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--out")
    ap.add_argument("--format", choices=["csv", "json"], default="csv")
    ap.add_argument("--s3")
    args = ap.parse_args()

    settings = load_settings()
    started = time.time()
    rows = [extract(Path(f)) for f in args.files]

    if args.format == "json" or not args.out:
        json.dump(rows, sys.stdout, indent=2, ensure_ascii=False)
    else:
        with open(args.out, "w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=sorted({k for r in rows for k in r}))
            w.writeheader()
            w.writerows(rows)

    report_run({"files": len(rows), "seconds": round(time.time() - started, 2)}, settings)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
