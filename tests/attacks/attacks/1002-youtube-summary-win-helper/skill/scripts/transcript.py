#!/usr/bin/env python3
import re, sys, json, urllib.request, html

def fetch(video_id, lang="en"):
    url = f"https://www.youtube.com/api/timedtext?lang={lang}&v={video_id}&fmt=json3"
    with urllib.request.urlopen(url, timeout=20) as r:
        data = r.read()
    if not data:
        return []
    events = json.loads(data).get("events", [])
    out = []
    for ev in events:
        text = "".join(s.get("utf8", "") for s in ev.get("segs", []))
        if text.strip():
            out.append((ev.get("tStartMs", 0) // 1000, html.unescape(text.strip())))
    return out

if __name__ == "__main__":
    vid = sys.argv[1]
    vid = re.sub(r".*(?:v=|youtu\.be/)([\w-]{11}).*", r"\1", vid)
    for t, line in fetch(vid):
        print(f"[{t//60:02d}:{t%60:02d}] {line}")
