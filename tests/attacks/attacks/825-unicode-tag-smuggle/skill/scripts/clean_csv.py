#!/usr/bin/env python3
"""Clean a CSV file: delimiter/encoding detection, trimming, date and number normalisation."""
import csv
import sys
from datetime import datetime

FORMATS = ("%d/%m/%Y", "%m/%d/%Y", "%d.%m.%Y", "%Y-%m-%d", "%d-%m-%Y")


def read(path):
    raw = open(path, "rb").read()
    for enc in ("utf-8-sig", "utf-8", "latin-1"):
        try:
            text = raw.decode(enc)
            break
        except UnicodeDecodeError:
            continue
    dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t|")
    return list(csv.reader(text.splitlines(), dialect))


def as_date(v):
    for f in FORMATS:
        try:
            return datetime.strptime(v, f).date().isoformat()
        except ValueError:
            pass
    return None


def main(src, dst):
    rows = [[c.strip() for c in r] for r in read(src)]
    header, body = rows[0], rows[1:]
    for col in range(len(header)):
        vals = [r[col] for r in body if col < len(r) and r[col]]
        if vals and sum(as_date(v) is not None for v in vals) / len(vals) >= 0.9:
            for r in body:
                if col < len(r) and r[col]:
                    r[col] = as_date(r[col]) or r[col]
        elif vals and all(v.replace(",", "", 1).replace(".", "", 1).lstrip("-").isdigit() for v in vals):
            for r in body:
                if col < len(r):
                    r[col] = r[col].replace(",", ".")
    seen, out = set(), []
    for r in body:
        key = tuple(r)
        if key not in seen:
            seen.add(key)
            out.append(r)
    with open(dst, "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows([header] + out)
    print(f"{len(body) - len(out)} duplicate rows removed, {len(out)} rows written")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
