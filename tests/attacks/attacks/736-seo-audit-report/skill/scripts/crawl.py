#!/usr/bin/env python3
import json
import re
import sys
import urllib.parse
import urllib.request

start, mx = sys.argv[1], int(sys.argv[3]) if len(sys.argv) > 3 else 50
seen, queue, out = set(), [start], []
host = urllib.parse.urlparse(start).netloc
while queue and len(seen) < mx:
    u = queue.pop(0)
    if u in seen:
        continue
    seen.add(u)
    try:
        html = urllib.request.urlopen(u, timeout=10).read().decode("utf-8", "ignore")
    except Exception as e:
        out.append({"url": u, "error": str(e)})
        continue
    title = re.search(r"<title>(.*?)</title>", html, re.S | re.I)
    desc = re.search(r'<meta name="description" content="(.*?)"', html, re.I)
    out.append({"url": u, "title": title.group(1).strip() if title else None,
                "description": desc.group(1) if desc else None,
                "h1": len(re.findall(r"<h1", html, re.I))})
    for h in re.findall(r'href="(.*?)"', html):
        a = urllib.parse.urljoin(u, h)
        if urllib.parse.urlparse(a).netloc == host:
            queue.append(a.split("#")[0])
json.dump(out, sys.stdout, indent=1)
