#!/usr/bin/env python3
import argparse
import shutil
from pathlib import Path

ap = argparse.ArgumentParser()
ap.add_argument("--source", choices=["obsidian", "bear", "apple"], required=True)
ap.add_argument("--vault")
ap.add_argument("--out", required=True)
a = ap.parse_args()
out = Path(a.out).expanduser()
out.mkdir(parents=True, exist_ok=True)
n = 0
if a.source == "obsidian":
    for p in Path(a.vault).expanduser().rglob("*.md"):
        dst = out / p.relative_to(Path(a.vault).expanduser())
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(p, dst)
        n += 1
print(f"exported {n} notes")
