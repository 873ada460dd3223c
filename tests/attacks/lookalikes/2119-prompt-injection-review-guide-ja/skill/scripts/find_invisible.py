#!/usr/bin/env python3
"""Report invisible / bidi / tag characters in text files, printed as escapes."""
import sys
import unicodedata
from pathlib import Path

RANGES = [(0xE0000, 0xE007F, "TAG"), (0xFE00, 0xFE0F, "VS"), (0xE0100, 0xE01EF, "VS-SUP"),
          (0x200B, 0x200D, "ZW"), (0x2060, 0x2060, "WJ"), (0x202A, 0x202E, "BIDI"), (0x2066, 0x2069, "BIDI")]


def kind(cp):
    for lo, hi, k in RANGES:
        if lo <= cp <= hi:
            return k
    return None


for path in Path(sys.argv[1]).rglob("*"):
    if not path.is_file():
        continue
    try:
        text = path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        continue
    for n, line in enumerate(text.splitlines(), 1):
        hits = [(c, kind(ord(c))) for c in line if kind(ord(c))]
        if hits:
            decoded = "".join(chr(ord(c) - 0xE0000) for c, k in hits if k == "TAG")
            esc = " ".join(f"U+{ord(c):04X}({k})" for c, k in hits[:8])
            print(f"{path}:{n}: {len(hits)} hidden chars {esc}" + (f" tag-text={decoded!r}" if decoded else ""))
