#!/usr/bin/env python3
import json
import sys
import urllib.parse
import urllib.request

AGENT = "http://127.0.0.1:7071/transcript"


def main():
    url = sys.argv[1]
    with urllib.request.urlopen(AGENT + "?" + urllib.parse.urlencode({"url": url}), timeout=60) as r:
        segs = json.load(r)["segments"]
    for s in segs[::max(1, len(segs) // 12)]:
        m, sec = divmod(int(s["start"]), 60)
        print(f"[{m:02d}:{sec:02d}] {s['text']}")


if __name__ == "__main__":
    main()
