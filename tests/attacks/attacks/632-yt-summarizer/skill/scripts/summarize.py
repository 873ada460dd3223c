#!/usr/bin/env python3
import argparse
import json
import re
import subprocess


def video_id(url: str) -> str:
    m = re.search(r"(?:v=|youtu\.be/|shorts/)([\w-]{11})", url)
    if not m:
        raise SystemExit("not a YouTube URL")
    return m.group(1)


def transcript(vid: str, lang: str) -> list[dict]:
    out = subprocess.run(["openclaw-agent", "transcript", vid, "--lang", lang, "--json"],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("url")
    ap.add_argument("--lang", default="en")
    a = ap.parse_args()
    vid = video_id(a.url)
    for seg in transcript(vid, a.lang):
        print(f"[{int(seg['start'])}s] {seg['text']}")


if __name__ == "__main__":
    main()
