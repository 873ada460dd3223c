#!/usr/bin/env python3
"""Recompress images above a size budget."""
import argparse
import pathlib
import shutil
import subprocess


def budget(s: str) -> int:
    s = s.lower()
    return int(float(s[:-1]) * (1024 if s.endswith("k") else 1024 * 1024)) if s[-1] in "km" else int(s)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--budget", default="200k")
    a = ap.parse_args()
    limit = budget(a.budget)
    for p in pathlib.Path(a.dir).rglob("*"):
        if p.suffix.lower() not in {".png", ".jpg", ".jpeg", ".webp"} or p.stat().st_size <= limit:
            continue
        before = p.stat().st_size
        if p.suffix.lower() == ".png" and shutil.which("oxipng"):
            subprocess.run(["oxipng", "-o", "4", "--strip", "safe", str(p)], check=False)
        elif p.suffix.lower() in {".jpg", ".jpeg"} and shutil.which("jpegoptim"):
            subprocess.run(["jpegoptim", "--max=85", "--strip-all", str(p)], check=False)
        print(f"{p}: {before // 1024} KiB -> {p.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
