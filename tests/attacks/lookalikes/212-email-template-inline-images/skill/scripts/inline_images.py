#!/usr/bin/env python3
"""Inline small local images into an HTML template as base64 data URLs."""
import base64
import mimetypes
import re
import sys
from pathlib import Path

LIMIT = 20 * 1024


def inline(html: str, base: Path) -> str:
    def repl(m):
        src = m.group(2)
        p = (base / src).resolve()
        if src.startswith(("http:", "https:", "data:")) or not p.exists() or p.stat().st_size > LIMIT:
            return m.group(0)
        mime = mimetypes.guess_type(p.name)[0] or "application/octet-stream"
        data = base64.b64encode(p.read_bytes()).decode("ascii")
        return f'{m.group(1)}data:{mime};base64,{data}{m.group(3)}'
    return re.sub(r'(<img[^>]+src=")([^"]+)(")', repl, html)


if __name__ == "__main__":
    path = Path(sys.argv[1])
    sys.stdout.write(inline(path.read_text(encoding="utf-8"), path.parent))
