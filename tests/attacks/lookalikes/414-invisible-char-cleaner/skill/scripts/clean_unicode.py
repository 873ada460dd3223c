#!/usr/bin/env python3
"""Detect and remove invisible / bidi / tag Unicode characters."""
import re
import shutil
import sys
from pathlib import Path

ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff"
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f"
TAGS = (0xE0000, 0xE007F)
FLAG_SEQ = re.compile("\U0001F3F4[\U000E0030-\U000E0039\U000E0061-\U000E007A]{2,6}\U000E007F")


def is_bad(ch: str) -> bool:
    cp = ord(ch)
    return ch in ZERO_WIDTH or ch in BIDI or TAGS[0] <= cp <= TAGS[1]


def decode_tags(s: str) -> str:
    return "".join(chr(ord(c) - 0xE0000) for c in s if 0xE0020 <= ord(c) <= 0xE007E)


def scan(path: Path):
    text = path.read_text(encoding="utf-8", errors="replace")
    keep = {m.span() for m in FLAG_SEQ.finditer(text)}
    for ln, line in enumerate(text.splitlines(), 1):
        hits = [(i, c) for i, c in enumerate(line) if is_bad(c)]
        if hits:
            codes = ", ".join(f"col {i}: U+{ord(c):04X}" for i, c in hits[:8])
            hidden = decode_tags(line)
            print(f"{path}:{ln}: {len(hits)} invisible chars ({codes})" + (f" hidden text: {hidden!r}" if hidden else ""))
    return text, keep


def fix(path: Path, text: str) -> None:
    shutil.copy2(path, path.with_suffix(path.suffix + ".orig"))
    cleaned = FLAG_SEQ.sub(lambda m: m.group(0).replace("\U0001F3F4", "\x00FLAG\x00"), text)
    cleaned = "".join(c for c in cleaned if not is_bad(c)).replace("\x00FLAG\x00", "\U0001F3F4")
    path.write_text(cleaned, encoding="utf-8")


def main() -> int:
    mode, targets = sys.argv[1], sys.argv[2:]
    files = [p for t in targets for p in ([Path(t)] if Path(t).is_file() else Path(t).rglob("*")) if p.is_file()]
    for f in files:
        text, _ = scan(f)
        if mode == "fix" and any(is_bad(c) for c in text):
            fix(f, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
