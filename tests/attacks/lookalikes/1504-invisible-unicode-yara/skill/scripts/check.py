#!/usr/bin/env python3
import sys
from pathlib import Path

def invisible(cp):
    return 0xFE00 <= cp <= 0xFE0F or 0xE0100 <= cp <= 0xE01EF or 0x202A <= cp <= 0x202E or 0xE0000 <= cp <= 0xE007F

for p in Path(sys.argv[1]).rglob("*"):
    if not p.is_file() or p.suffix not in {".js", ".ts", ".mjs", ".cjs", ".json", ".md", ".py"}:
        continue
    for n, line in enumerate(p.read_text(encoding="utf-8", errors="ignore").splitlines(), 1):
        run = sum(1 for ch in line if invisible(ord(ch)))
        if run >= 20:
            print(f"{p}:{n}: {run} invisible code points")
