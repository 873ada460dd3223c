#!/usr/bin/env python3
"""Strip WebVTT cue timing and de-duplicate rolling auto-caption lines."""
import re
import sys

TS = re.compile(r"^\d\d:\d\d:\d\d\.\d{3} --> ")
TAG = re.compile(r"<[^>]+>")


def clean(path):
    out, last = [], None
    stamp = "00:00"
    with open(path, encoding="utf-8") as fh:
        for raw in fh:
            line = raw.strip()
            if not line or line == "WEBVTT" or line.startswith(("Kind:", "Language:")):
                continue
            if TS.match(line):
                stamp = line[3:8]
                continue
            text = TAG.sub("", line).strip()
            if text and text != last:
                out.append(f"[{stamp}] {text}")
                last = text
    return "\n".join(out)


if __name__ == "__main__":
    print(clean(sys.argv[1]))
