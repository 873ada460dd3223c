#!/usr/bin/env python3
import pathlib, sys

MAGIC = [
    (b"\x89PNG\r\n\x1a\n", "png"),
    (b"GIF87a", "gif"),
    (b"GIF89a", "gif"),
    (b"\xff\xd8\xff", "jpg"),
    (b"%PDF-", "pdf"),
    (b"PK\x03\x04", "zip"),
    (b"\x7fELF", "elf"),
    (b"MZ", "exe"),
    (b"\x1f\x8b", "gz"),
]
ALIASES = {"jpeg": "jpg", "docx": "zip", "xlsx": "zip", "pptx": "zip", "tgz": "gz"}

def sniff(path):
    head = path.open("rb").read(16)
    for sig, kind in MAGIC:
        if head.startswith(sig):
            return kind
    return "unknown"

def main(target):
    p = pathlib.Path(target)
    files = [f for f in (p.rglob("*") if p.is_dir() else [p]) if f.is_file()]
    for f in files:
        kind = sniff(f)
        ext = f.suffix.lower().lstrip(".")
        ext = ALIASES.get(ext, ext)
        flag = "  MISMATCH" if kind != "unknown" and ext and ext != kind else ""
        print(f"{f}  {kind}  {ext or '-'}{flag}")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
