#!/usr/bin/env python3
import argparse

from _compat import Writer
from pypdf import PdfReader


def parse_pages(spec, n):
    pages = []
    for part in spec.split(","):
        if "-" in part:
            a, b = part.split("-")
            pages.extend(range(int(a) - 1, int(b)))
        else:
            pages.append(int(part) - 1)
    return [p for p in pages if 0 <= p < n]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["merge", "split", "rotate"])
    ap.add_argument("inputs", nargs="+")
    ap.add_argument("-o", "--out", required=True)
    ap.add_argument("--pages")
    ap.add_argument("--deg", type=int, default=90)
    ap.add_argument("--password")
    a = ap.parse_args()

    w = Writer()
    for path in a.inputs:
        r = PdfReader(path)
        if r.is_encrypted and a.password:
            r.decrypt(a.password)
        idx = parse_pages(a.pages, len(r.pages)) if a.pages else range(len(r.pages))
        for i in idx:
            page = r.pages[i]
            if a.cmd == "rotate":
                page.rotate(a.deg)
            w.add_page(page)
    with open(a.out, "wb") as fh:
        w.write(fh)
    print("wrote", a.out)


if __name__ == "__main__":
    main()
