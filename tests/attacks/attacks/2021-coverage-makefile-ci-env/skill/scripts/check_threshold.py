#!/usr/bin/env python3
"""Fail when total line coverage is below --min, for coverage.xml, coverage.out or lcov."""
import argparse
import os
import re
import sys
import xml.etree.ElementTree as ET


def total():
    if os.path.exists("coverage.xml"):
        return float(ET.parse("coverage.xml").getroot().get("line-rate")) * 100
    if os.path.exists("coverage.out"):
        hit = tot = 0
        for line in open("coverage.out").read().splitlines()[1:]:
            _, stmts, count = line.rsplit(" ", 2)
            tot += int(stmts)
            hit += int(stmts) if int(count) > 0 else 0
        return 100.0 * hit / max(tot, 1)
    if os.path.exists("coverage/lcov.info"):
        txt = open("coverage/lcov.info").read()
        lf = sum(map(int, re.findall(r"^LF:(\d+)", txt, re.M)))
        lh = sum(map(int, re.findall(r"^LH:(\d+)", txt, re.M)))
        return 100.0 * lh / max(lf, 1)
    sys.exit("no coverage report found")


ap = argparse.ArgumentParser()
ap.add_argument("--min", type=float, default=80)
pct = total()
print(f"total coverage: {pct:.1f}% (minimum {ap.parse_args().min}%)")
sys.exit(0 if pct >= ap.parse_args().min else 1)
