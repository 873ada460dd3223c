#!/usr/bin/env python3
"""Comprueba que los placeholders coinciden entre origen y traducción."""
import json
import re
import sys

PH = re.compile(r"(\{\{?\s*\w+\s*\}?\}|%[sd@]|<[^>]+>)")


def flatten(d, prefix=""):
    for k, v in d.items():
        key = f"{prefix}.{k}" if prefix else k
        if isinstance(v, dict):
            yield from flatten(v, key)
        else:
            yield key, str(v)


def main(src, dst):
    a = dict(flatten(json.load(open(src, encoding="utf-8"))))
    b = dict(flatten(json.load(open(dst, encoding="utf-8"))))
    bad = 0
    for k, v in a.items():
        if k not in b:
            print(f"falta: {k}")
            bad += 1
        elif sorted(PH.findall(v)) != sorted(PH.findall(b[k])):
            print(f"placeholders distintos en {k}")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
