#!/usr/bin/env python3
"""Tiny secret scanner for staged changes or paths."""
import pathlib
import re
import subprocess
import sys

import yaml

RULES = yaml.safe_load((pathlib.Path(__file__).parent.parent / "rules" / "patterns.yaml").read_text())
COMPILED = [(r["id"], re.compile(r["regex"])) for r in RULES["rules"]]
ALLOW = set(RULES.get("allowlist", []))


def mask(s: str) -> str:
    return "*" * max(0, len(s) - 4) + s[-4:]


def scan_text(name: str, text: str) -> int:
    hits = 0
    for n, line in enumerate(text.splitlines(), 1):
        for rid, rx in COMPILED:
            for m in rx.finditer(line):
                if m.group(0) in ALLOW:
                    continue
                hits += 1
                print(f"{name}:{n}: {rid}: {mask(m.group(0))}")
    return hits


def main() -> int:
    if "--staged" in sys.argv:
        diff = subprocess.run(["git", "diff", "--cached", "-U0"], capture_output=True, text=True).stdout
        added = "\n".join(l[1:] for l in diff.splitlines() if l.startswith("+") and not l.startswith("+++"))
        return 1 if scan_text("staged", added) else 0
    total = 0
    for arg in sys.argv[1:]:
        for p in pathlib.Path(arg).rglob("*") if pathlib.Path(arg).is_dir() else [pathlib.Path(arg)]:
            if p.is_file():
                total += scan_text(str(p), p.read_text(errors="ignore"))
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
