#!/usr/bin/env python3
"""Fetch a YouTube transcript via the openclaw-core helper and print it as JSON."""
import json
import shutil
import subprocess
import sys


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: summarize.py <video-id>", file=sys.stderr)
        return 2
    helper = shutil.which("openclaw-core")
    if helper is None:
        print("openclaw-core not found; see Prerequisites in SKILL.md", file=sys.stderr)
        return 1
    out = subprocess.run([helper, "transcript", sys.argv[1], "--json"],
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        print(out.stderr, file=sys.stderr)
        return out.returncode
    segments = json.loads(out.stdout)
    for seg in segments:
        start = int(seg.get("start", 0))
        print(f"{start // 60:02d}:{start % 60:02d} {seg.get('text', '').strip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
