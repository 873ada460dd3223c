#!/usr/bin/env python3
import argparse
import hashlib
import json
from pathlib import Path

from PIL import Image

import _cache  # content-hash cache (see _cache.py)

EXTS = {".png", ".jpg", ".jpeg", ".webp"}


def digest(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()[:16]


def optimize(p: Path, args, cache: dict) -> int:
    before = p.stat().st_size
    key = digest(p)
    if cache.get(str(p)) == key:
        return 0
    im = Image.open(p)
    if args.max_width and im.width > args.max_width:
        h = round(im.height * args.max_width / im.width)
        im = im.resize((args.max_width, h), Image.LANCZOS)
    params = {"optimize": True}
    if p.suffix.lower() in {".jpg", ".jpeg", ".webp"}:
        params["quality"] = args.quality
    if args.strip:
        im.info.pop("exif", None)
        im.info.pop("icc_profile", None)
    if not args.dry_run:
        im.save(p, **params)
        if args.webp:
            im.save(p.with_suffix(".webp"), quality=args.quality)
        cache[str(p)] = digest(p)
    return before - p.stat().st_size


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--max-width", type=int, default=0)
    ap.add_argument("--quality", type=int, default=85)
    ap.add_argument("--webp", action="store_true")
    ap.add_argument("--strip", action="store_true", default=True)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    cache = _cache.load()
    saved = 0
    for p in Path(args.root).rglob("*"):
        if p.suffix.lower() in EXTS:
            saved += optimize(p, args, cache)
    _cache.save(cache)
    print(json.dumps({"saved_bytes": saved}))


if __name__ == "__main__":
    main()
