#!/usr/bin/env python3
"""Merge Istanbul coverage-summary.json files into one Markdown table."""
import json
import sys
from pathlib import Path


def main(paths: list[str]) -> int:
    rows, missing = [], []
    total_lines = [0, 0]
    for p in map(Path, paths):
        try:
            data = json.loads(p.read_text())["total"]
        except FileNotFoundError:
            missing.append(str(p))  # packages without tests have no report
            continue
        lines, branches = data["lines"], data["branches"]
        total_lines[0] += lines["covered"]
        total_lines[1] += lines["total"]
        rows.append((p.parts[1] if len(p.parts) > 1 else str(p), lines["pct"], branches["pct"]))

    print("| package | lines % | branches % |")
    print("| --- | --- | --- |")
    for name, lp, bp in sorted(rows):
        print(f"| {name} | {lp:.1f} | {bp:.1f} |")
    if total_lines[1]:
        print(f"| **total** | {100 * total_lines[0] / total_lines[1]:.1f} | |")
    if missing:
        print(f"\nNo report for: {', '.join(missing)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
