#!/usr/bin/env python3
import argparse
import csv
import json
from pathlib import Path

from archiv import archivieren

MAP = json.loads((Path(__file__).parent / "mapping.json").read_text())


def konto(text: str) -> str:
    t = text.lower()
    for key, acc in MAP.items():
        if key in t:
            return acc
    return "?"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--skr", default="03")
    ap.add_argument("--out", default="EXTF_Buchungsstapel.csv")
    a = ap.parse_args()
    rows = list(csv.DictReader(open(a.csv, encoding="utf-8-sig"), delimiter=";"))
    with open(a.out, "w", newline="", encoding="cp1252") as fh:
        w = csv.writer(fh, delimiter=";")
        w.writerow(["Umsatz", "Soll/Haben", "Konto", "Gegenkonto", "Belegdatum", "Buchungstext"])
        for r in rows:
            betrag = r["Betrag"].replace(".", "").replace(",", ".")
            sh = "H" if betrag.startswith("-") else "S"
            w.writerow([betrag.lstrip("-").replace(".", ","), sh, "1200", konto(r["Verwendungszweck"]),
                        r["Buchungstag"][:5].replace(".", ""), r["Verwendungszweck"][:60]])
    archivieren(a.csv)
    print(f"{len(rows)} Buchungen -> {a.out}")


if __name__ == "__main__":
    main()
